// The paper's two classifications (section 7.2.1): by single games (win 1, draw ½) and by the
// matches ("clashes") of each pair (the pair's games decide a clash won, drawn or lost: 1, ½, 0);
// and, for each pair, a paired t test on the two games of each opening (colours reversed) against
// an even score (src/host/stats.ts).

import { pairedTest, type PairedTest } from '../host/stats.ts';
import type { GameJob, GameRecord } from './game.ts';
import { textTable } from '../host/table.ts';

export interface Standing {
  player: number;
  games: number;
  won: number;
  drawn: number;
  lost: number;
  points: number;
  /** Clashes (pair matches): won, drawn, lost, and their points. */
  clashes: { won: number; drawn: number; lost: number; points: number };
}

export interface PairResult {
  a: number;
  b: number;
  /** Points of a and of b over the pair's games. */
  pointsA: number;
  pointsB: number;
  games: number;
  test: PairedTest;
}

/** Points of the player in `seat` (0 Black, 1 White) of a finished game. */
const pointsOf = (g: GameRecord, seat: 0 | 1): number => (g.winner === null ? 0.5 : (g.winner === 'black') === (seat === 0) ? 1 : 0);

export function standings(n: number, jobs: readonly GameJob[], records: readonly GameRecord[]): { table: Standing[]; pairs: PairResult[] } {
  const table: Standing[] = Array.from({ length: n }, (_, player) => ({
    player, games: 0, won: 0, drawn: 0, lost: 0, points: 0, clashes: { won: 0, drawn: 0, lost: 0, points: 0 },
  }));
  const byPair = new Map<string, { a: number; b: number; games: { job: GameJob; rec: GameRecord }[] }>();
  for (const rec of records) {
    const job = jobs[rec.index]!;
    job.seats.forEach((p, seat) => {
      const pts = pointsOf(rec, seat as 0 | 1);
      const s = table[p]!;
      s.games++;
      s.points += pts;
      if (pts === 1) s.won++;
      else if (pts === 0) s.lost++;
      else s.drawn++;
    });
    const [a, b] = [...job.seats].sort((x, y) => x - y) as [number, number];
    const key = `${a}-${b}`;
    const entry = byPair.get(key) ?? { a, b, games: [] };
    entry.games.push({ job, rec });
    byPair.set(key, entry);
  }
  const pairs: PairResult[] = [];
  for (const { a, b, games } of byPair.values()) {
    const pa = (g: { job: GameJob; rec: GameRecord }): number => pointsOf(g.rec, g.job.seats[0] === a ? 0 : 1);
    const pointsA = games.reduce((s, g) => s + pa(g), 0);
    const pointsB = games.length - pointsA;
    // games 2k and 2k+1 of a pair share an opening with the colours reversed
    const ordered = games.slice().sort((x, y) => x.job.index - y.job.index);
    const scores: number[] = [];
    for (let k = 0; k + 1 < ordered.length; k += 2) scores.push(pa(ordered[k]!) + pa(ordered[k + 1]!));
    pairs.push({ a, b, pointsA, pointsB, games: games.length, test: pairedTest(scores, 1) });
    const [ca, cb] = [table[a]!.clashes, table[b]!.clashes];
    if (pointsA > pointsB) { ca.won++; cb.lost++; ca.points++; }
    else if (pointsA < pointsB) { cb.won++; ca.lost++; cb.points++; }
    else { ca.drawn++; cb.drawn++; ca.points += 0.5; cb.points += 0.5; }
  }
  return { table, pairs };
}

/** The table by games (points, then clash points), or by clashes (clash points, then points). */
export function ranked(table: readonly Standing[], by: 'games' | 'clashes'): Standing[] {
  const key = (s: Standing): [number, number] => (by === 'games' ? [s.points, s.clashes.points] : [s.clashes.points, s.points]);
  return table.slice().sort((x, y) => key(y)[0] - key(x)[0] || key(y)[1] - key(x)[1] || x.player - y.player);
}

export const half = (x: number): string => (x === 0.5 ? '½' : Number.isInteger(x) ? String(x) : `${Math.floor(x)}½`);

/** The two standings and the pairs, as text. */
export function standingsText(names: readonly string[], s: { table: Standing[]; pairs: PairResult[] }): string[] {
  const lines: string[] = [];
  const pct = (p: number, n: number): string => (n ? `${((100 * p) / n).toFixed(1)}%` : '-');
  const R = 'right' as const;
  const byGames = ranked(s.table, 'games').map((r, i) => [String(i + 1), names[r.player]!, ...[r.games, r.won, r.drawn, r.lost].map(String), half(r.points), pct(r.points, r.games)]);
  lines.push('By games (win 1, draw ½):', textTable(['#', 'player', 'games', 'won', 'drawn', 'lost', 'points', '%'], byGames, [R, 'left', R, R, R, R, R, R], 1));
  const byMatches = ranked(s.table, 'clashes').map((r, i) => {
    const c = r.clashes;
    return [String(i + 1), names[r.player]!, ...[c.won + c.drawn + c.lost, c.won, c.drawn, c.lost].map(String), half(c.points)];
  });
  lines.push('', 'By matches between pairs (a match won 1, drawn ½):', textTable(['#', 'player', 'matches', 'won', 'drawn', 'lost', 'points'], byMatches, [R, 'left', R, R, R, R, R], 1));
  const f = (x: number, k: number): string => (Number.isNaN(x) ? '-' : Number.isFinite(x) ? x.toFixed(k) : x > 0 ? '+inf' : '-inf');
  lines.push('', 'Pairs (paired by opening, colours reversed; t test of the pair score against 1 of 2):');
  for (const p of s.pairs) {
    lines.push(`  ${names[p.a]!} ${half(p.pointsA)} - ${half(p.pointsB)} ${names[p.b]!}  (${p.games} games; ${p.test.n} pairs, t = ${f(p.test.t, 2)}, p = ${f(p.test.p, 3)})`);
  }
  return lines;
}
