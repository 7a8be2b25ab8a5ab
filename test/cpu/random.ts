// Seeded operand generators for the reference comparisons: reproducible (mulberry32), and biased
// towards the edges where sign-magnitude arithmetic goes wrong: both zeros, all ones, powers of
// two and their neighbours, Q and P set in the AC.

import { mulberry32 } from '../rng.ts';

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** 32 random bits. */
  u32(): number {
    return this.next() * 2 ** 32;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.u32() / 2 ** 32) * n);
  }

  bool(p = 0.5): boolean {
    return this.u32() / 2 ** 32 < p;
  }

  /** Uniform integer of `bits` bits (bits <= 53). */
  bits(bits: number): number {
    if (bits <= 32) return this.u32() % 2 ** bits;
    return (this.u32() % 2 ** (bits - 32)) * 2 ** 32 + this.u32();
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }

  /** A magnitude of `width` bits, edge-biased. */
  magnitude(width: number): number {
    const max = 2 ** width - 1;
    switch (this.int(10)) {
      case 0: return 0;
      case 1: return max;
      case 2: return 2 ** this.int(width);
      case 3: return 2 ** (this.int(width) + 1) - 1;
      case 4: return Math.max(0, 2 ** this.int(width) - (this.int(3) - 1) - 1);
      case 5: return this.int(64); // small
      case 6: return max - this.int(64); // near all ones
      case 7: return this.bits(this.int(width) + 1); // random length
      default: return this.bits(width);
    }
  }

  /** A 36-bit sign-magnitude word, edge-biased (both zeros included). */
  word(): number {
    return (this.bool() ? 2 ** 35 : 0) + this.magnitude(35);
  }

  /** AC magnitude Q,P,1-35: mostly 35-bit, sometimes with Q and/or P set. */
  acMag(): number {
    const low = this.magnitude(35);
    const r = this.int(8);
    if (r === 0) return 2 ** 35 + low; // P
    if (r === 1) return 2 ** 36 + low; // Q
    if (r === 2) return 2 ** 36 + 2 ** 35 + low; // Q and P
    return low;
  }

  /** A floating-point word: normalised, unnormalised, zero, with edge characteristics. */
  float(nearChar?: number): number {
    const sign = this.bool() ? 2 ** 35 : 0;
    let char: number;
    if (nearChar !== undefined && this.bool(0.7)) {
      char = Math.min(255, Math.max(0, nearChar + this.int(61) - 30));
      if (this.bool(0.3)) char = Math.min(255, Math.max(0, nearChar + this.int(5) - 2));
      else if (this.bool(0.2)) char = Math.min(255, Math.max(0, nearChar + this.int(121) - 60));
    } else {
      char = this.pick([0, 1, 2, 26, 27, 28, 127, 128, 129, 200, 253, 254, 255, this.int(256), this.int(256), this.int(256)]);
    }
    let frac: number;
    switch (this.int(8)) {
      case 0: frac = 0; break;
      case 1: frac = 2 ** 27 - 1; break;
      case 2: frac = 2 ** 26; break;
      case 3: frac = this.magnitude(27); break; // often unnormalised
      default: frac = 2 ** 26 + this.bits(26); // normalised
    }
    return sign + char * 2 ** 27 + frac;
  }
}
