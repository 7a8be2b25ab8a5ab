// Broeker's contest arithmetic (section 4.1): Fig. 8, the grid, the t statistic as he writes it,
// and a tournament on the 704 whose score follows from its two printed results.

import { describe, expect, it } from 'vitest';
import { fig8, GRID, gridSample, judge, parsePlayer, playerCode, playTournament, settingCards } from '../../src/scorefour/contest.ts';

describe('contest arithmetic', () => {
  it('Fig. 8: 5 4 3 2 1 0', () => {
    expect([fig8(false, 'won'), fig8(true, 'won'), fig8(false, 'tied'), fig8(true, 'tied'), fig8(false, 'lost'), fig8(true, 'lost')]).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('the grid: 125 different vectors of INTERVAL x 1..5', () => {
    expect(new Set(GRID.map((g) => g.join())).size).toBe(125);
    for (const g of GRID) for (const c of g) expect([100, 200, 300, 400, 500]).toContain(c);
    expect(gridSample(125)).toEqual(GRID);
    expect(new Set(gridSample(20).map((g) => g.join())).size).toBe(20);
  });

  it("t = |mean| / s, s^2 = (sum d^2 - n mean^2) / ((n-1) n), and Broeker's readings", () => {
    const d = [4, 0, -4, 8, 4, 4, 4, 4];
    const n = d.length;
    const mean = d.reduce((s, x) => s + x, 0) / n;
    const s2 = (d.reduce((s, x) => s + x * x, 0) - n * mean * mean) / ((n - 1) * n);
    const r = judge(d);
    expect(r.mean).toBeCloseTo(mean, 12);
    expect(r.t).toBeCloseTo(Math.abs(mean) / Math.sqrt(s2), 12);
    expect(r.verdict).toBe('significant'); // t = 2.39
    expect(judge([0, 4, -4, 0]).verdict).toBe('equal');
    expect(judge([8, 8, 8, 4, 8, 8]).verdict).toBe('highly significant');
  });

  it("players: Fig. 9's codes, Stage 1 with and without POLY, Stage 2 with and without aggression", () => {
    expect(parsePlayer('a.b')).toEqual({ aggression: true, learn: 'B' });
    expect(parsePlayer('P')).toEqual({ aggression: false });
    expect(parsePlayer('A1.B')).toEqual({ aggression: true, stage1: 1, learn: 'B' });
    expect(parsePlayer('P2')).toEqual({ aggression: false, stage1: 2 });
    expect(parsePlayer('2')).toEqual({ aggression: false, stage1: 2, poly: false });
    expect(parsePlayer('s2')).toEqual({ aggression: false, stage2: true });
    expect(parsePlayer('S2A')).toEqual({ aggression: true, stage2: true });
    for (const c of ['P', 'A.A', 'P1.B', 'A2', '1', '2', 'S2', 'S2A']) expect(playerCode(parsePlayer(c))).toBe(c);
    expect(() => parsePlayer('1.B')).toThrow(/not one of/);
    expect(() => parsePlayer('P3')).toThrow(/not one of/);
    expect(settingCards('O', [1, 2, 3], parsePlayer('2'))).toEqual(['COEF O 1 2 3', 'AGGR O OFF', 'STAGE2 O OFF', 'STAGE1 O 2', 'POLY O OFF']);
  });

  it('a tournament on the 704: d from the two results by Fig. 8', () => {
    const t = playTournament({ coef: [500, 100, 100], aggression: false }, { coef: [100, 100, 500], aggression: true });
    const pts = (w: string | null, me: string, started: boolean): number => fig8(started, w === null ? 'tied' : w === me ? 'won' : 'lost');
    const [g1, g2] = t.winners;
    expect(t.d).toBe(pts(g1!, 'X', true) - pts(g1!, 'O', false) + pts(g2!, 'O', false) - pts(g2!, 'X', true));
    expect([-8, -4, 0, 4, 8]).toContain(t.d);
  });
});
