// Driving the booted Score-Four deck: cards into the reader, a run until the 704 waits for a card or
// halts, and its printed lines read back as events (docs/scorefour.md gives every line's format).
// The host never judges a move: it reads the 704's printed moves, cube and results.

import type { StopReason } from '../../cpu/cpu.ts';
import { textCard } from '../../devices/cards.ts';
import { CYCLE_US } from '../../devices/timing.ts';
import type { Machine } from '../../machine/machine.ts';
import { bootScorefour } from './deck.ts';

export type Side = 'X' | 'O';
/** 64 cells, c = 16 (layer-1) + 4 (row-1) + column (A-D = 0-3): 'X', 'O' or '.'. */
export type Cube = string[];

export type Event =
  | { kind: 'game'; x: 'program' | 'cards'; o: 'program' | 'cards' }
  | { kind: 'move'; n: number; side: Side; cell: string; by: 'program' | 'card'; value?: number; nodes?: number }
  | { kind: 'cube'; cube: Cube; text: string }
  | { kind: 'over'; winner: Side | null }
  | { kind: 'illegal' | 'bad'; card: string }
  | { kind: 'series'; n: number; coef: number[]; factor?: number }
  | { kind: 'learned'; version: 'A' | 'B'; coef: number[]; series: number; games: number }
  | { kind: 'abandoned' | 'end' | 'banner' | 'other'; text: string };

/** Cell number of a move in the cards' notation (2C3 = layer 2, column C, row 3). */
export const cellOf = (m: string): number => 16 * (Number(m[0]) - 1) + 4 * (Number(m[2]) - 1) + 'ABCD'.indexOf(m[1]!);
export const cellName = (c: number): string => `${Math.floor(c / 16) + 1}${'ABCD'[c % 4]}${(Math.floor(c / 4) % 4) + 1}`;

const nums = (s: string): number[] => s.trim().split(/\s+/).map(Number);

const LINE_FORMATS: [RegExp, (m: RegExpExecArray) => Event][] = [
  [/^GAME {2}X (PROGRAM|CARDS) {2}O (PROGRAM|CARDS)$/, (m) => ({ kind: 'game', x: m[1] === 'PROGRAM' ? 'program' : 'cards', o: m[2] === 'PROGRAM' ? 'program' : 'cards' })],
  [/^MOVE (\d+) ([XO]) ([1-4][A-D][1-4]) VALUE ([-+]?\d+) NODES (\d+)$/, (m) => ({ kind: 'move', n: Number(m[1]), side: m[2] as Side, cell: m[3]!, by: 'program', value: Number(m[4]), nodes: Number(m[5]) })],
  [/^MOVE (\d+) ([XO]) ([1-4][A-D][1-4]) CARD$/, (m) => ({ kind: 'move', n: Number(m[1]), side: m[2] as Side, cell: m[3]!, by: 'card' })],
  [/^GAME OVER - (?:([XO]) WINS|DRAWN)$/, (m) => ({ kind: 'over', winner: (m[1] as Side | undefined) ?? null })],
  [/^ILLEGAL MOVE - (.*)$/, (m) => ({ kind: 'illegal', card: m[1]!.trim() })],
  [/^BAD CARD - (.*)$/, (m) => ({ kind: 'bad', card: m[1]!.trim() })],
  [/^SERIES (\d+) C ([\d ]+?)(?: F (\d+))?$/, (m) => ({ kind: 'series', n: Number(m[1]), coef: nums(m[2]!), ...(m[3] ? { factor: Number(m[3]) } : {}) })],
  [/^LEARNED ([AB]) C ([\d ]+) SERIES (\d+) GAMES (\d+)$/, (m) => ({ kind: 'learned', version: m[1] as 'A' | 'B', coef: nums(m[2]!), series: Number(m[3]), games: Number(m[4]) })],
  [/^GAME ABANDONED$/, (m) => ({ kind: 'abandoned', text: m[0] })],
  [/^END OF (RUN|CARDS)$/, (m) => ({ kind: 'end', text: m[0] })],
  [/^SCORE-FOUR PROGRAM - 704$/, (m) => ({ kind: 'banner', text: m[0] })],
];

const CUBE_ROW = /^([1-4]) ([XO.]) ([XO.]) ([XO.]) ([XO.]) {2}\1 ([XO.]) ([XO.]) ([XO.]) ([XO.]) {2}\1 ([XO.]) ([XO.]) ([XO.]) ([XO.]) {2}\1 ([XO.]) ([XO.]) ([XO.]) ([XO.])$/;

/** Printed lines to events; the cube (six lines: header, rows 4 to 1, letters) is one event. */
export function parseLines(lines: readonly string[]): Event[] {
  const out: Event[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.trimEnd();
    if (text.startsWith('  LAYER 1')) {
      const cube: Cube = new Array<string>(64).fill('.');
      const rows = lines.slice(i + 1, i + 5).map((l) => CUBE_ROW.exec(l.trimEnd()));
      if (rows.every((r) => r)) {
        rows.forEach((r, k) => {
          const y = 3 - k;
          for (let z = 0; z < 4; z++) for (let x = 0; x < 4; x++) cube[16 * z + 4 * y + x] = r![2 + 4 * z + x]!;
        });
        out.push({ kind: 'cube', cube, text: lines.slice(i, i + 6).join('\n') });
        i += 5;
        continue;
      }
    }
    const f = LINE_FORMATS.find(([re]) => re.test(text));
    out.push(f ? f[1](f[0].exec(text)!) : { kind: 'other', text });
  }
  return out;
}

export interface RunResult {
  stop: StopReason;
  message: string;
  lines: string[];
  events: Event[];
}

/** Instructions per slice, so a long run can be interrupted between slices. */
const SLICE = 5_000_000;

export class ScorefourSession {
  readonly machine: Machine;
  private pending: string[] = [];
  private interrupted = false;

  /** With `endOfFile` off the 704 stops for input when the reader is empty (a person's game). */
  constructor(cards: readonly string[] = [], endOfFile = true) {
    this.machine = bootScorefour(cards.map((c) => textCard(c)), endOfFile, {
      printer: { onLine: (t) => { const s = t.replace(/^\f/, ''); if (s !== '') this.pending.push(s); } },
    });
  }

  feed(...cards: string[]): void {
    this.machine.reader.feed(cards.map((c) => textCard(c)));
  }

  interrupt(): void {
    this.interrupted = true;
  }

  /** Emulated 704 time so far, in seconds (12 µs a cycle). */
  get seconds(): number {
    return this.machine.cpu.cycles * CYCLE_US * 1e-6;
  }

  /** Run until the 704 waits for a card, halts or fails; `onEvents` sees the events of each slice. */
  run(onEvents?: (e: Event[]) => void): RunResult {
    const got: RunResult = { stop: 'limit', message: '', lines: [], events: [] };
    while (!this.slice(got, onEvents));
    return got;
  }

  /** As run, letting the event loop in before every slice, so a Ctrl-C (interrupt()) is seen. */
  async runYielding(onEvents?: (e: Event[]) => void): Promise<RunResult> {
    const got: RunResult = { stop: 'limit', message: '', lines: [], events: [] };
    do await new Promise((resolve) => setImmediate(resolve));
    while (!this.slice(got, onEvents));
    return got;
  }

  /** One slice into `got`; true when the run is over (its stop and message set). */
  private slice(got: RunResult, onEvents?: (e: Event[]) => void): boolean {
    const stop = this.machine.run(SLICE);
    const lines = this.pending.splice(0);
    got.lines.push(...lines);
    const ev = parseLines(lines);
    got.events.push(...ev);
    if (ev.length) onEvents?.(ev);
    if (stop.reason === 'limit' && !this.interrupted) return false;
    got.stop = stop.reason;
    got.message = this.interrupted ? 'interrupted' : stop.message;
    return true;
  }
}

/** Run a whole deck to its end (the reader's end of file): the printed lines and events; `mount` attaches tapes first. */
export function runDeck(cards: readonly string[], mount?: (io: Machine['io']) => void): RunResult & { seconds: number } {
  const s = new ScorefourSession(cards, true);
  mount?.(s.machine.io);
  const r = s.run();
  return { ...r, seconds: s.seconds };
}
