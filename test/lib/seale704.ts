// asm/lib/seale.sap assembled on its own (it needs nothing of any game), loaded into a machine, and
// its routines called the 704 way (test/checkers/call704.ts). Reads and writes the learner's
// state in core as sealeref.ts's LearnState.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble } from '../../src/asm/assembler.ts';
import { Core704, SIGN } from '../checkers/call704.ts';
import type { LearnState, Switches } from './sealeref.ts';

const LIB = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'asm', 'lib', 'seale.sap');

const signed = (w: number): number => (w >= SIGN ? -(w - SIGN) : w) + 0;
const word = (v: number): number => (v < 0 ? SIGN - v : v);

let image: { image: Map<number, number>; symbols: Map<string, number> } | null = null;

function assembled(): { image: Map<number, number>; symbols: Map<string, number> } {
  if (image) return image;
  const text = `       ORG 64\n${readFileSync(LIB, 'utf8')}       END\n`;
  const r = assemble([{ name: LIB, text }], { loader: false });
  if (r.errors.length > 0) throw new Error(r.errors.map((d) => `${d.file}:${d.line}: ${d.message}`).join('\n'));
  image = { image: new Map(r.image), symbols: new Map(r.symbols) };
  return image;
}

export class Seale704 extends Core704 {
  constructor() { super(assembled()); }

  get(name: string, off = 0): number { return signed(this.peek(name, off)); }
  set(name: string, v: number, off = 0): void { this.poke(name, word(v), off); }
  /** Table entry j (1-based) of a block ended at `name` (BES): name - j. */
  vec(name: string, n: number): number[] { return [...Array(n).keys()].map((i) => this.get(name, -(i + 1))); }
  setVec(name: string, v: readonly number[]): void { v.forEach((x, i) => this.set(name, x, -(i + 1))); }

  switches(sw: Switches): void {
    this.set('JSDS', sw.deltaLookMinusInitial ? 1 : 0);
    this.set('JSABS', sw.signedTerms ? 1 : 0);
    this.set('JSBR', sw.bracesAsPrinted ? 1 : 0);
    this.set('JSZC', sw.skipZeroCorr ? 1 : 0);
  }

  /** The state as the reference holds it; c rows from the count words' bits 2^(25-j). */
  state(): LearnState {
    const n = this.get('JNP');
    const words = this.vec('JC', 30);
    return {
      n, seed: this.get('JSEED'), a: this.vec('JA', n), b: this.vec('JB', n), d: this.vec('JD', 5),
      c: words.map((w) => [...Array(n).keys()].map((j) => (Math.floor(w / 2 ** (24 - j)) % 2))),
      dIndx: this.get('JDI'), cIndx: this.get('JCI'), wins: this.get('JWIN'), losses: this.get('JLOS'),
      corr: this.vec('JCOR', n),
    };
  }

  load(s: LearnState): void {
    this.set('JNP', s.n);
    this.set('JSEED', s.seed);
    this.setVec('JA', s.a); this.setVec('JB', s.b); this.setVec('JD', s.d); this.setVec('JCOR', s.corr);
    this.setVec('JC', s.c.map((row) => row.reduce((w, bit, j) => w + bit * 2 ** (24 - j), 0)));
    this.set('JDI', s.dIndx); this.set('JCI', s.cIndx); this.set('JWIN', s.wins); this.set('JLOS', s.losses);
  }
}

export { word };
