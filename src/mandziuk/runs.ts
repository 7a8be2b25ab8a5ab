// What the Mańdziuk experiments share (src/reproduce/experiments/mandziuk*.ts): evolving a
// heuristic in the experiment's work folder (resumed when there), and matches of 704 players.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { curvesScene, evolve, type EvolveState } from '../evolve/cli.ts';
import type { Picture } from '../reproduce/experiment.ts';
import type { GameJob, GameRecord } from '../tournament/game.ts';
import type { HeuristicFile, Player } from '../tournament/players.ts';
import { allCores, playAll } from '../tournament/pool.ts';
import { START_FEN } from '../tournament/schedule.ts';
import { Rng } from '../evolve/ga.ts';
import type { HeuristicName } from './heuristics.ts';

export interface EvolveSpec {
  generator: 'hg' | 'shg';
  heuristic: HeuristicName;
}

const LINEAR_AND_PHASED: HeuristicName[] = ['8F', '10F', '15F', '19F', '25F', '3PH', '5PH'];
/** The 15 heuristics the paper's tournaments most likely held: HG and SHG of each, and HG:E3Ph (seeds-digest 1.9). */
export const PAPER_HEURISTICS: EvolveSpec[] = [
  ...LINEAR_AND_PHASED.map((heuristic) => ({ generator: 'hg' as const, heuristic })), { generator: 'hg', heuristic: 'E3PH' },
  ...LINEAR_AND_PHASED.map((heuristic) => ({ generator: 'shg' as const, heuristic })),
];

export const specName = (e: EvolveSpec): string => `${e.generator.toUpperCase()}:${e.heuristic}`;

/** Settings for the experiments' --quick runs: seconds of evolution each, not days. */
const TINY = {
  hg: { population: '20', boards: '16', generations: '60', depth: '1' },
  shg: { population: '6', steps: '4', depth: '1' },
};

const evolveDir = (dir: string, e: EvolveSpec, giveaway: boolean): string => join(dir, `${e.generator}-${e.heuristic}${giveaway ? '-gac' : ''}`);

/** Evolve (or take up) one heuristic in `dir`; the best specimen as a player at `depth`. */
export async function evolvedPlayer(e: EvolveSpec, o: { dir: string; seed: number; quick: boolean; giveaway: boolean; depth: number; log: (l: string) => void }): Promise<Player> {
  const out = evolveDir(o.dir, e, o.giveaway);
  o.log(`evolving ${specName(e)}${o.giveaway ? ' (give-away)' : ''} in ${out}`);
  await evolve(e.generator, { heuristic: e.heuristic, out, seed: String(o.seed), giveaway: o.giveaway, quick: o.quick, workers: String(allCores()), ...(o.quick ? TINY[e.generator] : {}) }, o.log);
  const f = JSON.parse(readFileSync(join(out, 'best.json'), 'utf8')) as HeuristicFile;
  return { kind: 'heuristic', name: specName(e), heuristic: f.heuristic, depth: o.depth, genes: f.genes };
}

/** `evolvedPlayer` for each spec in turn, in the experiment's work folder with its seed. */
export async function evolvedPlayers(specs: readonly EvolveSpec[], ctx: { workDir: string; seeds: readonly number[]; quick: boolean; log: (l: string) => void }, o: { giveaway: boolean; depth: number }): Promise<Player[]> {
  const players: Player[] = [];
  for (const e of specs) players.push(await evolvedPlayer(e, { dir: ctx.workDir, seed: ctx.seeds[0] ?? 1, quick: ctx.quick, log: ctx.log, ...o }));
  return players;
}

/** A match of `games` games from the start, colours swapped after each; the points of `a`. */
export async function match(a: Player, b: Player, games: number, seed: number, giveaway: boolean): Promise<{ points: number; records: GameRecord[] }> {
  const rng = new Rng(seed);
  const jobs: GameJob[] = Array.from({ length: games }, (_, index) => {
    const [black, white] = index % 2 === 0 ? [a, b] : [b, a];
    return { index, black, white, seats: index % 2 === 0 ? [0, 1] : [1, 0], fen: START_FEN, opening: 'start', seed: rng.seed(), giveaway };
  });
  const records = await playAll(jobs, { workers: allCores() });
  const points = records.reduce((s, r) => {
    const aIsBlack = jobs[r.index]!.seats[0] === 0;
    return s + (r.winner === null ? 0.5 : (r.winner === 'black') === aIsBlack ? 1 : 0);
  }, 0);
  return { points, records };
}

/** The evolution curves of the runs `evolvedPlayer` made in `dir`: one picture for the HG runs, one for the SHG runs. */
export function evolutionPictures(dir: string, specs: readonly EvolveSpec[], giveaway: boolean): Picture[] {
  const game = giveaway ? 'give-away checkers' : 'checkers';
  return (['hg', 'shg'] as const).flatMap((generator) => {
    const runs = specs.filter((e) => e.generator === generator).map((e) => JSON.parse(readFileSync(join(evolveDir(dir, e, giveaway), 'evolve.json'), 'utf8')) as EvolveState);
    if (runs.length === 0) return [];
    const caption = generator === 'hg'
      ? `HG evolution (${game}): the best specimen's RMS error against the 704's search values, every 50 generations`
      : `SHG evolution (${game}): the share of offspring that beat the specimen they would replace, by block of crossbreedings`;
    return [{ name: `${generator}-curves${giveaway ? '-gac' : ''}`, caption, scene: curvesScene(runs) }];
  });
}