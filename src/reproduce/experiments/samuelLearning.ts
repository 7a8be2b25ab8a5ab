// What Samuel's generalization-learning experiments share (samuel-series-1, samuel-series-2,
// samuel-alpha-vs-start): the paper's figures, the series run per seed (cached by the program's
// image, so series 2 and the match reuse series 1 instead of playing it again: the run is
// deterministic, so a cached run is the same run; the seeds' series side by side on the cores),
// and the rows and pictures made from them.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkersDigest } from '../../checkers/program/deck.ts';
import { termOrder, type SeriesOptions, type SeriesRun } from '../../checkers/learning/series.ts';
import { playSeriesSideBySide } from '../../checkers/learning/seriesSideBySide.ts';
import { untrainedState } from '../../checkers/learning/learningTape.ts';
import { alphaScene, termScene } from '../../checkers/learning/learningCharts.ts';
import type { LearnTerm } from '../../checkers/learning/learnPrint.ts';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { compareNumbers, meanText } from '../verdict.ts';
import type { Picture, Row, RunContext, Verdict } from '../experiment.ts';
import { makeFolder } from '../../host/makeFolder.ts';

export const SOURCE_1959 = 'Samuel 1959, IBM J. Res. Dev. 3(3)';
export const GAMES = 28;
/** Samuel: "At frequent intervals the program lists the 12 leading terms" - our interval, in Alpha's moves. */
export const PRINT_EVERY = 5;

/** Appendix C: the 12 leading terms after 42 games of the second series (correlation, sign, power, times adjusted). */
export const APPENDIX_C: readonly { name: string; correlation: number; sign: '+' | '-'; power: number; adjusted: number }[] = [
  { name: 'MOC 2', correlation: 0.45, sign: '-', power: 18, adjusted: 84 },
  { name: 'KCENT', correlation: 0.40, sign: '+', power: 16, adjusted: 127 },
  { name: 'MOC 4', correlation: 0.35, sign: '-', power: 14, adjusted: 95 },
  { name: 'MODE 3', correlation: 0.33, sign: '-', power: 13, adjusted: 210 },
  { name: 'DEMMO', correlation: 0.27, sign: '-', power: 11, adjusted: 132 },
  { name: 'MOVE', correlation: 0.19, sign: '+', power: 8, adjusted: 91 },
  { name: 'ADV', correlation: 0.19, sign: '-', power: 8, adjusted: 739 },
  { name: 'MODE 2', correlation: 0.19, sign: '-', power: 8, adjusted: 55 },
  { name: 'BACK', correlation: 0.14, sign: '-', power: 6, adjusted: 6 },
  { name: 'CNTR', correlation: 0.13, sign: '+', power: 5, adjusted: 12 },
  { name: 'THRET', correlation: 0.13, sign: '+', power: 5, adjusted: 442 },
  { name: 'MOC 3', correlation: 0.10, sign: '+', power: 4, adjusted: 89 },
];

const cacheDir = (ctx: RunContext): string => join(ctx.workDir, '..', '..', 'cache');

/** One seed's series: the key it is kept under, what its progress lines say, and how it is played. */
interface SeriesPlan {
  key: string;
  what: string;
  options: Omit<SeriesOptions, 'onGame'>;
}

/**
 * The plans' runs, in order: each the same run made before by the same program when it is kept,
 * else played and kept. Those to play are played side by side, a worker thread each up to the
 * cores (a run is a pure function of its plan, so the thread's run is this thread's).
 */
async function cachedSeries(ctx: RunContext, plans: readonly SeriesPlan[]): Promise<SeriesRun[]> {
  const file = (p: SeriesPlan): string => join(cacheDir(ctx), `${p.key}-${checkersDigest()}.json`);
  const kept = plans.map((p) => {
    if (!existsSync(file(p))) return undefined;
    ctx.log(`${p.key}: the same run made before (${file(p)})`);
    return JSON.parse(readFileSync(file(p), 'utf8')) as SeriesRun;
  });
  const todo = plans.filter((_, i) => kept[i] === undefined);
  const t0 = performance.now();
  const wall = (): number => (performance.now() - t0) / 1000;
  const rate = (instructions: number): string => `${(instructions / 1e6 / wall()).toFixed(0)} M a second of wall time`;
  const played = await playSeriesSideBySide(todo.map((p) => ({ ...p.options, onGame: progress(ctx, p.what) })), (i, r) => {
    const p = todo[i]!;
    makeFolder(cacheDir(ctx));
    writeFileAtomic(file(p), JSON.stringify(r)); // kept as it ends: a run stopped later keeps it
    const what = `${(r.seconds704 / 3600).toFixed(1)} h of 704 time, ${(r.instructions / 1e6).toFixed(0)} M instructions`;
    ctx.log(todo.length === 1 ? `${p.key}: ${wall().toFixed(1)} s wall, ${what} (${rate(r.instructions)})` : `${p.key}: ${what}, done after ${wall().toFixed(1)} s of wall time`);
  });
  if (todo.length > 1) ctx.log(`${todo.length} series side by side: ${wall().toFixed(1)} s wall (${rate(played.reduce((s, r) => s + r.instructions, 0))})`);
  return plans.map((_, i) => kept[i] ?? played[todo.indexOf(plans[i]!)]!);
}

const progress = (ctx: RunContext, what: string) => (game: number, s: { verdict: string | null }) => ctx.log(`${what}: game ${game}/${GAMES} ${s.verdict ?? ''}`);

/** Series 1 of each seed, from the seed's arbitrary selection of 16 terms, all at equal weights. */
export const series1 = (ctx: RunContext, seeds: readonly number[]): Promise<SeriesRun[]> => cachedSeries(ctx, seeds.map((seed) => ({
  key: `series-1-seed-${seed}`, what: `seed ${seed} series 1`, options: { series: 1, games: GAMES, start: untrainedState(termOrder(seed)), printEvery: PRINT_EVERY },
})));

/** Series 2 of each seed from the terms its series 1 selected (`firsts`, when the caller has them), their weights forgotten (`*LEARN RESET`). */
export async function series2(ctx: RunContext, seeds: readonly number[], firsts?: readonly SeriesRun[]): Promise<SeriesRun[]> {
  const from = firsts ?? await series1(ctx, seeds);
  return cachedSeries(ctx, seeds.map((seed, i) => ({
    key: `series-2-seed-${seed}`, what: `seed ${seed} series 2`, options: { series: 2, games: GAMES, start: from[i]!.final, reset: true, printEvery: PRINT_EVERY },
  })));
}

export type Result = 'won' | 'lost' | 'drawn';
export const results = (r: SeriesRun): Result[] => r.games.map((g) => g.learning?.alphaResult ?? 'drawn');
export const count = (rs: readonly Result[], what: Result): number => rs.filter((x) => x === what).length;

/** Every table the series printed, in order (at intervals and at the ends of games), with its game. */
export function tables(r: SeriesRun): { game: number; terms: LearnTerm[] }[] {
  return r.games.flatMap((g) => [...(g.learning?.during ?? []).map((d) => ({ game: g.round, terms: d.terms })), { game: g.round, terms: g.learning?.terms ?? [] }])
    .filter((t) => t.terms.length > 0);
}

const leader = (t: LearnTerm[]): string => `${t[0]!.sign ?? ''}${t[0]!.name}`;

/** Changes of occupancy at the top of the list in games from..to, and the different terms involved. */
export function topChanges(r: SeriesRun, from: number, to: number): { changes: number; terms: number } {
  const ts = tables(r);
  let changes = 0;
  const involved = new Set<string>();
  ts.forEach((t, i) => {
    if (t.game < from || t.game > to || i === 0) return;
    const a = leader(ts[i - 1]!.terms);
    const b = leader(t.terms);
    if (a !== b) {
      changes++;
      involved.add(a.replace(/^[-+]/, ''));
      involved.add(b.replace(/^[-+]/, ''));
    }
  });
  return { changes, terms: involved.size };
}

/** Different terms ever at the top, and those that came back with the sign reversed. */
export function leaders(r: SeriesRun): { terms: number; reversed: number } {
  const seen = new Map<string, Set<string>>();
  for (const t of tables(r)) {
    const top = t.terms[0]!;
    if (!seen.has(top.name)) seen.set(top.name, new Set());
    if (top.sign) seen.get(top.name)!.add(top.sign);
  }
  return { terms: seen.size, reversed: [...seen.values()].filter((s) => s.size > 1).length };
}

/** Different terms discarded during the series (the 704's DISCARDED lines). */
export const discarded = (r: SeriesRun): number => new Set(r.games.flatMap((g) => g.learning?.discarded.map((d) => d.name) ?? [])).size;

/** A row over seeds: the paper's figure, ours as mean ± spread (and each seed), the verdict on the mean. */
export function numberRow(what: string, paper: number, ours: readonly number[], note?: string, tolerance = { same: 0.1, close: 0.3 }): Row {
  const mean = ours.reduce((s, x) => s + x, 0) / ours.length;
  return { what, paper: String(paper), ours: `${meanText(ours)}${ours.length > 1 ? ` (${ours.join(', ')})` : ''}`, verdict: compareNumbers(paper, mean, tolerance), note };
}

/** "at least n" in the paper: same when ours reaches it, close within 30 %. */
export function atLeastRow(what: string, paper: number, ours: readonly number[], note?: string): Row {
  const mean = ours.reduce((s, x) => s + x, 0) / ours.length;
  const verdict: Verdict = mean >= paper ? 'same' : mean >= 0.7 * paper ? 'close' : 'differs';
  return { what, paper: `at least ${paper}`, ours: `${meanText(ours)}${ours.length > 1 ? ` (${ours.join(', ')})` : ''}`, verdict, note };
}

/** W-L-D per block of seven games, for one seed. */
export const blocks = (rs: readonly Result[]): string[] => [0, 7, 14, 21].map((b) => {
  const part = rs.slice(b, b + 7);
  return `${count(part, 'won')}-${count(part, 'lost')}-${count(part, 'drawn')}`;
});

/** Appendix C's layout, one term: `MOC 2   0.45  -  18  84`. */
export const termText = (t: { name: string; correlation: number; sign: string | null; power: number | null; adjusted: number }): string =>
  `${t.name.padEnd(6)} ${t.correlation.toFixed(2)} ${t.sign ?? ' '} ${t.power === null ? 'NONE' : String(t.power).padStart(2)} ${t.adjusted}`;

/** Appendix C's table beside ours (the 12 leading terms of one seed's last table), a row a rank. */
export function appendixCRows(ours: readonly LearnTerm[]): Row[] {
  const names = new Set(APPENDIX_C.map((t) => t.name));
  return APPENDIX_C.map((p, i) => {
    const o = ours[i];
    const verdict: Verdict = !o ? 'differs' : o.name === p.name && o.sign === p.sign ? 'same' : names.has(o.name) ? 'close' : 'differs';
    return { what: `rank ${i + 1}`, paper: termText(p), ours: o ? termText(o) : '-', verdict, note: i === 0 ? 'same: the term and sign; close: a term of the paper\'s 12' : undefined };
  });
}

/** The powers of the 12 leading terms against their correlations: Appendix C's band, read off our table. */
export function powerBandRow(ours: readonly LearnTerm[]): Row {
  const top = ours[0]?.correlation ?? 0;
  const want = ours.map((t) => (t.correlation === 0 || top === 0 ? null : Math.round((18 * t.correlation) / top)));
  const got = ours.map((t) => t.power);
  const off = want.filter((w, i) => w !== null && Math.abs(w - (got[i] ?? -99)) > 1).length;
  return {
    what: 'powers follow 18 x C / C(lead), rounded',
    paper: APPENDIX_C.map((t) => t.power).join(' '),
    ours: got.map((p) => (p === null ? '-' : String(p))).join(' '),
    verdict: off === 0 ? 'same' : off <= 2 ? 'close' : 'differs',
    note: 'our correlations are printed truncated to two places, so a power may be one off the printed ratio',
  };
}

/** Fig. 4 (coefficients of the leading terms over the games) and Alpha's results per block, for one seed. */
export function seriesPictures(r: SeriesRun, name: string, label: string): Picture[] {
  const games = r.games.filter((g) => g.learning?.alphaResult);
  return [
    { name: `${name}-fig4`, caption: `${label}: coefficients of the six leading terms over the games (Samuel's Fig. 4)`, scene: termScene(games, 'coefficients', 'moves') },
    { name: `${name}-results`, caption: `${label}: Alpha's results per block of games`, scene: alphaScene(games) },
  ];
}
