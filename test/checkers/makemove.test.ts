// makemove.sap: MAKMOV makes one move or one single jump into the next ply record, and says
// when the same piece must jump again (Samuel's "sequence of single jumps separated by
// null-reply moves"). Checked move by move against the reference generator on random positions
// with kings: the complete moves the 704 finds (following every continuation) must be exactly
// the reference's moves, as positions and as numbers of jumps.

import { describe, expect, it } from 'vitest';
import {
  Checkers704, PLYK, SIGN, expand704, fromRecord, squareBit, squaresOf, type CallStats,
} from './harness.ts';
import {
  legalMoves, parseFen, randomGamePosition, randomPosition, rng, toFen, type Position,
} from './reference.ts';

const sorted = <T>(xs: T[]): T[] => [...xs].sort();

function compareWithReference(c: Checkers704, pos: Position, label: string, stats?: CallStats, ply = 0): void {
  c.setPosition(ply, pos);
  const before = Array.from({ length: PLYK }, (_, k) => c.m.cpu.mem[c.addr(ply, 'FA') + k]);
  const got = expand704(c, ply, stats);
  const want = legalMoves(pos);
  expect(sorted(got.map((m) => `${m.fen} ${m.steps}`)), label)
    .toEqual(sorted(want.map((m) => `${toFen(m.result)} ${Math.max(1, m.captures.length)}`)));
  // The position left behind is untouched (apart from the move words NXTMOV used up), so
  // taking the moves back costs nothing.
  for (const f of ['FA', 'BA', 'FP', 'BP', 'ONLY', 'SIDE'] as const) {
    expect(c.get(ply, f), `${label}: ${f}`).toBe(before[c.addr(ply, f) - c.addr(ply, 'FA')]);
  }
  const empty = Array.from({ length: 32 }, (_, k) => k + 1).filter((s) => pos.squares[s] === 0);
  expect(squaresOf(c.get(ply, 'EMPTY')), `${label}: EMPTY`).toEqual(empty);
}

describe('MAKMOV', () => {
  const c = new Checkers704();

  it('makes the seven opening moves, handing the move to White', () => {
    c.call('STARTP');
    const got = expand704(c);
    expect(got).toHaveLength(7);
    for (const m of got) expect(m.fen.startsWith('W:W21,22,23,24,25,26,27,28,29,30,31,32:B')).toBe(true);
    expect(c.get(1, 'SIDE')).toBe(SIGN); // -0: White to move
    expect(c.get(1, 'ONLY')).toBe(0);
  });

  it('agrees with the reference generator on random positions with kings', () => {
    const rand = rng(21);
    let multi = 0;
    for (let i = 0; i < 1200; i++) {
      const pos = i % 2 === 0 ? randomPosition(rand) : randomGamePosition(rand, Math.floor(rand() * 70));
      compareWithReference(c, pos, `case ${i}: ${toFen(pos)}`, undefined, i % 15);
      multi += legalMoves(pos).filter((m) => m.captures.length > 1).length;
    }
    expect(multi).toBeGreaterThan(50); // multi-jumps were really exercised
  });

  it('agrees on crowded positions full of jumps', () => {
    // Many pieces, many kings: long and branching jump chains.
    const rand = rng(22);
    let chains = 0;
    for (let i = 0; i < 600; i++) {
      const pos = randomPosition(rand, 12, 0.6);
      compareWithReference(c, pos, `crowded ${i}: ${toFen(pos)}`);
      chains += legalMoves(pos).filter((m) => m.captures.length >= 3).length;
    }
    expect(chains).toBeGreaterThan(20);
  });

  it('W:WK17:B14,15,22,23 - two moves, each taking all four men, ending where the king began', () => {
    const pos = parseFen('W:WK17:B14,15,22,23');
    c.setPosition(0, pos);
    const got = expand704(c);
    expect(got).toHaveLength(2);
    for (const m of got) {
      expect(m.steps).toBe(4); // four single jumps: MAKMOV said "again" three times
      expect(m.fen).toBe('B:WK17:B'); // the king is back on 17, Black has nothing left
    }
    // The two paths start in different directions.
    expect(new Set(got.map((m) => m.code)).size).toBe(2);
    // Step by step: the first jump leaves White still to move with ONLY = the landing square.
    c.setPosition(0, pos);
    c.call('MOVGEN', { xr1: 0 });
    const n = c.call('NXTMOV', { xr1: 0 });
    expect(n.ac).toBe(squareBit(17));
    expect(n.xr2).toBeGreaterThanOrEqual(5); // a jump code
    const mk = c.call('MAKMOV', { xr1: 0, ac: n.ac, xr2: n.xr2 });
    expect(mk.ac).not.toBe(0);
    expect(c.get(1, 'ONLY')).toBe(mk.ac);
    expect(c.get(1, 'SIDE')).toBe(SIGN); // still White
    const mid = fromRecord(c.record(1));
    expect(mid.blackToMove).toBe(false);
    expect(squaresOf(mk.ac)).toHaveLength(1);
    const landed = squaresOf(mk.ac)[0]!;
    expect([10, 26]).toContain(landed); // over 14 to 10, or over 22 to 26
    expect(mid.squares[landed]).toBe(4); // the White king
    expect(mid.squares[17]).toBe(0);
  });

  it('crowns a man that reaches the far row, and the move ends', () => {
    // Black man 27 to 31 or 32.
    c.setPosition(0, parseFen('B:W5:B27'));
    expect(sorted(expand704(c).map((m) => m.fen))).toEqual(sorted(['W:W5:BK31', 'W:W5:BK32']));
    // White man 6 to 1 or 2.
    c.setPosition(0, parseFen('W:W6:B28'));
    expect(sorted(expand704(c).map((m) => m.fen))).toEqual(sorted(['B:WK1:B28', 'B:WK2:B28']));
    // A Black man jumping 26 from 22 lands on 31 and is crowned; as a king it could jump 27
    // back to 24, but crowning ends the move.
    const pos = parseFen('B:W26,27:B22');
    c.setPosition(0, pos);
    c.call('MOVGEN', { xr1: 0 });
    const n = c.call('NXTMOV', { xr1: 0 });
    const mk = c.call('MAKMOV', { xr1: 0, ac: n.ac, xr2: n.xr2 });
    expect(mk.ac).toBe(0);
    expect(toFen(fromRecord(c.record(1)))).toBe('W:W27:BK31');
    expect(legalMoves(pos).map((m) => toFen(m.result))).toEqual(['W:W27:BK31']);
    // And a White man jumping into row 1 likewise: 10 over 6 to 1, then 5 could be taken by a king.
    c.setPosition(0, parseFen('W:W10:B6,5'));
    expect(expand704(c).map((m) => `${m.fen} ${m.steps}`)).toEqual(['B:WK1:B5 1']);
  });

  it('moves kings both ways and keeps them kings', () => {
    c.setPosition(0, parseFen('B:W1:BK18'));
    expect(sorted(expand704(c).map((m) => m.fen))).toEqual(sorted(['W:W1:BK14', 'W:W1:BK15', 'W:W1:BK22', 'W:W1:BK23']));
    c.setPosition(0, parseFen('W:WK18:B32'));
    expect(sorted(expand704(c).map((m) => m.fen))).toEqual(sorted(['B:WK14:B32', 'B:WK15:B32', 'B:WK22:B32', 'B:WK23:B32']));
  });

  it('makes an ordinary move within Samuel\'s 1.5 ms; jumps are reported', () => {
    const stats: CallStats = { movgen: [], nxtmov: [], makmov: [] };
    const rand = rng(23);
    for (let i = 0; i < 500; i++) {
      c.setPosition(0, i % 2 ? randomPosition(rand, 12, 0.5) : randomGamePosition(rand, Math.floor(rand() * 60)));
      expand704(c, 0, stats);
    }
    const group = (f: (x: { code: number; continued: boolean }) => boolean): number[] =>
      stats.makmov.filter(f).map((x) => x.cycles - 2);
    const moves = group((x) => x.code <= 4);
    const jumpsDone = group((x) => x.code > 4 && !x.continued);
    const jumpsOn = group((x) => x.code > 4 && x.continued);
    expect(moves.length).toBeGreaterThan(1000);
    expect(jumpsDone.length).toBeGreaterThan(100);
    expect(jumpsOn.length).toBeGreaterThan(20);
    expect(Math.max(...moves) * 12).toBeLessThanOrEqual(1500);
    const show = (xs: number[]): string => `${Math.min(...xs)}-${Math.max(...xs)} cycles, mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(0)}`;
    console.log(`MAKMOV: ordinary move ${show(moves)}; jump ending the move ${show(jumpsDone)}; `
      + `jump going on ${show(jumpsOn)}; Samuel: 1.5 ms (125 cycles)`);
  });
});
