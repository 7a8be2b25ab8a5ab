// The second series and the cards around Alpha: *LEARN SERIES 1|2 (the switches together),
// the rudimentary search for the remembered score (LMSRC, against searchref.ts), *LEARN PRINT n
// (the term table at intervals), and *LEARN USE (Alpha's polynomial in *PLAY, *BOOK and in
// *SELF test games against the first polynomial, nothing learned).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Machine } from '../../src/machine/machine.ts';
import { attachLearningTapes } from '../../src/checkers/learning/learningTape.ts';
import { Game704, bootWith, cardOf, sym, peek, poke, linesOf } from './deck.ts';
import {
  BLACK_MAN, WHITE_MAN, emptyPosition, legalMoves, randomGamePosition, rng, startPosition, type Position,
} from './reference.ts';
import { DEFAULTS, evalScore, searchRef } from './searchref.ts';
import { signed, word } from './searchharness.ts';

const LIMIT = 3_000_000_000;

function attach(m: Machine) {
  const dir = mkdtempSync(join(tmpdir(), 'learn-series-'));
  return attachLearningTapes(m.io, join(dir, 'l.tap'), join(dir, 'l.new.tap'));
}

function finish(m: Machine, tapes: ReturnType<typeof attach>): { m: Machine; lines: string[] } {
  const stop = m.run(LIMIT);
  expect(stop.reason, stop.message).toBe('halt');
  const lines = linesOf(m);
  tapes.finish(lines.join('\n'));
  return { m, lines };
}

/** Run `cards` to the end, tapes 3 and 4 attached (blank). */
function run(cards: string[]): { m: Machine; lines: string[] } {
  const m = bootWith(cards, true);
  return finish(m, attach(m));
}

/** As run, but with `patch` changing core when the program waits for the card after `first`. */
function session(first: string[], patch: (m: Machine) => void, rest: string[]): { m: Machine; lines: string[] } {
  const m = bootWith(first, false);
  const tapes = attach(m);
  expect(m.run(LIMIT).reason).toBe('input');
  patch(m);
  m.reader.feed(rest.map(cardOf));
  m.reader.setEndOfFile(true);
  return finish(m, tapes);
}

/**
 * The rote-learning polynomial as 4 of Alpha's slots: DENY -32, MOB 16, CENT -8, ADV -8 (CENT+ADV =
 * CADV) in EVAL's units, so 2^12 times that in Alpha's (2^18 is 64 units), in its own term form (the
 * board turned round: *LEARN TURNED).
 */
function defaultAsAlpha(set: (name: string, v: number, off: number) => void): void {
  const slots: [number, number][] = [[8, -32], [19, 16], [4, -8], [1, -8]];
  for (let i = 1; i <= 16; i++) {
    const [k, c] = slots[i - 1] ?? [20 + i, 0];
    set('AK', k, -i); set('ACF', c * 4096, -i); set('APW', c === 0 ? -1 : Math.log2(Math.abs(c)) + 12, -i);
  }
  set('LFORM', 0, 0);
}

const SWITCHES = ['LPOSD', 'LSPAN', 'LMAJ', 'LMINI'];

describe('*LEARN SERIES', () => {
  it('2 turns every second-series switch on and the tally limit to 32; 1 turns them back', () => {
    const { m, lines } = session(['*LEARN SERIES 2'], (mm) => {
      for (const s of SWITCHES) expect(peek(mm, s), s).toBe(1);
      expect(peek(mm, 'LTLIM')).toBe(32);
      expect(peek(mm, 'LMINR')).toBe(3); // the minimum delta lowered by an eighth
      expect(peek(mm, 'LFORC')).toBe(0); // no forced openings
      expect(peek(mm, 'LFORM')).toBe(1); // Appendix C's term form in both series
      poke(mm, 'LTLIM', 5);
    }, ['*LEARN SERIES 1', '*LEARN SERIES 3', '*LEARN SERIES', '*END']);
    expect(lines.slice(1, 3)).toEqual(['LEARN SERIES 2', 'LEARN SERIES 1']);
    expect(lines[3]).toMatch(/^BAD CARD - \*LEARN SERIES 3/);
    expect(lines[4]).toMatch(/^BAD CARD - \*LEARN SERIES/);
    for (const s of SWITCHES) expect(peek(m, s), s).toBe(0);
    expect(peek(m, 'LTLIM')).toBe(8);
    expect(peek(m, 'LMINR')).toBe(0);
    expect(peek(m, 'LFORC')).toBe(14);
    expect(peek(m, 'LFORM')).toBe(1);
    expect(peek(m, 'LON')).toBe(0); // the card does not turn learning on
  });
});

describe('a second-series learning game', () => {
  it('plays legal moves to a verdict with every switch on, and not the first series\' game', () => {
    const setup = '*SETUP W/W18,19,21,22,24,26,27,29,30,31/B1,2,3,5,6,7,9,10,11,13';
    const game = (series: string) => run([`*LEARN SERIES ${series}`, '*LEARN ON', setup, '*SELF', '*END']);
    const two = game('2');
    const moves = two.lines.filter((l) => l.startsWith('MOVE'));
    let pos = fromSetup();
    for (const l of moves) {
      const m = /^MOVE \d+ (BLACK|WHITE) (\d+(?:[-X]\d+)+) /.exec(l)!;
      const found = legalMoves(pos).filter((mv) => mv.path.join() === m[2]!.split(/[-X]/).join());
      expect(found, l).toHaveLength(1);
      pos = found[0]!.result;
    }
    expect(moves.length).toBeGreaterThan(10);
    const over = two.lines.findIndex((l) => l.startsWith('GAME OVER'));
    expect(two.lines[over + 1]).toMatch(/^(ALPHA WINS - (BETA ADOPTS ALPHA POLYNOMIAL|NO MAJORITY YET, BETA KEEPS ITS POLYNOMIAL)|ALPHA LOSES - BLACK MARK 1|DRAWN - POLYNOMIALS KEPT)$/);
    expect(two.lines[over + 2]).toMatch(/^ALPHA AFTER GAME 1 - ADJUSTMENTS \d+ /);
    expect(peek(two.m, 'LNADJ')).toBeGreaterThan(10);
    expect(game('1').lines.filter((l) => l.startsWith('MOVE'))).not.toEqual(moves);
  });
});

/** The set-up position of these tests, White to move. */
function fromSetup(): Position {
  const pos = emptyPosition(false);
  for (const s of [18, 19, 21, 22, 24, 26, 27, 29, 30, 31]) pos.squares[s] = WHITE_MAN;
  for (const s of [1, 2, 3, 5, 6, 7, 9, 10, 11, 13]) pos.squares[s] = BLACK_MAN;
  return pos;
}

describe('LMSRC - the rudimentary search up to the first non-jump move', () => {
  const q = { ...DEFAULTS, pmin: 1, p5: 1, p11: DEFAULTS.pmax, few: 0 }; // no few-pieces shift in it

  it('scores every move of ply 0 and follows only jumps, as the reference with VPMIN 1, VP5 1, VP11 VPMAX', () => {
    const g = new Game704();
    g.call('BITINI');
    const rand = rng(8);
    const before = ['VPMIN', 'VP5', 'VP11', 'KLKV', 'VFEW'].map((s) => g.peek(s));
    g.poke('KLKV', sym('KLOOK')); // rote look-ups on in the game: off in LMSRC
    before[3] = g.peek('KLKV');
    let withJumps = 0;
    let differs = 0;
    for (let t = 0; t < 40; t++) {
      const pos = randomGamePosition(rand, 6 + Math.floor(rand() * 50));
      if (legalMoves(pos).length === 0) continue;
      g.setPosition(0, pos);
      g.call('LMSRC', { limit: 1e9 });
      const ref = searchRef(pos, q);
      expect(signed(g.m.cpu.mem[g.sym('LTMP')]!), `position ${t}`).toBe(ref.score);
      expect(signed(g.peek('SBSC'))).toBe(ref.score);
      expect(['VPMIN', 'VP5', 'VP11', 'KLKV', 'VFEW'].map((s) => g.peek(s))).toEqual(before);
      if (ref.stats.deepest > 1) withJumps++;
      if (ref.score !== searchRef(pos).score) differs++;
    }
    expect(withJumps).toBeGreaterThan(3); // some lines went on through jumps
    expect(differs).toBeGreaterThan(3); // not the full search
  });

  it('LRSAV with LMINI: LSAVE is that search\'s score with Alpha\'s polynomial, the term values stay ply 0\'s', () => {
    const g = new Game704();
    g.call('BITINI');
    defaultAsAlpha((n, v, off) => g.poke(n, word(v), off));
    const rand = rng(3);
    for (let t = 0; t < 12; t++) {
      const pos = t === 0 ? startPosition() : randomGamePosition(rand, 10 + Math.floor(rand() * 40));
      if (legalMoves(pos).length === 0) continue;
      g.setPosition(0, pos);
      g.poke('LMINI', 0);
      g.call('LRSAV');
      expect(signed(g.peek('LSAVE'))).toBe(evalScore(pos));
      const tv = [...Array(16).keys()].map((i) => g.peek('LTV', -(i + 1)));
      g.poke('LMINI', 1);
      g.call('LRSAV', { limit: 1e9 });
      expect(signed(g.peek('LSAVE')), `position ${t}`).toBe(searchRef(pos, q).score);
      expect([...Array(16).keys()].map((i) => g.peek('LTV', -(i + 1)))).toEqual(tv);
    }
  });
});

describe('*LEARN PRINT n', () => {
  it('prints the term table after every n-th Alpha move of a learning game, and at its end', () => {
    const { m, lines } = run(['*LEARN PRINT 4', '*LEARN ON', '*SELF', '*END']);
    expect(lines[1]).toBe('LEARN PRINT EVERY 4');
    const alphaMoves = lines.filter((l) => /^MOVE \d+ WHITE /.test(l)).length; // Alpha plays White
    const heads = lines.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith('ALPHA AT MOVE'));
    expect(heads.map(([l]) => Number(/AT MOVE (\d+) GAME 1 - /.exec(l)![1])))
      .toEqual([...Array(Math.floor(alphaMoves / 4)).keys()].map((k) => 4 * (k + 1)));
    let adj = 0;
    for (const [l, i] of heads) {
      // after Alpha's 4k-th move line's search, before that move is printed
      const a = Number(/ADJUSTMENTS (\d+) /.exec(l)![1]);
      expect(a).toBeGreaterThanOrEqual(adj);
      adj = a;
      expect(lines[i + 1]).toBe('TERM    CORR  SIGN POWER  ADJUSTED');
      expect(lines.slice(i + 2, i + 14).every((x) => /^.{6}  \d\.\d\d /.test(x))).toBe(true);
      const whiteBefore = lines.slice(0, i).filter((x) => /^MOVE \d+ WHITE /.test(x)).length;
      expect(whiteBefore).toBe(Number(/AT MOVE (\d+)/.exec(l)![1]) - 1);
    }
    const end = lines.find((l) => l.startsWith('ALPHA AFTER GAME 1'))!;
    expect(Number(/ADJUSTMENTS (\d+) /.exec(end)![1])).toBe(peek(m, 'LNADJ'));
    expect(peek(m, 'LNADJ')).toBeGreaterThanOrEqual(adj);
  });

  it('0 turns it off; a missing number is a bad card', () => {
    const { lines } = run(['*LEARN PRINT 4', '*LEARN PRINT 0', '*LEARN PRINT', '*LEARN ON',
      '*SETUP W/W18,19,21,22,24,26,27,29,30,31/B1,2,3,5,6,7,9,10,11,13', '*SELF', '*END']);
    expect(lines[3]).toMatch(/^BAD CARD - \*LEARN PRINT/);
    expect(lines.some((l) => l.startsWith('ALPHA AT MOVE'))).toBe(false);
    expect(lines.some((l) => l.startsWith('ALPHA AFTER GAME 1'))).toBe(true);
  });
});

describe('*LEARN USE', () => {
  const book = ['11-15', '23-19', '8-11', '22-17', '4-8', '17-13', '15-18', '24-15'];
  const play = ['*PLAY WHITE', '11-15', '8-11', '4-8', '*END'];

  it('*BOOK and *PLAY with Alpha\'s polynomial: the default polynomial as Alpha\'s gives the same game, another one a different one', () => {
    const plainBook = run(['*BOOK', ...book, '*END']).lines;
    const plainPlay = run(play).lines;
    const same = session(['*LEARN USE'], (m) => defaultAsAlpha((n, v, off) => poke(m, n, v, off)), ['*BOOK', ...book, ...play]);
    expect(same.lines.slice(1, 3)).toEqual(['LEARN TAPE 3 BLANK OR NOT A LEARNING TAPE', 'LEARN USE - ALPHA POLYNOMIAL, LEARNING OFF']);
    const rest = same.lines.slice(3);
    expect(rest.slice(0, plainBook.length - 2)).toEqual(plainBook.slice(1, -1));
    expect(rest.slice(plainBook.length - 2)).toEqual(plainPlay.slice(1));
    expect(peek(same.m, 'VNT')).toBe(4); // Alpha's 4 terms in EVAL's table
    const other = session(['*LEARN USE'], () => {}, ['*BOOK', ...book, ...play]).lines;
    expect(other.slice(3)).not.toEqual(rest);
    expect(peek(same.m, 'LNADJ')).toBe(0);
    expect(peek(same.m, 'LGN')).toBe(0);
  });

  it('in a test game Alpha moves with its polynomial and the other side with the first polynomial', () => {
    const setup = '*SETUP W/W18,19,21,22,24,26,27,29,30,31/B1,2,3,5,6,7,9,10,11,13';
    const patch = (m: Machine) => defaultAsAlpha((n, v, off) => poke(m, n, v, off));
    const moves = (lines: string[]) => lines.filter((l) => l.startsWith('MOVE')).slice(0, 2);
    const test = moves(session(['*LEARN USE'], patch, [setup, '*SELF', '*END']).lines);
    // White's first move: the default polynomial, as in a plain game
    expect(test[0]).toBe(moves(run([setup, '*SELF', '*END']).lines)[0]);
    // Black's reply: the first polynomial, as Beta's (untouched) in a learning game's first moves
    expect(test).toEqual(moves(session(['*LEARN ON'], patch, [setup, '*SELF', '*END']).lines));
  });

  it('*SELF test games: Alpha White then Black against the first polynomial, totals, nothing learned, *LEARN OFF ends it', () => {
    const setup = '*SETUP W/W18,19,21,22,24,26,27,29,30,31/B1,2,3,5,6,7,9,10,11,13';
    let state: number[] = [];
    const { m, lines } = session(['*LEARN USE'], (mm) => {
      for (let i = 1; i <= 16; i++) { poke(mm, 'AK', 39 - i, -i); poke(mm, 'ACF', i % 2 ? 8 : -2, -i); }
      state = [...Array(160).keys()].map((j) => mm.cpu.mem[sym('LGN') + j]!);
    }, [setup, '*SELF', setup, '*SELF', '*LEARN OFF', setup, '*SELF', '*END']);
    expect(lines).toContain('ALPHA PLAYS WHITE - TEST GAME 1');
    expect(lines).toContain('ALPHA PLAYS BLACK - TEST GAME 2');
    const results = lines.filter((l) => / - TOTAL WINS /.test(l));
    expect(results).toHaveLength(2);
    const overs = lines.filter((l) => l.startsWith('GAME OVER'));
    let w = 0; let lo = 0; let d = 0;
    results.forEach((r, k) => {
      const alpha = k === 0 ? 'WHITE' : 'BLACK';
      const over = overs[k]!;
      // a repetition is judged on material (learn.test.ts checks that rule): its verdict is taken as printed
      const want = /REPETITION/.test(over) ? r.split(' - ')[0]! : / DRAWN /.test(over) ? 'DRAWN' : over.includes(`${alpha} WINS`) ? 'ALPHA WINS' : 'ALPHA LOSES';
      if (want === 'DRAWN') d++; else if (want === 'ALPHA WINS') w++; else lo++;
      expect(r).toBe(`${want} - TOTAL WINS ${w} LOSSES ${lo} DRAWS ${d}`);
    });
    expect([...Array(160).keys()].map((j) => m.cpu.mem[sym('LGN') + j]!)).toEqual(state); // nothing learned
    expect(lines.filter((l) => l.startsWith('ALPHA PLAYS'))).toHaveLength(2); // the third game is plain
    expect(peek(m, 'VNT')).toBe(3);
    // the third game, with learning off, is the same as in a run without *LEARN
    const plain = run([setup, '*SELF', '*END']).lines;
    expect(lines.slice(lines.indexOf('LEARN OFF') + 1)).toEqual(plain.slice(1));
  });
});

describe('*LEARN RESET, TURNED, EARLIER', () => {
  it('RESET keeps Alpha\'s terms and the reserve, forgets the weights and counts (Samuel\'s second series start)', () => {
    let terms: number[] = [];
    let reserve: number[] = [];
    const { m, lines } = session(['*LEARN ON'], (mm) => {
      for (let i = 1; i <= 16; i++) {
        poke(mm, 'AK', 39 - i, -i); poke(mm, 'ACR', 1000 * i, -i); poke(mm, 'AN', i, -i); poke(mm, 'ALT', 3, -i); poke(mm, 'ACF', -16, -i);
      }
      poke(mm, 'LGN', 28); poke(mm, 'LBM', 2); poke(mm, 'LWINS', 16); poke(mm, 'LALPH', 0);
      terms = [...Array(16).keys()].map((i) => peek(mm, 'AK', -i - 1));
      reserve = [...Array(22).keys()].map((j) => peek(mm, 'ARV', -j - 1));
    }, ['*LEARN RESET', '*LEARN TURNED', '*LEARN EARLIER', '*END']);
    expect(lines.slice(2, 5)).toEqual(['LEARN RESET - TERMS KEPT, WEIGHTS EQUAL', 'LEARN TURNED - TERMS LESS THE BOARD TURNED ROUND', 'LEARN EARLIER - TERMS LESS ONE MOVE EARLIER']);
    for (let i = 1; i <= 16; i++) {
      expect([peek(m, 'AK', -i), peek(m, 'ACR', -i), peek(m, 'AN', -i), peek(m, 'ALT', -i), peek(m, 'ACF', -i), peek(m, 'APW', -i)]).toEqual([terms[i - 1], 0, 0, 0, 2 ** 18, 18]);
      expect([peek(m, 'UK', -i), peek(m, 'UCF', -i)]).toEqual([terms[i - 1], 2 ** 18]);
    }
    expect([...Array(22).keys()].map((j) => peek(m, 'ARV', -j - 1))).toEqual(reserve);
    expect(['LGN', 'LNADJ', 'LNREP', 'LBM', 'LWINS', 'LLOSS', 'LDRWS', 'LSW', 'LSG'].map((n) => peek(m, n))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(peek(m, 'LALPH')).toBe(1);
    expect(peek(m, 'LFORM')).toBe(1);
  });

  it('TURNED and EARLIER choose the form EVAL takes with Alpha\'s polynomial (LLOAD sets VPREV), and 2^18 is 64 units', () => {
    const g = new Game704();
    g.poke('LFORM', word(0));
    g.call('LLOAD', { ac: 0 });
    expect([signed(g.peek('VPREV')), signed(g.peek('VTSH'))]).toEqual([0, 12]);
    g.poke('LFORM', word(1));
    g.call('LLOAD', { ac: 0 });
    expect([signed(g.peek('VPREV')), signed(g.peek('VTSH'))]).toEqual([1, 12]);
    g.call('LDEFT');
    expect([signed(g.peek('VPREV')), signed(g.peek('VTSH')), signed(g.peek('VNT'))]).toEqual([0, 0, 3]);
  });
});
