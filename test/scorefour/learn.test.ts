// learn.sap on the emulated 704: Findler's outcome patterns (all 81 outcome codes of version A's
// 4-game tournament), the coefficient step, Beta's perturbation, a game's outcome as Alpha sees it,
// and version B's factor schedule and version A's stopping rule read from a run of cards.

import { describe, expect, it } from 'vitest';
import { runDeck } from '../../src/scorefour/program/session.ts';
import { Scorefour704 } from './harness.ts';

const q = new Scorefour704();

// Broeker section 3.3 (Findler): A = Alpha won, B = Beta won, D = drawn.
const RAISE = ['AABB', 'ADBB', 'DABB', 'AABD', 'ADDB'];
const LOWER = ['BBAA', 'BDAA', 'DBAA', 'BBDA', 'BBAD', 'BDDA'];
const code = (s: string): number => [...s].reduce((n, ch) => 3 * n + 'ABD'.indexOf(ch), 0);

describe("Findler's rules (version A)", () => {
  it('LRULE raises on the five patterns, lowers on the six, and leaves the other 70 alone', () => {
    for (let c = 0; c < 81; c++) {
      const s = [27, 9, 3, 1].map((p) => 'ABD'[Math.floor(c / p) % 3]).join('');
      const want = RAISE.includes(s) ? 2 : LOWER.includes(s) ? 3 : 1;
      expect(q.call('LRULE', { ac: code(s), returns: 3 }).ret, s).toBe(want);
    }
  });

  const scale = (coef: number[], i: number, percent: number): { coef: number[]; changed: number } => {
    coef.forEach((c, k) => q.poke('LAC', c, -k));
    q.poke('LI', i);
    q.poke('LCHG', 0);
    q.call('LSCAL', { ac: percent });
    return { coef: [0, 1, 2].map((k) => q.peek('LAC', -k)), changed: q.peek('LCHG') };
  };

  it('the step: times (100 +- STEP)/100, by at least 1, kept in 1-9999', () => {
    expect(scale([100, 200, 300], 1, 105)).toEqual({ coef: [100, 210, 300], changed: 1 });
    expect(scale([100, 200, 300], 2, 95)).toEqual({ coef: [100, 200, 285], changed: 1 });
    expect(scale([19, 200, 300], 0, 105)).toEqual({ coef: [20, 200, 300], changed: 1 });
    expect(scale([1, 200, 300], 0, 95)).toEqual({ coef: [1, 200, 300], changed: 0 });
    expect(scale([100, 200, 9999], 2, 105)).toEqual({ coef: [100, 200, 9999], changed: 0 });
  });

  it("Beta is Alpha with one coefficient times the factor", () => {
    [300, 400, 500].forEach((c, k) => q.poke('LAC', c, -k));
    q.poke('LI', 1);
    q.call('LBETA', { ac: 85 });
    expect([0, 1, 2].map((k) => q.peek('LBC', -k))).toEqual([300, 340, 500]);
  });
});

describe('learning runs (cards)', () => {
  it("a quiet learning game's outcome is the printed game's, seen from Alpha", () => {
    const printed = runDeck(['BOARD OFF', 'COEF X 300 100 200', 'COEF O 100 500 100', 'GAME XO', 'COEF X 100 500 100', 'COEF O 300 100 200', 'GAME XO']);
    const winners = printed.events.flatMap((e) => (e.kind === 'over' ? [e.winner] : []));
    [300, 100, 200].forEach((c, k) => q.poke('LAC', c, -k));
    [100, 500, 100].forEach((c, k) => q.poke('LBC', c, -k));
    q.poke('LCODE', 0);
    const asAlpha = (w: string | null, alpha: string): number => (w === null ? 2 : w === alpha ? 0 : 1);
    expect(q.call('LGAME', { ac: 0 }).ac).toBe(asAlpha(winners[0]!, 'X'));
    expect(q.call('LGAME', { ac: 1 }).ac).toBe(asAlpha(winners[1]!, 'O'));
    expect(q.peek('LCODE')).toBe(3 * asAlpha(winners[0]!, 'X') + asAlpha(winners[1]!, 'O'));
  });

  it("version B's factor: 0.95, 0.05 less after a series, 0.95 again after a change; version A stops after a series that changed nothing", () => {
    const r = runDeck(['BOARD OFF', 'COEF X 200 100 500', 'LEARN B 2', 'COEF X 200 100 500', 'LEARN A 3']);
    const series = r.events.flatMap((e) => (e.kind === 'series' ? [e] : []));
    const learned = r.events.flatMap((e) => (e.kind === 'learned' ? [e] : []));
    expect(learned.map((l) => l.version)).toEqual(['B', 'A']);
    const b = series.slice(0, learned[0]!.series);
    expect(b[0]!.factor).toBe(95);
    let before = [200, 100, 500];
    b.forEach((s, i) => {
      const changed = s.coef.some((c, k) => c !== before[k]);
      if (i + 1 < b.length) expect(b[i + 1]!.factor).toBe(changed ? 95 : s.factor! - 5);
      before = s.coef;
    });
    expect(learned[0]!.games).toBe(6 * b.length);
    const a = series.slice(b.length);
    expect(a.length).toBe(learned[1]!.series);
    expect(learned[1]!.games).toBe(12 * a.length);
    expect(learned[1]!.coef).toEqual(a.at(-1)!.coef);
    // it stops after a series that changed nothing, or after 3
    a.forEach((s, i) => {
      const prev = i ? a[i - 1]!.coef : [200, 100, 500];
      if (i < a.length - 1) expect(s.coef).not.toEqual(prev);
      else if (a.length < 3) expect(s.coef).toEqual(prev);
    });
  });
});
