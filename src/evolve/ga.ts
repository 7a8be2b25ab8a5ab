// The genetic operators both generators share (seed 002, section 3.1): a seeded generator whose
// state is saved with the run, crossover of each linear combination separately with the gene at the
// cut drawn between the parents', and per-gene mutation x2, /2 or sign flip (0.4 / 0.4 / 0.2).

import type { HeuristicName } from '../mandziuk/heuristics.ts';

/** What both generators are set up with. */
export interface GeneratorSettings {
  heuristic: HeuristicName;
  giveaway: boolean;
  seed: number;
  population: number;
  /** Specimens in a selection tournament. */
  tournament: number;
  /** Probability a gene mutates. */
  mutation: number;
}

/** mulberry32 with its state in the open, so a checkpoint can keep it. */
export class Rng {
  constructor(public state: number) {
    this.state = state >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** A seed for a 704 game (`*MANDZ SEED`: at most 10 digits). */
  seed(): number {
    return 1 + this.int(2 ** 31 - 1);
  }
}

/**
 * One offspring of two parents: each block (a phase's linear combination) is cut at a random gene;
 * genes before the cut come from one parent, after it from the other, the gene at the cut is drawn
 * between the two parents' values.
 */
export function crossover(a: readonly number[], b: readonly number[], blocks: number, rng: Rng): number[] {
  const child = new Array<number>(a.length);
  const size = a.length / blocks;
  for (let k = 0; k < blocks; k++) {
    const cut = rng.int(size);
    const [first, second] = rng.next() < 0.5 ? [a, b] : [b, a];
    for (let i = 0; i < size; i++) {
      const g = k * size + i;
      child[g] = i < cut ? first[g]! : i > cut ? second[g]! : rng.uniform(Math.min(a[g]!, b[g]!), Math.max(a[g]!, b[g]!));
    }
  }
  return child;
}

/** Each gene mutates with probability `rate`: x2 or /2 (0.4 each) or sign flip (0.2). Returns how many did. */
export function mutate(genes: number[], rate: number, rng: Rng): number {
  let n = 0;
  for (let i = 0; i < genes.length; i++) {
    if (rng.next() >= rate) continue;
    const r = rng.next();
    genes[i] = r < 0.4 ? genes[i]! * 2 : r < 0.8 ? genes[i]! / 2 : -genes[i]!;
    n++;
  }
  return n;
}
