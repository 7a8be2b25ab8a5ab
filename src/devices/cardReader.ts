// The 711 card reader at unit 0321 (formats.md §3.1-3.2, ibm704.md §7.2): RDS feeds a card,
// 24 CPYs deliver its row-binary words, the 25th takes the end-of-record exit and the reader
// disconnects. A new select part-way through a card skips the rest of it.

import { cardWord, DECK_EOF, readDeckFile, type Card, type DeckFormat, type DeckItem } from './cards.ts';
import { DeviceError } from './errors.ts';
import { READER_TIMING, RowPacer, type RecordTiming } from './timing.ts';
import { END_OF_FILE, END_OF_RECORD, NO_INPUT, type Unit } from './unit.ts';

export class CardReader implements Unit {
  readonly name = 'card reader';
  readyAt = 0;
  private readonly pacer: RowPacer;
  private hopper: DeckItem[] = [];
  private head = 0;
  private endOfFile = false;
  private selected = false;
  /** The card at the read station and the index of its next word. */
  private card: Card | null = null;
  private k = 0;

  constructor(timing: RecordTiming = READER_TIMING) {
    this.pacer = new RowPacer(timing);
  }

  /** Put cards (and end-of-file marks) at the back of the hopper. */
  feed(deck: readonly DeckItem[]): void {
    if (this.head > 0 && this.head === this.hopper.length) {
      this.hopper = [];
      this.head = 0;
    }
    for (const item of deck) this.hopper.push(item);
  }

  /** Feed a deck file; a malformed file throws ImageError and feeds nothing. Returns the items fed. */
  feedFile(path: string, format: DeckFormat | 'auto' = 'auto'): number {
    const deck = readDeckFile(path, format);
    this.feed(deck);
    return deck.length;
  }

  /**
   * The "end of file after deck" switch (SIMH `attach -e`, formats.md §3.2): with it on, a CPY
   * finding the hopper empty takes the end-of-file exit; with it off the run stops for input.
   */
  setEndOfFile(on: boolean): void {
    this.endOfFile = on;
  }

  /** Cards and end-of-file marks still in the hopper. */
  get hopperCount(): number {
    return this.hopper.length - this.head;
  }

  select(write: boolean, _address: number, now: number): void {
    if (write) throw new DeviceError(this.name, 'cannot be selected for writing');
    this.selected = true;
    this.card = null; // the rest of a card being read is skipped
    this.readyAt = now;
    if (this.hopper[this.head] instanceof Uint16Array) this.take(now);
  }

  read(now: number): number {
    if (!this.selected) return END_OF_RECORD;
    if (this.card === null) {
      const next = this.hopper[this.head];
      if (next === undefined) {
        if (!this.endOfFile) return NO_INPUT; // the CPU retries this CPY once the host has fed cards
        this.selected = false;
        return END_OF_FILE;
      }
      if (next === DECK_EOF) {
        this.head++;
        this.selected = false;
        return END_OF_FILE;
      }
      this.take(now);
    }
    if (this.k === 24) {
      this.readyAt = this.pacer.endOfRecord(now);
      this.selected = false;
      this.card = null;
      return END_OF_RECORD;
    }
    this.readyAt = this.pacer.word(this.k, now);
    return cardWord(this.card!, this.k++);
  }

  write(): number {
    throw new DeviceError(this.name, 'cannot punch');
  }

  disconnect(_now: number): void {
    this.selected = false;
    this.card = null;
  }

  private take(now: number): void {
    this.card = this.hopper[this.head++] as Card;
    this.k = 0;
    this.pacer.begin(now);
  }
}
