// What the assembler writes: UA SAP's card layouts (formats.md §3.3), the .cbn deck, the core
// image for `run --load` and the debugger's symbol map.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';
import { imageText, symbolMap, writeCbn } from '../../src/asm/output.ts';
import { readDeck } from '../../src/asm/punch.ts';
import { cardToWords, readDeckFile, type Card } from '../../src/devices/cards.ts';
import { parseImage } from '../../src/machine/image.ts';

/** Ones'-complement 36-bit sum (the ACL instruction), written out here independently. */
const ones = (words: readonly number[]): number =>
  words.reduce((s, w) => {
    const t = s + w;
    return t >= 2 ** 36 ? t - 2 ** 36 + 1 : t;
  }, 0);

const card = (text: string) => `       ${text}`;
const source = (lines: string[]): string => lines.map(card).join('\n') + '\n';

describe('absolute cards', () => {
  const words = Array.from({ length: 30 }, (_, i) => `DEC ${i + 1}`);
  const r = assemble([{ name: 'abs.sap', text: source(['ORG 64', 'CLA 100', ...words, 'BSS 3', 'HTR 0', 'END 64']) }], { loader: false });

  it('hold at most 22 words, 9L = count and address, 9R = the ACL sum of 9L and the data', () => {
    const abs = r.punch.filter((c) => c[0]! >= 2 ** 18);
    expect(abs.map((c) => Math.floor(c[0]! / 2 ** 18))).toEqual([22, 9, 1]);
    expect(abs.map((c) => c[0]! % 2 ** 15)).toEqual([64, 86, 98]);
    for (const c of abs) {
      const n = Math.floor(c[0]! / 2 ** 18);
      expect(c[1]).toBe(ones([c[0]!, ...c.slice(2, 2 + n)]));
      c.slice(2, 2 + n).forEach((w, k) => expect(w).toBe(r.image.get((c[0]! % 2 ** 15) + k)));
      expect(c.slice(2 + n).every((w) => w === 0)).toBe(true);
    }
  });

  it('end with a transfer card: count 0, the END address, nothing else', () => {
    const last = r.punch[r.punch.length - 1]!;
    expect(last[0]).toBe(64);
    expect(last.slice(1).every((w) => w === 0)).toBe(true);
    expect(r.start).toBe(64);
  });

  it('read back to the same words and start', () => {
    const back = readDeck(r.punch);
    expect([...back.image].sort(([a], [b]) => a - b)).toEqual([...r.image].sort(([a], [b]) => a - b));
    expect(back.start).toBe(64);
    expect(back.other).toEqual([]);
    const bad = r.punch.map((c) => [...c]);
    bad[0]![5] = (bad[0]![5]! + 1) % 2 ** 36;
    expect(readDeck(bad).other.map((o) => o.index)).toEqual([0]);
  });
});

describe('FUL and REL cards', () => {
  it('FUL punches 24 raw words a card', () => {
    const r = assemble([{ name: 'ful.sap', text: source(['FUL', 'ORG 0', ...Array.from({ length: 26 }, (_, i) => `PZE ${i}`), 'END']) }], { loader: false });
    const ful = r.punch.slice(0, 2);
    expect(ful[0]).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(ful[1]).toEqual([24, 25, ...new Array<number>(22).fill(0)]);
  });

  it('REL cards carry relocation bits in 8L-8R, as UA SAP 3 punched this program', () => {
    // Expected words: UA SAP 3 assembling the same cards on the SIMH i704 simulator.
    const r = assemble([{ name: 'rel.sap', text: source(['REL', 'ORG 0']) + 'A      CLA B\n       TXI A,1,B\n       STO -A\n       CLA 5\nB      DEC 3\n' + card('END A') }], { loader: false });
    expect(r.punch[0]!.slice(0, 9).map((w) => w.toString(8).padStart(12, '0'))).toEqual([
      '200005000000', '751511100014', '251400000000', '000000000000',
      '050000000004', '100004100000', '060100000000', '050000000005', '000000000003',
    ]);
    expect(r.punch[1]![0]!.toString(8)).toBe('200000000000');
  });
});

describe('files', () => {
  const text = 'START  CLA X\n       HTR START\nX      DEC 7\n       END START\n';
  const r = assemble([{ name: 'prog.sap', text: '       ORG 100\n' + text }]);
  const dir = mkdtempSync(join(tmpdir(), 'asm-'));

  it('writes the deck as .cbn that reads back card for card', () => {
    const path = join(dir, 'prog.cbn');
    writeCbn(path, r.cards);
    const back = readDeckFile(path).filter((c): c is Card => c !== 'eof').map((c) => [...cardToWords(c)]);
    expect(back).toEqual(r.cards);
  });

  it('writes an image the run command loads, with the start in a comment', () => {
    const t = imageText(r, 'prog.sap');
    expect(t).toContain('# start 00144');
    expect([...parseImage(t, 'prog.oct').words]).toEqual([...r.image].sort(([a], [b]) => a - b));
  });

  it('maps symbols to octal values and every word to its source line', () => {
    const m = symbolMap(r);
    expect(m.symbols).toEqual({ START: '00144', X: '00146' });
    expect(m.start).toBe('00144');
    expect(m.lines['00145']).toEqual({ file: 'prog.sap', line: 3 });
    expect(JSON.parse(JSON.stringify(m))).toEqual(m);
  });
});
