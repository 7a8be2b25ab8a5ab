// A game's program deck: its main.sap and the files its `REM FILE` cards name (SAP has no include
// card), assembled once per process with the card loader in front, and a 704 booted from it with
// LOAD CARDS. Every game on the 704 (checkers, Score-Four, halma) is built and booted this way.

import { assemble, type AssembleResult } from '../asm/assembler.ts';
import { readSources } from '../asm/sources.ts';
import { wordsToCard, type Card, type DeckItem } from '../devices/cards.ts';
import { Machine, type MachineOptions } from '../machine/machine.ts';

export class ProgramDeck {
  private cached: AssembleResult | null = null;
  /** The deck's cards, made once: punching ~1,000 cards took 25-45 ms, a fifth of a short game's boot and play. */
  private deck: Card[] | null = null;

  /** `name` for error messages ("the checkers program"); `main` the path of its main.sap. */
  constructor(private readonly name: string, readonly main: string) {}

  /** The sources in assembly order, as main.sap lists them. */
  sources(): { name: string; text: string }[] {
    return readSources([this.main]);
  }

  /** The assembly (core image, symbols, loader + program cards); throws with the diagnostics on error. */
  assembly(): AssembleResult {
    if (this.cached) return this.cached;
    const r = assemble(this.sources(), { loader: true });
    if (r.errors.length > 0) {
      throw new Error(`${this.name} does not assemble:\n${r.errors.map((d) => `${d.file}:${d.line}: ${d.message}\n  ${d.text}`).join('\n')}`);
    }
    this.cached = r;
    return r;
  }

  /** The bootable deck: the card loader and the program. */
  cards(): Card[] {
    this.deck ??= this.assembly().cards.map(wordsToCard);
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
