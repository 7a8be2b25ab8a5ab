// SHG, the Simple Heuristic Generator (seed 002, sections 3.2 and 5): no fitness - two specimens are
// compared by two games of the 704 with the colours swapped, at depth 3 (simple heuristics) or 4;
// if each wins one, the one that won in fewer moves wins; two draws are a tie (the tie-breaker was
// off in the paper). Two tournaments pick the parents, a third the specimen to replace (its loser
// goes on), and the offspring replaces it only if it beats it. Genotypes are normalized - each
// phase's linear combination to a root-mean-square gene of 0.4 (our reading: the paper gives only
// the initial range (-0.5, -0.3) u (0.3, 0.5) that normalization keeps).

import { geneCount, phasesOf, type HeuristicName } from '../mandziuk/heuristics.ts';
import type { GameJob, GameRecord } from '../tournament/game.ts';
import type { Player } from '../tournament/players.ts';
import { runAll, type Runner } from '../tournament/pool.ts';
import { START_FEN } from '../tournament/schedule.ts';
import { Rng, crossover, mutate, type GeneratorSettings } from './ga.ts';

export interface ShgSettings extends GeneratorSettings {
  depth: number;
  /** Crossbreedings to run. */
  steps: number;
}

export const shgDefaults = (heuristic: HeuristicName, giveaway: boolean, seed: number): ShgSettings => {
  const complex = geneCount(heuristic, giveaway) > 10;
  return { heuristic, giveaway, seed, population: complex ? 70 : 120, tournament: 2, mutation: complex ? 2e-3 : 1e-3, depth: complex ? 4 : 3, steps: 3000 };
};

export interface ShgState {
  kind: 'shg';
  settings: ShgSettings;
  rng: number;
  population: number[][];
  step: number;
  effective: number;
  /** Effective-crossover ratio of each block of steps. */
  curve: { step: number; effectiveRatio: number }[];
  /** The latest offspring that beat the specimen it replaced: the run's best guess at its best. */
  latest: number[] | null;
  done: boolean;
}

const RMS = 0.4;

/** Each phase's block scaled to a root-mean-square gene of 0.4. */
export function normalize(genes: number[], blocks: number): number[] {
  const size = genes.length / blocks;
  for (let k = 0; k < blocks; k++) {
    const part = genes.slice(k * size, (k + 1) * size);
    const rms = Math.sqrt(part.reduce((s, g) => s + g * g, 0) / size);
    if (rms > 0) for (let i = 0; i < size; i++) genes[k * size + i] = (genes[k * size + i]! * RMS) / rms;
  }
  return genes;
}

export function newShg(s: ShgSettings): ShgState {
  const rng = new Rng(s.seed);
  const n = geneCount(s.heuristic, s.giveaway);
  const gene = (): number => (rng.next() < 0.5 ? -1 : 1) * rng.uniform(0.3, 0.5);
  const population = Array.from({ length: s.population }, () => normalize(Array.from({ length: n }, gene), phasesOf(s.heuristic)));
  return { kind: 'shg', settings: s, rng: rng.state, population, step: 0, effective: 0, curve: [], latest: null, done: false };
}

/** Who won a two-game comparison: 1 the first, -1 the second, 0 a tie. */
export function verdict(a: GameRecord, b: GameRecord): number {
  // game a: first specimen Black; game b: second specimen Black
  const first = (g: GameRecord, firstIsBlack: boolean): number => (g.winner === null ? 0 : (g.winner === 'black') === firstIsBlack ? 1 : -1);
  const [x, y] = [first(a, true), first(b, false)];
  if (x + y !== 0) return Math.sign(x + y);
  if (x === 0) return 0; // two draws
  const [winsFirst, winsSecond] = x > 0 ? [a, b] : [b, a];
  return winsFirst.moves.length < winsSecond.moves.length ? 1 : winsFirst.moves.length > winsSecond.moves.length ? -1 : 0;
}

export interface ShgReporter {
  progress(done: number, total: number, status: string): void;
  save(st: ShgState): void;
}

export async function runShg(st: ShgState, pool: Runner, report: ShgReporter, stop: { stopped: boolean }): Promise<void> {
  const s = st.settings;
  const blocks = phasesOf(s.heuristic);
  const player = (genes: number[], name: string): Player => ({ kind: 'heuristic', name, heuristic: s.heuristic, depth: s.depth, genes });
  let index = 0;
  /** Comparisons of pairs of specimens, all at once on the pool: 1 when the first wins. */
  const compare = async (pairs: [number[], number[]][], rng: Rng): Promise<number[]> => {
    const jobs: GameJob[] = pairs.flatMap(([a, b]) => {
      const [pa, pb] = [player(a, 'a'), player(b, 'b')];
      return [
        { index: index++, black: pa, white: pb, seats: [0, 1] as [number, number], fen: START_FEN, opening: 'start', seed: rng.seed(), giveaway: s.giveaway },
        { index: index++, black: pb, white: pa, seats: [1, 0] as [number, number], fen: START_FEN, opening: 'start', seed: rng.seed(), giveaway: s.giveaway },
      ];
    });
    const recs = await runAll(jobs, { pool });
    const byIndex = new Map(recs.map((r) => [r.index, r]));
    return pairs.map((_, i) => verdict(byIndex.get(jobs[2 * i]!.index)!, byIndex.get(jobs[2 * i + 1]!.index)!));
  };
  let blockEffective = 0;
  let blockSteps = 0;
  while (st.step < s.steps && !stop.stopped) {
    const rng = new Rng(st.rng);
    // three knockout tournaments side by side: two for the parents, one (losers go on) for the victim
    const draws = [0, 1, 2].map(() => Array.from({ length: s.tournament }, () => rng.int(st.population.length)));
    const alive = draws.map((d) => d[0]!);
    for (let round = 1; round < s.tournament; round++) {
      const results = await compare(draws.map((d, t) => [st.population[alive[t]!]!, st.population[d[round]!]!]), rng);
      results.forEach((r, t) => {
        const challenger = draws[t]![round]!;
        const winnerIsChallenger = r < 0;
        if (t < 2 ? winnerIsChallenger : r > 0) alive[t] = challenger; // the victim's tournament keeps the loser
      });
    }
    const child = normalize(crossover(st.population[alive[0]!]!, st.population[alive[1]!]!, blocks, rng), blocks);
    mutate(child, s.mutation, rng);
    normalize(child, blocks);
    const [beats] = await compare([[child, st.population[alive[2]!]!]], rng);
    if (beats === 1) {
      st.population[alive[2]!] = child;
      st.latest = child;
      st.effective++;
      blockEffective++;
    }
    st.step++;
    blockSteps++;
    st.rng = rng.state;
    if (blockSteps === Math.max(1, Math.floor(s.steps / 20)) || st.step === s.steps) {
      st.curve.push({ step: st.step, effectiveRatio: blockEffective / blockSteps });
      blockEffective = 0;
      blockSteps = 0;
    }
    report.progress(st.step, s.steps, `effective crossovers ${((100 * st.effective) / st.step).toFixed(0)}%`);
    report.save(st);
  }
  if (st.step >= s.steps) st.done = true;
  report.save(st);
}
