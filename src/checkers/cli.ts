// The checkers commands: perft, selfplay, play and book. Each boots the program deck, puts
// control and move cards in the reader and reports what the 704 prints; the host never
// chooses, checks or scores a move (a board drawn here replays the program's own MOVE lines).

import { HEURISTIC_HELP, heuristicCards } from '../tournament/players.ts';
import { Option, type Command } from 'commander';
import { DECK_EOF, readDeckFile, writeDeckFile, textCard, type Card, type DeckItem } from '../devices/cards.ts';
import { hollerithToAscii } from '../devices/codes.ts';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { sealeSelfplay } from '../seale/cli.ts';
import { guarded, style } from '../cli/style.ts';
import { applyPath, drawBoard, other, parseFen, startPosition, type Position, type Side } from './notation/board.ts';
import { bookCards, bookEnd, bookStart, gameName, GIVEAWAY_TAG, moveName, parsePdn, setupCards, writePdn, type PdnGame, type PdnOut } from './notation/pdn.ts';
import { attachMemoryTapes } from './rote/memoryTape.ts';
import { takeLock } from '../host/lock.ts';
import type { TapeSet } from '../host/tapePair.ts';
import { mountLearningTape, readLearningTape, UNTRAINED, useCards } from './learning/learningTape.ts';
import { attachLearning, learnCards, learnTape, PLAY_LEARN_HELP } from './learning/playLearn.ts';
import { duration, Progress } from '../host/progress.ts';
import { onInterrupt } from '../host/interrupt.ts';
import { shown, userTape } from '../host/stateFolder.ts';
import { isYes, SCORE_NOTE } from './play/assist.ts';
import { trainedLearningTape } from './selfplay/start.ts';
import { registerMatchCommand } from './match/match.ts';
import { registerReportCommand } from './selfplay/report.ts';
import { DEFAULT_LEARNING, DEFAULT_MEMORY, selfplay, wholeNumber, type SelfplayOptions } from './selfplay/selfplay.ts';
import { CheckersSession, GIVEAWAY_HELP, giveawayCards, type Event, type RunResult } from './program/session.ts';
import { readFile } from '../devices/fileErrors.ts';
import { BOOK_TAPE_UNIT, bookTapeEntries, keysMove, MAX_TABLES, mountBookTape } from './play/console.ts';
import { writeTapeFile } from '../devices/tapeImage.ts';
import { lineReader } from './play/lineReader.ts';
import { playTables } from './play/tables.ts';

type Of<K extends Event['kind']> = Extract<Event, { kind: K }>;

const out = (text = ''): void => {
  process.stdout.write(text + '\n');
};
const sideName = (s: Side): string => (s === 'black' ? 'Black' : 'White');
const pathText = (path: readonly number[], jump: boolean): string => path.join(jump ? 'x' : '-');
const moveText = (e: Of<'move'>): string => pathText(e.path, e.jump);
/** PDN result: the first number is Black's (the side that starts). */
const resultOf = (over: Of<'game-over'> | null): string => (!over ? '*' : over.winner === 'black' ? '1-0' : over.winner === 'white' ? '0-1' : '1/2-1/2');
const signedScore = (n: number): string => `${n > 0 ? '+' : ''}${n}`;
const startCards = (fen?: string): string[] => (fen ? setupCards(fen) : []);

/** A session whose runs the first Ctrl-C interrupts (a second one ends the process as usual). */
function newSession(cards: readonly (string | DeckItem)[], endOfFile: boolean): CheckersSession {
  const session = new CheckersSession(cards, endOfFile);
  onInterrupt(() => session.interrupt());
  return session;
}

/** Run to the program's next stop; an interrupted run sets exit code 130, a machine error throws. */
async function runSession(session: CheckersSession, onEvent?: (e: Event) => void, onSlice?: () => void): Promise<RunResult> {
  const r = await session.run(onEvent, onSlice);
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  if (r.interrupted) process.exitCode = 130;
  return r;
}

/**
 * Rote learning on a memory tape (docs/checkers-rote.md): tapes 1 (FILE, read only), 2 (FILE.new)
 * and 5 (FILE.new.5) attached; the caller puts `*ROTE ON` before the games. After the run the
 * last complete new tape replaces the old when the program reported its merge.
 */
function attachMemory(session: CheckersSession, path: string | undefined): () => void {
  if (!path) return () => {};
  const lock = takeLock(`${path}.lock`, `memory tape ${path}`); // one writer (host/lock.ts)
  let tapes: TapeSet;
  try {
    tapes = attachMemoryTapes(session.machine.io, path);
  } catch (e) {
    lock.release();
    throw e;
  }
  if (tapes.recovered) process.stderr.write(style.warn(`${path}: put in place the new memory tape an earlier run left: ${tapes.recovered}\n`));
  return () => {
    try {
      const r = tapes.finish(session.machine.printer.lines.join('\n'));
      process.stderr.write(`${path}: ${r.installed ? style.ok(`new memory tape, ${r.reason}`) : style.warn(`kept as it was (${r.reason})`)}\n`);
    } finally {
      lock.release();
    }
  };
}
const roteCards = (memory?: string): string[] => (memory ? ['*ROTE ON'] : []);

/** The program's tapes for play and book: a memory tape (--rote, --memory) and a saved polynomial (--learning). */
interface TapeOptions {
  rote?: boolean;
  memory?: string;
  learning?: string;
}

function memoryOf(opts: TapeOptions): string | undefined {
  if (opts.rote && opts.memory) throw new Error(`--rote is --memory ${DEFAULT_MEMORY}: give one of them`);
  return opts.memory ?? (opts.rote ? userTape('memory.tap') : undefined);
}

/** The cards that start the tapes' use; they go before the game's own cards. */
const tapeCards = (opts: TapeOptions): string[] => [...roteCards(memoryOf(opts)), ...useCards(opts.learning)];

/** Mount the tapes `tapeCards` names; the function returned unloads them (and swaps a new memory tape in). */
function attachTapes(session: CheckersSession, opts: TapeOptions): () => void {
  if (opts.learning) mountLearningTape(session.machine.io, opts.learning);
  return attachMemory(session, memoryOf(opts));
}

const LEARNING_USE_HELP = `play with Alpha's polynomial from this learning tape, learning off (*LEARN USE); "${UNTRAINED}" for the untrained first polynomial`;
const ROTE_HELP = `rote learning on ${DEFAULT_MEMORY} (--memory for another tape)`;
const MEMORY_HELP = 'rote learning: the memory tape image (created if missing; FILE.new and FILE.new.5 are the scratch tapes of the merges)';

const timeNote = (session: CheckersSession, wallStart: number): string =>
  `704 time ${duration(session.seconds)}, wall ${duration((performance.now() - wallStart) / 1000)}`;

// ---- perft

async function perft(depthText: string, opts: { fen?: string }): Promise<void> {
  // The 704 reads the number at the card's column and no further (so `2.5` would be perft 2), and
  // says BAD CARD for a depth out of its range: only the whole number is the host's to check.
  const depth = wholeNumber(depthText, 'perft n', 0);
  const session = newSession([...startCards(opts.fen), `*PERFT ${depth}`, '*END'], true);
  const wallStart = performance.now();
  let last = { at: 0, wall: wallStart };
  await runSession(session, (e) => {
    if (e.kind === 'board') out(drawBoard(e.position));
    if (e.kind === 'bad') throw new Error(`the 704 rejected a card: ${e.text}`);
    if (e.kind === 'perft') {
      out(`${`perft(${e.depth}) = ${e.count}`.padEnd(24)} ${style.dim(`704 ${duration(e.at - last.at).padStart(13)}   wall ${duration((e.wall - last.wall) / 1000)}`)}`);
    }
    last = e; // each count is timed from the line printed before it
  });
  process.stderr.write(style.dim(`${timeNote(session, wallStart)}\n`));
}

// ---- self-play is selfplay.ts; a game's record for play

interface GameRecord {
  moves: string[];
  first: Side;
  over: Of<'game-over'> | null;
  began: number;
  ended: number;
}

function pdnOf(g: GameRecord, tags: [string, string][], fen?: string, giveaway?: boolean): PdnOut {
  return {
    tags: [...tags, ['Result', resultOf(g.over)], ...(giveaway ? [GIVEAWAY_TAG] : []), ...(fen ? [['SetUp', '1'], ['FEN', fen]] as [string, string][] : [])],
    moves: g.moves,
    result: resultOf(g.over),
    first: g.first,
    comment: g.over?.text,
  };
}

// ---- play

const PLAY_HELP = `Type a move as the squares it visits: 11-15, or every landing square of a jump: 15x24, 6x15x22,
and press Enter: it is punched on a card and fed to the 704, which says whether it is legal.
  moves     the 704 lists the legal moves (a *MOVES card)
  hint      the move the 704 would play in your place (a *HINT card: it searches this game's position)
  back      take back your last move and the 704's reply (the game is replayed on a fresh 704)
  board     the 704 prints its board (a *BOARD card)
  resign    concede the game (a *CONCEDE card), after you confirm
  help      this text
  quit      stop here (the game is saved with --pdn, result *)
"Move n" counts plies, as Samuel's program does: move 1 is Black's, move 2 White's reply.

${SCORE_NOTE}`;

/** The figures of a searched move (the program's, or a hint): its score and the deepest ply. */
const searchFigures = (e: { score: number; depth: number }): string => `score ${e.score > 0 ? '+' : ''}${e.score}, searched to ply ${e.depth}`;

/** The sense lights, in the order of CheckersSession.senseLights. */
const LIGHTS = ['1 (moved)', '2 (predicts a win)', '3 (game over)', '4 (card rejected)'];

interface PlayOptions extends TapeOptions {
  programPlays: string;
  /** The old spelling of --program-plays, refused with a hint. */
  color?: string;
  deck?: string;
  fen?: string;
  pdn?: string;
  giveaway?: boolean;
  learn?: string | boolean;
  heuristic?: string;
  console?: boolean;
  tables?: string;
}

/** The text the 704 sees on a card (columns 1-72). */
const cardText = (card: Card): string => Array.from(card.subarray(0, 72), (p) => (p === 0 ? ' ' : hollerithToAscii(p))).join('').trimEnd();

/** The learning tape play uses: --learning, else the one `npm start` trained (said so), else none. */
function playLearning(opts: PlayOptions): string | undefined {
  if (opts.learning !== undefined) return opts.learning;
  const trained = trainedLearningTape();
  if (!trained) return undefined;
  const games = readLearningTape(trained).state?.games ?? 0;
  out(style.dim(`the 704 plays Alpha's polynomial from ${shown(trained)} (${games} learning games of npm start); --learning ${UNTRAINED} for the untrained one`));
  return trained;
}

async function play(opts: PlayOptions): Promise<void> {
  if (opts.color !== undefined) throw new Error(`--color is now --program-plays (it named the side the program plays, and read like a colour switch): --program-plays ${opts.color}`);
  const side = opts.programPlays.toLowerCase();
  if (side !== 'black' && side !== 'white') throw new Error(`--program-plays: "${opts.programPlays}" is not black or white`);
  const program: Side = side;
  const person = other(program);
  const learning = learnTape(opts.learn, opts.learning);
  const tapes: TapeOptions = { ...opts, learning: learning ? undefined : playLearning(opts) };
  const deck: DeckItem[] | null = opts.deck ? readDeckFile(opts.deck) : null;
  const start = (): Position => (opts.fen ? parseFen(opts.fen) : startPosition());
  let pos = start();
  const record: GameRecord = { moves: [], first: pos.toMove, over: null, began: 0, ended: 0 };
  const firstCards = [...tapeCards(tapes), ...learnCards(learning), ...heuristicCards(opts.heuristic, program, opts.giveaway), ...giveawayCards(opts.giveaway), ...startCards(opts.fen), `*PLAY ${program.toUpperCase()}`];
  let session = newSession(firstCards, false);
  if (opts.console) session.setSenseSwitch(1, true); // the person's moves on the entry keys
  const finishMemory = attachTapes(session, tapes);
  const finishLearning = attachLearning(session, learning);
  const reader = deck ? null : lineReader();
  if (!deck) out(style.dim(`You play ${sideName(person)}, the 704 plays ${sideName(program)}. Type a move and Enter; help for help.`));
  if (opts.giveaway) out(style.dim('Give-away checkers: the side that loses all its pieces or cannot move wins; captures are still compulsory.'));

  /** The person's move cards the 704 took, in order (a take-back replays them). */
  const played: string[] = [];
  let lastCard = '';
  let scoreExplained = false;
  let replaying = false;
  const legal: string[] = [];
  const show = (e: Event): void => {
    if (e.kind === 'move') {
      pos = applyPath(pos, e.path);
      record.moves.push(moveText(e));
      if (e.by === 'card') played.push(lastCard);
    }
    if (replaying) return;
    switch (e.kind) {
      case 'game':
        out(style.dim(e.text));
        if (!opts.fen) out(drawBoard(pos)); // a set-up position was printed by the 704 just before
        break;
      case 'board':
        pos = e.position;
        out(style.dim(`the 704's board, ${sideName(pos.toMove)} to move:`));
        out(drawBoard(pos));
        break;
      case 'move': {
        const who = e.side === program ? `704 (${sideName(e.side)})` : `you (${sideName(e.side)})`;
        const figures = e.by === 'program' ? style.dim(`  ${searchFigures(e)}`) : '';
        out(`\n${style.head(`move ${e.ply}`)} ${who}: ${style.reg(moveText(e))}${figures}`);
        if (e.by === 'program' && !scoreExplained && !deck) {
          out(style.dim(SCORE_NOTE));
          scoreExplained = true;
        }
        out(drawBoard(pos, { highlight: e.path }));
        break;
      }
      case 'legal': legal.push(moveText({ ...e, kind: 'move' } as Of<'move'>)); break;
      case 'hint': out(`the 704 would play ${style.reg(moveText({ ...e, kind: 'move' } as Of<'move'>))}${style.dim(`  (${searchFigures(e)})`)}`); break;
      case 'predict': out(style.warn(`The 704 predicts a win for ${sideName(e.side)}.`)); break;
      case 'illegal': case 'bad': out(style.error(`the 704: ${e.text}`) + ' - enter another move (moves lists the legal ones, hint suggests one)'); break;
      case 'game-over': record.over = e; out(style.ok(e.text)); break;
      default: out(style.dim(e.text));
    }
  };

  /** Take back the person's last move (and the 704's reply): replay the game without it on a fresh 704. */
  const takeBack = async (): Promise<void> => {
    if (memoryOf(tapes)) return out(style.warn('no take-back with rote learning: the memory tape would see the game twice'));
    if (learning) return out(style.warn('no take-back while Alpha learns (--learn): it has learned from the moves already'));
    if (played.length === 0) return out('nothing to take back: you have not moved yet');
    const keep = played.slice(0, -1);
    session.interrupt();
    session = newSession([...firstCards, ...keep], false);
    if (tapes.learning) mountLearningTape(session.machine.io, tapes.learning);
    played.length = 0;
    record.moves = [];
    pos = start();
    replaying = true;
    try {
      await runSession(session, (e) => {
        if (e.kind === 'move' && e.by === 'card') lastCard = keep[played.length]!;
        show(e);
      });
    } finally {
      replaying = false;
    }
    out(style.ok(`taken back: the game is at move ${record.moves.length + 1}, ${sideName(pos.toMove)} to move`));
    out(drawBoard(pos));
  };

  /** The person's next card, or null to stop. */
  const nextCard = async (): Promise<DeckItem | null> => {
    if (deck) {
      const item = deck.shift();
      if (item === undefined || item === DECK_EOF) return null;
      out(`${sideName(person)} card: ${cardText(item)}`);
      return item;
    }
    for (;;) {
      const line = await reader!.ask(`${sideName(person)} to move> `);
      if (line === null) return null;
      const typed = line.trim();
      switch (typed.toLowerCase()) {
        case '': continue;
        case 'help': out(PLAY_HELP); continue;
        case 'quit': return null;
        case 'board': return textCard('*BOARD');
        case 'moves': return textCard('*MOVES');
        case 'hint': return textCard('*HINT');
        case 'back': case 'undo': case 'takeback':
          await takeBack();
          continue;
        case 'resign':
          if (isYes(await reader!.ask('Resign: the 704 wins the game. Sure? (y/N) '))) return textCard('*CONCEDE');
          out('not resigned; the game goes on');
          continue;
        default:
          try {
            lastCard = typed.toUpperCase();
            return textCard(lastCard, 'your card');
          } catch (e) {
            out(style.error((e as Error).message));
          }
      }
    }
  };

  for (;;) {
    const r = await runSession(session, show);
    if (legal.length) {
      out(`the 704's legal moves: ${legal.join('  ')}`);
      legal.length = 0;
    }
    const atKeys = r.stop === 'halt' && r.message.startsWith('HPR'); // waiting for the entry keys
    if ((r.stop !== 'input' && !atKeys) || record.over) break;
    const mq = session.consoleMove;
    const lights = Object.values(session.senseLights).flatMap((on, i) => (on ? [LIGHTS[i]] : []));
    if (mq || lights.length) out(style.dim(`console: MQ ${mq ? pathText([mq.from, mq.to], mq.jump) : 'clear'}; sense lights on: ${lights.join(', ') || 'none'}`));
    const card = await nextCard();
    if (card === null) {
      if (deck) out(style.dim('the deck has no more cards'));
      break;
    }
    if (deck && typeof card !== 'string') lastCard = cardText(card);
    if (opts.console) await toConsole(session, typeof card === 'string' ? card : cardText(card), atKeys, show);
    else session.feed(card);
  }
  // a game left unfinished: the program merges what it learnt before the run ends (*ROTE OFF abandons the game)
  if (memoryOf(tapes) && process.exitCode !== 130) {
    session.feed('*ROTE OFF', '*END');
    await runSession(session, show);
  }
  if (opts.pdn) {
    const [black, white] = program === 'black' ? ['Samuel 704', 'Person'] : ['Person', 'Samuel 704'];
    writeFileAtomic(opts.pdn, writePdn([pdnOf(record, [['Event', 'samuel704 play'], ['Black', black], ['White', white]], opts.fen, opts.giveaway)]));
  }
  reader?.close();
  finishMemory();
  finishLearning();
}

/**
 * A typed line on the console (play --console): a move goes on the entry keys (from and last
 * square) with ENTER MQ while the program stands at its HPR; anything else (moves, board,
 * resign) is a card, read when switch 1 is up. A program waiting at the reader after such a card
 * is brought back to the keys by a blank card, as an operator would run one out.
 */
async function toConsole(session: CheckersSession, text: string, atKeys: boolean, show: (e: Event) => void): Promise<void> {
  const keys = keysMove(text);
  if (!keys) {
    session.setSenseSwitch(1, false);
    session.feed(text);
    return;
  }
  session.setSenseSwitch(1, true);
  if (!atKeys) {
    session.feed('');
    await runSession(session, show);
  }
  session.enterMove(keys.from, keys.to);
}

// ---- book

interface BookOptions extends TapeOptions {
  game?: string;
  deckOut?: string;
  verbose?: boolean;
  giveaway?: boolean;
  tape?: string | boolean;
}

interface BookTotals {
  low: number;
  high: number;
  games: number;
}

/**
 * A game's length as Samuel counts it (plies, his "moves") and as checkers players do, a move
 * being Black's ply and White's reply: 56 plies (28 moves); from White, `1... 18-14` is move 1.
 */
const pliesText = (plies: number, first: Side): string => {
  const moves = plies === 0 ? 0 : first === 'black' ? Math.ceil(plies / 2) : Math.floor(plies / 2) + 1;
  return `${plies} ${plies === 1 ? 'ply' : 'plies'} (${moves} move${moves === 1 ? '' : 's'})`;
};

/** C = (L − H)/(L + H) to three places, truncated, as the program prints it. */
const coefficient = (low: number, high: number): string => {
  if (low + high === 0) return 'UNDEFINED';
  const c = Math.trunc((Math.abs(low - high) * 1000) / (low + high)) / 1000;
  return `${low - high < 0 ? '-' : '+'}${c.toFixed(3)}`;
};

async function book(file: string, opts: BookOptions): Promise<void> {
  const bytes = readFile(file, 'deck');
  const isPdn = /\.pdn$/i.test(file) || /^\s*\[/.test(bytes.subarray(0, 200).toString('latin1'));
  const totals: BookTotals = { low: 0, high: 0, games: 0 };
  const wallStart = performance.now();
  const deck = isPdn ? null : readDeckFile(file);
  if (opts.tape) return bookFromTape(file, deck ?? pdnGames(file, bytes.toString('latin1'), opts), opts, totals, wallStart);
  const session = newSession([...tapeCards(opts), ...giveawayCards(opts.giveaway && deck !== null), ...(deck ?? [])], deck !== null);
  const finishTapes = attachTapes(session, opts);
  await (deck ? bookDeck(session, opts, totals) : bookPdn(session, file, bytes.toString('latin1'), opts, totals));
  finishTapes();
  bookTotals(session, totals, wallStart);
}

function bookTotals(session: CheckersSession, totals: BookTotals, wallStart: number): void {
  out(`${style.head('overall')}  ${totals.games} game${totals.games === 1 ? '' : 's'}  L ${totals.low} H ${totals.high} C ${coefficient(totals.low, totals.high)}`);
  process.stderr.write(style.dim(`${timeNote(session, wallStart)}\n`));
}

/** What a book run prints, per game: the moves (verbose), rejections, the end and L, H, C. */
function bookPrinter(opts: BookOptions, totals: BookTotals, say: (text: string) => void, rejected: (e: Of<'illegal' | 'bad' | 'no-game'>) => string) {
  return (e: Event): void => {
    switch (e.kind) {
      case 'move':
        if (opts.verbose && e.by === 'book') say(`  ${String(e.ply).padStart(3)} ${sideName(e.side).padEnd(5)} ${moveText(e).padEnd(9)} ${signedScore(e.bookScore).padStart(7)}  program ${pathText(e.program, e.programJump).padEnd(9)} ${signedScore(e.programScore).padStart(7)}  H ${e.high} L ${e.low}`);
        break;
      case 'illegal': case 'bad': case 'no-game': say(style.error(rejected(e))); break;
      case 'game-over': say(`  ${e.text}`); break;
      case 'book-summary':
        totals.low += e.low;
        totals.high += e.high;
        totals.games++;
        say(`  ${e.text}`);
        break;
      default: break;
    }
  };
}

/**
 * Book games on magnetic tape (Samuel 1959: "book games presented to it either on cards or on
 * magnetic tape"): the book deck (a deck file's cards, or the cards of the PDN games) written as
 * BCD card images on tape 7 (also saved to FILE when --tape names one), and `*BOOK TAPE` makes the
 * 704 read it in place of the reader.
 */
async function bookFromTape(file: string, source: DeckItem[] | PdnGame[], opts: BookOptions, totals: BookTotals, wallStart: number): Promise<void> {
  const texts = isPdnGames(source) ? source.flatMap((g) => bookCards(g, opts.giveaway)) : source.flatMap((c) => (c === DECK_EOF ? [] : [cardText(c)]));
  if (typeof opts.tape === 'string') writeTapeFile(opts.tape, bookTapeEntries(texts));
  const session = newSession([...tapeCards(opts), ...giveawayCards(opts.giveaway && !isPdnGames(source)), '*BOOK TAPE', '*END'], true);
  mountBookTape(session.machine, texts);
  const finishTapes = attachTapes(session, opts);
  out(style.dim(`${file}: ${texts.length} cards on tape ${BOOK_TAPE_UNIT}${typeof opts.tape === 'string' ? ` (saved as ${opts.tape})` : ''}`));
  await bookDeck(session, opts, totals);
  finishTapes();
  bookTotals(session, totals, wallStart);
}
const isPdnGames = (s: DeckItem[] | PdnGame[]): s is PdnGame[] => s.some((x) => typeof x === 'object' && 'moves' in x);

/** The games of a PDN file that book mode plays (--game picks one); what could not be read is said on stderr. */
function pdnGames(file: string, text: string, opts: BookOptions): PdnGame[] {
  const parsed = parsePdn(text, file);
  for (const e of parsed.recovered) process.stderr.write(`${style.dim('recovered:')} ${e.message}\n`);
  for (const e of parsed.errors) process.stderr.write(`${style.warn('skipped:')} ${e.message}\n`);
  let games = parsed.games;
  if (games.length === 0) throw new Error(`${file}: no game could be read (${parsed.errors.length} skipped), so there is nothing to follow`);
  if (opts.game !== undefined) {
    const n = wholeNumber(opts.game, '--game');
    games = games.filter((g) => g.index === n);
    if (games.length === 0) throw new Error(`${file} has no game ${n} that could be read (${parsed.games.length} games read)`);
  }
  return games;
}

/** Book games from a PDN file: each game's cards fed to `session` as the book goes on. */
async function bookPdn(session: CheckersSession, file: string, text: string, opts: BookOptions, totals: BookTotals): Promise<void> {
  const games = pdnGames(file, text, opts);
  if (opts.deckOut) writeDeckFile(opts.deckOut, [...games.flatMap((g) => bookCards(g, opts.giveaway)), '*END'].map((c) => textCard(c)));

  const progress = new Progress(games.reduce((s, g) => s + g.moves.length, 0), 'plies');
  let fed = 0;
  let game: PdnGame | null = null;
  let moveAt = 0;
  const say = (t: string): void => progress.note(t);
  const printer = bookPrinter(opts, totals, say, (e) => {
    const m = game?.moves[moveAt];
    const where = m ? `${file}:${m.line}:${m.column}: ${gameName(game!)}, move ${moveName(m)}` : gameName(game!);
    return `${where}: the 704 says ${e.text}; the rest of the game is skipped`;
  });
  let stopped: 'rejected' | 'over' | null = null;
  let interrupted = false;
  const run = async (): Promise<void> => {
    const r = await runSession(session, (e) => {
      if (e.kind === 'game' && game) say(`${style.head(gameName(game))}  ${game.result}  ${pliesText(game.moves.length, game.fen ? parseFen(game.fen).toMove : 'black')}`);
      printer(e);
      if (e.kind === 'illegal' || e.kind === 'bad') stopped = 'rejected';
      if (e.kind === 'game-over') stopped = 'over';
    }, () => progress.update(fed + moveAt));
    interrupted ||= r.interrupted;
  };
  await run();
  for (const g of games) {
    if (interrupted) break;
    game = g;
    stopped = null;
    session.feed(...bookStart(g, opts.giveaway));
    await run();
    for (moveAt = 0; moveAt < g.moves.length && stopped === null && !interrupted; moveAt++) {
      session.feed(g.moves[moveAt]!.text);
      await run();
    }
    session.feed(...bookEnd(g, opts.giveaway)); // read with the next game's cards
    fed += g.moves.length;
    const left = g.moves.length - moveAt;
    if (stopped === 'over' && left > 0) say(style.dim(`  the game ended with ${left} book ${left === 1 ? 'ply' : 'plies'} still to come`));
  }
  if (interrupted) say(style.warn('interrupted'));
  else {
    session.feed('*END');
    await run();
  }
  progress.clear();
}

/** Book games from a deck file (already behind the boot cards of `session`). */
async function bookDeck(session: CheckersSession, opts: BookOptions, totals: BookTotals): Promise<void> {
  let game = 0;
  let ply = 0;
  const printer = bookPrinter(opts, totals, out, (e) => `game ${game}, move ${ply + 1}: the 704 says ${e.text}`);
  await runSession(session, (e) => {
    if (e.kind === 'game') {
      game++;
      ply = 0;
      out(style.head(`game ${game}`));
    }
    if (e.kind === 'move') ply = e.ply;
    printer(e);
  });
}

// ---- registration

export function registerCheckersCommands(program: Command): void {
  program
    .command('perft')
    .description('the checkers program counts the positions n plies ahead, for depths 1 to n (1-12)')
    .argument('<n>', 'deepest depth')
    .option('--fen <fen>', 'start from this position (PDN FEN, e.g. W:W18,K22:B1-3)')
    .action(guarded((n: string, opts: { fen?: string }) => perft(n, opts)));

  program
    .command('selfplay')
    .description('the checkers program plays itself (without learning, rote or generalization, every game from the same start is the same)')
    .option('--games <n>', 'how many games (default 1; with --state, the session\'s total, which a later run may raise)')
    .option('--fen <fen>', 'start every game from this position')
    .option('--openings <file>', 'start the games from the ACF three-move ballots of this TSV file (e.g. data/acf_3move.tsv)')
    .option('--seed <n>', 'the order of the ballots (a seeded shuffle; without it a seed is drawn and shown)')
    .option('--barred', 'include the barred ballots')
    .option('--state <dir>', 'a session directory: journal, games.pdn (memory.tap with --rote, learning.tap with --learn), kept after every game; run again to go on')
    .option('--rote', `rote learning on the session's memory tape (DIR/memory.tap), without --state on ${DEFAULT_MEMORY}`)
    .option('--pdn <file>', 'save the games as PDN')
    .option('--memory <tape>', MEMORY_HELP)
    .option('--learn', `generalization learning, Alpha against Beta (*LEARN TAPE), on the session's learning tape (DIR/learning.tap), without --state on ${DEFAULT_LEARNING}`)
    .option('--learning <tape>', 'generalization learning on this learning tape image (created if missing; FILE.new is the new tape)')
    .option('--series <n>', "Samuel's first (1, the default) or second (2) series of tests: how Alpha learns (*LEARN SERIES n)")
    .option('--print-every <n>', "Alpha's term table also after every n-th of its moves (*LEARN PRINT n; learning plot --along moves draws them)")
    .option('--combine', 'rote and generalization learning in the same games (*LEARN COMBINE): beyond Samuel, who kept them apart')
    .option('--giveaway', GIVEAWAY_HELP)
    .option('--json', 'the session (settings, totals, each game) as one JSON object on standard output, nothing else there')
    .option('--quiet', 'no game-by-game printout: only the summary')
    .option('--learner <name>', "samuel (the default, with --learn) or seale: Seale's learner (*LEARN SEALE TAPE; docs/seale.md), needs --state, takes --games and --png DIR")
    .option('--png <dir>', "with --learner seale: draw Alpha's leading coefficients over the games")
    .action(guarded((opts: SelfplayOptions & { learner?: string; png?: string }) => {
      if (opts.learner === 'seale') return sealeSelfplay({ ...opts });
      if (opts.learner !== undefined && opts.learner !== 'samuel') throw new Error(`--learner ${opts.learner}: samuel or seale`);
      if (opts.png !== undefined) throw new Error('--png draws the coefficients of --learner seale');
      return selfplay(opts);
    }));

  program
    .command('play')
    .description('play the checkers program: you type moves, they are punched on cards for the 704')
    .option('--program-plays <side>', 'the side the program plays, black or white (you play the other; Black moves first)', 'white')
    .addOption(new Option('--color <side>', 'the old spelling of --program-plays, refused').hideHelp())
    .option('--deck <file>', "play your moves from a card deck file instead of typing them")
    .option('--fen <fen>', 'start from this position')
    .option('--pdn <file>', 'save the game as PDN')
    .option('--rote', ROTE_HELP)
    .option('--memory <tape>', MEMORY_HELP)
    .option('--learning <tape>', `${LEARNING_USE_HELP} (default: the learning tape npm start trained, when there is one)`)
    .option('--learn [tape]', PLAY_LEARN_HELP)
    .option('--giveaway', GIVEAWAY_HELP)
    .option('--heuristic <file>', HEURISTIC_HELP)
    .option('--console', "enter your moves on the 704's entry keys with sense switch 1 down, not on cards (Samuel: 'by means of console switches')")
    .option('--tables <n>', `several games at once against different people, 1-${MAX_TABLES} (*TABLE n; type the table's number before each move)`)
    .action(guarded((opts: PlayOptions) => (opts.tables !== undefined ? playTables(opts) : play(opts))));

  program
    .command('book')
    .description('book mode: the program follows book games (PDN or a card deck) and reports L, H and C')
    .argument('<file>', 'a PDN file, or a deck of *BOOK and move cards')
    .option('--game <n>', 'only game n of the PDN file')
    .option('--deck-out <file>', 'also write the cards made from the PDN games as a deck')
    .option('--verbose', "each book move and its score, the program's choice and its score, H and L")
    .option('--rote', `${ROTE_HELP}: the positions of the book games are saved with the program's own scores (Samuel's book learning)`)
    .option('--memory <tape>', MEMORY_HELP)
    .option('--learning <tape>', LEARNING_USE_HELP)
    .option('--giveaway', `${GIVEAWAY_HELP} (a PDN game tagged [Variant "Give-away"] is played so anyway)`)
    .option('--tape [file]', `the book on magnetic tape: the cards written on tape ${BOOK_TAPE_UNIT} (also saved as FILE) and read by the 704 (*BOOK TAPE)`)
    .action(guarded((file: string, opts: BookOptions) => book(file, opts)));

  registerReportCommand(program);
  registerMatchCommand(program);
}
