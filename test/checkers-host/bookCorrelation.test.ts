// Samuel's book-move correlation of a polynomial (samuel-rote-terms): the 704 follows a book game
// with the polynomial set at the console, and the runs give the same tallies on pool threads as in
// this thread, whatever order they end in.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookCards, parsePdn } from '../../src/checkers/notation/pdn.ts';
import { bookTally, correlation, type Poly } from '../../src/checkers/rote/bookCorrelation.ts';
import { onPool } from '../../src/tournament/pool.ts';
import { DATA } from '../data.ts';

const game = parsePdn(readFileSync(join(DATA, 'tinsley.pdn'), 'latin1'), 'tinsley.pdn').games[0]!;
const cards = bookCards(game);
const polys: Poly[] = ['rote', [], [{ term: 8, coefficient: 16 }], [{ term: 8, coefficient: -16 }]];

describe('book-move correlation', () => {
  it('C = (L - H)/(L + H), undefined with no book moves counted', () => {
    expect(correlation({ low: 30, high: 10 })).toBe(0.5);
    expect(correlation({ low: 0, high: 0 })).toBeNaN();
  });

  it('each polynomial its own tally, the same on two threads as here', async () => {
    const here = [];
    for (const p of polys) here.push(await bookTally(cards, p));
    for (const t of here) expect(t.low + t.high).toBeGreaterThan(0);
    expect(new Set(here.map((t) => `${t.low}/${t.high}`)).size).toBeGreaterThan(1); // the console's polynomial is the one used
    const ended: number[] = [];
    const there = await onPool(polys.length, (pool, i) => pool.run({ task: 'book', cards, poly: polys[i]! }), (i) => ended.push(i), 2);
    expect(there).toEqual(here);
    expect([...ended].sort()).toEqual([0, 1, 2, 3]);
  }, 120_000);
});
