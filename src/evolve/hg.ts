// HG, the Heuristic Generator (seed 002, sections 3.1 and 5): the game is cut into bands of plies,
// the first drawn at random 82-88 plies from the start (81-87 in give-away), each later one 6 plies
// nearer, down to the start. In each phase new test boards come from the band (random games of the
// 704's null heuristic at depth 1), are scored by the 704's alpha-beta to a fixed depth with the
// previous phase's best specimen (the null heuristic first), and join a share of the older boards;
// specimens are fitted to them: fitness n / sum (h - a)^2 (eq. 3), tournament selection, one
// offspring per pair, mutation, the weakest replaced only by a fitter offspring. At each new phase
// the worst 80% are replaced by fresh random specimens. The host does the arithmetic of the
// fitness from the features the 704 prints; every move and every board value is the 704's.

import { applyPath, startPosition, toFen } from '../checkers/notation/board.ts';
import { geneCount, phaseOf, phasesOf, termsOf, type BoardFeatures, type HeuristicName } from '../mandziuk/heuristics.ts';
import type { GameJob } from '../tournament/game.ts';
import type { Player } from '../tournament/players.ts';
import { runAll, type Runner } from '../tournament/pool.ts';
import { START_FEN } from '../tournament/schedule.ts';
import { Rng, crossover, mutate, type GeneratorSettings } from './ga.ts';
import type { ScoreJob } from './score.ts';

export interface HgSettings extends GeneratorSettings {
  /** Share of a new phase's population replaced by fresh specimens. */
  renew: number;
  /** Test boards each phase, and the share of them new from the phase's band. */
  boards: number;
  fresh: number;
  generations: number;
  /** Depth of the 704's search that scores the boards (the paper: 6). */
  depth: number;
  /**
   * Ply of the first band, drawn from [lo, hi]; null: from the mean length of random games of the
   * 704, +-3 (the paper's rule, section 5: its 82-88 came from the average random game).
   */
  firstBand: [number, number] | null;
  bandStep: number;
}

export const hgDefaults = (heuristic: HeuristicName, giveaway: boolean, seed: number): HgSettings => ({
  heuristic, giveaway, seed, population: 350, tournament: 3, mutation: 8e-4, renew: 0.8, boards: 4000, fresh: 0.375,
  generations: 2000, depth: 6, firstBand: null, bandStep: 6,
});

/** Random games measured for the first band when it is not given. */
const BAND_GAMES = 40;

interface Board {
  fen: string;
  value: number;
  features: BoardFeatures;
}

interface Specimen {
  genes: number[];
  fitness: number;
}

export interface HgState {
  kind: 'hg';
  settings: HgSettings;
  rng: number;
  /** Ply of each phase's band, first to last (empty until drawn). */
  bands: number[];
  /** Mean length in plies of the 704's random games, when the first band came from it. */
  randomGameLength: number | null;
  phase: number;
  /** Boards of the phases so far (those scored by the phase's evaluator). */
  boards: Board[];
  /** The boards of this phase (indices into boards), once scored. */
  current: number[] | null;
  population: Specimen[];
  generation: number;
  crossovers: number;
  effective: number;
  /** Best fitness every 50 generations (the paper logged the best every 50), by phase. */
  curve: { phase: number; generation: number; best: number }[];
  /** The best specimen at the end of each phase. */
  best: number[][];
  done: boolean;
}

function drawBands(first: [number, number], step: number, rng: Rng): number[] {
  const bands: number[] = [];
  for (let b = first[0] + rng.int(first[1] - first[0] + 1); b >= 0; b -= step) bands.push(b);
  if (bands[bands.length - 1] !== 0) bands.push(0);
  return bands;
}

export function newHg(s: HgSettings): HgState {
  const rng = new Rng(s.seed);
  const bands = s.firstBand ? drawBands(s.firstBand, s.bandStep, rng) : [];
  return { kind: 'hg', settings: s, rng: rng.state, bands, randomGameLength: null, phase: 0, boards: [], current: null, population: [], generation: 0, crossovers: 0, effective: 0, curve: [], best: [], done: false };
}

const RANDOM: Player = { kind: 'null', name: 'random', depth: 1 };
/** Random games of the 704 from the start: the null heuristic at depth 1 on both sides, a seed each. */
const randomGames = (n: number, rng: Rng, giveaway: boolean): GameJob[] => Array.from({ length: n }, (_, index) => ({
  index, black: RANDOM, white: RANDOM, seats: [0, 1] as [number, number], fen: START_FEN, opening: 'start', seed: rng.seed(), giveaway,
}));

const randomGenes = (n: number, rng: Rng): number[] => Array.from({ length: n }, () => rng.uniform(-100, 100));

/** Positions from random games of the 704 (null heuristic, depth 1, a seed each), one per game at a ply in [from, from + step). */
async function bandBoards(st: HgState, count: number, rng: Rng, pool: Runner): Promise<string[]> {
  const from = st.bands[st.phase]!;
  if (from === 0) return Array.from({ length: count }, () => START_FEN);
  const found: string[] = [];
  while (found.length < count) {
    const jobs = randomGames(Math.ceil(1.2 * (count - found.length)), rng, st.settings.giveaway);
    const plies = jobs.map(() => from + rng.int(st.settings.bandStep));
    for (const g of await runAll(jobs, { pool })) {
      const ply = plies[g.index]!;
      if (g.moves.length <= ply || found.length >= count) continue; // the game was over before the band
      let p = startPosition();
      for (const m of g.moves.slice(0, ply)) p = applyPath(p, m.split(/[-x]/).map(Number));
      found.push(toFen(p));
    }
  }
  return found;
}

/** The 704 scores boards in batches: values and features. */
async function scoreAll(fens: string[], evaluator: Player, giveaway: boolean, pool: Runner): Promise<Board[]> {
  const size = 20;
  const jobs: ScoreJob[] = [];
  for (let i = 0; i < fens.length; i += size) jobs.push({ task: 'score', index: jobs.length, fens: fens.slice(i, i + size), player: evaluator, giveaway });
  const out: Board[] = [];
  for (const r of await runAll(jobs, { pool })) {
    const batch = jobs[r.index]!.fens;
    batch.forEach((fen, i) => out.push({ fen, value: r.values[i]!, features: r.features[i]! }));
  }
  return out;
}

/** Each board's phase and term values, so a specimen's value is one dot product. */
function termTable(st: HgState, boards: readonly Board[]): { offset: number; v: number[] }[] {
  const { heuristic: h, giveaway } = st.settings;
  const terms = termsOf(h, giveaway);
  return boards.map((b) => {
    const [me, him] = b.features.blackToMove ? [b.features.black, b.features.white] : [b.features.white, b.features.black];
    return { offset: phaseOf(b.features, phasesOf(h)) * terms.length, v: terms.map(([k, m]) => (m === 'd' ? me[k]! - him[k]! : m === 'own' ? me[k]! : him[k]!)) };
  });
}

function fitness(genes: readonly number[], table: readonly { offset: number; v: number[] }[], targets: readonly number[]): number {
  let sum = 0;
  table.forEach((t, i) => {
    let h = 0;
    for (let k = 0; k < t.v.length; k++) h += genes[t.offset + k]! * t.v[k]!;
    sum += (h - targets[i]!) ** 2;
  });
  return sum === 0 ? Number.MAX_VALUE : table.length / sum;
}

export const bestOf = (pop: readonly Specimen[]): Specimen => pop.reduce((a, b) => (b.fitness > a.fitness ? b : a));

export interface Reporter {
  /** A phase's boards are being made or scored. */
  stage(text: string): void;
  /** Generations done of all phases' generations. */
  progress(done: number, total: number, status: string): void;
  /** Save the state (atomically) and the best specimen so far. */
  save(st: HgState): void;
}

/** Draw the bands if the run has none yet: the first from the mean length of the 704's random games. */
export async function hgBands(st: HgState, pool: Runner, report: Reporter): Promise<void> {
  if (st.bands.length) return;
  const s = st.settings;
  const rng = new Rng(st.rng);
  report.stage(`the first band: ${BAND_GAMES} random games of the 704`);
  const games = await runAll(randomGames(BAND_GAMES, rng, s.giveaway), { pool });
  st.randomGameLength = games.reduce((a, g) => a + g.moves.length, 0) / games.length;
  const mid = Math.round(st.randomGameLength);
  st.bands = drawBands([Math.max(0, mid - 3), mid + 3], s.bandStep, rng);
  st.rng = rng.state;
  report.save(st);
}

/** Run (or go on with) HG to its end; `stop.stopped` ends it at the next checkpoint. */
export async function runHg(st: HgState, pool: Runner, report: Reporter, stop: { stopped: boolean }): Promise<void> {
  const s = st.settings;
  const n = geneCount(s.heuristic, s.giveaway);
  const blocks = phasesOf(s.heuristic);
  await hgBands(st, pool, report);
  const total = st.bands.length * s.generations;
  while (!st.done && !stop.stopped) {
    const rng = new Rng(st.rng);
    if (!st.current) {
      const prior = st.boards.length;
      const fresh = prior === 0 ? s.boards : Math.round(s.fresh * s.boards);
      report.stage(`phase ${st.phase + 1} of ${st.bands.length}: ${fresh} boards from ply ${st.bands[st.phase]}`);
      const fens = await bandBoards(st, fresh, rng, pool);
      const last = st.best[st.best.length - 1];
      const evaluator: Player = last ? { kind: 'heuristic', name: 'best', heuristic: s.heuristic, depth: s.depth, genes: last } : { kind: 'null', name: 'null', depth: s.depth };
      report.stage(`phase ${st.phase + 1}: the 704 scores ${fens.length} boards at depth ${s.depth} with ${last ? "the last phase's best" : 'the null heuristic'}`);
      const scored = await scoreAll(fens, evaluator, s.giveaway, pool);
      st.boards.push(...scored);
      const old = Array.from({ length: prior }, (_, i) => i);
      const reused: number[] = [];
      while (reused.length < s.boards - fresh && old.length) reused.push(old.splice(rng.int(old.length), 1)[0]!);
      st.current = [...Array.from({ length: scored.length }, (_, i) => prior + i), ...reused];
      // a new population, or the worst renewed
      const keep = st.phase === 0 ? 0 : Math.round((1 - s.renew) * s.population);
      const kept = st.population.slice().sort((a, b) => b.fitness - a.fitness).slice(0, keep);
      st.population = [...kept, ...Array.from({ length: s.population - keep }, () => ({ genes: randomGenes(n, rng), fitness: 0 }))];
      st.generation = 0;
      st.rng = rng.state;
      report.save(st);
      if (stop.stopped) break;
    }
    const boards = st.current.map((i) => st.boards[i]!);
    const table = termTable(st, boards);
    const targets = boards.map((b) => b.value);
    for (const p of st.population) p.fitness = fitness(p.genes, table, targets);
    const pick = (): Specimen => {
      let w = st.population[rng.int(st.population.length)]!;
      for (let k = 1; k < s.tournament; k++) {
        const c = st.population[rng.int(st.population.length)]!;
        if (c.fitness > w.fitness) w = c;
      }
      return w;
    };
    while (st.generation < s.generations && !stop.stopped) {
      const child = crossover(pick().genes, pick().genes, blocks, rng);
      mutate(child, s.mutation, rng);
      const f = fitness(child, table, targets);
      let weakest = 0;
      st.population.forEach((p, i) => { if (p.fitness < st.population[weakest]!.fitness) weakest = i; });
      st.crossovers++;
      if (f > st.population[weakest]!.fitness) {
        st.population[weakest] = { genes: child, fitness: f };
        st.effective++;
      }
      st.generation++;
      if (st.generation % 50 === 0 || st.generation === s.generations) {
        st.curve.push({ phase: st.phase, generation: st.phase * s.generations + st.generation, best: bestOf(st.population).fitness });
        report.progress(st.phase * s.generations + st.generation, total, `phase ${st.phase + 1}/${st.bands.length}, best fitness ${bestOf(st.population).fitness.toPrecision(3)}`);
      }
      if (st.generation % 500 === 0) {
        st.rng = rng.state;
        report.save(st);
      }
    }
    st.rng = rng.state;
    if (st.generation >= s.generations) {
      st.best.push(bestOf(st.population).genes);
      st.phase++;
      st.current = null;
      if (st.phase >= st.bands.length) st.done = true;
    }
    report.save(st);
  }
}

