// The 721 card punch at unit 0341 (formats.md §3.1, ibm704.md §7.2): WPU, then 24 CPYs punch
// one card in row-binary order; a 25th CPY takes the end-of-record exit. A card left short by a
// new select is punched with the rows it got (as SIMH does). SPU 1 and 2 send punch impulses
// (plugboard-defined, e.g. stacker selection, ibm704.md §5.8); each punched card records them.

import { existsSync } from 'node:fs';
import { blankCard, deckFormatForPath, readDeckFile, writeDeckFile, type Card, type DeckItem } from './cards.ts';
import { DeviceError } from './errors.ts';
import { RowImageWriter } from './rowImage.ts';
import { PUNCH_TIMING, RowPacer, type RecordTiming } from './timing.ts';

export interface PunchedCard {
  readonly card: Card;
  /** SPU impulses given while it was punched: bit n-1 for SPU n. */
  readonly impulses: number;
}

export class CardPunch extends RowImageWriter {
  readonly name = 'card punch';
  /** Cards punched since the punch was made or attached, in order. */
  readonly punched: PunchedCard[] = [];
  /** Called as each card leaves the punch. */
  onCard: ((card: PunchedCard) => void) | null = null;
  private earlier: DeckItem[] = [];
  private path: string | null = null;
  private format: 'cbn' | 'text' = 'text';
  private card: Card = blankCard();

  constructor(timing: RecordTiming = PUNCH_TIMING) {
    super(new RowPacer(timing));
  }

  /**
   * Punch into a deck file, written atomically on detach. An existing deck is kept and the new
   * cards follow it (SIMH's punch also appends); a malformed one throws ImageError.
   */
  attach(path: string, format: 'cbn' | 'text' = deckFormatForPath(path)): void {
    this.earlier = existsSync(path) ? readDeckFile(path) : [];
    this.punched.length = 0;
    this.path = path;
    this.format = format;
  }

  /** Write the deck file (earlier cards, then the punched ones) and stop punching into it. */
  detach(now = this.readyAt): void {
    this.disconnect(now);
    if (this.path === null) return;
    writeDeckFile(this.path, this.deck(), this.format);
    this.path = null;
  }

  /** Everything in the output stacker: the attached file's cards, then those punched. */
  deck(): DeckItem[] {
    return [...this.earlier, ...this.punched.map((p) => p.card)];
  }

  /** SPU n (n = 1, 2). */
  sense(n: number): void {
    if (n !== 1 && n !== 2) throw new DeviceError(this.name, `SPU ${n}: only impulses 1 and 2 exist`);
    this.impulses |= 1 << (n - 1);
  }

  select(write: boolean, _address: number, now: number): void {
    if (!write) throw new DeviceError(this.name, 'cannot be selected for reading');
    this.begin(now);
    this.card = blankCard();
  }

  protected image(): Card {
    return this.card;
  }

  protected complete(): void {
    this.stack();
  }

  disconnect(_now: number): void {
    if (this.selected && this.k > 0 && this.k < 24) this.stack();
    this.selected = false;
  }

  private stack(): void {
    const done: PunchedCard = { card: this.card, impulses: this.impulses };
    this.punched.push(done);
    this.onCard?.(done);
  }
}
