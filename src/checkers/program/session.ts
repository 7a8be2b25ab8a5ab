// A small driver for the booted checkers deck: put cards in the reader, run until the program
// waits for a card or halts, and turn the new printer lines into events — one parser for every
// line format of docs/checkers-game.md. The console (sense lights, MQ) is read from the CPU.

import type { StopReason } from '../../cpu/cpu.ts';
import { textCard, type DeckItem } from '../../devices/cards.ts';
import { CYCLE_US } from '../../devices/timing.ts';
import type { Machine } from '../../machine/machine.ts';
import { parsePrintedBoard, type Position, type Side } from '../notation/board.ts';
import { bootCheckers, checkersAssembly } from './deck.ts';

interface Line {
  /** The printed text (a page's form feed removed). */
  text: string;
  /** Emulated 704 seconds when it was printed. */
  at: number;
  /** Wall-clock milliseconds (performance.now()) when it was printed. */
  wall: number;
}

export type MoveBy =
  | { by: 'program'; score: number; depth: number }
  /** `keys`: the move came on the console's entry keys (sense switch 1), not on a card. */
  | { by: 'card'; keys?: boolean }
  /** Book mode: the book move's score and the program's choice with its score (both exact, for the side moving), H and L. */
  | { by: 'book'; bookScore: number; program: number[]; programJump: boolean; programScore: number; high: number; low: number };

/** `ROTE LOOK-UPS L HITS H SAVED PLY P ...`, printed after each search with rote learning on (rote.sap): its look-ups, hits and effective ply. */
export interface RoteSearch { lookups: number; hits: number; ply: number }

export type Event = Line & (
  | { kind: 'banner' }
  | { kind: 'game'; mode: 'play' | 'self' | 'book'; programPlays?: Side }
  | ({ kind: 'move'; ply: number; side: Side; path: number[]; jump: boolean } & MoveBy)
  | { kind: 'predict'; side: Side }
  /** One line of the `*MOVES` list: a complete legal move of the position. */
  | { kind: 'legal'; path: number[]; jump: boolean }
  /** `*HINT`: the move the program would play for the side to move (the person), with its search figures. */
  | { kind: 'hint'; side: Side; path: number[]; jump: boolean; score: number; depth: number }
  | { kind: 'illegal' | 'bad' | 'no-game'; card: string }
  | { kind: 'abandoned' | 'end-of-book' }
  | { kind: 'book-summary'; low: number; high: number; c: string }
  /** `giveaway`: the line ends (GIVE-AWAY) — the game was give-away checkers, the reason keeps it. */
  | { kind: 'game-over'; winner: Side | null; reason: string; giveaway: boolean }
  /** `*GIVEAWAY ON|OFF` obeyed. */
  | { kind: 'variant'; giveaway: boolean }
  | { kind: 'perft'; depth: number; count: number }
  /** `*TABLE n` obeyed: the lines that follow belong to table n's game. */
  | { kind: 'table'; table: number }
  | { kind: 'board'; position: Position }
  | { kind: 'end'; why: 'run' | 'cards' }
  /** A rote-learning line; after each of the program's searches, its look-ups (`search`). */
  | { kind: 'rote'; search?: RoteSearch }
  | { kind: 'other' }
);

/** Give-away checkers (docs/checkers-game.md): the card that switches the 704 to it, for a `--giveaway` option. */
export const giveawayCards = (giveaway?: boolean): string[] => (giveaway ? ['*GIVEAWAY ON'] : []);
export const GIVEAWAY_HELP = 'give-away checkers (*GIVEAWAY ON): the side that loses all its pieces or cannot move wins';

const side = (s: string): Side => (s === 'BLACK' ? 'black' : 'white');
const path = (s: string): number[] => s.split(/[-X]/).map(Number);
const PATH = String.raw`\d+(?:[-X]\d+)+`;

type Parsed = Omit<Event, keyof Line>;

/** One line's event; the board, which takes nine lines, is put together by PrinterParser. */
const LINE_FORMATS: [RegExp, (m: RegExpExecArray) => Parsed][] = [
  [/^SAMUEL CHECKERS PROGRAM - 704$/, () => ({ kind: 'banner' })],
  [/^GAME {2}PROGRAM PLAYS (BLACK|WHITE)$/, (m) => ({ kind: 'game', mode: 'play', programPlays: side(m[1]!) })],
  [/^GAME {2}SELF-PLAY$/, () => ({ kind: 'game', mode: 'self' })],
  [/^GAME {2}BOOK$/, () => ({ kind: 'game', mode: 'book' })],
  [new RegExp(`^MOVE (\\d+) (BLACK|WHITE) (${PATH}) SCORE ([-+]\\d+) PLY (\\d+)$`), (m) => ({
    kind: 'move', ply: Number(m[1]), side: side(m[2]!), path: path(m[3]!), jump: m[3]!.includes('X'),
    by: 'program', score: Number(m[4]), depth: Number(m[5]),
  })],
  [new RegExp(`^MOVE (\\d+) (BLACK|WHITE) (${PATH}) (CARD|KEYS)$`), (m) => ({
    kind: 'move', ply: Number(m[1]), side: side(m[2]!), path: path(m[3]!), jump: m[3]!.includes('X'), by: 'card', ...(m[4] === 'KEYS' ? { keys: true } : {}),
  })],
  [new RegExp(`^MOVE (\\d+) (BLACK|WHITE) (${PATH}) ([-+]\\d+) PROGRAM (${PATH}) ([-+]\\d+) H (\\d+) L (\\d+)$`), (m) => ({
    kind: 'move', ply: Number(m[1]), side: side(m[2]!), path: path(m[3]!), jump: m[3]!.includes('X'), by: 'book',
    bookScore: Number(m[4]), program: path(m[5]!), programJump: m[5]!.includes('X'), programScore: Number(m[6]), high: Number(m[7]), low: Number(m[8]),
  })],
  [new RegExp(`^HINT (BLACK|WHITE) (${PATH}) SCORE ([-+]\\d+) PLY (\\d+)$`), (m) => ({
    kind: 'hint', side: side(m[1]!), path: path(m[2]!), jump: m[2]!.includes('X'), score: Number(m[3]), depth: Number(m[4]),
  })],
  [new RegExp(`^LEGAL MOVE (${PATH})$`), (m) => ({ kind: 'legal', path: path(m[1]!), jump: m[1]!.includes('X') })],
  [/^(BLACK|WHITE) PREDICTS A WIN$/, (m) => ({ kind: 'predict', side: side(m[1]!) })],
  [/^ILLEGAL MOVE - (.*)$/, (m) => ({ kind: 'illegal', card: m[1]! })],
  [/^BAD CARD - (.*)$/, (m) => ({ kind: 'bad', card: m[1]! })],
  [/^NO GAME - CARD (.*)$/, (m) => ({ kind: 'no-game', card: m[1]! })],
  [/^GAME ABANDONED$/, () => ({ kind: 'abandoned' })],
  [/^END OF BOOK$/, () => ({ kind: 'end-of-book' })],
  [/^BOOK {2}L (\d+) H (\d+) C ([-+]\d\.\d{3}|UNDEFINED)$/, (m) => ({ kind: 'book-summary', low: Number(m[1]), high: Number(m[2]), c: m[3]! })],
  [/^GAME OVER - (?:(BLACK|WHITE) WINS|DRAWN) - (.*)$/, (m) => ({ kind: 'game-over', winner: m[1] ? side(m[1]) : null, reason: m[2]!, giveaway: m[2]!.endsWith(' (GIVE-AWAY)') })],
  [/^GIVE-AWAY CHECKERS (ON|OFF)$/, (m) => ({ kind: 'variant', giveaway: m[1] === 'ON' })],
  [/^TABLE (\d+)$/, (m) => ({ kind: 'table', table: Number(m[1]) })],
  [/^PERFT (\d+) = (\d+)$/, (m) => ({ kind: 'perft', depth: Number(m[1]), count: Number(m[2]) })],
  [/^END OF (RUN|CARDS)$/, (m) => ({ kind: 'end', why: m[1] === 'RUN' ? 'run' : 'cards' })],
  // rote learning's lines (docs/checkers-rote.md), only with *ROTE ON; the text says the rest
  [/^ROTE LOOK-UPS (\d+) HITS (\d+) SAVED PLY (\d+)/, (m) => ({ kind: 'rote', search: { lookups: Number(m[1]), hits: Number(m[2]), ply: Number(m[3]) } })],
  [/^ROTE /, () => ({ kind: 'rote' })],
];

/** Printed lines to events, one line at a time (a board is reported when its last row comes). */
export class PrinterParser {
  private board: Line[] = [];

  push(line: Line): Event[] {
    if (this.board.length > 0) {
      this.board.push(line);
      if (this.board.length < 9) return [];
      const lines = this.board;
      this.board = [];
      const position = parsePrintedBoard(lines.map((l) => l.text));
      if (position) return [{ kind: 'board', position, text: lines.map((l) => l.text).join('\n'), at: line.at, wall: line.wall }];
      return lines.flatMap((l, i) => (i === 0 ? [{ kind: 'other' as const, ...l }] : this.push(l)));
    }
    if (line.text.startsWith('POSITION - ')) {
      this.board.push(line);
      return [];
    }
    for (const [re, make] of LINE_FORMATS) {
      const m = re.exec(line.text);
      if (m) return [{ ...make(m), ...line } as Event];
    }
    return [{ kind: 'other', ...line }];
  }

  /** Lines held for a board that never finished. */
  flush(): Event[] {
    const held = this.board;
    this.board = [];
    return held.map((l) => ({ kind: 'other' as const, ...l }));
  }
}

/** Every event of a printout (e.g. a printer file). */
export function parsePrintout(text: string): Event[] {
  const parser = new PrinterParser();
  const lines = text.split('\n').map((t) => t.replace(/^\f/, '')).filter((t) => t !== '');
  return [...lines.flatMap((t) => parser.push({ text: t, at: 0, wall: 0 })), ...parser.flush()];
}

export interface RunResult {
  stop: StopReason;
  message: string;
  /** interrupt() was called during the run (the stop is 'limit' unless the program stopped anyway). */
  interrupted: boolean;
  /** The events printed during this run. */
  events: Event[];
}

/** Instructions per call into the CPU: events come out and Ctrl-C is seen between slices. */
const SLICE = 2_000_000;

export class CheckersSession {
  readonly machine: Machine;
  private readonly parser = new PrinterParser();
  private readonly pending: Line[] = [];
  private interrupted = false;

  /**
   * Boot the deck with `cards` behind it. With `endOfFile` off the run stops for input when the
   * reader is empty (a person's game: feed a card and run again).
   */
  constructor(cards: readonly (string | DeckItem)[] = [], endOfFile = false) {
    this.machine = bootCheckers(cards.map(toCard), endOfFile, {
      printer: { onLine: (text) => this.printed(text) },
    });
  }

  /** Cards to the back of the hopper: text lines are punched as by an 026. */
  feed(...cards: (string | DeckItem)[]): void {
    this.machine.reader.feed(cards.map(toCard));
  }

  setEndOfFile(on: boolean): void {
    this.machine.reader.setEndOfFile(on);
  }

  /** Emulated 704 time so far, in seconds. */
  get seconds(): number {
    return this.machine.cpu.cycles * CYCLE_US * 1e-6;
  }

  get senseLights(): { moved: boolean; predictsWin: boolean; gameOver: boolean; rejected: boolean } {
    const l = this.machine.cpu.senseLights;
    return { moved: (l & 1) !== 0, predictsWin: (l & 2) !== 0, gameOver: (l & 4) !== 0, rejected: (l & 8) !== 0 };
  }

  /** The program's last move on the console: MQ decrement from, address last landing square, minus a jump. */
  get consoleMove(): { from: number; to: number; jump: boolean } | null {
    const mq = this.machine.cpu.mq;
    const mag = mq % 2 ** 35;
    if (mag === 0) return null;
    return { from: Math.floor(mag / 2 ** 18) % 2 ** 15, to: mag % 2 ** 15, jump: mq >= 2 ** 35 };
  }

  /**
   * Data words set by name at the console, while the program waits for a card (Samuel: "All break
   * points are determined by single data words which can be changed at any time by manual
   * intervention"). A name the program does not define is an error.
   */
  setDataWords(words: Readonly<Record<string, number>>): void {
    const symbols = checkersAssembly().symbols;
    for (const [name, value] of Object.entries(words)) {
      const at = symbols.get(name);
      if (at === undefined) throw new Error(`the checkers program has no data word ${name}`);
      this.machine.cpu.mem[at] = value;
    }
  }

  /** Sense switch n (1-6) down (on) or up. Down, switch 1 makes the program take the opponent's move on the entry keys. */
  setSenseSwitch(n: number, down: boolean): void {
    const cpu = this.machine.cpu;
    cpu.senseSwitches = down ? cpu.senseSwitches | (1 << (n - 1)) : cpu.senseSwitches & ~(1 << (n - 1));
  }

  /**
   * A move on the console, as the operator enters it while the program stands at its HPR: the
   * entry keys set to the from square (decrement) and the last square (address), the form the
   * program shows its own move in, then ENTER MQ (MQ := the keys). START is the next run().
   */
  enterMove(from: number, to: number): void {
    const cpu = this.machine.cpu;
    cpu.keys = from * 2 ** 18 + to;
    cpu.mq = cpu.keys;
  }

  /** Stop the current run at the end of its slice, and every later run at once (e.g. on Ctrl-C). */
  interrupt(): void {
    this.interrupted = true;
  }

  /**
   * Run until the program waits for a card ('input'), halts, fails, or is interrupted (stop
   * 'limit'). `onEvent` sees each event soon after it is printed, `onSlice` after every slice.
   * The event loop runs before every slice, so signals (Ctrl-C) and timers are seen.
   */
  async run(onEvent?: (e: Event) => void, onSlice?: () => void): Promise<RunResult> {
    const events: Event[] = [];
    const take = (): void => {
      for (const line of this.pending.splice(0)) {
        for (const e of this.parser.push(line)) {
          events.push(e);
          onEvent?.(e);
        }
      }
    };
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      const stop = this.machine.run(SLICE);
      take();
      onSlice?.();
      if (stop.reason !== 'limit' || this.interrupted) {
        for (const e of this.parser.flush()) {
          events.push(e);
          onEvent?.(e);
        }
        const message = stop.reason === 'limit' ? 'interrupted' : stop.message;
        return { stop: stop.reason, message, interrupted: this.interrupted, events };
      }
    }
  }

  /** The program prints each line in one pass (no SPR 9), so every call is a new line. */
  private printed(text: string): void {
    const t = text.replace(/^\f/, '');
    if (t !== '') this.pending.push({ text: t, at: this.machine.printer.readyAt * CYCLE_US * 1e-6, wall: performance.now() });
  }
}

const toCard = (c: string | DeckItem): DeckItem => (typeof c === 'string' ? textCard(c) : c);
