// A deck punched by the assembler boots with LOAD CARDS (ibm704.md §7.1) on the emulator: the
// loader in front of it reads the absolute cards, checks their sums and starts the program at
// the transfer card — on any core size, since the loader's addresses wrap.

import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';
import { wordsToCard } from '../../src/devices/cards.ts';
import { Machine } from '../../src/machine/machine.ts';

// Sums the ten words from N (10, 9, ..., 1) into TOTAL with an index loop, keeps a 30-word
// table past a BSS so the program spans several cards, then halts at DONE.
const PROGRAM = `       ORG 100
START  CLA ZERO
       LXA N,1
LOOP   ADD N+10,1
       TIX LOOP,1,1
       STO TOTAL
       CLA TABLE+29
DONE   HTR DONE
ZERO   DEC 0
N      DEC 10
       DEC 9,8,7,6,5,4,3,2,1
TOTAL  BSS 1
TABLE  DEC 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
       DEC 21,22,23,24,25,26,27,28,29,30
       END START
`;

function boot(cards: number[][], coreWords: number) {
  const m = new Machine({ coreWords });
  m.reader.feed(cards.map(wordsToCard));
  m.reader.setEndOfFile(true);
  m.loadCards();
  const stop = m.run(1_000_000);
  return { m, stop };
}

describe('booting an assembled deck with LOAD CARDS', () => {
  const r = assemble([{ name: 'sum.sap', text: PROGRAM }]);
  const sym = (s: string): number => r.symbols.get(s)!;

  it('assembles without errors into loader cards, absolute cards and a transfer card', () => {
    expect(r.errors).toEqual([]);
    expect(r.cards.length).toBeGreaterThan(r.punch.length);
    expect(r.cards.slice(r.cards.length - r.punch.length)).toEqual(r.punch);
    // More than one absolute card: the BSS breaks the cards and TABLE needs two.
    expect(r.punch.filter((c) => c[0]! >= 2 ** 18).length).toBeGreaterThanOrEqual(3);
  });

  for (const coreWords of [32768, 8192, 4096]) {
    it(`runs the program to its halt on a ${coreWords}-word machine`, () => {
      const { m, stop } = boot(r.cards, coreWords);
      expect(stop.reason).toBe('halt');
      expect(stop.message).toContain(`HTR at 00${sym('DONE').toString(8)}`);
      expect(m.cpu.mem[sym('TOTAL')]).toBe(55);
      expect(m.cpu.acSign).toBe(0);
      expect(m.cpu.acMag).toBe(30);
      for (const [addr, word] of r.image) expect(m.cpu.mem[addr & (coreWords - 1)]).toBe(word);
    });
  }

  it('halts at 77774 on a card whose checksum is wrong, before starting the program', () => {
    const cards = r.cards.map((c) => [...c]);
    const loaderCards = cards.length - r.punch.length;
    cards[loaderCards]![3] = (cards[loaderCards]![3]! + 1) % 2 ** 36; // a data word of the first absolute card
    const { m, stop } = boot(cards, 32768);
    expect(stop.reason).toBe('halt');
    expect(stop.message).toContain('HTR at 77774');
    expect(m.cpu.mem[sym('TOTAL')]).toBe(0);
  });

  it('halts at 77753 when the cards run out before a transfer card', () => {
    const { stop } = boot(r.cards.slice(0, -1), 32768);
    expect(stop.reason).toBe('halt');
    expect(stop.message).toContain('HTR at 77753');
  });
});
