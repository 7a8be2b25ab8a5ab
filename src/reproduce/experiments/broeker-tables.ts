// Broeker (1989), Tables 1-3 and 14-15: his contests between POLY players with and without the
// aggression factor, unexperienced and after Findler's learning versions A and B, each 125
// two-game tournaments on his 5x5x5 coefficient grid with Fig. 8 scores and the paired t; and his
// timings beside the 704's. The pattern-table players (P1, A2, Stage 2: Tables 4-11) are not built.
// Every game and learning run is the 704's (src/scorefour/contest.ts); a finished contest and every
// learning run are kept in the work folder, so an interrupted run goes on where it stopped.

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePlayer, type Learnt } from '../../scorefour/contest.ts';
import { ContestRunner, defaultWorkers } from '../../scorefour/contestRunner.ts';
import { timeGames } from '../../scorefour/timing.ts';
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

// As printed (digest 3.8); positive favours the first-listed player.
const CONTESTS: Contest[] = [
  { table: 1, row: 6, first: 'P', second: 'P.A', mean: -0.74, t: 4.002 },
  { table: 1, row: 9, first: 'A', second: 'A.A', mean: -4.38, t: 10.319 },
  { table: 1, row: 10, first: 'A', second: 'A.B', mean: -4.38, t: 10.319 },
  { table: 1, row: 11, first: 'P', second: 'P.B', mean: -4.7, t: 12.281 },
  { table: 2, row: 4, first: 'A.A', second: 'A.B', mean: -4.19, t: 9.843 },
  { table: 2, row: 6, first: 'P.A', second: 'P.B', mean: -4.83, t: 13.583 },
  { table: 3, row: 1, first: 'P.B', second: 'A.B', mean: 0.64, t: 1.353 },
  { table: 3, row: 2, first: 'P', second: 'A', mean: -0.51, t: 1.782 },
  { table: 3, row: 3, first: 'P.A', second: 'A.A', mean: -0.77, t: 2.351 },
];

const TITLES: Record<number, string> = {
  1: 'Table 1: unexperienced vs experienced (learning A or B) - average tournament score / t',
  2: 'Table 2: version A vs version B - average / t',
  3: 'Table 3: without vs with aggression - average / t',
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
  title: "Broeker's Score-Four contests (Tables 1-3) and timings (Tables 14-15)",
  source: 'Broeker 1989, sections 4.1-4.2 and 5.2, Tables 1-3, 14, 15 (seed 004)',
  expected: 'about 50 min on 2 cores (500 learning runs of up to 125 series, 9 contests of 125 tournaments; ~35,000 games)',
  expectedQuick: 'about 3 min on 2 cores (20 tournaments a contest, learning runs of at most 4 series; 4 min of CPU measured)',
  defaultSeeds: [1],
  async run(ctx): Promise<Outcome> {
    const tournaments = ctx.quick ? 20 : 125;
    const series = ctx.quick ? 4 : 125;
    const setup = `${tournaments}/${series}`;
    const file = join(ctx.workDir, 'broeker-tables.json');
    const saved = load(file, setup);
    const runner = new ContestRunner({ tournaments, series, step: 5, depth: 2, workers: defaultWorkers() }, saved.learnt);
    try {
      for (const c of CONTESTS) {
        const key = `${c.first} vs ${c.second}`;
        if (saved.results[key]) continue;
        ctx.log(`Table ${c.table} contest ${c.row}: ${key}, ${tournaments} tournaments...`);
        const r = await runner.contest(parsePlayer(c.first), parsePlayer(c.second), (_i, _t, d, n) => { if (d % 5 === 0 || d === n) ctx.log(`  ${d}/${n}`); });
        saved.results[key] = { mean: r.mean, t: r.t, n: r.n, d: r.d, seconds: r.seconds };
        saved.learnt = await runner.learning();
        save(file, saved);
      }
    } finally {
      await runner.close();
    }
    const sections = [1, 2, 3].map((table) => ({
      title: TITLES[table]!,
      rows: CONTESTS.filter((c) => c.table === table).map((c): Row => {
        const r = saved.results[`${c.first} vs ${c.second}`]!;
        return {
          what: `contest ${c.row}: ${c.first} vs ${c.second}`,
          paper: `${c.mean.toFixed(2)} / ${c.t.toFixed(3)} (${reading(c.mean, c.t)})`,
          ours: `${r.mean.toFixed(2)} / ${r.t.toFixed(3)} (${reading(r.mean, r.t)})`,
          verdict: judgeRow(c, r.mean, r.t),
        };
      }),
    }));
    ctx.log('timing one self-play game with and without aggression...');
    const timing = [false, true].map((aggression) => timeGames({ aggression }));
    const avg = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    const timingRows: Row[] = timing.flatMap((t, i) => [
      { what: `evaluation, POLY${i ? ' with aggression' : ''} (Table 14)`, paper: '3.1 ms', ours: `${(t.evalMs / t.evals).toFixed(2)} ms`, verdict: compareNumbers(3.1, t.evalMs / t.evals, { close: 0.5 }), note: 'both sides\' POLY from line counts kept by each move (6 multiplications)' },
      { what: `move choice avg / max, POLY${i ? ' with aggression' : ''} (Table 15)`, paper: i ? '1.2 / 4.2 ms' : '1.4 / 4.8 ms', ours: `${(avg(t.choices) / 1000).toFixed(2)} / ${(Math.max(...t.choices) / 1000).toFixed(2)} s`, verdict: 'differs' as Verdict, note: `${Math.round(t.nodes / t.choices.length)} moves made a 2-ply choice; at his 12 moves/ms that is ${(t.nodes / t.choices.length / 12).toFixed(0)} ms on the 3B2, so his Table 15 cannot be whole 2-ply choices` },
    ]);
    sections.push({ title: 'Tables 14-15: times on the AT&T 3B2 (5 MIPS) beside the 704 (about 42,000 instructions/s, 120 times slower)', rows: timingRows });
    const learnt = saved.learnt;
    const changed = learnt.filter((l) => l.key.split('|')[0] !== l.learnt.coef.join(','));
    const perVersion = (v: string): string => {
      const ls = learnt.filter((l) => l.key.endsWith(`|${v}`));
      return `version ${v}: ${ls.length} runs, ${ls.filter((l) => changed.includes(l)).length} changed a coefficient, ${avg(ls.map((l) => l.learnt.series)).toFixed(1)} series and ${avg(ls.map((l) => l.learnt.games)).toFixed(0)} games a run on average`;
    };
    const means = CONTESTS.map((c) => ({ label: `T${c.table}.${c.row} ${c.first}-${c.second}`, paper: c.mean, ours: saved.results[`${c.first} vs ${c.second}`]!.mean }));
    return {
      sections,
      pictures: [{ name: 'broeker-contest-means', caption: "Each contest's average tournament score, Broeker's and the 704's", scene: meansScene(means) }],
      notes: [
        `${ctx.quick ? 'Quick run: ' : ''}${tournaments} tournaments a contest on ${tournaments === 125 ? 'the whole' : 'an even sample of'} 5x5x5 grid (coefficients 100-500), learning runs of at most ${series} series (Broeker: 125), version A's step 5 %; depth 2, no gravity.`,
        `Learning runs (one per grid vector and player): ${perVersion('A')}; ${perVersion('B')}.`,
        'Self-play between two 2-ply POLY players that differ by 5 % in one coefficient is mostly drawn, so Beta rarely wins both games (version B) or one of Findler\'s patterns (version A): learning changes little, and the experienced players stay close to the unexperienced. Broeker\'s Table 1 shows large effects; his program\'s tie-breaking and move order, which he does not give, decide which games differ.',
        'Tables 4-9 need Stage 1 (level-1 and level-2 pattern tables with POLY), which is not built; Tables 10-11 need Stage 2 contests (built: `scorefour contest S2 P`, hours a contest on 2 cores) and Stage 2 with aggression (not built).',
        'Under Fig. 8 scoring each tournament scores -8, -4, 0, 4 or 8, so every average is a multiple of 4/n; ours are.',
      ],
      emulatedSeconds: Object.values(saved.results).reduce((s, r) => s + r.seconds, 0) + timing.reduce((s, t) => s + t.seconds, 0),
    };
  },
};
