// The Score-Four program's core image with its tables built (QINIT), for calling its routines one at
// a time (call704.ts), and a position put on the 704's board the way a game would (QNEW, QMAKE).

import { scorefourAssembly } from '../../src/scorefour/program/deck.ts';
import { Core704, SIGN } from '../checkers/call704.ts';
import type { Board } from './reference.ts';

export const fromWord = (w: number): number => (w >= SIGN ? -(w - SIGN) : w);

export class Scorefour704 extends Core704 {
  constructor() {
    super(scorefourAssembly());
    this.call('QINIT');
  }

  /** An empty cube, then each stone made by its own side (QSIDE set before each QMAKE); `toMove` last. */
  setBoard(b: Board, toMove: 1 | 2, gravity = false): void {
    this.poke('QGRAV', gravity ? 1 : 0);
    this.call('QNEW');
    // X's and O's stones in turn where possible; the line states do not depend on the order.
    b.forEach((s, c) => {
      if (s === 0) return;
      this.poke('QSIDE', s - 1);
      this.call('QMAKE', { ac: c, returns: 2 });
    });
    this.poke('QSIDE', toMove - 1);
  }

  /** The legal moves as QNEXT lists them. */
  moves(): number[] {
    const out: number[] = [];
    for (let from = 0; ; ) {
      const r = this.call('QNEXT', { ac: from, returns: 2 });
      if (r.ret === 1) return out;
      out.push(r.ac);
      from = r.ac + 1;
    }
  }

  /** QNS-s: the lines in state s (X's stones + 5 x O's). */
  lineState(s: number): number {
    return this.peek('QNS', -s);
  }

  setCoef(side: 1 | 2, coef: readonly number[], aggression = false): void {
    coef.forEach((c, k) => this.poke('QCOF', c, -3 * (side - 1) - k));
    this.poke('QAGG', aggression ? 1 : 0, -(side - 1));
  }
}
