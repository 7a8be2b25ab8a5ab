// The assembler on large sources (issue 13): linear work in the size of the deck, good or bad,
// measured as V8's exact count of executed blocks in src/asm (precise coverage), not as time; and
// a 100,000-line deck assembled and listed whole (no recursion or spread over unbounded lists).

import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Block counting must be on before the assembler's code is compiled, so it is imported after.
const session = new Session();
let assemble: typeof import('../../src/asm/assembler.ts').assemble;
beforeAll(async () => {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  ({ assemble } = await import('../../src/asm/assembler.ts'));
});
afterAll(async () => {
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
});

/** Executed blocks of src/asm while `run` runs (each function and block range, times it ran). */
async function blocksRun(run: () => void): Promise<number> {
  await session.post('Profiler.takePreciseCoverage'); // resets the counters
  run();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  return result
    .filter((s) => s.url.includes('/src/asm/'))
    .reduce((n, s) => n + s.functions.reduce((m, f) => m + f.ranges.reduce((k, r) => k + r.count, 0), 0), 0);
}

/** Six-character symbols in a scrambled order (7919 is prime to 100000: no two alike). */
const symbol = (i: number): string => `S${String((i * 7919) % 100000).padStart(5, '0')}`;

/**
 * `n` cards, every one labelled, with errors of each kind among them: multiply defined symbols,
 * undefined symbols, unknown operations, numbers beyond 15 bits.
 */
function errorDeck(n: number): string {
  const cards = ['       ORG 100'];
  for (let i = 1; i < n; i++) {
    const label = (i % 7 === 0 ? 'DUP' : symbol(i)).padEnd(6);
    const card = [`CLA ${symbol(i + 1)}`, 'CLA NOWHRE', 'XYZ 1', 'TRA 40000', `STO ${symbol(i - 1)}`][i % 5]!;
    cards.push(`${label} ${card}`);
  }
  return `${cards.join('\n')}\n       END\n`;
}

describe('the assembler on large decks', () => {
  it('does twice the work on a deck twice as long, full of errors (executed blocks, not time)', async () => {
    const small = errorDeck(6000);
    const large = errorDeck(12000);
    let errors = 0;
    const a = await blocksRun(() => { errors = assemble([{ name: 'small.sap', text: small }], { loader: false }).errors.length; });
    expect(errors).toBeGreaterThan(3000);
    const b = await blocksRun(() => assemble([{ name: 'large.sap', text: large }], { loader: false }));
    // quadratic work (the bubble sort of 6000 symbols, a table scan per multiply defined symbol) gives about 4
    expect(b / a).toBeGreaterThan(1.8);
    expect(b / a).toBeLessThan(2.5);
  }, 120_000);

  it('assembles and lists a 100,000-card deck whole', () => {
    const cards = ['       ORG 100'];
    for (let i = 1; cards.length < 100_000; i++) {
      // 19,999 words (they fit below 77777), the rest EQU and REM cards
      cards.push(i % 5 === 0 ? `${symbol(i)} TRA *-1` : i % 5 === 1 ? `${symbol(i)} EQU ${i % 1000}` : `       REM CARD ${i}`);
    }
    cards.push('       END 100');
    const r = assemble([{ name: 'big.sap', text: `${cards.join('\n')}\n` }]);
    expect(r.errors).toEqual([]);
    expect(r.image.size).toBe(19_999);
    expect(r.listing.split('\n').length).toBeGreaterThan(100_000);
  }, 120_000);
});
