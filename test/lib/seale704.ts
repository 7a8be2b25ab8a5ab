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
    this.set('QSDS', sw.deltaLookMinusInitial ? 1 : 0);
    this.set('QSABS', sw.signedTerms ? 1 : 0);
    this.set('QSBR', sw.bracesAsPrinted ? 1 : 0);
    this.set('QSZC', sw.skipZeroCorr ? 1 : 0);
  }

  /** The state as the reference holds it; c rows from the count words' bits 2^(25-j). */
  state(): LearnState {
    const n = this.get('QNP');
    const words = this.vec('QC', 30);
    return {
      n, seed: this.get('QSEED'), a: this.vec('QA', n), b: this.vec('QB', n), d: this.vec('QD', 5),
      c: words.map((w) => [...Array(n).keys()].map((j) => (Math.floor(w / 2 ** (24 - j)) % 2))),
      dIndx: this.get('QDI'), cIndx: this.get('QCI'), wins: this.get('QWIN'), losses: this.get('QLOS'),
      corr: this.vec('QCOR', n),
    };
  }

  load(s: LearnState): void {
    this.set('QNP', s.n);
    this.set('QSEED', s.seed);
    this.setVec('QA', s.a); this.setVec('QB', s.b); this.setVec('QD', s.d); this.setVec('QCOR', s.corr);
    this.setVec('QC', s.c.map((row) => row.reduce((w, bit, j) => w + bit * 2 ** (24 - j), 0)));
    this.set('QDI', s.dIndx); this.set('QCI', s.cIndx); this.set('QWIN', s.wins); this.set('QLOS', s.losses);
  }
}

export { word };
