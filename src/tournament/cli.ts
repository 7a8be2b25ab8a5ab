// `samuel704 tournament`: a round robin or gauntlet of 704 players (Mańdziuk heuristics, the null
// heuristic, Samuel's program) and rapid-draughts, N games a pair with the colours swapped, on every
// core. The results are kept in OUT/tournament.json after every game (written atomically), so a
// run stopped by Ctrl-C or a kill goes on where it stopped; OUT also gets games.pdn and report.html.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { guarded, style } from '../cli/style.ts';
import { Progress } from '../host/progress.ts';
import { ACF_BALLOTS, ballotOrder, newSeed, playable, readBallots } from '../checkers/selfplay/openings.ts';
import { wholeNumber } from '../checkers/selfplay/selfplay.ts';
import type { GameJob, GameRecord } from './game.ts';
import { parsePlayer, type Player } from './players.ts';
import { allCores, playAll } from './pool.ts';
import { schedule } from './schedule.ts';
import { standings, standingsText } from './standings.ts';
import { tournamentHtml, tournamentPdn } from './report.ts';
import { makeFolder } from '../host/makeFolder.ts';

export interface TournamentSettings {
  players: Player[];
  format: 'round-robin' | 'gauntlet';
  games: number;
  openings: string;
  seed: number;
  giveaway: boolean;
}

export interface TournamentFile {
  settings: TournamentSettings;
  records: GameRecord[];
}

/** The jobs of a tournament's settings (ballots read and drawn by the seed). */
export function tournamentJobs(s: TournamentSettings): GameJob[] {
  const ballots = s.openings === 'start' ? [] : ballotOrder(playable(readBallots(s.openings)), s.seed);
  return schedule(s.players, { format: s.format, games: s.games, ballots, seed: s.seed, giveaway: s.giveaway });
}

/** Distinct names: a repeated name gets #2, #3 ... */
function uniqueNames(players: Player[]): Player[] {
  const seen = new Map<string, number>();
  return players.map((p) => {
    const n = (seen.get(p.name) ?? 0) + 1;
    seen.set(p.name, n);
    return n === 1 ? p : { ...p, name: `${p.name} #${n}` };
  });
}

/** Write the results so far: the journal, the PDN and the page. */
export function writeOutputs(out: string, file: TournamentFile, jobs: readonly GameJob[]): string[] {
  const names = file.settings.players.map((p) => p.name);
  const s = standings(names.length, jobs, file.records);
  writeFileAtomic(join(out, 'tournament.json'), JSON.stringify(file, null, 1));
  writeFileAtomic(join(out, 'games.pdn'), tournamentPdn('samuel704 tournament', jobs, file.records));
  const title = `${file.settings.format === 'gauntlet' ? 'Gauntlet' : 'Round robin'} of ${names.length} players, ${file.settings.games} games a pair${file.settings.giveaway ? ', give-away checkers' : ''}`;
  writeFileAtomic(join(out, 'report.html'), tournamentHtml(title, names, s, [`${file.records.length} of ${jobs.length} games played; openings ${file.settings.openings}, seed ${file.settings.seed}.`]));
  return standingsText(names, s);
}

interface Options {
  player: string[];
  format: string;
  games: string;
  depth: string;
  openings: string;
  seed?: string;
  workers?: string;
  out: string;
  giveaway?: boolean;
  redis?: string;
  queue: string;
}

async function tournament(o: Options): Promise<void> {
  const giveaway = o.giveaway === true;
  const depth = wholeNumber(o.depth, '--depth');
  if (o.format !== 'round-robin' && o.format !== 'gauntlet') throw new Error(`--format: "${o.format}" is not round-robin or gauntlet`);
  const journal = join(o.out, 'tournament.json');
  let file: TournamentFile;
  if (existsSync(journal)) {
    file = JSON.parse(readFileSync(journal, 'utf8')) as TournamentFile;
    process.stderr.write(style.dim(`${journal}: going on with ${file.records.length} games played (its settings; the command's players and options are not used)\n`));
  } else {
    if (o.player.length < 2) throw new Error('--player: at least two players');
    const settings: TournamentSettings = {
      players: uniqueNames(o.player.map((p) => parsePlayer(p, depth, giveaway))), format: o.format, games: wholeNumber(o.games, '--games'),
      openings: o.openings, seed: o.seed === undefined ? newSeed() : wholeNumber(o.seed, '--seed', 0), giveaway,
    };
    file = { settings, records: [] };
  }
  makeFolder(o.out);
  const jobs = tournamentJobs(file.settings);
  const done = new Set(file.records.map((r) => r.index));
  const todo = jobs.filter((j) => !done.has(j.index));
  const workers = o.workers === undefined ? allCores() : wholeNumber(o.workers, '--workers', 0);
  const where = o.redis ? `queue ${o.queue} on ${o.redis}` : `${workers} worker${workers === 1 ? '' : 's'}`;
  process.stderr.write(style.dim(`${jobs.length} games, ${todo.length} to play, ${where}\n`));
  const progress = new Progress(jobs.length, 'games').resumeFrom(file.records.length);
  const signal = { stopped: false };
  const onInterrupt = (): void => { signal.stopped = true; };
  process.once('SIGINT', onInterrupt);
  const onGame = (r: GameRecord): void => {
    file.records.push(r);
    file.records.sort((a, b) => a.index - b.index);
    writeFileAtomic(journal, JSON.stringify(file, null, 1));
    const j = jobs[r.index]!;
    const score = r.winner === null ? '½-½' : r.winner === 'black' ? '1-0' : '0-1';
    progress.note(`${String(r.index + 1).padStart(4)}  ${j.black.name} - ${j.white.name}  ${score}  ${style.dim(`${r.reason}, ${r.moves.length} plies, ${j.opening}`)}`);
    progress.update(file.records.length);
  };
  try {
    if (o.redis) {
      const { playOnQueue, redisPlace } = await queueModule();
      await playOnQueue(todo, { redis: redisPlace(o.redis), queue: o.queue, onGame });
    } else await playAll(todo, { workers, signal, onGame });
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    progress.clear();
  }
  const lines = writeOutputs(o.out, file, jobs);
  process.stdout.write(`\n${lines.join('\n')}\n\n${style.dim(`${o.out}/: tournament.json, games.pdn, report.html`)}\n`);
  if (signal.stopped) {
    process.exitCode = 130;
    process.stderr.write(style.warn(`stopped: ${file.records.length} of ${jobs.length} games played; run again to go on\n`));
  }
}

const collect = (v: string, all: string[]): string[] => [...all, v];

/** The Redis queue (BullMQ, ioredis: 0.25-0.3 s to load), loaded only for --redis and the queue's workers. */
const queueModule = (): Promise<typeof import('./queue.ts')> => import('./queue.ts');

export function registerTournamentCommand(program: Command): void {
  program
    .command('tournament')
    .description("a round robin or gauntlet of 704 players (Mańdziuk heuristics, null heuristic, Samuel's program) and rapid-draughts, on every core")
    .requiredOption('--out <dir>', 'where the results go (tournament.json, games.pdn, report.html); an existing run there goes on')
    .option('--player <spec>', 'a player, repeatable: a heuristic file (samuel704 evolve), null, null-nocut (the paper\'s null search without cut-offs), samuel, samuel:TAPE (Alpha\'s polynomial from a learning tape, learning off) or rapid-draughts, each [@depth], [name=] in front', collect, [])
    .option('--format <f>', 'round-robin or gauntlet (the first player against each other)', 'round-robin')
    .option('--games <n>', 'games per pair, colours swapped after each game', '10')
    .option('--depth <n>', 'search depth of players without @depth', '6')
    .option('--openings <file|start>', 'ACF ballots (each used for a pair of games) or start (default: the bundled data/acf_3move.tsv)', ACF_BALLOTS)
    .option('--seed <n>', 'draws the ballots and every game\'s 704 seed')
    .option('--workers <n>', 'worker threads (0: this thread)', String(allCores()))
    .option('--giveaway', 'give-away checkers')
    .option('--redis <url>', 'play the games through BullMQ on this Redis (redis://host:port) with `tournament-worker` processes, not on this machine\'s cores')
    .option('--queue <name>', 'the BullMQ queue (one per tournament)', 'samuel704-tournament')
    .action(guarded((o: Options) => tournament(o)));
  program
    .command('tournament-worker')
    .description('take tournament games and evolution tasks (evolve --redis) from a BullMQ queue on Redis and perform them, one at a time, until stopped')
    .requiredOption('--redis <url>', 'the Redis (redis://host:port)')
    .option('--queue <name>', 'the BullMQ queue', 'samuel704-tournament')
    .option('--lock <ms>', 'a game whose worker is silent this long is played again by another', '30000')
    .action(guarded(async (o: { redis: string; queue: string; lock: string }) => {
      const { redisPlace, startQueueWorker } = await queueModule();
      const worker = await startQueueWorker({
        redis: redisPlace(o.redis), queue: o.queue, lockMs: wholeNumber(o.lock, '--lock'),
        onTask: (r) => process.stdout.write('values' in r ? `boards ${r.index + 1}: ${r.values.length} scored\n` : `game ${r.index + 1}: ${r.winner ?? 'drawn'}, ${r.moves.length} plies\n`),
      });
      process.stderr.write(style.dim(`worker on ${o.queue} at ${o.redis}; Ctrl-C to stop\n`));
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
      await worker.close();
    }));
}
