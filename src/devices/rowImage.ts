// What the 721 punch and the 716 printer share (ibm704.md §7.2, §7.3, formats.md §5.1): after a
// WRS, 24 CPYs fill one card image in row-binary order (9L ... 12R), a 25th CPY takes the
// end-of-record exit, and the SPU/SPR impulses given meanwhile belong to that image.

import { setCardWord, type Card } from './cards.ts';
import { DeviceError } from './errors.ts';
import type { RowPacer } from './timing.ts';
import { END_OF_RECORD, type Unit } from './unit.ts';

export abstract class RowImageWriter implements Unit {
  abstract readonly name: string;
  readyAt = 0;
  protected selected = false;
  /** Rows received for the current image. */
  protected k = 0;
  /** Impulses given since the select: bit n for impulse n. */
  protected impulses = 0;

  constructor(private readonly pacer: RowPacer) {}

  abstract select(write: boolean, address: number, now: number): void;
  abstract disconnect(now: number): void;
  /** The image being filled. */
  protected abstract image(): Card;
  /** All 24 rows have arrived. */
  protected abstract complete(): void;

  /** Start a new image: the previous one is finished first. */
  protected begin(now: number): void {
    this.disconnect(now);
    this.selected = true;
    this.k = 0;
    this.impulses = 0;
    this.readyAt = now;
    this.pacer.begin(now);
  }

  read(): number {
    throw new DeviceError(this.name, 'cannot be read');
  }

  write(word: number, now: number): number {
    if (!this.selected) return END_OF_RECORD;
    if (this.k === 24) {
      this.readyAt = this.pacer.endOfRecord(now);
      this.selected = false;
      return END_OF_RECORD;
    }
    setCardWord(this.image(), this.k, word);
    this.readyAt = this.pacer.word(this.k, now);
    if (++this.k === 24) this.complete();
    return 0;
  }
}
