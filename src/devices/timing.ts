// Pace of the unit-record machines (card reader, punch, printer) in CPU cycles of 12 µs.
// They move one card or line per machine cycle and present its 12 rows at index points, two
// words a row (ibm704.md §9.6). The CPU waits for each word (interlock) instead of losing data
// as a late CPY would on the real machine (ibm704.md §7.2 allows this).

export const CYCLE_US = 12;
export const msToCycles = (ms: number): number => Math.round((ms * 1000) / CYCLE_US);

export interface RecordTiming {
  /** Select of an idle unit to its first word. */
  readonly start: number;
  /** Least time between the first words of two cards or lines: the unit's rated speed. */
  readonly cycle: number;
  /** Left word of a row to its right word. */
  readonly pair: number;
  /** Row to row. */
  readonly row: number;
  /** Last (24th) word to the end-of-record exit. */
  readonly end: number;
}

/**
 * The reader figures come from the gate-level model's behavioural reader (first word 63.5 ms
 * after the select, words of a row 0.74 ms apart, rows every 11.5 ms, end of record 6 ms after
 * the last word) and the rated 250 cards a minute (240 ms a card) [E], ibm704.md §9.6.
 */
export const READER_TIMING: RecordTiming = {
  start: msToCycles(63.5),
  cycle: msToCycles(240),
  pair: msToCycles(0.74),
  row: msToCycles(11.5),
  end: msToCycles(6),
};

/** The 721 punch at its rated 100 cards a minute [E]; row timing assumed as the reader's. */
export const PUNCH_TIMING: RecordTiming = { ...READER_TIMING, cycle: msToCycles(600) };

/** The 716 printer at its rated 150 lines a minute, 400 ms a line [E]; rows as the reader's. */
export const PRINTER_TIMING: RecordTiming = { ...READER_TIMING, cycle: msToCycles(400) };

/** When each of a card's 24 words moves, measured from when the previous one actually moved. */
export class RowPacer {
  private lastStart = -Infinity;
  private next = 0;

  constructor(readonly timing: RecordTiming) {}

  /** A card or line starts through the machine at `now` (or when the previous cycle allows). */
  begin(now: number): void {
    const t = Math.max(now + this.timing.start, this.lastStart + this.timing.cycle);
    this.lastStart = t;
    this.next = t;
  }

  /** Word k (0-23) moves no earlier than `now`; returns when it does. */
  word(k: number, now: number): number {
    const t = Math.max(now, this.next);
    const tm = this.timing;
    this.next = t + (k === 23 ? tm.end : k & 1 ? tm.row - tm.pair : tm.pair);
    return t;
  }

  /** When the end-of-record signal after the 24th word comes. */
  endOfRecord(now: number): number {
    return Math.max(now, this.next);
  }
}
