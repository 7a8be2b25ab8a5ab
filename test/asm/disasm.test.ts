// The disassembler writes SAP the assembler turns back into the same word: for every operation
// of the table with random operands, and for random words of any kind.

import { describe, expect, it } from 'vitest';
import { mulberry32 as rng } from '../rng.ts';
import { assemble } from '../../src/asm/assembler.ts';
import { disassemble } from '../../src/cpu/disasm.ts';
import { OPCODES } from '../../src/cpu/opcodes.ts';

/** Assemble one card per text; the words in order. */
function words(texts: readonly string[]): number[] {
  const source = ['       ORG 0', ...texts.map((t) => `       ${t}`), '       END'].join('\n');
  const r = assemble([{ name: 'rt.sap', text: source }], { loader: false });
  expect(r.errors).toEqual([]);
  return texts.map((_, i) => r.image.get(i)!);
}

describe('disassemble', () => {
  it('names operations, aliases and sense members as SAP writes them', () => {
    const cases: [string, string][] = [
      ['CLA 100', 'CLA 100'], ['TRA 1,,5', 'TRA 1,0,5'], ['TXI 5,4,-1', 'TXI 5,4,-1'], ['TXL 7,2', 'TXL 7,2,0'],
      ['SLN 2', 'SLN 2'], ['SPR 10', 'SPR 10'], ['RDS 209', 'RCD'], ['RTB 3', 'RTB 3'], ['WTD 2', 'WTD 2'],
      ['BST 1', 'BST 1'], ['REW 10', 'REW 10'], ['COM', 'COM'], ['LTM', 'LTM'], ['PBT', 'PBT'], ['HPR', 'HPR'],
      ['PXD ,4', 'PXD 0,4'], ['SWT 4', 'SWT 4'], ['CAC 5', 'CAD 5'], ['IOD', 'IOD'], ['MON 5', 'MON 5'],
      ['COM 5,1,3', 'PSE 7,1,3'], ['PSE 7', 'ETM'], ['MZE', 'MZE'],
    ];
    const w = words(cases.map(([t]) => t));
    expect(w.map((x) => disassemble(x))).toEqual(cases.map(([, d]) => d));
  });

  it('writes octal operands and symbols when asked', () => {
    const [w] = words(['CLA 100,1']);
    expect(disassemble(w!, { radix: 8 })).toBe('CLA 144,1');
    expect(disassemble(w!, { symbol: (a) => (a === 100 ? 'TABLE' : undefined) })).toBe('CLA TABLE,1');
    const [s] = words(['ALS 100']);
    expect(disassemble(s!, { symbol: () => 'X' })).toBe('ALS 100'); // a shift count is no location
  });

  it('round-trips every operation of the table with random operands', () => {
    const next = rng(704);
    const texts: string[] = [];
    for (const d of OPCODES) {
      for (let k = 0; k < 40; k++) {
        const a = Math.floor(next() * 32768), t = Math.floor(next() * 8), dec = Math.floor(next() * 32768);
        const pick = Math.floor(next() * 4);
        texts.push(`${d.mnemonic} ${[`${a}`, `${a},${t}`, `${a},${t},${dec}`, `${a},,${dec % 64}`][pick]}`);
      }
    }
    const first = words(texts);
    const again = words(first.map((w) => disassemble(w)));
    const bad = first.map((w, i) => [texts[i], disassemble(w), w, again[i]] as const).filter(([, , w, v]) => w !== v);
    expect(bad).toEqual([]);
  });

  it('round-trips random words of every kind', () => {
    const next = rng(1959);
    const ws: number[] = [];
    for (let k = 0; k < 3000; k++) ws.push(Math.floor(next() * 2 ** 18) * 2 ** 18 + Math.floor(next() * 2 ** 18));
    const again = words(ws.map((w) => disassemble(w)));
    expect(again.filter((w, i) => w !== ws[i]).length).toBe(0);
  });
});
