// Generalization learning in whole runs of the booted deck: a learning self-play game (Alpha
// against Beta) from the start position, every move legal, the term table and discarded terms
// printed; Beta adopting Alpha's polynomial after an Alpha win; three black marks; and learning
// off leaving every printout as it was.

import { describe, expect, it } from 'vitest';
import type { Machine } from '../../src/machine/machine.ts';
import { Game704, bootWith, cardOf, peek, poke, linesOf } from './deck.ts';
import { legalMoves, startPosition, type Position } from './reference.ts';
import { TERMS } from './termsref.ts';

const LIMIT = 3_000_000_000;

function run(cards: string[]): { m: Machine; lines: string[] } {
  const m = bootWith(cards, true);
  const stop = m.run(LIMIT);
  expect(stop.reason, stop.message).toBe('halt');
  return { m, lines: linesOf(m) };
}

/** Boot with `first`, let the program wait for a card, change core with `patch`, then go on with `rest`. */
function runPatched(first: string[], patch: (m: Machine) => void, rest: string[]): { m: Machine; lines: string[] } {
  const m = bootWith(first, false);
  expect(m.run(LIMIT).reason).toBe('input');
  patch(m);
  m.reader.feed(rest.map(cardOf));
  m.reader.setEndOfFile(true);
  const stop = m.run(LIMIT);
  expect(stop.reason, stop.message).toBe('halt');
  return { m, lines: linesOf(m) };
}

const MOVE_LINE = /^MOVE (\d+) (BLACK|WHITE) (\d+(?:[-X]\d+)+) SCORE ([-+]\d+) PLY (\d+)$/;
/** Name in columns 1-6, correlation 9-12, sign 16, power from 20, times adjusted from 27. */
const TABLE_LINE = /^(.{6})  (\d\.\d\d)   ([-+ ])   (\d+ *|NONE  ) {4,5}(\d+)$/;
const NAMES = TERMS.map(([n]) => n.padEnd(6));

function play(pos: Position, line: string): Position {
  const m = MOVE_LINE.exec(line);
  expect(m, line).not.toBeNull();
  expect(m![2], line).toBe(pos.blackToMove ? 'BLACK' : 'WHITE');
  const path = m![3]!.split(/[-X]/).map(Number);
  const found = legalMoves(pos).filter((l) => l.path.join() === path.join());
  expect(found, line).toHaveLength(1);
  return found[0]!.result;
}

describe('a learning self-play game', () => {
  it('Alpha (White) against Beta from the start: legal moves, then the verdict, the term table and the discarded terms', () => {
    const { m, lines } = run(['*LEARN ON', '*SELF', '*END']);
    expect(lines[1]).toBe('LEARN ON - ALPHA AND BETA, 16 TERMS, 22 IN RESERVE');
    expect(lines[2]).toBe('GAME  SELF-PLAY');
    expect(lines[3]).toBe('ALPHA PLAYS WHITE - LEARNING GAME 1');
    let pos = startPosition();
    const moves = lines.filter((l) => l.startsWith('MOVE'));
    for (const l of moves) pos = play(pos, l);
    expect(moves.length).toBeGreaterThan(10);
    const over = lines.findIndex((l) => l.startsWith('GAME OVER'));
    expect(over).toBeGreaterThan(0);
    const verdict = lines[over + 1]!;
    expect(verdict).toMatch(/^(ALPHA WINS - BETA ADOPTS ALPHA POLYNOMIAL|ALPHA LOSES - BLACK MARK 1|DRAWN - POLYNOMIALS KEPT)$/);
    expect(verdict.startsWith('ALPHA WINS')).toBe(/WHITE WINS/.test(lines[over]!));
    expect(verdict.startsWith('ALPHA LOSES')).toBe(/BLACK WINS/.test(lines[over]!));
    const head = over + 2;
    const h = /^ALPHA AFTER GAME 1 - ADJUSTMENTS (\d+) REPLACED (\d+) BLACK MARKS (\d)$/.exec(lines[head]!);
    expect(h, lines[head]).not.toBeNull();
    expect(Number(h![1])).toBe(peek(m, 'LNADJ'));
    expect(Number(h![1])).toBeGreaterThan(20); // Alpha really learned during the game
    expect(lines[head + 1]).toBe('TERM    CORR  SIGN POWER  ADJUSTED');
    const table = lines.slice(head + 2, head + 14);
    let last = Infinity;
    for (const l of table) {
      const t = TABLE_LINE.exec(l);
      expect(t, l).not.toBeNull();
      expect(NAMES).toContain(t![1]);
      const c = Number(t![2]);
      expect(c).toBeLessThanOrEqual(last); // leading terms first
      last = c;
      const slot = [...Array(16).keys()].map((i) => i + 1).find((i) => NAMES[peek(m, 'AK', -i) - 1] === t![1])!;
      expect(slot, l).toBeDefined();
      expect(Math.trunc((Math.abs(peek(m, 'ACR', -slot)) * 100) / 65536) / 100).toBe(c);
      expect(Number(t![5])).toBe(peek(m, 'AN', -slot));
      const coef = peek(m, 'ACF', -slot);
      expect(t![4]!.trim()).toBe(coef === 0 ? 'NONE' : String(Math.log2(Math.abs(coef))));
      expect(l.slice(19, 26).trim()).toBe(t![4]!.trim());
      expect(l.slice(26)).toBe(t![5]);
      expect(t![3]).toBe(coef === 0 ? ' ' : coef > 0 ? '+' : '-');
    }
    const rest = lines.slice(head + 14, lines.indexOf('END OF RUN'));
    expect(rest.length).toBe(peek(m, 'LND'));
    for (const l of rest) expect(l).toMatch(/^DISCARDED (.{6}) ADJUSTED \d+$/);
    expect(rest.length).toBe(Number(h![2]));
    // EVAL's default table is back after the game
    expect(peek(m, 'VNT')).toBe(3);
    expect(peek(m, 'LALPH')).toBe(0); // Alpha plays Black next
  });
});

describe('Alpha and Beta at the end of a game', () => {
  it('Beta adopts Alpha\'s polynomial when Alpha wins', () => {
    const { m, lines } = runPatched(['*LEARN ON'], (mm) => {
      for (let i = 1; i <= 16; i++) { poke(mm, 'AK', 39 - i, -i); poke(mm, 'ACF', i % 2 ? 8 : -2, -i); }
    }, ['*SETUP W/W18/B15', '*SELF', '*END']); // Alpha is White and captures Black's last man
    expect(lines).toContain('ALPHA PLAYS WHITE - LEARNING GAME 1');
    expect(lines).toContain('GAME OVER - WHITE WINS - BLACK CANNOT MOVE');
    expect(lines).toContain('ALPHA WINS - BETA ADOPTS ALPHA POLYNOMIAL');
    for (let i = 1; i <= 16; i++) {
      expect(peek(m, 'UK', -i)).toBe(39 - i);
      expect(peek(m, 'UCF', -i)).toBe(i % 2 ? 8 : -2);
    }
  });

  it('three losses give three black marks, and the third zeroes the leading term', () => {
    const { m, lines } = runPatched(['*LEARN ON'], (mm) => {
      for (let i = 1; i <= 16; i++) poke(mm, 'ACR', 1000 * i, -i);
      poke(mm, 'ACR', -40000, -12); // EXCH leads (negative)
    }, [
      '*SETUP B/W18/B15', '*SELF', // Alpha White: Black takes White's last man
      '*SETUP W/W18/B15', '*SELF', // Alpha Black: White takes Black's last man
      '*SETUP B/W18/B15', '*SELF',
      '*END',
    ]);
    const marks = lines.filter((l) => l.startsWith('ALPHA LOSES'));
    expect(marks).toEqual(['ALPHA LOSES - BLACK MARK 1', 'ALPHA LOSES - BLACK MARK 2', 'ALPHA LOSES - BLACK MARK 3']);
    expect(lines).toContain('BLACK MARKS AT LIMIT - LEADING TERM EXCH   SET TO 0');
    expect(peek(m, 'ACR', -12)).toBe(0);
    expect(peek(m, 'ACF', -12)).toBe(0);
    expect(peek(m, 'ACF', -16)).toBe(2 ** 18); // the new leader
    expect(peek(m, 'LBM')).toBe(0);
    expect(lines.filter((l) => l.startsWith('ALPHA AFTER GAME')).map((l) => l.slice(-13)))
      .toEqual(['BLACK MARKS 1', 'BLACK MARKS 2', 'BLACK MARKS 0']);
  });
});

describe("series 1's forced openings", () => {
  it('games 1-14 from the start: Alpha White, Beta\'s first move the seven openings twice in turn; then Alpha alternates', () => {
    // the root table's order of Black's seven first moves
    const g = new Game704();
    g.call('BITINI');
    g.setPosition(0, startPosition());
    g.call('MOVLST');
    const openings = [...Array(7).keys()].map((k) => [0, 1].map((j) => g.peek('SRPTH', j - 24 * k)).join('-'));
    expect(new Set(openings).size).toBe(7);
    const { lines } = runPatched(['*LEARN SERIES 1', '*LEARN ON'], (mm) => {
      poke(mm, 'GMAXM', 2); // two plies a game are enough here
      poke(mm, 'LGN', 5);
    }, ['*SELF', '*SELF', '*SETUP B/W18,22/B1,15', '*SELF', '*LEARN SERIES 1', '*SELF', '*SELF', '*END']);
    const plays = lines.filter((l) => l.startsWith('ALPHA PLAYS'));
    const firsts = lines.filter((l, i) => l.startsWith('MOVE 1 ') && i > 0);
    // games 6, 7 (forced: entries 5, 6), 8 from a set-up position (not forced: Alpha's colour in turn), 9, 10 forced again
    expect(plays.slice(0, 3)).toEqual(['ALPHA PLAYS WHITE - LEARNING GAME 6', 'ALPHA PLAYS WHITE - LEARNING GAME 7', 'ALPHA PLAYS BLACK - LEARNING GAME 8']);
    expect(firsts[0]).toMatch(new RegExp(`^MOVE 1 BLACK ${openings[5]} `));
    expect(firsts[1]).toMatch(new RegExp(`^MOVE 1 BLACK ${openings[6]} `));
    expect(plays.slice(3)).toEqual(['ALPHA PLAYS WHITE - LEARNING GAME 9', 'ALPHA PLAYS WHITE - LEARNING GAME 10']);
    expect(firsts[3]).toMatch(new RegExp(`^MOVE 1 BLACK ${openings[1]} `)); // game 9: entry 8 mod 7
    expect(firsts[4]).toMatch(new RegExp(`^MOVE 1 BLACK ${openings[2]} `));
  });

  it('after game 14 Alpha plays Black and White in turn', () => {
    const { lines } = runPatched(['*LEARN SERIES 1', '*LEARN ON'], (mm) => {
      poke(mm, 'GMAXM', 2);
      poke(mm, 'LGN', 13);
    }, ['*SELF', '*SELF', '*SELF', '*END']);
    expect(lines.filter((l) => l.startsWith('ALPHA PLAYS'))).toEqual(['ALPHA PLAYS WHITE - LEARNING GAME 14', 'ALPHA PLAYS BLACK - LEARNING GAME 15', 'ALPHA PLAYS WHITE - LEARNING GAME 16']);
  });
});

describe('learning off', () => {
  const setup = '*SETUP W/W18,19,21,22,24,26,27,29,30,31/B1,2,3,5,6,7,9,10,11,13';
  it('*LEARN ON then OFF, and a learning game before, leave a self-play game exactly as without', () => {
    const plain = run([setup, '*SELF', '*END']).lines;
    const onOff = run(['*LEARN ON', '*LEARN OFF', setup, '*SELF', '*END']).lines;
    expect(onOff.filter((l) => !l.startsWith('LEARN O'))).toEqual(plain);
    expect(onOff).toContain('LEARN OFF');
    const after = run(['*LEARN ON', setup, '*SELF', '*LEARN OFF', setup, '*SELF', '*END']).lines;
    const second = after.slice(after.indexOf('LEARN OFF') + 1);
    expect(second).toEqual(plain.slice(1));
    expect(after.some((l) => l.startsWith('ALPHA PLAYS'))).toBe(true);
  });

  it('*PLAY and *BOOK games are not learning games even with learning on', () => {
    const book = ['11-15', '23-19', '8-11', '22-17'];
    const plain = run(['*BOOK', ...book, '*END']).lines;
    const on = run(['*LEARN ON', '*BOOK', ...book, '*END']).lines;
    expect(on.filter((l) => !l.startsWith('LEARN O'))).toEqual(plain);
  });

  it('a bad *LEARN argument is a bad card', () => {
    const { lines } = run(['*LEARN MAYBE', '*END']);
    expect(lines[1]).toMatch(/^BAD CARD - \*LEARN MAYBE/);
  });
});
