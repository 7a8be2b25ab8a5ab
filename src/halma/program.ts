// The halma deck (asm/halma/main.sap, built as the checkers deck is) and a small driver: cards in,
// run until the 704 waits for a card or halts, printed lines out. The host never chooses or checks
// a move: the 704 does (docs/halma.md).

import { join } from 'node:path';
import { packageRoot } from '../host/stateFolder.ts';
import type { AssembleResult } from '../asm/assembler.ts';
import { textCard } from '../devices/cards.ts';
import { ProgramDeck } from '../host/programDeck.ts';
import { CYCLE_US } from '../devices/timing.ts';
import { Machine } from '../machine/machine.ts';

const DECK = new ProgramDeck('the halma program', join(packageRoot(), 'asm', 'halma', 'main.sap'));

export const halmaAssembly = (): AssembleResult => DECK.assembly();

const SLICE = 2_000_000;

export class HalmaSession {
  readonly machine = new Machine({ printer: { onLine: (t) => this.lines.push(t.replace(/^\f/, '').trimEnd()) } });
  private lines: string[] = [];
  private stopped = false;

  constructor(cards: readonly string[]) {
    this.machine.reader.feed(DECK.cards());
    this.feed(...cards);
    this.machine.reader.setEndOfFile(false);
    this.machine.loadCards();
  }

  feed(...cards: string[]): void {
    this.machine.reader.feed(cards.map((c) => textCard(c)));
  }

  get seconds(): number {
    return this.machine.cpu.cycles * CYCLE_US * 1e-6;
  }

  interrupt(): void {
    this.stopped = true;
  }

  /** Run until the 704 waits for a card (true) or halts (false); the lines printed meanwhile. */
  async run(onLine?: (line: string) => void): Promise<{ waiting: boolean; lines: string[] }> {
    const out: string[] = [];
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      const stop = this.machine.run(SLICE);
      for (const l of this.lines.splice(0)) {
        if (l === '') continue;
        out.push(l);
        onLine?.(l);
      }
      if (this.stopped) return { waiting: false, lines: out };
      if (stop.reason === 'input') return { waiting: true, lines: out };
      if (stop.reason !== 'limit') return { waiting: false, lines: out };
    }
  }
}
