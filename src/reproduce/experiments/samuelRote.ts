// `samuel704 reproduce samuel-rote`: Samuel's rote-learning study (1959, "Rote-learning tests"):
// a memory tape of 53,000 boards built from nothing by the 704 program, then measured beside his
// words. The build runs two streams at once, one a core, each on a reel of its own: book learning
// over Tinsley's games (chunks of 40, `book --memory`) and rote self-play from the ACF ballots
// (`selfplay --state --rote`); then the 704 joins the two reels (`*ROTE JOIN`). Every step is
// journalled in the work folder, so a killed run goes on where it stopped. Measurements: the tape
// (boards, words a board, boards a record), self-play from other ballots with the memory and
// without (look-ups, hits, effective ply and 704 time a move by phase) and a match of the program
// with the memory against itself without it, colours reversed, with a paired test.

import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../host/stateFolder.ts';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { applyPath, parseFen, piecesOf } from '../../checkers/notation/board.ts';
import { bookCards, parsePdn, setupCards } from '../../checkers/notation/pdn.ts';
import { addTimes, lookupTimesOn, type LookupTimes } from '../../checkers/rote/lookupTimes.ts';
import { CheckersSession, type RoteSearch } from '../../checkers/program/session.ts';
import { attachMemoryReadOnly, playMatchGame, Program704, scoreTable, type MatchGame } from '../../checkers/match/match.ts';
import { ACF_BALLOTS, ballotName, ballotOrder, playable, readBallots, type Ballot } from '../../checkers/selfplay/openings.ts';
import { endgameStarts } from '../../checkers/selfplay/endgames.ts';
import { bookStarts } from '../../checkers/selfplay/bookStarts.ts';
import { toFen } from '../../checkers/notation/board.ts';
import { joinMemoryTapes } from '../../checkers/rote/join.ts';
import { boardFen, readMemory, standardFen } from '../../checkers/rote/memoryTape.ts';
import { duration } from '../../host/progress.ts';
import { compareNumbers } from '../verdict.ts';
import type { Experiment, Outcome, Row, RunContext } from '../experiment.ts';
import { makeFolder } from '../../host/makeFolder.ts';

const DATA = join(packageRoot(), 'data');
const BOOK_CHUNK = 40;
/** Samuel's figures ("Rote-learning tests", Appendix A). */
const PAPER = { boards: 53000, words: 3.8, lookupMs: 2.3 };

interface BuildJournal {
  /** Book chunks on reel A. */
  bookDone: number;
  /** Self-play games asked of reel B's session (it journals its own games). */
  selfplayGames: number;
  /** Self-play games asked of reel C's session, the stream that follows the book on its core. */
  selfplayGamesC?: number;
  joined: boolean;
  /** Wall seconds of the build so far (over resumed runs). */
  wallSeconds: number;
}

const journalPath = (dir: string): string => join(dir, 'build.json');
const loadJournal = (dir: string): BuildJournal =>
  existsSync(journalPath(dir)) ? JSON.parse(readFileSync(journalPath(dir), 'utf8')) as BuildJournal : { bookDone: 0, selfplayGames: 0, joined: false, wallSeconds: 0 };
const saveJournal = (dir: string, j: BuildJournal): void => writeFileAtomic(journalPath(dir), JSON.stringify(j, null, 2));

export const boardsOn = (tape: string): number => (existsSync(tape) ? readMemory(tape).records.reduce((n, r) => n + r.boards.length, 0) : 0);

/** One CLI command in a child process (a core of its own), started as this one was; its output goes to `log`. */
export function cli(args: string[], log: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      writeFileSync(log, Buffer.concat(out));
      if (code === 0) resolve();
      else reject(new Error(`samuel704 ${args.join(' ')} failed (exit ${code}); its output is in ${log}`));
    });
  });
}

/** Endgame starts mixed with the ballots for rote self-play (checkers/selfplay/endgames.ts). */
export const ENDGAMES = 3000;
/** The plies of Tinsley's games whose positions start self-play (checkers/selfplay/bookStarts.ts). */
export const BOOK_PLIES = [12, 24, 36];

/**
 * The starts of rote self-play: the playable ACF ballots, the positions of Tinsley's games after
 * the plies BOOK_PLIES and ENDGAMES endgame starts, as one ballots file (number, moves, status,
 * name, FEN) that selfplay --openings orders by its seed.
 * Decision: the ballots alone repeat - after ~170 games from them ten more games added 44 boards
 * (the 53,000-board build of session 4) - so self-play is fed from masters' positions at move k
 * (~1,300 distinct starts) and from endings as well.
 */
export function startsFile(dir: string): string {
  const file = join(dir, 'starts.tsv');
  if (existsSync(file)) return file;
  const ballots = playable(readBallots(ACF_BALLOTS)).map((b) => [b.moves.join(' '), b.status, `ACF ${b.number}`, b.fen]);
  const book = bookStarts(join(DATA, 'tinsley.pdn'), BOOK_PLIES).map((s) => ['book', 'book', `Tinsley ${s.name}`, s.fen]);
  const ends = endgameStarts(ENDGAMES, 1959).map((p, i) => ['endgame', 'endgame', `endgame ${i + 1}`, toFen(p)]);
  writeFileAtomic(file, [...ballots, ...book, ...ends].map((f, i) => `${i + 1}\t${f.join('\t')}`).join('\n') + '\n');
  return file;
}

/** The starts file dealt into `n` files (line i to file i mod n), one a self-play stream, so no two streams play the same start. */
export function startsParts(dir: string, n: number): string[] {
  const lines = readFileSync(startsFile(dir), 'utf8').split('\n').filter((l) => l !== '');
  return Array.from({ length: n }, (_, k) => {
    const file = join(dir, `starts-${k + 1}-of-${n}.tsv`);
    if (!existsSync(file)) writeFileAtomic(file, lines.filter((_, i) => i % n === k).join('\n') + '\n');
    return file;
  });
}

/** Tinsley's games in chunks of BOOK_CHUNK, written once into the work folder. */
function bookChunks(dir: string, quick: boolean): string[] {
  const text = readFileSync(join(DATA, 'tinsley.pdn'), 'latin1');
  const games = text.split(/(?=\[Event )/).filter((g) => g.startsWith('[Event'));
  const use = quick ? games.slice(0, 20) : games;
  const files: string[] = [];
  for (let i = 0; i < use.length; i += BOOK_CHUNK) {
    const f = join(dir, `book-${String(i / BOOK_CHUNK).padStart(2, '0')}.pdn`);
    if (!existsSync(f)) writeFileAtomic(f, use.slice(i, i + BOOK_CHUNK).join(''));
    files.push(f);
  }
  return files;
}

/**
 * The boards the build asks of its reels together, over the target: the join keeps a board once,
 * and the reels share a few (a self-play start from a master's game is a book position, and the
 * program often plays the master's move from it). Measured: session 4's three reels held 38,458
 * boards and joined into 37,672 (2 %); with starts from Tinsley's games more coincide.
 */
const JOIN_MARGIN = 1.1;

/**
 * Build the memory: two streams at once, one a core, each on reels of its own - book learning
 * (reel A) then self-play (reel C) on one, self-play (reel B) on the other, the two self-play
 * streams on disjoint halves of the starts - then the reels joined. Returns the memory tape's path.
 */
export async function build(ctx: RunContext, target: number): Promise<{ tape: string; wallSeconds: number }> {
  const dir = ctx.workDir;
  const j = loadJournal(dir);
  const memory = join(dir, 'memory.tap');
  if (j.joined) return { tape: memory, wallSeconds: j.wallSeconds };
  makeFolder(join(dir, 'logs'));
  const reelA = join(dir, 'reel-a.tap');
  const reels = { b: join(dir, 'reel-b'), c: join(dir, 'reel-c') };
  const tapes = [reelA, join(reels.b, 'memory.tap'), join(reels.c, 'memory.tap')];
  const [startsB, startsC] = startsParts(dir, 2) as [string, string];
  const chunks = bookChunks(dir, ctx.quick);
  const began = Date.now();
  const wall = (): number => j.wallSeconds + (Date.now() - began) / 1000;
  const onReels = (): number[] => tapes.map(boardsOn);
  const total = (): number => onReels().reduce((a, b) => a + b, 0);
  const goal = target * JOIN_MARGIN;
  const status = (): string => {
    const [a, b, c] = onReels() as [number, number, number];
    const rate = (a + b + c) / Math.max(1, wall());
    return `${a + b + c} boards (reel A ${a}, reel B ${b}, reel C ${c}), ${(rate * 60).toFixed(0)} boards/min, ${a + b + c >= goal ? 'target reached' : `ETA ${duration((goal - a - b - c) / Math.max(rate, 1e-6))}`}`;
  };
  const batch = ctx.quick ? 2 : 20;
  /** One self-play stream: batches of games in its own session until the reels hold the goal. */
  const selfplay = async (reel: string, starts: string, asked: 'selfplayGames' | 'selfplayGamesC', name: string): Promise<void> => {
    while (total() < goal) {
      j[asked] = (j[asked] ?? 0) + batch;
      saveJournal(dir, { ...j, wallSeconds: wall() });
      await cli(['selfplay', '--state', reel, '--rote', '--openings', starts, '--seed', '7', '--games', String(j[asked]), '--quiet'], join(dir, 'logs', `selfplay-${name}.txt`));
      ctx.log(`self-play ${name} ${j[asked]} games: ${status()}`);
    }
  };
  const first = (async () => {
    for (; j.bookDone < chunks.length; ) {
      await cli(['book', chunks[j.bookDone]!, '--memory', reelA], join(dir, 'logs', `book-${j.bookDone}.txt`));
      j.bookDone++;
      saveJournal(dir, { ...j, wallSeconds: wall() });
      ctx.log(`book chunk ${j.bookDone}/${chunks.length}: ${status()}`);
    }
    await selfplay(reels.c, startsC, 'selfplayGamesC', 'C');
  })();
  await Promise.all([first, selfplay(reels.b, startsB, 'selfplayGames', 'B')]);
  // the join: reel A copied, then reels B and C merged into the copy by the 704, each swapped in atomically
  if (!existsSync(memory)) {
    copyFileSync(reelA, `${memory}.tmp`);
    renameSync(`${memory}.tmp`, memory);
  }
  for (const other of tapes.slice(1).filter((t) => existsSync(t))) {
    const joined = await joinMemoryTapes(memory, other);
    if (!joined.installed) throw new Error(`joining ${other} into ${memory}: ${joined.reason}`);
    ctx.log(`joined ${other}: ${joined.reason} (704 time ${duration(joined.seconds)})`);
  }
  j.joined = true;
  j.wallSeconds = wall();
  saveJournal(dir, j);
  ctx.log(`build wall time ${duration(j.wallSeconds)}`);
  return { tape: memory, wallSeconds: j.wallSeconds };
}

// ---- measurements

export type Phase = 'opening' | 'midgame' | 'endgame';
/** Decision: the phase by the pieces on the board - 20 or more the opening, 10 or fewer the endgame. */
export const phaseOf = (pieces: number): Phase => (pieces >= 20 ? 'opening' : pieces <= 10 ? 'endgame' : 'midgame');
const PHASES: Phase[] = ['opening', 'midgame', 'endgame'];

interface MoveStat { phase: Phase; lookups: number; hits: number; ply: number; seconds: number; fen: string }

/** One self-play game from `ballot`, the memory read only (or none): a line a program move. */
async function measuredGame(ballot: Ballot, memory: string | undefined): Promise<MoveStat[]> {
  const session = new CheckersSession([], true);
  session.feed(...attachMemoryReadOnly(session, memory), ...setupCards(ballot.fen), '*SELF', '*END');
  let position = parseFen(ballot.fen);
  let pending: RoteSearch | null = null;
  let last = 0;
  const moves: MoveStat[] = [];
  const r = await session.run((e) => {
    if (e.kind === 'game') last = e.at;
    if (e.kind === 'rote' && e.search) pending = e.search;
    if (e.kind === 'move') {
      if (e.by === 'program') {
        const p = pending as RoteSearch | null;
        moves.push({ phase: phaseOf(piecesOf(position)), lookups: p?.lookups ?? 0, hits: p?.hits ?? 0, ply: p?.ply ?? e.depth, seconds: e.at - last, fen: standardFen(position) });
      }
      pending = null;
      last = e.at;
      position = applyPath(position, e.path);
    }
  });
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  return moves;
}

/**
 * The look-ups' own 704 time (KLOOK, src/checkers/rote/lookupTimes.ts): the first measured ballot's
 * self-play game (mostly misses) and Tinsley's game 1 in book mode (a game the memory learnt from:
 * the hits), the memory read only.
 */
function lookupTimes(memory: string, ballot: Ballot): LookupTimes {
  const game1 = parsePdn(readFileSync(join(DATA, 'tinsley.pdn'), 'latin1'), 'tinsley.pdn').games[0]!;
  return addTimes(lookupTimesOn(memory, [...setupCards(ballot.fen), '*SELF']), lookupTimesOn(memory, bookCards(game1)));
}

/** A row a side: the mean time of a hit and of a miss against Samuel's 2.3 ms. */
function lookupRows(t: LookupTimes): Row[] {
  const ms = (x: { count: number; cycles: number }): string => (x.count ? `${((x.cycles / x.count) * 0.012).toFixed(2)} ms (${x.count})` : '- (0)');
  const within = (x: { count: number; cycles: number }): boolean => x.count === 0 || (x.cycles / x.count) * 0.012 <= PAPER.lookupMs;
  return (['black', 'white'] as const).map((side) => ({
    what: `look-up time, ${side === 'black' ? 'Black' : 'White'} to move: a hit / a miss (look-ups)`,
    paper: `look up a saved board ${PAPER.lookupMs} ms (Appendix A)`,
    ours: `${ms(t[side].hit)} / ${ms(t[side].miss)}`,
    verdict: within(t[side].hit) && within(t[side].miss) ? 'same' as const : 'close' as const,
    note: 'emulated 704 time of KLOOK: a self-play game and Tinsley\'s game 1 in book mode',
  }));
}

const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);

/** What a measurement found, by phase (hits, look-ups, plies gained) and the match's mean pair score of 2. */
export interface RoteStats {
  boards: number;
  /** moves: the program's moves with the memory; onMemory: how many of the positions it moved from the memory holds. */
  phases: Record<Phase, { lookups: number; hits: number; gained: number; plyWith: number; plyWithout: number; moves: number; onMemory?: number }>;
  secondsWith: number;
  secondsWithout: number;
  pairMean: number;
  pairs: number;
}

/**
 * `starts`: the positions measured from (default the first 6 ACF ballots in the seed's order, 1 with
 * --quick). `timeLookups`: the look-ups' own 704 time too (samuel-rote's; the breakpoints run the
 * 704 without its translator, ~10 s, so the million's copies leave it to this experiment).
 */
export async function measure(ctx: RunContext, memory: string, wallSeconds: number, starts?: Ballot[], timeLookups = false): Promise<Outcome & { stats: RoteStats }> {
  const tape = readMemory(memory); // a tape image or a set of reels
  const boards = tape.records.reduce((n, r) => n + r.boards.length, 0);
  const words = tape.records.reduce((n, r) => n + 1 + r.boards.length * (r.wordsPerBoard + 1), 0);
  const ballots = starts ?? ballotOrder(playable(readBallots(ACF_BALLOTS)), ctx.seeds[0] ?? 1).slice(0, ctx.quick ? 1 : 6);
  const withMem: MoveStat[] = [];
  const without: MoveStat[] = [];
  for (const b of ballots) {
    withMem.push(...await measuredGame(b, memory));
    without.push(...await measuredGame(b, undefined));
    ctx.log(`measured ${ballotName(b)}`);
  }
  const games: MatchGame[] = [];
  const control = { session: null as CheckersSession | null };
  for (const b of ballots) {
    for (const side of ['black', 'white'] as const) {
      games.push(await playMatchGame(b, side, new Program704({}), { memory }, control));
      ctx.log(`match ${ballotName(b)}, memory ${side}: ${games.at(-1)!.over?.text ?? 'unfinished'}`);
    }
  }
  const table = scoreTable(games, 'Samuel 704 (no memory)', 'Samuel 704 (memory)');
  const times = timeLookups ? lookupTimes(memory, ballots[0]!) : null;
  if (times) ctx.log('timed the look-ups');
  const n = (x: number, d = 2): string => (Number.isNaN(x) ? '-' : x.toFixed(d));
  const secWith = mean(withMem.map((m) => m.seconds));
  const secWithout = mean(without.map((m) => m.seconds));
  const stored = new Set(tape.records.flatMap((r) => r.boards.map(boardFen)));
  const phases = Object.fromEntries(PHASES.map((ph) => {
    const w = withMem.filter((m) => m.phase === ph);
    const plyWith = mean(w.map((m) => m.ply));
    const plyWithout = mean(without.filter((m) => m.phase === ph).map((m) => m.ply));
    return [ph, { lookups: w.reduce((s, m) => s + m.lookups, 0), hits: w.reduce((s, m) => s + m.hits, 0), gained: plyWith - plyWithout, plyWith, plyWithout, moves: w.length, onMemory: w.filter((m) => stored.has(m.fen)).length }];
  })) as RoteStats['phases'];
  const phaseRows: Row[] = PHASES.flatMap((ph) => {
    const { lookups: look, hits, gained, plyWith, plyWithout, moves } = phases[ph];
    const paper = ph === 'opening' ? 'learned "a very good opening game"' : ph === 'endgame' ? '"recognize most winning and losing end positions many moves in advance"' : '"midgame play was not greatly improved"';
    return [
      { what: `${ph}: hit rate (hits / look-ups)`, paper, ours: `${hits} / ${look} = ${look ? ((100 * hits) / look).toFixed(2) : '-'} %`, verdict: hits > 0 ? 'close' as const : 'differs' as const, note: `${moves} program moves with the memory` },
      { what: `${ph}: plies gained (mean effective ply with - without)`, paper: '3-ply look-up gives 6, 9, ... ply (Fig. 3)', ours: `${n(gained)} (${n(plyWith)} against ${n(plyWithout)})`, verdict: gained > 0 ? 'close' : 'differs' },
    ];
  });
  const stats: RoteStats = { boards, phases, secondsWith: secWith, secondsWithout: secWithout, pairMean: table.test.mean, pairs: table.test.n };
  const sections = [
    {
      title: 'The memory tape',
      rows: [
        { what: 'boards on the memory tape', paper: '"something over 53,000"', ours: String(boards), verdict: compareNumbers(PAPER.boards, boards, { same: 0.05, close: 0.25 }) },
        { what: 'words a board', paper: '"averaging 3.8 words each"', ours: (words / boards).toFixed(2), verdict: words / boards <= PAPER.words ? 'same' as const : compareNumbers(PAPER.words, words / boards) },
        { what: 'boards a record', paper: 'records read "three or four ... each move", "five or more" held', ours: (boards / tape.records.length).toFixed(2), verdict: boards / tape.records.length >= 3 ? 'same' as const : 'differs' as const },
        { what: 'wall time to build it (2 streams, one a core, and the join)', paper: '"an inordinate amount of ... machine time"', ours: duration(wallSeconds), verdict: 'close' as const, note: 'the issue asks for under an hour on 2 cores' },
      ],
    },
    { title: 'Hits and plies gained, by phase (self-play from other ballots, the memory read only)', rows: phaseRows },
    {
      title: 'Time and play',
      rows: [
        ...(times ? lookupRows(times) : []),
        { what: '704 time a move, with the memory', paper: '-', ours: `${n(secWith, 1)} s (without: ${n(secWithout, 1)} s)`, verdict: 'close' as const },
        { what: 'the memory against no memory, colours reversed', paper: 'rote learning "soon learned to imitate master play during the opening moves"', ours: `mean pair score ${n(table.test.mean, 3)} of 2, t = ${n(table.test.t)}, p = ${n(table.test.p, 3)} (${table.test.n} pair${table.test.n === 1 ? '' : 's'})`, verdict: table.test.mean > 1 ? 'close' as const : 'differs' as const },
      ],
    },
  ];
  return {
    stats,
    sections,
    pictures: [],
    notes: [
      `Built by two streams, one a core: book learning over ${ctx.quick ? 20 : 'all'} of Tinsley's games (reel A) then rote self-play (reel C), and rote self-play (reel B), the self-play from the ACF ballots, the positions of Tinsley's games after ${BOOK_PLIES.join(', ')} plies and ${ENDGAMES} endgame starts (the two streams on disjoint halves, each in seed-7 order), then joined by the 704 (*ROTE JOIN).`,
      `Measured on ${ballots.length} ballot(s) in seed-${ctx.seeds[0] ?? 1} order: a self-play game each with the memory (read only) and without; the match: each ballot twice, colours reversed.`,
      ...table.lines,
    ],
  };
}

export const samuelRote: Experiment = {
  name: 'samuel-rote',
  title: 'Rote learning at Samuel\'s scale: a 53,000-board memory tape built from nothing, and what it does',
  source: 'Samuel 1959, "Rote learning and its variants", "Cataloging and culling stored information", "Rote-learning tests"; Appendix A',
  expected: 'about 3 min on the 2-core machine (session 21: 2 min 38 s to 2 min 55 s, the build 2 min 20 s to 2 min 36 s with two streams, then the join and the measuring; session 19: the build 3 min 00 s at 21,000-31,000 boards a minute)',
  expectedQuick: '25 s (session 19, the look-ups timed)',
  defaultSeeds: [1],
  async run(ctx) {
    const target = ctx.quick ? 1500 : PAPER.boards;
    const { tape, wallSeconds } = await build(ctx, target);
    return measure(ctx, tape, wallSeconds, undefined, true);
  },
};
