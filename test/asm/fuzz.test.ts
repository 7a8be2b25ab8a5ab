// Random garbage never makes the assembler throw: every problem becomes a diagnostic that points
// at a real card and column.

import { describe, expect, it } from 'vitest';
import { mulberry32 as rng } from '../rng.ts';
import { assemble } from '../../src/asm/assembler.ts';
import { PSEUDO_OPS } from '../../src/asm/ops.ts';
import { disassemble } from '../../src/cpu/disasm.ts';
import { OPCODES } from '../../src/cpu/opcodes.ts';

const OPS = [...PSEUDO_OPS, ...OPCODES.map((d) => d.mnemonic), '***', '   ', 'XYZ', 'C/T'];
const CHARS = 'ABCXYZ0123456789+-*/$,.=()\' \t#@!é€abc\\"';

describe('fuzz', () => {
  it('turns 200 decks of random cards into diagnostics, never exceptions', () => {
    const next = rng(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    const garbage = (n: number): string => Array.from({ length: n }, () => pick([...CHARS])).join('');
    for (let deck = 0; deck < 200; deck++) {
      const lines: string[] = [];
      const count = 1 + Math.floor(next() * 60);
      for (let i = 0; i < count; i++) {
        const kind = next();
        if (kind < 0.15) lines.push(garbage(Math.floor(next() * 100)));
        else {
          const label = next() < 0.4 ? garbage(6) : '      ';
          const op = next() < 0.9 ? pick(OPS) : garbage(3);
          const operand = Array.from({ length: Math.floor(next() * 4) }, () => garbage(Math.floor(next() * 8))).join(',');
          lines.push(`${label.padEnd(6).slice(0, 6)} ${op.padEnd(3).slice(0, 3)} ${operand}`);
        }
      }
      const text = lines.join(next() < 0.5 ? '\n' : '\r\n');
      const r = assemble([{ name: `fuzz${deck}.sap`, text }], { loader: next() < 0.5 });
      for (const d of r.diagnostics) {
        expect(d.line).toBeGreaterThanOrEqual(1);
        expect(d.line).toBeLessThanOrEqual(count);
        expect(d.column).toBeGreaterThanOrEqual(1);
        expect(d.message.length).toBeGreaterThan(0);
      }
      expect(typeof r.listing).toBe('string');
      for (const c of r.cards) expect(c).toHaveLength(24);
      for (const w of r.image.values()) expect(Number.isInteger(w) && w >= 0 && w < 2 ** 36).toBe(true);
    }
  });

  it('disassembles any word', () => {
    const next = rng(11);
    for (let k = 0; k < 20000; k++) {
      const w = Math.floor(next() * 2 ** 36);
      expect(disassemble(w).length).toBeGreaterThan(0);
      expect(disassemble(w, { radix: 8, symbol: () => 'S' }).length).toBeGreaterThan(0);
    }
  });
});
