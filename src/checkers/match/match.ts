// `samuel704 match`: the 704 program against another player over ACF ballots, each ballot played
// twice with the colours reversed. The 704 plays by `*PLAY BLACK|WHITE`; the other player's moves
// are punched on cards; the 704 says what is legal and when and how a game ends (its own GAME
// OVER lines adjudicate every game). The other player is the npm engine rapid-draughts at a fixed
// depth, or the 704 program again on another memory tape (a second machine, fed our 704's moves
// as cards). The host relays moves and keeps the score: a table, and a paired t test.

import { existsSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { EnglishDraughtsComputerFactory, type EnglishDraughtsGame } from 'rapid-draughts/english';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { jumpPath, rapidGame } from './rapidBoard.ts';
import { mountLearningTape, UNTRAINED, useCards } from '../learning/learningTape.ts';
import { checkMemory } from '../rote/memoryTape.ts';
import { mountMemoryReadOnly } from '../rote/memorySet.ts';
import { guarded, style } from '../../cli/style.ts';
import { capturedBy, other, parseFen, pathText, type Side } from '../notation/board.ts';
import { resultFor } from '../selfplay/journal.ts';
import { ballotName, ballotOrder, newSeed, playable, readBallots, type Ballot } from '../selfplay/openings.ts';
import { GIVEAWAY_TAG, setupCards, writePdn, type PdnOut } from '../notation/pdn.ts';
import { Progress } from '../../host/progress.ts';
import { HEURISTIC_HELP, heuristicCards } from '../../tournament/players.ts';
import { onInterrupt } from '../../host/interrupt.ts';
import { CheckersSession, GIVEAWAY_HELP, giveawayCards, type Event, type RunResult } from '../program/session.ts';
import { pairedTest, type PairedTest } from '../../host/stats.ts';
import { wholeNumber } from '../selfplay/selfplay.ts';
import { textTable } from '../../host/table.ts';

const print = (text = ''): void => {
  process.stdout.write(text + '\n');
};

// ---- the other player

export interface Opponent {
  readonly name: string;
  /** A new game from `fen`; the opponent plays `side`. */
  start(fen: string, side: Side): Promise<void>;
  /** A move the 704 reported (either side's, in order). */
  played(path: readonly number[], side: Side): void;
  /** The opponent's move, or null when it concedes. */
  move(): Promise<number[] | null>;
}

const sameSet = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x) => b.includes(x));

/** rapid-draughts (English draughts, bitboards) searching to a fixed depth. Its squares are ours − 1; dark is Black. */
export class RapidDraughts implements Opponent {
  readonly name: string;
  private game: EnglishDraughtsGame | null = null;
  private readonly computer;

  constructor(readonly depth: number) {
    this.name = `rapid-draughts depth ${depth}`;
    this.computer = EnglishDraughtsComputerFactory.alphaBeta({ maxDepth: depth });
  }

  async start(fen: string): Promise<void> {
    this.game = rapidGame(fen);
  }

  played(path: readonly number[]): void {
    const g = this.game!;
    const [from, to, taken] = [path[0]! - 1, path[path.length - 1]! - 1, capturedBy(path).map((s) => s - 1)];
    const m = g.moves.find((x) => x.origin === from && x.destination === to && sameSet(x.captures, taken));
    if (!m) throw new Error(`rapid-draughts has no move ${path.join('-')} in its position (its moves: ${g.moves.map((x) => `${x.origin + 1}-${x.destination + 1}`).join(' ')})`);
    g.move(m);
  }

  async move(): Promise<number[] | null> {
    const g = this.game!;
    if (g.moves.length === 0) return null;
    const m = await this.computer(g);
    const path = jumpPath(m.origin + 1, m.destination + 1, m.captures.map((s) => s + 1));
    if (!path) throw new Error(`rapid-draughts move ${m.origin + 1}-${m.destination + 1} taking ${m.captures.map((s) => s + 1).join(',')} has no path`);
    return path;
  }
}

/** Rote memory for a match: the tape (or set of reels) read only, the program's merges to scratch tapes (2 8, 5 9) that are thrown away. */
export function attachMemoryReadOnly(session: CheckersSession, path: string | undefined): string[] {
  if (!path) return [];
  if (!existsSync(path)) throw new Error(`${path}: no such memory tape`);
  checkMemory(path);
  mountMemoryReadOnly(session.machine.io, path);
  return ['*ROTE ON'];
}

/** What a 704 player plays with: a memory tape (read only) and a saved polynomial (`*LEARN USE`), or neither. */
export interface Setup704 {
  memory?: string;
  learning?: string;
  /** An evolved heuristic file (FILE[@depth]): *MANDZ cards for the 704's colour. */
  heuristic?: string;
  /** More cards before the position is set up (a tournament's game limit, say). */
  cards?: readonly string[];
}

/** `Samuel 704`, then what it plays with. */
export function name704(setup: Setup704): string {
  const what = [setup.heuristic && `heuristic ${setup.heuristic}`, setup.memory && `memory ${setup.memory}`, setup.learning && (setup.learning === UNTRAINED ? 'untrained polynomial' : `polynomial ${setup.learning}`)].filter(Boolean);
  return `Samuel 704${what.length ? ` (${what.join(', ')})` : ''}`;
}

function newGameSession(fen: string, program: Side, setup: Setup704, giveaway: boolean): CheckersSession {
  const session = new CheckersSession([], false);
  if (setup.learning) mountLearningTape(session.machine.io, setup.learning);
  session.feed(...attachMemoryReadOnly(session, setup.memory), ...useCards(setup.learning), ...heuristicCards(setup.heuristic, program, giveaway), ...giveawayCards(giveaway), ...(setup.cards ?? []), ...setupCards(fen), `*PLAY ${program.toUpperCase()}`);
  return session;
}

async function runChecked(session: CheckersSession, onEvent: (e: Event) => void): Promise<RunResult> {
  const r = await session.run(onEvent);
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  return r;
}

/** The 704 program again, with its own memory tape and polynomial (or none): a second machine playing the other colour. */
export class Program704 implements Opponent {
  readonly name: string;
  private session: CheckersSession | null = null;
  private side: Side = 'white';
  private next: number[] | null = null;

  constructor(private readonly setup: Setup704, private readonly giveaway = false) {
    this.name = name704(setup);
  }

  private async runToCard(): Promise<void> {
    this.next = null;
    const r = await runChecked(this.session!, (e) => {
      if (e.kind === 'move' && e.by === 'program') this.next = e.path;
      if (e.kind === 'illegal' || e.kind === 'bad') throw new Error(`the opponent's 704 rejected our 704's move: ${e.text}`);
    });
    if (r.interrupted) throw new Error('interrupted');
  }

  async start(fen: string, side: Side): Promise<void> {
    this.side = side;
    this.session = newGameSession(fen, side, this.setup, this.giveaway);
    await this.runToCard();
  }

  played(path: readonly number[], side: Side): void {
    if (side !== this.side) this.session!.feed(pathText(path));
  }

  async move(): Promise<number[] | null> {
    if (this.next === null) await this.runToCard(); // reads our 704's move card, answers
    const m = this.next;
    this.next = null;
    return m; // null: it conceded (or its game ended)
  }

  interrupt(): void {
    this.session?.interrupt();
  }
}

// ---- the match

export interface MatchGame {
  ballot: Ballot;
  /** The colour our 704 played. */
  program: Side;
  moves: string[];
  over: Extract<Event, { kind: 'game-over' }> | null;
  /** Our 704's points: 1, ½, 0 (null: not finished). */
  points: number | null;
}

/** One game: the 704 plays `program` from the ballot (give-away with `giveaway`), the opponent's moves are fed as cards. */
export async function playMatchGame(
  ballot: Ballot, program: Side, opponent: Opponent, setup: Setup704, control: { session: CheckersSession | null }, giveaway = false,
): Promise<MatchGame> {
  const game: MatchGame = { ballot, program, moves: [], over: null, points: null };
  await opponent.start(ballot.fen, other(program));
  const session = newGameSession(ballot.fen, program, setup, giveaway);
  control.session = session;
  for (;;) {
    const r = await runChecked(session, (e) => {
      if (e.kind === 'move') {
        game.moves.push(pathText(e.path));
        opponent.played(e.path, e.side);
      }
      if (e.kind === 'illegal' || e.kind === 'bad') throw new Error(`the 704 rejected ${opponent.name}'s move: ${e.text}`);
      if (e.kind === 'game-over') game.over = e;
    });
    if (game.over || r.interrupted || r.stop !== 'input') break;
    const move = await opponent.move();
    session.feed(move ? pathText(move) : '*CONCEDE');
  }
  control.session = null;
  if (game.over) game.points = game.over.winner === null ? 0.5 : game.over.winner === program ? 1 : 0;
  return game;
}

const half = (x: number): string => (x === 0.5 ? '½' : Number.isInteger(x) ? String(x) : `${Math.floor(x)}½`);

/** The score table: a row a ballot (704 as Black, as White, the pair), totals, and the paired t test. */
export function scoreTable(games: readonly MatchGame[], opponent: string, us = 'Samuel 704'): { lines: string[]; test: PairedTest } {
  const pairs = new Map<number, { ballot: Ballot; black?: MatchGame; white?: MatchGame }>();
  for (const g of games) {
    const p = pairs.get(g.ballot.number) ?? { ballot: g.ballot };
    p[g.program] = g;
    pairs.set(g.ballot.number, p);
  }
  const cell = (g: MatchGame | undefined): string => (g?.points == null ? '-' : half(g.points));
  const rows: string[][] = [];
  const scores: number[] = [];
  for (const p of pairs.values()) {
    const both = p.black?.points != null && p.white?.points != null;
    const pair = both ? p.black!.points! + p.white!.points! : null;
    if (pair !== null) scores.push(pair);
    rows.push([ballotName(p.ballot).slice(0, 40), cell(p.black), cell(p.white), pair === null ? '-' : half(pair)]);
  }
  const lines = textTable(['ballot', '704 Black', '704 White', 'pair'], rows, ['left', 'right', 'right', 'right']).split('\n');
  const done = games.filter((g) => g.points !== null);
  const [w, d, l] = [1, 0.5, 0].map((x) => done.filter((g) => g.points === x).length);
  const points = done.reduce((s, g) => s + g.points!, 0);
  lines.push(`${us} against ${opponent}: ${done.length} games, won ${w}, drawn ${d}, lost ${l}; ${half(points)} points of ${done.length}${done.length ? ` (${((100 * points) / done.length).toFixed(1)}%)` : ''}`);
  const test = pairedTest(scores, 1);
  const f = (x: number, k = 3): string => (Number.isNaN(x) ? 'undefined' : Number.isFinite(x) ? x.toFixed(k) : x > 0 ? '+∞' : '−∞');
  const paired = `paired by ballot: ${test.n} pair${test.n === 1 ? '' : 's'}`;
  // One pair has no spread, so no t: say so rather than print 'undefined' three times.
  if (test.n === 0) lines.push(`${paired}: no ballot has both games played, so no t test`);
  else if (test.n === 1) lines.push(`${paired}, pair score ${f(test.mean)} of 2 (1 = even); a t test needs two pairs or more`);
  else {
    const tText = test.p === 1 && Number.isNaN(test.t) ? 'every pair even, so no t' : `t = ${f(test.t, 2)} with ${Math.max(0, test.df)} df`;
    lines.push(`${paired}, mean pair score ${f(test.mean)} of 2 (1 = even), sd ${f(test.sd)}, ${tText}, p = ${f(test.p)} (two-sided)`);
  }
  return { lines, test };
}

export function matchPdn(games: readonly MatchGame[], opponent: string): PdnOut[] {
  return games.map((g, i) => {
    const result = resultFor(g.over ? g.over.winner : undefined);
    const [black, white] = g.program === 'black' ? ['Samuel 704', opponent] : [opponent, 'Samuel 704'];
    return {
      tags: [['Event', 'samuel704 match'], ['Round', String(i + 1)], ['Black', black], ['White', white], ['Result', result],
        ...(g.over?.giveaway ? [GIVEAWAY_TAG] : []),
        ['Ballot', `ACF ${g.ballot.number}: ${g.ballot.moves.join(' ')}${g.ballot.name ? ` ${g.ballot.name}` : ''}`], ['SetUp', '1'], ['FEN', g.ballot.fen]],
      moves: g.moves, result, first: parseFen(g.ballot.fen).toMove, comment: g.over?.text,
    };
  });
}

interface MatchOptions {
  openings: string;
  ballots: string;
  /** The old option, whose number was ballots (two games each): refused with a hint. */
  games?: string;
  json?: boolean;
  quiet?: boolean;
  seed?: string;
  barred?: boolean;
  opponent: string;
  depth: string;
  memory?: string;
  opponentMemory?: string;
  learning?: string;
  opponentLearning?: string;
  heuristic?: string;
  pdn?: string;
  giveaway?: boolean;
}

async function match(opts: MatchOptions): Promise<void> {
  if (opts.games !== undefined) throw new Error(`--games counted ballots, each played twice with the colours reversed (--games 2 played 4 games): say --ballots ${opts.games}`);
  const n = wholeNumber(opts.ballots, '--ballots');
  const out = opts.json ? (): void => {} : print;
  const seed = opts.seed === undefined ? newSeed() : wholeNumber(opts.seed, '--seed', 0);
  const ballots = ballotOrder(playable(readBallots(opts.openings), opts.barred), seed).slice(0, n);
  if (ballots.length < n) throw new Error(`${opts.openings} has only ${ballots.length} ballots to play`);
  const giveaway = opts.giveaway === true;
  // rapid-draughts knows only the ordinary goal: it would play to win the pieces the 704 gives away
  if (giveaway && opts.opponent === 'rapid-draughts') throw new Error('--giveaway: rapid-draughts plays ordinary checkers only; play give-away against the program itself with --opponent 704');
  let opponent: Opponent;
  if (opts.opponent === 'rapid-draughts') opponent = new RapidDraughts(wholeNumber(opts.depth, '--depth'));
  else if (opts.opponent === '704') opponent = new Program704({ memory: opts.opponentMemory, learning: opts.opponentLearning }, giveaway);
  else throw new Error(`--opponent: "${opts.opponent}" is not rapid-draughts or 704`);
  if (opts.opponent !== '704' && (opts.opponentMemory || opts.opponentLearning)) throw new Error('--opponent-memory and --opponent-learning are for --opponent 704');
  const ours: Setup704 = { memory: opts.memory, learning: opts.learning, heuristic: opts.heuristic };
  const us = name704(ours);
  out(style.dim(`${us} against ${opponent.name}${giveaway ? ', give-away checkers' : ''}: ${n} ballot${n === 1 ? '' : 's'} from ${opts.openings} (seed ${seed}), each with the colours reversed`));

  const control: { session: CheckersSession | null; stopping: boolean } = { session: null, stopping: false };
  const stopListening = onInterrupt(() => {
    control.stopping = true;
    control.session?.interrupt();
    if (opponent instanceof Program704) opponent.interrupt();
  });
  const progress = new Progress(2 * n, 'games');
  const games: MatchGame[] = [];
  try {
    games: for (const ballot of ballots) {
      for (const side of ['black', 'white'] as const) {
        let g: MatchGame;
        try {
          g = await playMatchGame(ballot, side, opponent, ours, control, giveaway);
        } catch (e) {
          if (control.stopping) break games; // the opponent's machine was interrupted
          throw e;
        }
        if (!g.over) break games;
        games.push(g);
        const score = games.reduce((s, x) => s + x.points!, 0);
        if (!opts.json && !opts.quiet) progress.note(`${ballotName(ballot).padEnd(44)} 704 ${side === 'black' ? 'Black' : 'White'}  ${g.over.text}  ${style.dim(`(${g.moves.length} plies)`)}`);
        progress.update(games.length, `704 ${half(score)}/${games.length}`);
      }
    }
  } finally {
    stopListening();
    progress.clear();
  }
  if (control.stopping) {
    process.exitCode = 130;
    process.stderr.write(style.warn(`stopped: ${games.length} of ${2 * n} games played\n`));
  }
  out();
  const table = scoreTable(games, opponent.name, us);
  for (const line of table.lines) out(line);
  if (opts.json) print(JSON.stringify(matchJson(games, { us, opponent: opponent.name, seed, ballots: n, interrupted: control.stopping }, table.test)));
  if (opts.pdn) writeFileAtomic(opts.pdn, writePdn(matchPdn(games, opponent.name)));
}

/** `--json`: each game, the totals and the paired test. */
function matchJson(games: readonly MatchGame[], head: { us: string; opponent: string; seed: number; ballots: number; interrupted: boolean }, test: PairedTest): object {
  const done = games.filter((g) => g.points !== null);
  const count = (x: number): number => done.filter((g) => g.points === x).length;
  const finite = (x: number): number | string | null => (Number.isNaN(x) ? null : Number.isFinite(x) ? x : x > 0 ? 'Infinity' : '-Infinity');
  return {
    ...head,
    games: games.map((g) => ({ ballot: g.ballot.number, program: g.program, result: g.over?.text ?? null, plies: g.moves.length, moves: g.moves, points: g.points })),
    totals: { games: done.length, won: count(1), drawn: count(0.5), lost: count(0), points: done.reduce((s, g) => s + g.points!, 0) },
    pairedTest: { n: test.n, mean: finite(test.mean), sd: finite(test.sd), t: finite(test.t), df: test.df, p: finite(test.p) },
  };
}

export function registerMatchCommand(program: Command): void {
  program
    .command('match')
    .description('the 704 program against another player over ACF ballots, colours reversed; the 704 adjudicates; score table and paired t test')
    .requiredOption('--openings <file>', 'the ACF three-move ballots (e.g. data/acf_3move.tsv)')
    .option('--ballots <n>', 'how many ballots; each is played twice, the colours reversed (2n games)', '1')
    .addOption(new Option('--games <n>', 'the old name of --ballots, refused').hideHelp())
    .option('--json', 'the match (games, totals, the paired test) as one JSON object on standard output, nothing else there')
    .option('--quiet', 'no line per game: only the table')
    .option('--seed <n>', 'the order of the ballots')
    .option('--barred', 'include the barred ballots')
    .option('--opponent <who>', 'rapid-draughts (the npm engine) or 704 (the program on --opponent-memory)', 'rapid-draughts')
    .option('--depth <n>', "rapid-draughts' search depth", '6')
    .option('--memory <tape>', "our 704's memory tape (read only: nothing learnt in a match)")
    .option('--opponent-memory <tape>', "the opponent 704's memory tape (--opponent 704; none = no rote memory)")
    .option('--learning <tape>', `our 704 plays with Alpha's polynomial from this learning tape (*LEARN USE; "${UNTRAINED}": the untrained first polynomial)`)
    .option('--opponent-learning <tape>', `the opponent 704's polynomial, likewise (--opponent 704)`)
    .option('--heuristic <file>', HEURISTIC_HELP)
    .option('--pdn <file>', 'save the games as PDN')
    .option('--giveaway', `${GIVEAWAY_HELP}; both players must know it, so only with --opponent 704`)
    .action(guarded((opts: MatchOptions) => match(opts)));
}
