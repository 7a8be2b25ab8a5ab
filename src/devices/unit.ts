// The contract between the 704's polled I/O (RDS/WRS/CPY/CAD, ibm704.md §5.10, §6.4, §7) and a unit.
// The CPU never touches files or terminals: units own their media and are given the cycle clock
// so that the emulated time includes the unit's pace (ibm704.md §9.6).

/** `read` results other than a word (words are >= 0). */
export const END_OF_RECORD = -1; // CPY takes L+3
export const END_OF_FILE = -2; // CPY takes L+2
export const NO_INPUT = -3; // the host must supply input (empty hopper, no end of file): run() stops with 'input'

export interface Unit {
  /** Human name used in messages: "card reader", "tape 3", "printer". */
  readonly name: string;
  /**
   * RDS/WRS addressed this unit. `address` is the full unit address (so a tape knows BCD 0201-0212
   * from binary 0221-0232). `now` is the CPU cycle count.
   */
  select(write: boolean, address: number, now: number): void;
  /** Next word for a reading CPY, or END_OF_RECORD / END_OF_FILE / NO_INPUT. */
  read(now: number): number;
  /** A writing CPY hands over a word; returns 0, or END_OF_RECORD when the unit takes no more (25th word of a line). */
  write(word: number, now: number): number;
  /** The program stopped feeding or reading this unit (new select, halt, end of run): end the record. */
  disconnect(now: number): void;
  /**
   * After read/write: the cycle at which the word just moved (the CPY waits until then); after
   * disconnect: the cycle at which the unit is free for the next select (ibm704.md §7.6, §9.6).
   */
  readonly readyAt: number;
  /**
   * For a unit whose CPYs go both ways after one select (the printer under RPR): whether the next
   * CPY sends a word to it (true) or takes one from it. Units without it go the select's way.
   */
  writesNext?(): boolean;
}
