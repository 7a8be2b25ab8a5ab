// `samuel704 evolve hg|shg`: Mańdziuk's two generators with the paper's parameters (docs/mandziuk.md),
// every game and every board value played by 704s on every core (or, with --redis, by
// `tournament-worker` processes on any machines through BullMQ: the same run). The run's state is saved in
// OUT/evolve.json (atomically) after each step, so a kill loses at most the batch in flight and the
// same command goes on; the best specimen goes to OUT/best.json (a heuristic file `tournament`
// reads) and the evolution curve to OUT/curve.svg.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { guarded, style } from '../cli/style.ts';
import { linesScene } from '../host/charts.ts';
import { Progress } from '../host/progress.ts';
import type { Scene } from '../pictures/scene.ts';
import { sceneSvg } from '../pictures/svg.ts';
import { newSeed } from '../checkers/selfplay/openings.ts';
import { wholeNumber } from '../checkers/selfplay/selfplay.ts';
import { HEURISTIC_NAMES, isHeuristic, type HeuristicName } from '../mandziuk/heuristics.ts';
import type { HeuristicFile } from '../tournament/players.ts';
import { TaskPool, allCores, type Runner } from '../tournament/pool.ts';
import { bestOf, hgBands, hgDefaults, newHg, runHg, type HgState } from './hg.ts';
import { newShg, runShg, shgDefaults, type ShgState } from './shg.ts';
import { makeFolder } from '../host/makeFolder.ts';

export type EvolveState = HgState | ShgState;

/** Small settings for a quick look and the tests: minutes, not days. */
export const QUICK = {
  hg: { population: 40, boards: 40, generations: 200, depth: 2, firstBand: [16, 18] as [number, number] },
  shg: { population: 8, depth: 1, steps: 6 },
};

export function heuristicFile(st: EvolveState, genes: number[]): HeuristicFile {
  const s = st.settings;
  return { format: 'samuel704-heuristic', name: `${st.kind.toUpperCase()}:${s.heuristic}`, heuristic: s.heuristic, giveaway: s.giveaway, genes, depth: s.depth };
}

const COLOURS = ['#27c', '#c72', '#2a7', '#a3c', '#c44', '#888', '#7a2', '#2aa'];

/**
 * Evolution curves of runs of one generator on one chart: HG's best specimen every 50 generations,
 * its fitness n / sum (h - a)^2 = 1 / mean squared error drawn as the RMS error (a phase every
 * `generations`, so each phase's new boards show as a step); SHG's offspring's win rate against
 * the specimen it would replace (the share of crossbreedings kept), by block.
 */
export function curvesScene(runs: readonly EvolveState[]): Scene {
  const colour = (i: number): string => COLOURS[i % COLOURS.length]!;
  const name = (st: EvolveState): string => `${st.kind.toUpperCase()}:${st.settings.heuristic}`;
  if (runs.every((st) => st.kind === 'hg')) {
    const hg = runs as HgState[];
    const series = hg.map((st, i) => ({ name: name(st), values: st.curve.map((c) => 1 / Math.sqrt(c.best)), color: colour(i) }));
    const longest = hg.reduce((a, b) => (b.curve.length > a.curve.length ? b : a));
    const top = Math.max(1, ...series.flatMap((s) => s.values));
    return linesScene(series, `HG - the best specimen's RMS error (1 / sqrt fitness), a phase every ${longest.settings.generations} generations`,
      { x: longest.curve.map((c) => c.generation), xName: 'generations', yTicks: [{ value: top, label: top.toFixed(1) }, { value: 0, label: '0' }], tip: (s, i) => `${s.name}, generation ${longest.curve[i]?.generation}: RMS error ${s.values[i]!.toFixed(2)}` });
  }
  const shg = runs.filter((st): st is ShgState => st.kind === 'shg');
  const longest = shg.reduce((a, b) => (b.curve.length > a.curve.length ? b : a));
  return linesScene(shg.map((st, i) => ({ name: name(st), values: st.curve.map((c) => c.effectiveRatio), color: colour(i) })),
    "SHG - the offspring's win rate against the specimen it would replace (the share kept)",
    { x: longest.curve.map((c) => c.step), xName: 'crossbreedings', yTicks: [{ value: 1, label: '100%' }, { value: 0.5, label: '50%' }, { value: 0, label: '0' }], tip: (s, i) => `${s.name}, to crossbreeding ${longest.curve[i]?.step}: ${(100 * s.values[i]!).toFixed(0)}% kept` });
}

/** One run's curve as an SVG file. */
export const curveSvg = (st: EvolveState): string => sceneSvg(curvesScene([st]));

interface Options {
  heuristic: string;
  out: string;
  seed?: string;
  giveaway?: boolean;
  quick?: boolean;
  workers?: string;
  population?: string;
  generations?: string;
  boards?: string;
  depth?: string;
  steps?: string;
  redis?: string;
  queue?: string;
}

/**
 * The Redis queue's runner. Its module (BullMQ and ioredis, 0.25-0.3 s to load) is loaded only
 * here, not by everything that imports evolve(): `reproduce samuel-series-2` loaded it (issue 16).
 */
async function queueRunner(url: string, queue: string): Promise<Runner> {
  const { QueueRunner, redisPlace } = await import('../tournament/queue.ts');
  return new QueueRunner({ redis: redisPlace(url), queue });
}

export async function evolve(generator: string, o: Options, log = (t: string): void => { process.stderr.write(t + '\n'); }): Promise<EvolveState> {
  if (generator !== 'hg' && generator !== 'shg') throw new Error(`evolve: "${generator}" is not hg or shg`);
  const file = join(o.out, 'evolve.json');
  let st: EvolveState;
  if (existsSync(file)) {
    st = JSON.parse(readFileSync(file, 'utf8')) as EvolveState;
    if (st.kind !== generator) throw new Error(`${file} is a ${st.kind} run, not ${generator}`);
    log(style.dim(`${file}: going on (its own settings)`));
  } else {
    const h = o.heuristic.toUpperCase();
    if (!isHeuristic(h)) throw new Error(`--heuristic: ${o.heuristic} is not one of ${HEURISTIC_NAMES.join(' ')}`);
    const seed = o.seed === undefined ? newSeed() : wholeNumber(o.seed, '--seed', 0);
    const num = (v: string | undefined, what: string): number | undefined => (v === undefined ? undefined : wholeNumber(v, what));
    const giveaway = o.giveaway === true;
    if (generator === 'hg') {
      const s = { ...hgDefaults(h as HeuristicName, giveaway, seed), ...(o.quick ? QUICK.hg : {}) };
      s.population = num(o.population, '--population') ?? s.population;
      s.generations = num(o.generations, '--generations') ?? s.generations;
      s.boards = num(o.boards, '--boards') ?? s.boards;
      s.depth = num(o.depth, '--depth') ?? s.depth;
      st = newHg(s);
    } else {
      const s = { ...shgDefaults(h as HeuristicName, giveaway, seed), ...(o.quick ? QUICK.shg : {}) };
      s.population = num(o.population, '--population') ?? s.population;
      s.steps = num(o.steps, '--steps') ?? s.steps;
      s.depth = num(o.depth, '--depth') ?? s.depth;
      st = newShg(s);
    }
  }
  makeFolder(o.out);
  const pool: Runner = o.redis
    ? await queueRunner(o.redis, o.queue ?? 'samuel704-evolve')
    : new TaskPool(o.workers === undefined ? allCores() : wholeNumber(o.workers, '--workers', 0));
  const stop = { stopped: false };
  const onInterrupt = (): void => { stop.stopped = true; };
  process.once('SIGINT', onInterrupt);
  const save = (s: EvolveState): void => {
    writeFileAtomic(file, JSON.stringify(s));
    const best = s.kind === 'hg' ? (s.population.length ? bestOf(s.population).genes : null) : (s.latest ?? s.population[0]!);
    if (best) writeFileAtomic(join(o.out, 'best.json'), JSON.stringify(heuristicFile(s, best), null, 1));
    writeFileAtomic(join(o.out, 'curve.svg'), curveSvg(s));
  };
  let progress: Progress | null = null;
  try {
    if (st.kind === 'hg') await hgBands(st, pool, { stage: log, progress: () => {}, save });
    const total = st.kind === 'hg' ? st.bands.length * st.settings.generations : st.settings.steps;
    progress = new Progress(total, st.kind === 'hg' ? 'generations' : 'crossbreedings');
    const bar = progress;
    if (st.kind === 'hg') {
      bar.resumeFrom(st.phase * st.settings.generations + st.generation);
      await runHg(st, pool, { stage: (t) => bar.note(style.dim(t), process.stderr), progress: (d, _t, s) => bar.update(d, s), save }, stop);
    } else {
      bar.resumeFrom(st.step);
      await runShg(st, pool, { progress: (d, _t, s) => bar.update(d, s), save }, stop);
    }
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    progress?.clear();
    await pool.close();
  }
  if (stop.stopped) {
    process.exitCode = 130;
    log(style.warn(`stopped; run the same command again to go on`));
  } else log(`done: ${join(o.out, 'best.json')} (the best specimen), ${join(o.out, 'curve.svg')}`);
  return st;
}

export function registerEvolveCommand(program: Command): void {
  program
    .command('evolve')
    .description("Mańdziuk's HG (fitted to the 704's depth-6 values, built back from the endgame) or SHG (specimens play each other) on every core")
    .argument('<generator>', 'hg or shg')
    .requiredOption('--heuristic <name>', `the heuristic: ${HEURISTIC_NAMES.join(' ')}`)
    .requiredOption('--out <dir>', 'the run (evolve.json, resumed when there), best.json, curve.svg')
    .option('--giveaway', 'give-away checkers')
    .option('--seed <n>', 'the run\'s random generator (and every 704 game\'s seed)')
    .option('--quick', 'small settings: a look in minutes (see docs/mandziuk.md)')
    .option('--workers <n>', 'worker threads (0: this thread)', String(allCores()))
    .option('--population <n>', 'specimens (HG 350, SHG 120 simple / 70 complex)')
    .option('--generations <n>', 'HG: generations each phase (2000)')
    .option('--boards <n>', 'HG: test boards each phase (4000)')
    .option('--depth <n>', 'HG: the 704 search scoring the boards (6); SHG: the comparison games (3 simple / 4 complex)')
    .option('--steps <n>', 'SHG: crossbreedings (3000)')
    .option('--redis <url>', 'play the games and score the boards through BullMQ on this Redis (redis://host:port) with `tournament-worker` processes, not on this machine\'s cores')
    .option('--queue <name>', 'the BullMQ queue (--redis)', 'samuel704-evolve')
    .action(guarded(async (generator: string, o: Options) => { await evolve(generator, o); }));
}
