// The generators' parts (seed 002, section 3): the operators, SHG's comparison rule and
// normalization, the host's reading of a specimen (which must be the 704's heuristic), and an HG
// run killed after its first checkpoint and resumed, which must end where an unbroken run ends.

import { describe, expect, it } from 'vitest';
import { curvesScene } from '../../src/evolve/cli.ts';
import { Rng, crossover, mutate } from '../../src/evolve/ga.ts';
import { newHg, runHg, type HgState } from '../../src/evolve/hg.ts';
import { newShg, normalize, shgDefaults, verdict } from '../../src/evolve/shg.ts';
import { geneCount, specimenValue, HEURISTIC_NAMES } from '../../src/mandziuk/heuristics.ts';
import type { GameRecord } from '../../src/tournament/game.ts';
import { TaskPool } from '../../src/tournament/pool.ts';
import { Game704 } from '../checkers/deck.ts';
import { features } from '../checkers/mandziukref.ts';
import { mixedPositions } from '../checkers/reference.ts';
import { signed, word } from '../checkers/searchharness.ts';

describe('genetic operators', () => {
  it('crossover cuts each block once, the cut gene between the parents', () => {
    const a = [1, 2, 3, 4, 5, 6];
    const b = [10, 20, 30, 40, 50, 60];
    const rng = new Rng(1);
    for (let t = 0; t < 50; t++) {
      const c = crossover(a, b, 2, rng);
      for (const block of [[0, 1, 2], [3, 4, 5]]) {
        const from = block.map((g) => (c[g] === a[g] ? 'a' : c[g] === b[g] ? 'b' : 'cut'));
        expect(from.filter((x) => x === 'cut').length).toBeLessThanOrEqual(1);
        const cut = from.indexOf('cut');
        if (cut >= 0) expect(c[block[cut]!]!).toBeGreaterThanOrEqual(a[block[cut]!]!);
        // genes before the cut from one parent, after it from the other
        expect(from.join('')).toMatch(/^(a*(cut)?b*|b*(cut)?a*)$/);
      }
    }
  });

  it('mutation doubles, halves or flips the sign (0.4 / 0.4 / 0.2), each gene on its own', () => {
    const rng = new Rng(7);
    const counts = { x2: 0, half: 0, flip: 0 };
    for (let t = 0; t < 2000; t++) {
      const g = [3];
      expect(mutate(g, 1, rng)).toBe(1);
      if (g[0] === 6) counts.x2++;
      else if (g[0] === 1.5) counts.half++;
      else if (g[0] === -3) counts.flip++;
    }
    expect(counts.x2 + counts.half + counts.flip).toBe(2000);
    expect(counts.x2 / 2000).toBeCloseTo(0.4, 1);
    expect(counts.flip / 2000).toBeCloseTo(0.2, 1);
    const g = [1, 2, 3];
    expect(mutate(g, 0, rng)).toBe(0);
    expect(g).toEqual([1, 2, 3]);
  });
});

describe('SHG', () => {
  const rec = (winner: GameRecord['winner'], plies: number): GameRecord => ({ index: 0, moves: Array(plies).fill('9-13'), winner, reason: '', nodes: [], seconds704: 0 });
  it('a comparison: more wins; one each - the shorter win; two draws - a tie', () => {
    // first game: first specimen Black; second game: second specimen Black
    expect(verdict(rec('black', 40), rec(null, 90))).toBe(1);
    expect(verdict(rec('white', 40), rec('black', 50))).toBe(-1);
    expect(verdict(rec('black', 30), rec('black', 60))).toBe(1); // one each, the first won in 30
    expect(verdict(rec('black', 80), rec('black', 60))).toBe(-1);
    expect(verdict(rec(null, 140), rec(null, 140))).toBe(0);
  });
  it('normalizes each phase to a root-mean-square gene of 0.4', () => {
    const g = normalize([3, -4, 0, 1, 1, 1, 1, 0], 2);
    expect(Math.sqrt((g[0]! ** 2 + g[1]! ** 2 + g[2]! ** 2 + g[3]! ** 2) / 4)).toBeCloseTo(0.4, 12);
    expect(g.slice(4)).toEqual([0.4, 0.4, 0.4, 0.4].map((x, i) => (i === 3 ? 0 : x * 2 / Math.sqrt(3))));
  });
});

describe("the host's reading of a specimen", () => {
  it("is the 704's heuristic (QEVAL) for every heuristic and both games", () => {
    const c = new Game704().start();
    const rng = new Rng(3);
    const names = [...HEURISTIC_NAMES];
    for (const [i, p] of mixedPositions(41, 24, 2, 50).entries()) {
      const h = names[i % names.length]!;
      const giveaway = i % 3 === 0;
      const colour = p.blackToMove ? 0 : 1;
      const weights = Array.from({ length: geneCount(h, giveaway) }, () => rng.int(4001) - 2000);
      c.poke('VGIVE', giveaway ? 1 : 0);
      c.poke('QTYP', names.indexOf(h) + 1, -colour);
      weights.forEach((w, k) => c.poke(colour === 0 ? 'QWBK' : 'QWWH', word(w), -k));
      c.call('QUSE', { ac: colour });
      c.setPosition(0, p);
      const v704 = signed(c.call('QEVAL', { xr1: 0 }).ac);
      const host = specimenValue(h, giveaway, weights.map((w) => w / 1024), { black: features(p, 0), white: features(p, 1), blackToMove: p.blackToMove });
      expect(Math.round(host * 1024), `${h} ${giveaway}`).toBe(v704);
    }
  });
});

describe('HG', () => {
  const settings = () => ({
    ...newHg({ heuristic: '8F', giveaway: false, seed: 5, population: 12, tournament: 3, mutation: 0.05, renew: 0.8, boards: 6, fresh: 0.5, generations: 60, depth: 1, firstBand: [4, 4], bandStep: 6 }).settings,
  });
  const quiet = { stage: () => {}, progress: () => {} };
  it('killed after its first checkpoint and resumed, ends where an unbroken run ends', async () => {
    const pool = new TaskPool(0);
    const whole = newHg(settings());
    await runHg(whole, pool, { ...quiet, save: () => {} }, { stopped: false });
    expect(whole.done).toBe(true);
    expect(whole.bands).toEqual([4, 0]);
    expect(whole.best).toHaveLength(2);
    expect(whole.curve.length).toBeGreaterThan(0);
    // the same run, stopped at its first save and taken up again from the saved JSON
    const stop = { stopped: false };
    let saved = '';
    const first = newHg(settings());
    await runHg(first, pool, { ...quiet, save: (s) => { saved = JSON.stringify(s); stop.stopped = true; } }, stop);
    expect(first.done).toBe(false);
    const resumed = JSON.parse(saved) as HgState;
    await runHg(resumed, pool, { ...quiet, save: () => {} }, { stopped: false });
    expect(JSON.stringify(resumed)).toBe(JSON.stringify(whole));
    // every board's value came from the 704: depth 1 with the null heuristic is 0 unless a game ends
    expect(whole.boards.slice(0, 6).every((b) => b.value === 0 || Math.abs(b.value) > 100)).toBe(true);
    await pool.close();
  }, 120_000);
});

describe('evolution curves', () => {
  it('draw one line a run: HG the best RMS error (1 / sqrt fitness), SHG the share of offspring kept', () => {
    const hg = (h: '8F' | '10F', best: number[]): HgState => ({
      ...newHg({ heuristic: h, giveaway: false, seed: 1, population: 4, tournament: 2, mutation: 0, renew: 0.8, boards: 4, fresh: 0.5, generations: 100, depth: 1, firstBand: [4, 4], bandStep: 6 }),
      curve: best.map((b, i) => ({ phase: Math.floor(i / 2), generation: 50 * (i + 1), best: b })),
    });
    const lines = (st: Parameters<typeof curvesScene>[0]) => curvesScene(st).shapes.filter((s) => s.kind === 'polyline');
    const two = lines([hg('8F', [0.01, 0.04, 0.25, 1]), hg('10F', [0.04, 0.25])]);
    expect(two).toHaveLength(2);
    expect(two.map((l) => l.kind === 'polyline' && l.points.length)).toEqual([4, 2]);
    // RMS errors 10, 5, 2, 1 fall: each point lower on the page (larger y) than the one before
    const ys = two[0]!.kind === 'polyline' ? two[0]!.points.map(([, y]) => y) : [];
    for (let i = 1; i < ys.length; i++) expect(ys[i]!).toBeGreaterThan(ys[i - 1]!);
    const shg = { ...newShg({ ...shgDefaults('8F', false, 1), population: 4 }), curve: [{ step: 5, effectiveRatio: 0.4 }, { step: 10, effectiveRatio: 0.8 }] };
    const kept = curvesScene([shg]);
    expect(kept.shapes.filter((s) => s.kind === 'polyline')).toHaveLength(1);
    expect(kept.title).toMatch(/SHG/);
  });
});
