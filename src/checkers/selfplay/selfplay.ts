// `samuel704 selfplay`: the program plays itself, one booted 704 run a game — from the start, a
// --fen position or the ACF ballots (--openings, ordered by --seed) — with rote learning on a
// memory tape (--memory, or --rote in a session directory). With --state DIR the session is kept
// in DIR (journal.ts) after every game, so Ctrl-C keeps what is done and a later run goes on.
// The host only feeds cards and reads the printer: the moves, results and ROTE figures shown are
// the 704's lines.

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { style } from '../../cli/style.ts';
import { applyPath, parseFen, startPosition, toFen, type Position, type Side } from '../notation/board.ts';
import { bar, blockLabel, blockSize, countBlocks, sparkline, type Block } from '../../host/charts.ts';
import {
  gamePdn, keptPath, learningFile, loadJournal, memoryFile, newJournal, resultFor, saveSession, sessionPath, tally,
  type Journal, type JournalGame, type RoteStats, type SessionSettings,
} from './journal.ts';
import { attachLearningTapes, LEARNING_TAPE } from '../learning/learningTape.ts';
import { checkTapeKind } from '../../host/tapeKind.ts';
import { takeLock, type Lock } from '../../host/lock.ts';
import { type PendingSwap, type TapeSwap } from '../../host/tapePair.ts';
import { coefficient, newLearnStats, takeLearnLine } from '../learning/learnPrint.ts';
import { attachMemoryTapes, checkMemory, MERGE_COMPLETE } from '../rote/memoryTape.ts';
import { ballotFor, ballotName, ballotOrder, newSeed, playable, readBallots, type Ballot } from './openings.ts';
import { movetext, setupCards, writePdn } from '../notation/pdn.ts';
import { duration, Progress } from '../../host/progress.ts';
import { CheckersSession, giveawayCards } from '../program/session.ts';
import { onInterrupt } from '../../host/interrupt.ts';
import { STATE_NAME, userTape } from '../../host/stateFolder.ts';
import { makeFolder } from '../../host/makeFolder.ts';

export interface SelfplayOptions {
  games?: string;
  fen?: string;
  pdn?: string;
  memory?: string;
  openings?: string;
  seed?: string;
  state?: string;
  rote?: boolean;
  barred?: boolean;
  learn?: boolean;
  learning?: string;
  giveaway?: boolean;
  series?: string;
  printEvery?: string;
  /** One JSON object on standard output at the end instead of the printout. */
  json?: boolean;
  /** Only the summary: no game-by-game printout. */
  quiet?: boolean;
  /** The command that goes on with the session after Ctrl-C (default `samuel704 selfplay --state DIR`). */
  goOn?: string;
  combine?: boolean;
}

/**
 * The tapes `--rote` / `--learn` learn on outside a session directory: the user's own copies in
 * the state folder, first copied from the bundled tapes/ (never written).
 */
export const DEFAULT_MEMORY = `${STATE_NAME}/memory.tap`;
export const DEFAULT_LEARNING = `${STATE_NAME}/learning.tap`;

const print = (text = ''): void => {
  process.stdout.write(text + '\n');
};

export function wholeNumber(text: string, what: string, min = 1): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min) throw new Error(`${what}: "${text}" is not a whole number ≥ ${min}`);
  return n;
}

/**
 * Fault injection for the tests of a killed session: `SAMUEL704_KILL_AT=point:game` kills the
 * process (SIGKILL, as a power cut would) at that point of that game's saving — `unloaded` (new
 * tape images written, the journal not yet) or `journaled` (the journal written, the tapes not yet
 * in place), the two moments no signal can be caught in.
 */
function faultPoint(point: 'unloaded' | 'journaled', round: number): void {
  if (process.env.SAMUEL704_KILL_AT === `${point}:${round}`) process.kill(process.pid, 'SIGKILL');
}

/** The program's game length limit in plies (GMAXM), for the progress bar's share of a game. */
const PLY_LIMIT = 70;

/** Samuel's first or second series of tests (`--series`). */
function seriesNumber(text: string): 1 | 2 {
  if (text !== '1' && text !== '2') throw new Error(`--series: "${text}" is not 1 or 2 (Samuel's first or second series of tests)`);
  return text === '1' ? 1 : 2;
}

/**
 * Rote learning and learning by generalization in the same games go beyond Samuel, who left their
 * combination for later ("must be done with some care"): only with --combine (*LEARN COMBINE).
 */
export const COMBINE_REFUSED = 'rote learning (--rote/--memory) and generalization learning (--learn/--learning) in the same games go beyond Samuel, who kept them apart ("must be done with some care"): run one of them, or give --combine (docs/checkers-learning.md)';

/** The settings of a new session from the options. */
function newSettings(opts: SelfplayOptions): SessionSettings {
  if (opts.openings && opts.fen) throw new Error('--openings and --fen both say where games start: give one');
  if (opts.rote && opts.memory) throw new Error(`--rote is --memory ${opts.state ? 'DIR/memory.tap' : DEFAULT_MEMORY}: give one of them`);
  if (opts.seed !== undefined && !opts.openings) throw new Error('--seed orders the ballots of --openings');
  if (opts.learn && opts.learning) throw new Error(`--learn is --learning ${opts.state ? 'DIR/learning.tap' : DEFAULT_LEARNING}: give one of them`);
  const learn = opts.learn === true || opts.learning !== undefined;
  if (opts.series !== undefined && !learn) throw new Error('--series chooses how Alpha learns: give --learn (or --learning TAPE)');
  if (opts.printEvery !== undefined && !learn) throw new Error('--print-every prints how Alpha learns: give --learn (or --learning TAPE)');
  if (learn && (opts.rote || opts.memory) && !opts.combine) throw new Error(COMBINE_REFUSED);
  if (opts.combine && !(learn && (opts.rote || opts.memory))) throw new Error('--combine runs rote and generalization learning together: give both --rote (or --memory) and --learn (or --learning)');
  // outside a session directory --rote and --learn mean the bundled tapes
  const memory = opts.memory ?? (opts.rote && !opts.state ? userTape('memory.tap') : null);
  const learning = opts.learning ?? (opts.learn && !opts.state ? userTape('learning.tap') : null);
  return {
    games: opts.games === undefined ? 1 : wholeNumber(opts.games, '--games'),
    openings: opts.openings ? resolve(opts.openings) : null,
    seed: opts.openings ? (opts.seed === undefined ? newSeed() : wholeNumber(opts.seed, '--seed', 0)) : null,
    barred: opts.barred === true,
    fen: opts.fen ?? null,
    rote: opts.rote === true || opts.memory !== undefined,
    memory: memory ? resolve(memory) : null,
    learn,
    learning: learning ? resolve(learning) : null,
    giveaway: opts.giveaway === true,
    series: opts.series === undefined ? 1 : seriesNumber(opts.series),
    printEvery: opts.printEvery === undefined ? 0 : wholeNumber(opts.printEvery, '--print-every'),
    ...(opts.combine ? { combine: true } : {}),
  };
}

/** A resumed session keeps its settings; an option that says otherwise is an error (--games may change). */
function resumedSettings(saved: SessionSettings, done: number, opts: SelfplayOptions, dir: string): SessionSettings {
  const inDir = (p: string | null): string | null => (p === null ? null : sessionPath(dir, p));
  const clash = (option: string, was: unknown): Error =>
    new Error(`${dir} holds a session started with ${['--rote', '--learn', '--giveaway'].includes(option) ? (was ? option : `no ${option}`) : `${option} ${String(was)}`}; it goes on with its own settings (start a new session in another directory)`);
  if (opts.openings !== undefined && resolve(opts.openings) !== inDir(saved.openings)) throw clash('--openings', saved.openings);
  if (opts.seed !== undefined && Number(opts.seed) !== saved.seed) throw clash('--seed', saved.seed);
  if (opts.fen !== undefined && opts.fen !== saved.fen) throw clash('--fen', saved.fen);
  if (opts.memory !== undefined && resolve(opts.memory) !== inDir(saved.memory)) throw clash('--memory', saved.memory);
  if (opts.rote === true && !(saved.rote && saved.memory === null)) throw clash('--rote', false);
  if (opts.barred === true && !saved.barred) throw clash('--barred', false);
  if (opts.learning !== undefined && resolve(opts.learning) !== inDir(saved.learning)) throw clash('--learning', saved.learning);
  if (opts.learn === true && !(saved.learn && !saved.learning)) throw clash('--learn', false);
  if (opts.giveaway === true && !saved.giveaway) throw clash('--giveaway', false);
  if (opts.series !== undefined && seriesNumber(opts.series) !== (saved.series ?? 1)) throw clash('--series', saved.series ?? 1);
  if (opts.printEvery !== undefined && wholeNumber(opts.printEvery, '--print-every') !== (saved.printEvery ?? 0)) throw clash('--print-every', saved.printEvery ?? 0);
  const games = opts.games === undefined ? saved.games : wholeNumber(opts.games, '--games');
  if (games < done) throw new Error(`--games ${games}: ${dir} has ${done} games done already`);
  return { ...saved, games };
}

interface GameRun {
  game: JournalGame | null;
  /** Why there is no game: interrupted, or the 704 ran out of cards. */
  message: string;
  /** The new tapes chosen after the game, put in place once the journal has the game. */
  tape: PendingSwap | null;
  learningTape: PendingSwap | null;
  /** The 704's ROTE TOTALS and ROTE OFF lines and its learning verdict, shown after the game. */
  after: string[];
}

const ROTE_ON = /^ROTE ON - TAPE \d+ BOARDS (\d+)/;
const ROTE_TOTALS = /^ROTE TOTALS LOOK-UPS (\d+) HITS (\d+) PLIES GAINED (\d+)/;

/**
 * One game in its own 704 run: `*ROTE ON` (with a tape), `*GIVEAWAY ON` (give-away), the set-up, `*SELF`, `*ROTE OFF`, `*END`.
 * The new memory tape is put in place only when the run ends normally; an interrupted game
 * leaves the tape as the last finished game left it.
 */
async function playGame(
  round: number, start: { fen: string | null; ballot: Ballot | null; giveaway: boolean },
  tapes: { memory: string | null; learning: string | null; series: 1 | 2; printEvery: number; combine?: boolean; accept?: (tape: 'memory' | 'learning', digest: string) => boolean },
  control: { session: CheckersSession | null; stopping: boolean }, say: (text: string) => void, onPly: (plies: number) => void,
): Promise<GameRun> {
  const { memory, learning } = tapes;
  const learnCards = [`*LEARN SERIES ${tapes.series}`, ...(tapes.printEvery ? [`*LEARN PRINT ${tapes.printEvery}`] : []), ...(tapes.combine ? ['*LEARN COMBINE'] : []), '*LEARN TAPE'];
  const cards = [...(learning ? learnCards : []), ...(memory ? ['*ROTE ON'] : []), ...giveawayCards(start.giveaway), ...(start.fen ? setupCards(start.fen) : []), '*SELF', ...(memory ? ['*ROTE OFF'] : []), '*END'];
  const session = new CheckersSession(cards, true);
  control.session = session;
  if (control.stopping) session.interrupt();
  const accept = (tape: 'memory' | 'learning') => (tapes.accept ? (digest: string) => tapes.accept!(tape, digest) : undefined);
  const memoryTapes = memory ? attachMemoryTapes(session.machine.io, memory, undefined, accept('memory')) : null;
  const learningTapes = learning ? attachLearningTapes(session.machine.io, learning, undefined, accept('learning')) : null;
  for (const [path, set, what] of [[memory, memoryTapes, 'memory'], [learning, learningTapes, 'learning']] as const) {
    if (set?.recovered) say(style.warn(`${path}: put in place the new ${what} tape an earlier run left: ${set.recovered}`));
    if (set?.discarded) say(style.warn(`${path}: removed the new ${what} tape of a game the journal does not have: ${set.discarded}`));
  }
  const learn = newLearnStats();
  let position: Position = start.fen ? parseFen(start.fen) : startPosition();
  const first: Side = position.toMove;
  const moves: string[] = [];
  const rote: RoteStats = { lookups: 0, hits: 0, pliesGained: 0, boardsBefore: null, boardsAfter: null };
  const after: string[] = [];
  let roteTotals = '';
  let began = 0;
  let game: JournalGame | null = null;
  const wall = performance.now();
  const r = await session.run((e) => {
    switch (e.kind) {
      case 'bad': throw new Error(`the 704 rejected a card: ${e.text}`);
      case 'game': began = e.at; break;
      case 'move':
        moves.push(e.path.join(e.jump ? 'x' : '-'));
        position = applyPath(position, e.path);
        break;
      case 'rote': {
        const on = ROTE_ON.exec(e.text);
        const totals = ROTE_TOTALS.exec(e.text);
        const merge = MERGE_COMPLETE.exec(e.text);
        if (on) rote.boardsBefore = Number(on[1]);
        if (merge) rote.boardsAfter = Number(merge[2]);
        if (totals) [rote.lookups, rote.hits, rote.pliesGained] = totals.slice(1).map(Number) as [number, number, number];
        if (on) say(style.dim(e.text));
        if (totals) roteTotals = e.text; // printed at every merge; the last is the game's
        if (/^ROTE OFF/.test(e.text)) after.push(...[roteTotals, e.text].filter((t) => t !== '').map(style.dim));
        break;
      }
      case 'other':
        if (!learning || !takeLearnLine(learn, e.text)) break;
        if (/^LEARN (TAPE 3|SERIES)/.test(e.text)) say(style.dim(e.text));
        else if (/^(ALPHA (WINS|LOSES|AFTER)|DRAWN - POL|BLACK MARKS AT|DISCARDED)/.test(e.text)) after.push(style.dim(e.text));
        break;
      case 'game-over':
        game = {
          round, ballot: start.ballot && { number: start.ballot.number, moves: start.ballot.moves, status: start.ballot.status, name: start.ballot.name },
          fen: start.fen, first, moves: moves.slice(), result: resultFor(e.winner), over: e.text, winner: e.winner, reason: e.reason, ...(e.giveaway ? { giveaway: true } : {}),
          seconds704: e.at - began, wallSeconds: 0, rote: memory ? rote : null, learning: learning ? learn : null, finalFen: toFen(position), finished: '',
        };
        break;
      default: break;
    }
  }, () => onPly(moves.length));
  control.session = null;
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  // only a run that reached END OF RUN counts: the game, its last merge and the swap are whole
  if (r.stop !== 'halt' || r.interrupted || !game) return { game: null, message: r.interrupted ? 'interrupted' : r.message, tape: null, learningTape: null, after };
  const finished = game as JournalGame;
  finished.wallSeconds = (performance.now() - wall) / 1000;
  finished.finished = new Date().toISOString();
  if (finished.rote && memoryTapes?.reelChanges) finished.rote.reelChanges = memoryTapes.reelChanges.length; // a set's reels changed at the 704's call
  const printed = session.machine.printer.lines.join('\n');
  return { game: finished, message: '', after, tape: memoryTapes?.unload(printed) ?? null, learningTape: learningTapes?.unload(printed) ?? null };
}

/** The locks of a session's writers, taken in one order (directory, memory tape, learning tape). */
class Locks {
  private readonly held: Lock[] = [];
  take(file: string, what: string): void {
    this.held.push(takeLock(file, what));
  }
  release(): void {
    for (const l of this.held.splice(0).reverse()) l.release();
  }
}

/** Files the settings name, kept relative to the session directory when inside it. */
const kept = (dir: string, s: SessionSettings): SessionSettings => {
  const keep = (p: string | null): string | null => (p === null ? null : keptPath(dir, sessionPath(dir, p)));
  return { ...s, openings: keep(s.openings), memory: keep(s.memory), learning: keep(s.learning) };
};

/**
 * One writer at a time: the session directory and the tapes a run writes are locked (host/lock.ts)
 * before the journal is read, and each tape is checked for its kind before anything is written.
 */
export async function selfplay(opts: SelfplayOptions): Promise<void> {
  const locks = new Locks();
  try {
    await play(opts, locks);
  } finally {
    locks.release();
  }
}

async function play(opts: SelfplayOptions, locks: Locks): Promise<void> {
  const dir = opts.state ? resolve(opts.state) : null;
  const lockSession = (): void => locks.take(join(dir!, 'session.lock'), `session directory ${dir}`);
  const existed = dir !== null && existsSync(dir);
  if (existed) lockSession();
  const saved = dir ? loadJournal(dir) : null;
  const settings = saved ? resumedSettings(saved.settings, saved.games.length, opts, dir!) : newSettings(opts);
  const inSession = (p: string | null): string | null => (p === null || dir === null ? p : sessionPath(dir, p));
  const memory = inSession(settings.memory) ?? (settings.rote && dir ? memoryFile(dir) : null);
  const learning = inSession(settings.learning) ?? (settings.learn && dir ? learningFile(dir) : null);
  // refused before the 704 is booted and before anything is written (the tapes again before each swap)
  if (memory) checkMemory(memory);
  if (learning) checkTapeKind(learning, LEARNING_TAPE);
  const openings = inSession(settings.openings);
  const ballots = openings ? ballotOrder(playable(readBallots(openings), settings.barred), settings.seed!) : null;
  if (ballots?.length === 0) throw new Error(`${openings} has no ballots to play`);
  if (dir && !existed) {
    makeFolder(dir);
    lockSession();
    if (loadJournal(dir) !== null) throw new Error(`${dir}: another run started a session here meanwhile; run again to go on with it`);
  }
  if (memory) locks.take(`${memory}.lock`, `memory tape ${memory}`);
  if (learning) locks.take(`${learning}.lock`, `learning tape ${learning}`);
  const journal: Journal = saved ?? newJournal(settings);
  journal.settings = dir ? kept(dir, settings) : settings;
  if (dir) saveSession(dir, journal);

  const done0 = journal.games.length;
  const out = opts.json ? (): void => {} : print;
  if (saved) out(style.dim(`${dir}: ${done0} of ${settings.games} games done${done0 < settings.games ? `, going on with game ${done0 + 1}` : ''}`));
  if (settings.seed !== null) out(style.dim(`ballots from ${openings}, seed ${settings.seed}`));

  const control: { session: CheckersSession | null; stopping: boolean } = { session: null, stopping: false };
  const stopNow = (): void => {
    control.stopping = true;
    control.session?.interrupt();
  };
  const stopListening = onInterrupt(stopNow); // a second Ctrl-C, later, ends the process at once
  const progress = new Progress(settings.games, 'games').resumeFrom(done0);
  const note = (text: string): void => {
    if (!opts.json && !opts.quiet) progress.note(text);
  };
  const resultsSoFar = (): string => {
    const t = tally(journal.games);
    return `B ${t.black} W ${t.white} D ${t.drawn}`;
  };
  const wallStart = performance.now();
  let seconds704 = 0;
  let lastTape: TapeSwap | null = null;
  let lastLearningTape: TapeSwap | null = null;
  // a new tape left by a killed run goes in only if the journal's last game says it is that game's
  const recorded = (tape: 'memory' | 'learning', digest: string): boolean => {
    const last = journal.games[journal.games.length - 1]?.tapes?.[tape];
    return last != null && digest === last;
  };
  let stopped = '';
  try {
    for (let i = journal.games.length; i < settings.games && !control.stopping; i++) {
      const ballot = ballots ? ballotFor(ballots, i) : null;
      const run = await playGame(i + 1, { fen: ballot?.fen ?? settings.fen, ballot, giveaway: settings.giveaway === true }, { memory, learning, series: settings.series ?? 1, printEvery: settings.printEvery ?? 0, combine: settings.combine, accept: dir ? recorded : undefined }, control, note,
        (plies) => progress.update(i + Math.min(plies, PLY_LIMIT) / PLY_LIMIT, resultsSoFar()));
      if (!run.game) {
        stopped = `game ${i + 1} not finished (${run.message})`;
        break;
      }
      const g = run.game;
      // the journal first, naming the new tapes; then the tapes go in (a kill between the two is
      // mended at the next attach, which puts in place only the images the journal names)
      if (run.tape || run.learningTape) g.tapes = { memory: run.tape?.digest ?? null, learning: run.learningTape?.digest ?? null };
      faultPoint('unloaded', g.round);
      journal.games.push(g);
      if (dir) saveSession(dir, journal);
      faultPoint('journaled', g.round);
      seconds704 += g.seconds704;
      for (const [pending, path, what] of [[run.tape, memory, 'memory'], [run.learningTape, learning, 'learning']] as const) {
        if (!pending) continue;
        const swap = pending.commit();
        if (what === 'memory') lastTape = swap;
        else lastLearningTape = swap;
        if (!swap.installed) progress.note(style.warn(`${path}: kept as it was (${swap.reason})`), process.stderr);
      }
      const where = g.ballot ? ` ${style.dim(`[${ballotName({ ...g.ballot, fen: g.fen ?? '' })}]`)}` : '';
      note(`${style.head(`game ${g.round}`)}${where}  ${g.over}  ${style.dim(`(${g.moves.length} plies, 704 time ${duration(g.seconds704)})`)}\n${movetext(g.moves, g.first)}`);
      for (const line of run.after) note(line);
      progress.update(i + 1, resultsSoFar());
    }
  } finally {
    stopListening();
    progress.clear();
  }
  if (control.stopping || stopped) {
    process.exitCode = control.stopping ? 130 : process.exitCode;
    journal.interruptions++;
    if (dir) saveSession(dir, journal);
    const goOn = opts.goOn ?? `samuel704 selfplay --state ${opts.state}`;
    process.stderr.write(style.warn(`${stopped || 'stopped'}; ${journal.games.length} of ${settings.games} games done${dir ? ` — \`${goOn}\` goes on from here` : ''}\n`));
  }
  if (memory && lastTape?.installed) process.stderr.write(`${memory}: ${style.ok(`new memory tape, ${lastTape.reason}`)}\n`);
  if (learning && lastLearningTape?.installed) process.stderr.write(`${learning}: ${style.ok(`new learning tape, ${lastLearningTape.reason}`)}\n`);

  if (opts.json) print(JSON.stringify(sessionJson(journal, dir, journal.games.length - done0, control.stopping)));
  else summary(journal.games, journal.games.length - done0);
  process.stderr.write(style.dim(`704 time ${duration(seconds704)}, wall ${duration((performance.now() - wallStart) / 1000)}\n`));
  if (opts.pdn) writeFileAtomic(opts.pdn, writePdn(journal.games.map(gamePdn)));
}

/** Bars of counts per block, a column a category: `    1-2  B   1 ######  W   1 ######  D   0`. */
function blockBars(title: string, blocks: readonly Block[], letters: readonly string[], size: number, plain: boolean): void {
  print(style.head(title));
  for (const b of blocks) {
    print(`${blockLabel(b).padStart(9)}  ${b.counts.map((n, i) => `${letters[i]} ${String(n).padStart(3)} ${bar(n, size, 12, plain).padEnd(12)}`).join('  ').trimEnd()}`);
  }
}

/** Charts of the session (when there is more than one game), the last learning table, then the totals. */
function summary(games: readonly JournalGame[], thisRun: number): void {
  const plain = process.stdout.isTTY !== true;
  const size = blockSize(games.length);
  const per = `block of ${size} game${size === 1 ? '' : 's'}`;
  const learnt = games.filter((g) => g.learning?.alphaResult);
  if (games.length > 1) {
    blockBars(`results by ${per}` + style.dim('  (B Black won, W White won, D drawn)'), countBlocks(games.map((g) => g.winner), size, ['black', 'white', null]), ['B', 'W', 'D'], size, plain);
    if (learnt.length > 1) {
      blockBars(`Alpha's results by ${per}` + style.dim('  (W won, L lost, D drawn)'), countBlocks(games.map((g) => g.learning?.alphaResult ?? null), size, ['won', 'lost', 'drawn']), ['W', 'L', 'D'], size, plain);
    }
    print(`${'plies'.padStart(9)}  ${sparkline(games.map((g) => g.moves.length), plain)}`);
    const rote = games.filter((g) => g.rote);
    if (rote.length > 1) {
      print(`${'rote hits'.padStart(9)}  ${sparkline(rote.map((g) => g.rote!.hits), plain)}  (${rote.map((g) => g.rote!.hits).join(' ')})`);
      print(`${'boards'.padStart(9)}  ${sparkline(rote.map((g) => g.rote!.boardsAfter ?? 0), plain)}  (on tape after each game; last ${rote[rote.length - 1]!.rote!.boardsAfter ?? '?'})`);
    }
  }
  const last = learnt[learnt.length - 1]?.learning;
  if (last) {
    print(style.head(`Alpha's leading terms after learning game ${last.game}`) + style.dim(`  (adjustments ${last.adjustments}, replaced ${last.replaced}, black marks ${last.blackMarks})`));
    for (const t of last.terms) {
      const trend = learnt.map((g) => g.learning!.terms.find((x) => x.name === t.name)).map((x) => (x ? coefficient(x) : 0)); // signed: a sign change shows
      print(`  ${t.name.padEnd(6)} ${t.correlation.toFixed(2)}  ${t.sign ?? ' '} ${t.power === null ? 'NONE' : `2^${t.power}`.padEnd(4)}  ${String(t.adjusted).padStart(4)} adjusted  ${learnt.length > 1 ? sparkline(trend, plain) : ''}`.trimEnd());
    }
  }
  const t = tally(games);
  const n = games.length;
  print(`${n} game${n === 1 ? '' : 's'}${thisRun !== n ? ` (${thisRun} this run)` : ''}: Black won ${t.black}, drawn ${t.drawn}, lost ${t.white}; White won ${t.white}, drawn ${t.drawn}, lost ${t.black}`);
  if (n > 0) print(`${(games.reduce((s, g) => s + g.moves.length, 0) / n).toFixed(1)} plies a game; 704 time ${duration(games.reduce((s, g) => s + g.seconds704, 0) / n)} a game`);
}

/** `--json`: the session's settings, totals and games (the journal's figures, the 704's lines). */
function sessionJson(j: Journal, dir: string | null, thisRun: number, interrupted: boolean): object {
  const t = tally(j.games);
  return {
    state: dir, settings: j.settings, interrupted, thisRun,
    totals: { games: j.games.length, blackWon: t.black, whiteWon: t.white, drawn: t.drawn },
    games: j.games.map((g) => ({
      game: g.round, ballot: g.ballot?.number ?? null, result: g.result, winner: g.winner, over: g.over, plies: g.moves.length, moves: g.moves,
      seconds704: g.seconds704, wallSeconds: g.wallSeconds,
      ...(g.rote ? { rote: g.rote } : {}),
      ...(g.learning ? { learning: { game: g.learning.game, alpha: g.learning.alphaResult, adjustments: g.learning.adjustments, replaced: g.learning.replaced, blackMarks: g.learning.blackMarks } } : {}),
    })),
  };
}
