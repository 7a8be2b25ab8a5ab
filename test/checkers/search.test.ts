// search.sap: MOVLST (the root move table) and SEARCH (minimax with alpha-beta, Samuel's dynamic
// ply, null replies in multiple jumps, loss when unable to move, direction sense), against the
// plain-minimax reference of searchref.ts, which uses the same rules and evaluation.

import { describe, expect, it } from 'vitest';
import { fromRecord } from './harness.ts';
import { SIGN, Search704, signed } from './searchharness.ts';
import {
  legalMoves, parseFen, randomGamePosition, randomPosition, rng, startPosition, toFen, type Position,
} from './reference.ts';
import { DEFAULTS as SAMUEL, searchRef, type Params } from './searchref.ts';

// The tests against plain minimax keep the break points fixed; the few-pieces shift has its own test (fewpieces.test.ts).
const DEFAULTS: Params = { ...SAMUEL, few: 0 };

interface Entry {
  path: number[];
  fen: string;
  score: number;
  captured: number;
}

function rootTable(c: Search704): Entry[] {
  const n = c.peek('SRN');
  const out: Entry[] = [];
  for (let k = 0; k < n; k++) {
    const at = (f: string): number => c.peek(f, -24 * k);
    const len = at('SRLEN');
    const path = Array.from({ length: len }, (_, j) => c.peek('SRPTH', j - 24 * k));
    const rec = { FA: at('SRFA'), BA: at('SRBA'), FP: at('SRFP'), BP: at('SRBP'), SIDE: at('SRSID') };
    out.push({ path, fen: toFen(fromRecord(rec)), score: signed(at('SRSC')), captured: at('SRJ') });
  }
  return out;
}

const WIN = 2 ** 30;

/** The 704's search parameters set to match a reference parameter set. */
function configure(c: Search704, q: Params, prune: boolean, exact = false): void {
  c.poke('VPMIN', q.pmin);
  c.poke('VP4', q.p4);
  c.poke('VP5', q.p5);
  c.poke('VP11', q.p11);
  c.poke('VPMAX', q.pmax);
  c.poke('VABON', prune ? 1 : 0);
  c.poke('VEXACT', exact ? 1 : 0);
  c.poke('VGIVE', q.give ? 1 : 0);
  c.poke('VFEW', q.few);
  c.poke('VFSH', q.fsh);
}

function search(c: Search704, pos: Position) {
  c.setPosition(0, pos);
  const r = c.call('SEARCH', { limit: 2_000_000_000 });
  return {
    score: signed(r.ac),
    best: c.peek('SBEST'),
    table: rootTable(c),
    evals: c.peek('SNEVL'),
    nodes: c.peek('SNODES'),
    deepest: c.peek('SDEEP'),
    cycles: r.cycles,
    xr4: r.xr4,
  };
}

describe('MOVLST', () => {
  const c = new Search704();
  c.call('BITINI');

  it('lists the two four-capture king moves of W:WK17:B14,15,22,23', () => {
    c.setPosition(0, parseFen('W:WK17:B14,15,22,23'));
    const r = c.call('MOVLST');
    expect(r.acMag).toBe(2);
    const t = rootTable(c);
    expect(t.map((e) => e.path.join('-')).sort()).toEqual(['17-10-19-26-17', '17-26-19-10-17']);
    for (const e of t) {
      expect(e.fen).toBe('B:WK17:B');
      expect(e.captured).toBe(4);
    }
  });

  it('agrees with the reference on paths and resulting positions of random positions', () => {
    const rand = rng(41);
    let multi = 0;
    for (let i = 0; i < 400; i++) {
      const pos = i % 2 === 0 ? randomPosition(rand) : randomGamePosition(rand, Math.floor(rand() * 60));
      c.setPosition(0, pos);
      const r = c.call('MOVLST');
      const want = legalMoves(pos);
      const key = (path: number[], fen: string, caps: number): string => `${path.join('-')} ${fen} ${caps}`;
      if (want.length > 60) continue; // beyond the table (SROVF), not met in these positions
      expect(r.acMag).toBe(want.length);
      expect(rootTable(c).map((e) => key(e.path, e.fen, e.captured)).sort(), toFen(pos))
        .toEqual(want.map((m) => key(m.path, toFen(m.result), m.captures.length)).sort());
      multi += want.filter((m) => m.captures.length > 1).length;
      expect(r.xr4).toBe(32768 - c.stub);
    }
    expect(multi).toBeGreaterThan(20);
  });

  it('gives 0 moves when the side to move is blocked', () => {
    c.setPosition(0, parseFen('W:W5:BK1,K9'));
    expect(c.call('MOVLST').acMag).toBe(0);
  });
});

// The minimum settings: every break point at its lowest so a search stays small.
const FAST: Params = { ...DEFAULTS, pmin: 2, p4: 2, p5: 3, p11: 4, pmax: 6 };
// Samuel's 3/4/5 bands with the later break points brought in, so every rule is met often.
const MID: Params = { ...DEFAULTS, p11: 6, pmax: 8 };
// Give-away checkers at the minimum settings.
const GIVE: Params = { ...FAST, give: true };

const testPositions = (): Position[] => {
  const rand = rng(51);
  const out: Position[] = [startPosition()];
  while (out.length < 21) {
    const pos = out.length % 3 === 0 ? randomPosition(rand, 6, 0.4) : randomGamePosition(rand, 10 + Math.floor(rand() * 40));
    if (legalMoves(pos).length > 0) out.push(pos);
  }
  return out;
};

describe('SEARCH against plain minimax', () => {
  const c = new Search704();
  c.call('BITINI');
  const positions = testPositions();

  for (const [name, q, n] of [['minimum settings', FAST, 21], ['3/4/5/6/8', MID, 8], ['give-away', GIVE, 10], ['give-away 3/4/5/6/8', { ...MID, give: true }, 8], ['give-away, VPMAX 3 (jumps pending at VPMAX)', { ...GIVE, pmax: 3 }, 21], ['Samuel settings (3/4/5/11/20)', DEFAULTS, 6]] as const) {
    it(`scores every root move exactly as the reference, ${name}, pruning off`, () => {
      for (const pos of positions.slice(0, n)) {
        configure(c, q, false);
        const got = search(c, pos);
        const ref = searchRef(pos, q);
        const refByPath = new Map(ref.moves.map((m, k) => [`${m.path.join('-')} ${toFen(m.result)}`, ref.scores[k]!]));
        expect(got.table.length).toBe(ref.moves.length);
        for (const e of got.table) expect(e.score, `${toFen(pos)} ${e.path.join('-')}`).toBe(refByPath.get(`${e.path.join('-')} ${e.fen}`));
        expect(got.score).toBe(ref.score);
        // Tie-break: the first entry in table order with the best score.
        const first = got.table.findIndex((e) => e.score === got.score);
        expect(got.best).toBe(first);
        expect(got.evals, toFen(pos)).toBe(ref.stats.evals);
        expect(got.deepest).toBe(ref.stats.deepest);
        expect(got.xr4).toBe(32768 - c.stub);
      }
    });
  }

  it('alpha-beta chooses the same move with the same score as pruning off, and scores fewer positions', () => {
    let on = 0;
    let off = 0;
    for (const [q, n] of [[FAST, 21], [{ ...FAST, pmin: 3, p4: 4, p5: 5 }, 10]] as const) {
      for (const pos of positions.slice(0, n)) {
        configure(c, q, false);
        const a = search(c, pos);
        configure(c, q, true);
        const b = search(c, pos);
        expect(b.best, toFen(pos)).toBe(a.best);
        expect(b.score, toFen(pos)).toBe(a.score);
        expect(b.table[b.best]!.score).toBe(a.table[a.best]!.score);
        // Root scores under pruning are exact or upper bounds no better than the best.
        b.table.forEach((e, k) => {
          expect(e.score).toBeGreaterThanOrEqual(a.table[k]!.score);
          if (e.score !== a.table[k]!.score) expect(e.score).toBeLessThanOrEqual(b.score);
        });
        // With VEXACT every root score is exact again.
        configure(c, q, true, true);
        const x = search(c, pos);
        expect(x.table.map((e) => e.score)).toEqual(a.table.map((e) => e.score));
        on += b.evals;
        off += a.evals;
      }
    }
    console.log(`positions scored: ${off} without pruning, ${on} with alpha-beta`);
    expect(on).toBeLessThan(off);
  });
});

describe('dynamic ply, multiple jumps, direction sense', () => {
  const c = new Search704();
  c.call('BITINI');

  it('a pending jump extends the search beyond the minimum ply and finds the capture sequence', () => {
    // Black to move; several lines are settled by jumps beyond ply 3. The reference sees the
    // same; the 704 must go deeper than the minimum and agree.
    const pos = parseFen('B:W25,26,27,30:B9,14,15,18');
    configure(c, DEFAULTS, false);
    const got = search(c, pos);
    const ref = searchRef(pos, DEFAULTS);
    expect(got.deepest).toBeGreaterThan(DEFAULTS.pmin);
    expect(got.deepest).toBe(ref.stats.deepest);
    expect(got.score).toBe(ref.score);
    expect(got.table[got.best]!.path).toEqual(ref.moves[ref.best]!.path);
    // With every break point at 3 the search stops at ply 3 whatever happens.
    configure(c, { ...DEFAULTS, pmin: 3, p4: 3, p5: 3, p11: 3, pmax: 3 }, true);
    const fixed = search(c, pos);
    expect(fixed.deepest).toBe(3);
    // 14-17 looks safe at a fixed 3 plies; the extension sees the capture sequence behind it
    // (more than a man lost), so the dynamic search rates it far lower and does not play it.
    const at = (r: typeof fixed, path: string): number => r.table.find((e) => e.path.join('-') === path)!.score;
    expect(at(fixed, '14-17') - at(got, '14-17')).toBeGreaterThan(64 * 512);
    expect(got.table[got.best]!.path.join('-')).not.toBe('14-17');
    expect(fixed.table[fixed.best]!.path.join('-')).toBe('14-17');
  });

  it('a multiple jump inside the tree is single jumps separated by null replies', () => {
    // White to move must give up a man; Black's reply is a double jump (two hops, same side).
    const pos = parseFen('W:W18,27:B1,2,3,7,15');
    const q = { ...DEFAULTS, pmin: 2, p4: 2, p5: 2, p11: 2, pmax: 2 };
    configure(c, q, false);
    const got = search(c, pos);
    const ref = searchRef(pos, q);
    expect(got.table.map((e) => e.score)).toEqual(got.table.map((e) => ref.scores[ref.moves.findIndex((m) => m.path.join('-') === e.path.join('-'))]));
    expect(got.deepest).toBe(ref.stats.deepest);
  });

  it('inability to move is a loss: the score is -VWIN shrunk by the ply', () => {
    // Black to move: K6-1 leaves the White man on 5 without a move at ply 1.
    const pos = parseFen('B:W5:BK6');
    configure(c, DEFAULTS, true);
    const got = search(c, pos);
    expect(got.table[got.best]!.path).toEqual([6, 1]);
    expect(got.score).toBe(WIN - 1);
    // And with nothing to move the root itself is lost.
    const lost = search(c, parseFen('W:W5:BK1,K9'));
    expect(c.peek('SRN')).toBe(0);
    expect(lost.score).toBe(-WIN);
    // In give-away checkers the same is a win.
    configure(c, GIVE, true);
    expect(search(c, parseFen('W:W5:BK1,K9')).score).toBe(WIN);
    configure(c, DEFAULTS, true);
  });

  it('prefers the shortest win and the longest loss (direction sense)', () => {
    // Small king endings: find, with the reference, positions where two root moves win (or all
    // lose) at different depths; the 704 must take the shortest win / the longest loss.
    const rand = rng(61);
    const q = { ...DEFAULTS, pmin: 5, p4: 5, p5: 5 };
    let wins = 0;
    let losses = 0;
    let notFirst = 0;
    for (let i = 0; i < 400 && (wins < 2 || losses < 2); i++) {
      const pos = randomPosition(rand, 2, 0.6);
      const ref = searchRef(pos, q);
      const winning = ref.scores.filter((s) => s > WIN - 64);
      const allLose = ref.scores.length > 1 && ref.scores.every((s) => s < -(WIN - 64));
      const distinctWins = new Set(winning).size > 1;
      const distinctLosses = allLose && new Set(ref.scores).size > 1;
      if (!distinctWins && !distinctLosses) continue;
      configure(c, q, true);
      const got = search(c, pos);
      expect(got.score, toFen(pos)).toBe(ref.score);
      const chosen = got.table[got.best]!;
      const plies = (s: number): number => WIN - Math.abs(s);
      if (distinctWins) {
        wins++;
        expect(plies(chosen.score)).toBe(Math.min(...winning.map(plies)));
      } else {
        losses++;
        expect(plies(chosen.score)).toBe(Math.max(...ref.scores.map(plies)));
      }
      if (got.best !== 0) notFirst++;
    }
    expect(wins).toBeGreaterThanOrEqual(2);
    expect(losses).toBeGreaterThanOrEqual(2);
    expect(notFirst).toBeGreaterThan(0); // not explained by the first-in-table tie-break
  });
});

describe('emulated time', () => {
  it('a full move choice from the start position (Samuel settings, alpha-beta)', () => {
    const c = new Search704();
    c.call('BITINI');
    configure(c, DEFAULTS, true);
    const got = search(c, startPosition());
    const ref = searchRef(startPosition(), DEFAULTS);
    expect(got.score).toBe(ref.score);
    expect(got.table[got.best]!.path).toEqual(ref.moves[ref.best]!.path);
    console.log(`start position: move ${got.table[got.best]!.path.join('-')}, score ${got.score}, ${got.nodes} positions visited, ${got.evals} scored, deepest ply ${got.deepest}, ${got.cycles} cycles = ${(got.cycles * 12e-6).toFixed(2)} s of 704 time`);
    expect(got.best).toBeGreaterThanOrEqual(0);
    expect(SIGN).toBe(2 ** 35);
  });

  it('move choices in the 20 random test positions (Samuel settings, alpha-beta)', () => {
    const c = new Search704();
    c.call('BITINI');
    configure(c, DEFAULTS, true);
    const secs: number[] = [];
    for (const pos of testPositions().slice(1)) {
      const got = search(c, pos);
      expect(got.best).toBeLessThan(got.table.length);
      expect(got.table[got.best]!.score).toBe(got.score);
      secs.push(got.cycles * 12e-6);
    }
    secs.sort((a, b) => a - b);
    console.log(`move choice: median ${secs[10]!.toFixed(2)} s, mean ${(secs.reduce((a, b) => a + b, 0) / secs.length).toFixed(2)} s, max ${secs[secs.length - 1]!.toFixed(2)} s of 704 time`);
  });
});

