// sealeck.sap - Seale's system on checkers (docs/seale.md): his 25 parameters (terms.sap's routines
// in his order), his drive to win, his score, his first move; then one whole learning game of the
// booted deck (*LEARN SEALE), whose printed start vector is his.

import { describe, expect, it } from 'vitest';
import { Game704, bootWith, linesOf, peek } from './deck.ts';
import { PLYK } from './harness.ts';
import { BLACK_MAN, WHITE_MAN, coords, isBlack, isKing, isWhite, mixedPositions, parseFen, rng, startPosition, type Position } from './reference.ts';
import { signed, word } from './searchharness.ts';
import { TERMS } from './termsref.ts';
import { CRand } from '../lib/sealeref.ts';

/** Seale's 25 parameters (his Appendix C's columns), by Samuel's names. */
const SEALE_ORDER = ['ADV', 'APEX', 'BACK', 'CENT', 'CNTR', 'CORN', 'CRAMP', 'DIAV', 'DYKE', 'EXPOS', 'POLE', 'KCENT', 'GUARD',
  'OREO', 'NODE', 'GAP', 'HOLE', 'THRET', 'DIA', 'MOB', 'DENY', 'MOBIL', 'EXCH', 'MOVE', 'FORK'];
const START = [-17, -34, 15, 25, 11, 11, 3, -12, 14, -23, -5, 0, 0, 37, 2, 7, 28, -20, -3, -18, -25, 28, -27, -12, -15];

/** His ADV (Appendix B, 1): Samuel's +1 part only - passive men on his 5th and 6th rows. */
function sealeAdv(pos: Position): number {
  let n = 0;
  for (let s = 1; s <= 32; s++) {
    const p = pos.squares[s]!;
    const { row } = coords(s);
    if (pos.blackToMove && p === WHITE_MAN && (row === 2 || row === 3)) n++;
    if (!pos.blackToMove && p === BLACK_MAN && (row === 4 || row === 5)) n++;
  }
  return n;
}

/** His 25: terms.sap's values, with his ADV and APEX as a count (docs/seale.md). */
const params = (pos: Position): number[] => SEALE_ORDER.map((n) => (n === 'ADV' ? sealeAdv(pos)
  : Math.abs(TERMS.find(([m]) => m === n)![1](pos))));

/** The drive to win as docs/seale.md states it, computed on the squares (not the 704's bit words). */
function drive(pos: Position): number {
  const mine = pos.blackToMove ? isBlack : isWhite;
  let credits = 0;
  let advance = 0;
  const kings: { mine: boolean; row: number; col: number }[] = [];
  const pieces: { mine: boolean; row: number; col: number }[] = [];
  for (let s = 1; s <= 32; s++) {
    const p = pos.squares[s]!;
    if (p === 0) continue;
    const ours = mine(p);
    const { row, col } = coords(s);
    const sign = ours ? 1 : -1;
    credits += sign * (isKing(p) ? 3 : 2);
    if (!isKing(p)) advance += sign * (isBlack(p) ? row : 7 - row);
    else kings.push({ mine: ours, row, col });
    pieces.push({ mine: ours, row, col });
  }
  const dist = (k: { mine: boolean; row: number; col: number }): number => Math.min(8, ...pieces.filter((q) => q.mine !== k.mine)
    .map((q) => Math.max(Math.abs(q.row - k.row), Math.abs(q.col - k.col))));
  const kd = kings.reduce((t, k) => t + (k.mine ? -1 : 1) * dist(k), 0);
  return 256 * credits + 32 * advance + 32 * kd;
}

describe('his parameters, drive and score (CSPAR, CSDRV, CSEVL)', () => {
  const g = new Game704().start();
  const positions = [startPosition(), parseFen('B:WK5,K30,20:BK1,14,K27'), parseFen('W:WK10,18,29:B6,K23'), ...mixedPositions(1818, 60, 3, 90)];

  it("CSPAR gives terms.sap's values in Seale's order", () => {
    positions.forEach((pos, i) => {
      const ply = i % 8;
      g.setPosition(ply, pos);
      g.call('CSPAR', { xr1: PLYK * ply });
      expect([...Array(25).keys()].map((j) => signed(g.peek('JPAR', -(j + 1))))).toEqual(params(pos));
    });
  });

  it('CSDRV - material, men advanced, kings drawn toward the other side', () => {
    let kingsSeen = 0;
    positions.forEach((pos, i) => {
      const ply = i % 8;
      g.setPosition(ply, pos);
      expect(signed(g.call('CSDRV', { xr1: PLYK * ply }).ac)).toBe(drive(pos));
      if (pos.squares.some((p) => isKing(p))) kingsSeen++;
    });
    expect(kingsSeen).toBeGreaterThan(5);
  });

  it("EVAL under his system: 64 x (2 x drive + the mover's polynomial), Alpha's or Beta's", () => {
    const rand = rng(4);
    const a = [...Array(25)].map(() => Math.floor(rand() * 81) - 40);
    const b = [...Array(25)].map(() => Math.floor(rand() * 81) - 40);
    a.forEach((v, j) => g.poke('JA', word(v), -(j + 1)));
    b.forEach((v, j) => g.poke('JB', word(v), -(j + 1)));
    g.poke('CSON', 1);
    g.poke('VALT', g.sym('CSEVL'));
    try {
      positions.slice(0, 20).forEach((pos, i) => {
        g.setPosition(1, pos);
        const ps = params(pos);
        for (const [who, c] of [[0, a], [1, b]] as const) {
          g.poke('CSWHO', who);
          const poly = ps.reduce((t, p, j) => t + p * c[j]!, 0);
          expect(signed(g.call('EVAL', { xr1: PLYK }).ac), `position ${i}`).toBe(64 * (2 * drive(pos) + poly));
        }
      });
    } finally {
      g.poke('CSON', 0);
      g.poke('VALT', 0);
    }
  });

  it('CSOPEN - his first moves by rand() % 100: 11-15 below 60, 9-14 below 85, 11-16 below 95, else 10-14', () => {
    g.setPosition(0, startPosition());
    g.call('GLIST');
    const want = [[0, 60, [11, 15]], [60, 85, [9, 14]], [85, 95, [11, 16]], [95, 100, [10, 14]]] as const;
    for (const [lo, hi, [from, to]] of want) {
      let seed = 1;
      for (;; seed++) { const r = new CRand(seed).rand() % 100; if (r >= lo && r < hi) break; }
      g.poke('JNEXT', seed);
      g.call('CSOPEN');
      const k = g.peek('GBEST');
      const at = g.sym('GTS') - 24 * k;
      expect([g.m.cpu.mem[at], g.m.cpu.mem[at + 1]]).toEqual([from, to]);
    }
  });

  it('CSPST - Alpha learns from its searches, not from his open_select first move nor from a lone jump (his poly_mod runs in search)', () => {
    const learnsAt = (pos: Position, moveNumber: number): boolean => {
      g.setPosition(0, pos);
      g.call('GLIST');
      for (const [k, v] of [['CSON', 1], ['GMODE', 2], ['GMVN', moveNumber], ['CSOPN', 1], ['CSWHO', 0], ['CSLRN', 1], ['JNP', 25], ['JDI', 0], ['JCI', 0], ['GSCOR', 0], ['CSS0', 0]] as const) g.poke(k, v);
      try {
        g.call('CSPST');
      } finally {
        g.poke('CSON', 0);
      }
      return g.peek('JCI') !== 0; // JMOD keeps each position it sees (his 30-position history)
    };
    expect(learnsAt(startPosition(), 0)).toBe(false); // the game's first move: open_select's
    expect(learnsAt(startPosition(), 2)).toBe(true);
    const lone = parseFen('B:W18:B14,1');
    g.setPosition(0, lone);
    g.call('GLIST');
    expect([g.peek('GN'), g.peek('GJUMP')]).toEqual([1, 1]);
    expect(learnsAt(lone, 5)).toBe(false); // 14x23, the only move
    const two = parseFen('B:W18,19:B14,15');
    g.setPosition(0, two);
    g.call('GLIST');
    expect(g.peek('GN')).toBeGreaterThan(1);
    expect(g.peek('GJUMP')).toBe(1);
    expect(learnsAt(two, 5)).toBe(true); // a choice of jumps: searched, learned from
  });
});

describe("his search rule (CSVPS): a node is scored past the depth unless a jump is next (App. D recur)", () => {
  it('*LEARN SEALE sets the break points to his rule, *LEARN SEALE OFF puts the search\'s own back', () => {
    const points = (cards: string[]): number[] => {
      const m = bootWith(cards);
      m.run(1e8);
      return ['VPMIN', 'VP4', 'VP5', 'VP11', 'VPMAX', 'VFEW'].map((n) => peek(m, n));
    };
    const own = points([]);
    const his = points(['*LEARN SEALE']);
    expect(his.slice(0, 3)).toEqual([2, 2, 2]); // depth 2 (CSDEP); no last-jump rule, no exchange offers past it
    expect(his[3]).toBe(his[4]); // no stop for being ahead before VPMAX
    expect(his[5]).toBe(0); // no few-pieces shift
    expect(points(['*LEARN SEALE', '*LEARN SEALE', '*LEARN SEALE OFF'])).toEqual(own);
    expect(own).not.toEqual(his);
  });
});

describe('a learning game of the booted deck (*LEARN SEALE, *SELF)', () => {
  it("prints his start vector, plays his first move, and prints Alpha's coefficients after the game", () => {
    const m = bootWith(['*LEARN SEALE', '*SELF']);
    m.run(2e9);
    const lines = linesOf(m);
    const nums = (l: string): number[] => l.replace('SEALE A', '').trim().split(/\s+/).map(Number);
    const at = lines.indexOf('SEALE NEW COEFFICIENTS');
    expect(at).toBeGreaterThan(0);
    expect([...nums(lines[at + 1]!), ...nums(lines[at + 2]!)]).toEqual(START);
    expect(lines).toContain('SEALE ALPHA PLAYS BLACK - LEARNING GAME 1');
    expect(lines.find((l) => l.startsWith('MOVE 1 '))).toMatch(/^MOVE 1 BLACK (11-15|9-14|11-16|10-14) /);
    const after = lines.findIndex((l) => l.startsWith('SEALE ALPHA AFTER GAME 1 CLAMP HITS'));
    expect(after).toBeGreaterThan(at);
    expect(lines.slice(at + 3, after).some((l) => /^SEALE (ALPHA WINS|ALPHA LOSES|DRAWN)$/.test(l))).toBe(true);
    const a = [...nums(lines[after + 1]!), ...nums(lines[after + 2]!)];
    expect(a).toHaveLength(25);
    expect(a.every((v) => Math.abs(v) <= 40)).toBe(true);
    expect(a).not.toEqual(START);
  });
});
