// Broeker (1989), Tables 1-11 and 14-15: his contests between POLY players with and without the
// aggression factor, unexperienced and after Findler's learning versions A and B, Stage 1's pattern
// tables above POLY or alone, and Stage 2 with and without aggression, each 125 two-game tournaments
// on his 5x5x5 coefficient grid with Fig. 8 scores and the paired t; and his timings beside the 704's.
// Every game and learning run is the 704's (src/scorefour/contest.ts); a finished contest and every
// learning run are kept in the work folder, so an interrupted run goes on where it stopped.

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePlayer, type Learnt } from '../../scorefour/contest.ts';
import { ContestRunner, defaultWorkers } from '../../scorefour/contestRunner.ts';
import { summarize, timeGames, TIMING_ROWS } from '../../scorefour/timing.ts';
import type { Scene, Shape } from '../../pictures/scene.ts';
import { compareNumbers } from '../verdict.ts';
import type { Experiment, Outcome, Row, Verdict } from '../experiment.ts';

interface Contest {
  table: number;
  row: number;
  first: string;
  second: string;
  mean: number;
  t: number;
}

/** Tables 1-11 as printed (digest 3.8), "first second mean t" a row in his order; positive favours the first-listed player. */
const PRINTED: Record<number, string> = {
  1: 'P2 P2.B 0.13 0.282|A2 A2.A -0.06 1.000|P1 P1.A 0.16 1.679|A1 A1.A 0.32 2.555|P2 P2.A -0.64 3.284|P P.A -0.74 4.002|A1 A1.B -2.56 4.610|A2 A2.B 3.14 6.420|A A.A -4.38 10.319|A A.B -4.38 10.319|P P.B -4.70 12.281|P1 P1.B -4.32 13.236',
  2: 'P2.A P2.B 0.64 1.366|A1.A A1.B -2.69 4.934|A2.A A2.B 3.20 6.539|A.A A.B -4.19 9.843|P1.A P1.B -4.22 13.240|P.A P.B -4.83 13.583',
  3: 'P.B A.B 0.64 1.353|P A -0.51 1.782|P.A A.A -0.77 2.351|P1.A A1.A 1.79 5.072|P1 A1 1.79 5.203|P2.A A2.A -1.47 5.288|P2 A2 -1.79 5.983|P1.B A1.B 3.10 6.188|P2.B A2.B -3.33 7.775',
  4: '2 P 0.93 1.580|1 P -0.83 2.232|A2.A P 1.01 2.596|A2 P 1.12 2.729|P2 P 1.98 4.375|P2.A P 2.11 4.612|A2.B P 2.08 5.230|A1.A P 2.18 5.272|A1 P 2.21 5.384|P1 P 2.05 6.214|P1.A P 2.21 6.981|P2.B P 3.33 7.732|A1.B P 4.22 10.573|P1.B P 5.63 17.011',
  5: 'A2 A 0.74 1.452|A2.A A 0.74 1.452|2 A -1.25 2.503|P2 A 1.57 3.885|P2.A A 1.57 3.885|1 A 2.62 4.968|A2.B A 2.66 6.418|A1 A 2.18 7.261|A1.A A 2.21 7.458|P2.B A 3.84 9.092|P1.A A 3.65 9.332|P1 A 3.74 10.162|A1.B A 4.64 10.567|P1.B A 6.30 21.865',
  6: '2 P.A 0.42 0.685|1 P.A -0.90 2.615|A2.A P.A 1.25 2.857|A2 P.A 1.28 2.960|P2 P.A 1.95 4.048|A1.A P.A 1.86 4.391|A1 P.A 1.89 4.492|P2.A P.A 2.14 4.615|P1 P.A 1.92 5.617|A2.B P.A 2.34 5.706|P1.A P.A 1.98 6.262|P2.B P.A 3.65 8.708|A1.B P.A 4.32 10.793|P1.B P.A 5.60 17.789',
  7: 'A1.B P.B 0.19 0.423|P2.B P.B 0.35 1.045|P2.A P.B -0.48 1.199|P2 P.B -0.58 1.457|A2 P.B -0.74 1.617|A2.A P.B -0.77 1.676|P1.A P.B -1.34 2.474|P1 P.B -1.44 2.656|A2.B P.B 1.82 3.965|A1.A P.B -2.78 6.002|A1 P.B -2.82 6.197|P1.B P.B 2.69 7.294|1 P.B -4.22 10.007|2 P.B -5.92 14.001',
  8: 'A2 A.A 0.77 1.514|A2.A A.A 0.80 1.569|2 A.A -1.38 2.729|P2 A.A 1.66 4.196|P2.A A.A 1.66 4.196|1 A.A 2.62 4.969|A1 A.A 1.79 6.201|A1.A A.A 1.79 6.444|A2.B A.A 2.69 6.502|P1.A A.A 3.20 8.079|P1 A.A 3.30 8.925|P2.B A.A 4.00 9.722|A1.B A.A 4.61 10.402|P1.B A.A 6.18 20.150',
  9: '1 A.B -0.38 0.646|A2 A.B -0.86 1.684|A2.A A.B -0.86 1.684|P2.B A.B 0.74 1.685|A2.B A.B 1.15 2.044|P1 A.B -1.28 2.203|A1.B A.B 0.67 2.408|P1.A A.B -1.60 2.793|A1 A.B -1.60 3.031|A1.A A.B -1.86 3.522|P2 A.B -1.86 3.589|P2.A A.B -1.98 3.806|P1.B A.B 2.69 5.193|2 A.B -4.99 12.889',
  // Table 10: rows 1-8 against Stage 2 without and with aggression; his rows 9-20 (P1..., P2...) print the same figures as rows 1-6
  10: 'P S2 -0.75 8.955|P.A S2 -0.79 9.376|P.B S2 -0.87 9.048|A S2 -1.42 15.208|A.A S2 -1.42 15.208|A.B S2 -0.92 7.667|1 S2 -2.00 Infinity|2 S2 -2.00 Infinity|P S2A -0.62 5.176|P.A S2A -0.63 5.292|P.B S2A -0.87 8.280|A S2A -1.03 11.638|A.A S2A -1.02 11.453|A.B S2A -1.10 11.801|1 S2A -2.00 Infinity|2 S2A -2.00 Infinity',
  11: 'S2 S2A -0.46 4.391',
};

const CONTESTS: Contest[] = Object.entries(PRINTED).flatMap(([table, rows]) => rows.split('|').map((r, i) => {
  const [first, second, mean, t] = r.split(' ') as [string, string, string, string];
  return { table: Number(table), row: i + 1, first, second, mean: Number(mean), t: Number(t) };
}));

/** The --quick run: Tables 1-3's contests between POLY players (20 tournaments, learning capped at 4 series), and a few of Table 4-5's Stage 1 contests (3 tournaments: a Stage 1 game takes 10-60 s here). */
const QUICK = new Set(['P P.A', 'A A.A', 'A A.B', 'P P.B', 'A.A A.B', 'P.A P.B', 'P.B A.B', 'P A', 'P.A A.A', 'P1 P', 'P2 P', '2 P', 'A2 A']);
const isQuick = (c: Contest): boolean => QUICK.has(`${c.first} ${c.second}`);
const usesPatterns = (c: Contest): boolean => [c.first, c.second].some((p) => /\d|S2/.test(p));

const TITLES: Record<number, string> = {
  1: 'Table 1: unexperienced vs experienced (learning A or B) - average tournament score / t',
  2: 'Table 2: version A vs version B - average / t',
  3: 'Table 3: without vs with aggression - average / t',
  4: 'Table 4: Stage 1 generalization vs P (unexperienced) - average / t',
  5: 'Table 5: Stage 1 generalization vs A (unexperienced) - average / t',
  6: 'Table 6: Stage 1 generalization vs P.A - average / t',
  7: 'Table 7: Stage 1 generalization vs P.B - average / t',
  8: 'Table 8: Stage 1 generalization vs A.A - average / t',
  9: 'Table 9: Stage 1 generalization vs A.B - average / t',
  10: 'Table 10: the other heuristics vs Stage 2 without (S2) and with (S2A) aggression - average / t',
  11: 'Table 11: Stage 2 without vs with aggression - average / t',
};

type Reading = 'first better' | 'second better' | 'equal';
export const reading = (mean: number, t: number): Reading => (t < 1.96 ? 'equal' : mean > 0 ? 'first better' : 'second better');

/** Same: the same reading at Broeker's 1.96 (and the same sign); close: the same sign; else differs. */
export function judgeRow(paper: Pick<Contest, 'mean' | 't'>, mean: number, t: number): Verdict {
  if (reading(paper.mean, paper.t) === reading(mean, t)) return 'same';
  return Math.sign(mean) === Math.sign(paper.mean) ? 'close' : 'differs';
}

interface Saved {
  setup: string;
  learnt: { key: string; learnt: Learnt }[];
  results: Record<string, { mean: number; t: number; n: number; d: number[]; seconds: number }>;
}

function load(file: string, setup: string): Saved {
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')) as Saved;
    if (s.setup === setup) return s;
  }
  return { setup, learnt: [], results: {} };
}

function save(file: string, s: Saved): void {
  writeFileSync(file + '.new', JSON.stringify(s));
  renameSync(file + '.new', file);
}

/** Each contest's average on -8..8: Broeker's (grey) and ours (red). */
function meansScene(rows: { label: string; paper: number; ours: number }[]): Scene {
  const [left, width, top, step] = [150, 420, 30, 22];
  const x = (v: number): number => left + ((v + 8) / 16) * width;
  const shapes: Shape[] = [{ kind: 'text', x: left + width / 2, y: 16, text: 'average tournament score (-8..8): Broeker grey, the 704 red', size: 12, fill: '#222222', anchor: 'middle' }];
  for (const v of [-8, -4, 0, 4, 8]) {
    shapes.push({ kind: 'line', x1: x(v), y1: top - 6, x2: x(v), y2: top + rows.length * step, stroke: v === 0 ? '#888888' : '#dddddd', width: 1 });
    shapes.push({ kind: 'text', x: x(v), y: top + rows.length * step + 14, text: String(v), size: 10, fill: '#555555', anchor: 'middle' });
  }
  rows.forEach((r, i) => {
    const y = top + i * step + step / 2;
    shapes.push({ kind: 'text', x: left - 8, y: y + 4, text: r.label, size: 11, fill: '#222222', anchor: 'end' });
    shapes.push({ kind: 'circle', cx: x(r.paper), cy: y, r: 5, fill: '#999999', tip: `Broeker ${r.paper}` });
    shapes.push({ kind: 'circle', cx: x(r.ours), cy: y, r: 5, fill: '#c0392b', tip: `704 ${r.ours.toFixed(2)}` });
  });
  return { width: left + width + 30, height: top + rows.length * step + 24, title: 'Broeker Tables 1-3: contest averages', background: '#ffffff', shapes };
}

export const broekerTables: Experiment = {
  name: 'broeker-tables',
  title: "Broeker's Score-Four contests (Tables 1-11) and timings (Tables 14-15)",
  source: 'Broeker 1989, sections 4.1-4.2 and 5.2, Tables 1-11, 14, 15 (seed 004)',
  expected: 'about a day on 2 cores (an estimate): 128 contests of 125 tournaments and 1,500 learning runs of up to 125 series, about 1.7 x 10^9 s of 704 time, most of it Stage 1 learning (a Stage 1 game is 5,000-30,000 s of 704 time) and Stage 2 games; the emulator runs ~9,400 times a 704 a CPU-second (session 14\'s --quick: 189 h of 704 time in 73 CPU-s)',
  expectedQuick: 'about 1 min on 2 cores (session 14: 46 s of wall time, 73 CPU-s): Tables 1-3\'s 9 POLY contests at 20 tournaments with learning capped at 4 series, 4 Stage 1 contests of Tables 4-5 at 3 tournaments, and the timings',
  defaultSeeds: [1],
  async run(ctx): Promise<Outcome> {
    const series = ctx.quick ? 4 : 125;
    const tournamentsOf = (c: Contest): number => (!ctx.quick ? 125 : usesPatterns(c) ? 3 : 20);
    const chosen = CONTESTS.filter((c) => !ctx.quick || isQuick(c));
    const file = join(ctx.workDir, 'broeker-tables.json');
    const saved = load(file, `${ctx.quick ? 'quick' : 'full'}/${series}`);
    const runner = new ContestRunner({ tournaments: 125, series, step: 5, depth: 2, workers: defaultWorkers() }, saved.learnt);
    try {
      for (const c of chosen) {
        const key = `${c.first} vs ${c.second}`;
        if (saved.results[key]) continue;
        const n = tournamentsOf(c);
        ctx.log(`Table ${c.table} contest ${c.row}: ${key}, ${n} tournaments...`);
        const r = await runner.contest(parsePlayer(c.first), parsePlayer(c.second), (_i, _t, d, total) => { if (d % 5 === 0 || d === total) ctx.log(`  ${d}/${total}`); }, new Map(), n);
        saved.results[key] = { mean: r.mean, t: r.t, n: r.n, d: r.d, seconds: r.seconds };
        saved.learnt = await runner.learning();
        save(file, saved);
      }
    } finally {
      await runner.close();
    }
    const result = (c: Contest): Saved['results'][string] | undefined => saved.results[`${c.first} vs ${c.second}`];
    const sections = Object.keys(TITLES).map(Number).flatMap((table) => {
      const rows = CONTESTS.filter((c) => c.table === table && result(c)).map((c): Row => {
        const r = result(c)!;
        return {
          what: `contest ${c.row}: ${c.first} vs ${c.second}${r.n < 125 ? ` (${r.n} tournaments)` : ''}`,
          paper: `${c.mean.toFixed(2)} / ${c.t.toFixed(3)} (${reading(c.mean, c.t)})`,
          ours: `${r.mean.toFixed(2)} / ${r.t.toFixed(3)} (${reading(r.mean, r.t)})`,
          verdict: judgeRow(c, r.mean, r.t),
        };
      });
      return rows.length ? [{ title: TITLES[table]!, rows }] : [];
    });
    ctx.log('timing self-play games: POLY, Stage 1 and Stage 2, with and without aggression...');
    const timed = TIMING_ROWS.map((row) => ({ row, t: timeGames(row.options) }));
    const timingRows: Row[] = timed.flatMap(({ row, t }) => {
      const s = summarize(t);
      const first = row.options.choices ? `, the first ${t.choices.length} moves of a game` : '';
      return [
        { what: `evaluation, ${row.name} (Table 14)`, paper: `${row.table14} ms`, ours: `${s.evalMs.toFixed(2)} ms`, verdict: compareNumbers(row.table14, s.evalMs, { close: 0.5 }), note: `704 time${first}` },
        { what: `move choice avg / max, ${row.name} (Table 15)`, paper: `${row.table15.join(' / ')} ms`, ours: `${(s.avg / 1000).toFixed(2)} / ${(s.max / 1000).toFixed(2)} s`, verdict: 'differs' as Verdict, note: `${Math.round(s.nodes)} moves made a 2-ply choice${first}; at his 12 moves/ms that is ${(s.nodes / 12).toFixed(0)} ms on the 3B2, so his Table 15 cannot be whole 2-ply choices` },
      ];
    });
    sections.push({ title: 'Tables 14-15: times on the AT&T 3B2 (5 MIPS) beside the 704 (about 42,000 instructions/s, 120 times slower)', rows: timingRows });
    const avg = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    const learnt = saved.learnt;
    const changed = learnt.filter((l) => l.key.split('|')[0] !== l.learnt.coef.join(','));
    const perVersion = (v: string): string => {
      const ls = learnt.filter((l) => l.key.endsWith(`|${v}`));
      return ls.length ? `version ${v}: ${ls.length} runs, ${ls.filter((l) => changed.includes(l)).length} changed a coefficient, ${avg(ls.map((l) => l.learnt.series)).toFixed(1)} series and ${avg(ls.map((l) => l.learnt.games)).toFixed(0)} games a run on average` : `version ${v}: no runs`;
    };
    const notRun = CONTESTS.filter((c) => !result(c));
    const means = CONTESTS.filter((c) => result(c)).map((c) => ({ label: `T${c.table}.${c.row} ${c.first}-${c.second}`, paper: c.mean, ours: result(c)!.mean }));
    return {
      sections,
      pictures: [{ name: 'broeker-contest-means', caption: "Each contest's average tournament score, Broeker's and the 704's", scene: meansScene(means) }],
      notes: [
        `${ctx.quick ? 'Quick run: ' : ''}contests of ${ctx.quick ? '20 tournaments (POLY players) or 3 (pattern tables)' : '125 tournaments'} on ${ctx.quick ? 'an even sample of' : 'the whole'} 5x5x5 grid (coefficients 100-500), learning runs of at most ${series} series (Broeker: 125), version A's step 5 %; depth 2, no gravity.`,
        ...(notRun.length ? [`Not run${ctx.quick ? ' in the quick run' : ''}: ${notRun.length} of the ${CONTESTS.length} contests (${[...new Set(notRun.map((c) => c.table))].map((t) => `Table ${t}`).join(', ')}); run without --quick for all of them.`] : []),
        `Learning runs (one per grid vector and player): ${perVersion('A')}; ${perVersion('B')}.`,
        'Version B stops when its factor has fallen from 0.95 to 0, 19 series after the last change: a run capped at 4 series (the quick run) never tries a factor below 0.80, so its B players are nearly always the unexperienced ones. Self-play between two 2-ply POLY players a few per cent apart is mostly drawn, so Beta rarely wins both games (version B) or one of Findler\'s patterns (version A). Broeker\'s program\'s tie-breaking and move order, which he does not give, decide which games differ.',
        'Stage 1 (levels 1 and 2 with POLY below): TRAP1 = 2^33, TRAP2 = (TRAP1 - 1) / (1,152 x 18) = 414,252 (Fig. 3); where neither side matches a pattern, POLY in coefficient units decides. Table 10 prints the same figures for the P, P1 and P2 families; its P1 and P2 rows are not repeated here.',
        'Under Fig. 8 scoring each tournament scores -8, -4, 0, 4 or 8, so every average is a multiple of 4/n; ours are. Broeker\'s Table 10 and 11 averages are not (digest 3.8).',
      ],
      emulatedSeconds: Object.values(saved.results).reduce((s, r) => s + r.seconds, 0) + timed.reduce((s, x) => s + x.t.seconds, 0),
    };
  },
};
