// A game's program deck: its main.sap and the files its `REM FILE` cards name (SAP has no include
// card), assembled with the card loader in front, and a 704 booted from it with LOAD CARDS. Every
// game on the 704 (checkers, Score-Four, halma) is built and booted this way. Booting needs only
// the deck's cards, which the compiled command line keeps between runs (keptDeck.ts), so a run
// assembles only when the sources or the assembler changed; the full assembly (symbols, listing)
// is made when asked for.

import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { assemble, type AssembleResult } from '../asm/assembler.ts';
import type { Source } from '../asm/deck.ts';
import { readSources } from '../asm/sources.ts';
import { wordsToCard, type Card, type DeckItem } from '../devices/cards.ts';
import { Machine, type MachineOptions } from '../machine/machine.ts';
import { deckFolder, deckKey, keepDeck, readKeptDeck, type KeptDeck } from './keptDeck.ts';

export class ProgramDeck {
  private cached: AssembleResult | null = null;
  private kept: KeptDeck | null = null;
  /** The deck's cards, made once: punching ~1,000 cards took 25-45 ms, a fifth of a short game's boot and play. */
  private deck: Card[] | null = null;

  /**
   * `name` for error messages ("the checkers program"); `main` the path of its main.sap; `keep`
   * where its assembled deck is kept between runs and the build it belongs to (null: assembled
   * in every process).
   */
  constructor(private readonly name: string, readonly main: string, private readonly keep = deckFolder()) {}

  /** The sources in assembly order, as main.sap lists them. */
  sources(): { name: string; text: string }[] {
    return readSources([this.main]);
  }

  /** The assembly (core image, symbols, loader + program cards); throws with the diagnostics on error. */
  assembly(): AssembleResult {
    return this.cached ?? this.assembleSources(this.sources());
  }

  private assembleSources(sources: readonly Source[]): AssembleResult {
    const r = assemble(sources, { loader: true });
    if (r.errors.length > 0) {
      throw new Error(`${this.name} does not assemble:\n${r.errors.map((d) => `${d.file}:${d.line}: ${d.message}\n  ${d.text}`).join('\n')}`);
    }
    this.cached = r;
    return r;
  }

  /**
   * The deck kept from an earlier run of the same sources and assembler, else assembled now and
   * kept; null when this deck is not kept (`keep` null).
   */
  private keptDeck(): KeptDeck | null {
    if (this.kept || !this.keep) return this.kept;
    const sources = this.sources();
    const key = deckKey(sources, this.keep.build);
    const file = join(this.keep.dir, `${basename(dirname(this.main))}.json`);
    this.kept = readKeptDeck(file, key);
    if (!this.kept) {
      const r = this.cached ?? this.assembleSources(sources);
      this.kept = { key, cards: r.cards, digest: imageDigest(r) };
      keepDeck(file, this.kept);
    }
    return this.kept;
  }

  /** Whether the deck came kept from an earlier run (nothing assembled in this process yet). */
  get wasKept(): boolean {
    return this.keptDeck() !== null && this.cached === null;
  }

  /** The core image's digest: a result kept on disk (a reproduced series) belongs to the program that made it. */
  digest(): string {
    return this.keptDeck()?.digest ?? imageDigest(this.assembly());
  }

  /** The bootable deck: the card loader and the program. */
  cards(): Card[] {
    this.deck ??= (this.keptDeck()?.cards ?? this.assembly().cards).map(wordsToCard);
    return [...this.deck];
  }

  /**
   * A machine with the program deck and then `cards` in the reader, LOAD CARDS pressed. With
   * `endOfFile` off the run stops for input when the cards run out (a person's game); on, the
   * program sees the end of the cards.
   */
  boot(cards: readonly DeckItem[], endOfFile: boolean, options: MachineOptions = {}): Machine {
    const m = new Machine(options);
    m.reader.feed(this.cards());
    m.reader.feed(cards);
    m.reader.setEndOfFile(endOfFile);
    m.loadCards();
    return m;
  }
}

const imageDigest = (r: AssembleResult): string => createHash('sha256').update(JSON.stringify([...r.image])).digest('hex').slice(0, 16);
