// FORTRAN II built and run on our 704 from the public sources. These checks need rhobbie/Mkf2,
// which is not part of this repository: point SAMUEL704_FORTRAN_SOURCE at a checkout of it.
// Without it the suite is skipped and says so. Expected results are computed here, in
// TypeScript, independently of the 704.

import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFortran, type BuildResult } from '../../src/fortran/mkf2.ts';
import { fortran, type FortranRun } from '../../src/fortran/compile.ts';
import { runUasap, UasapOn704 } from '../../src/fortran/uasap.ts';
import { cardToWords, DECK_EOF, readDeckFile, type Card as PunchCard } from '../../src/devices/cards.ts';

const SOURCE = process.env.SAMUEL704_FORTRAN_SOURCE;
const WHY = 'skipped: set SAMUEL704_FORTRAN_SOURCE to a checkout of rhobbie/Mkf2 (the public FORTRAN II sources) to build and run FORTRAN II';
if (!SOURCE) console.warn(`test/fortran/system.test.ts: ${WHY}`);

const example = (name: string): string => readFileSync(join(import.meta.dirname, '../../examples/fortran', name), 'latin1');
const lines = (out: readonly string[] | undefined): string[] => (out ?? []).map((l) => l.replace('\f', '').trimEnd()).filter((l) => l !== '');
/** A number as FORTRAN II prints it: `2.99085`, `0.333333E-00`, `1.000000E-01`. */
const num = (s: string): number => {
  const m = /^(-?\d*\.\d*)E([- ]\d\d)$/.exec(s);
  return m ? Number(m[1]) * 10 ** Number(m[2]!.replace(' ', '')) : Number(s);
};

describe.skipIf(!SOURCE)(`FORTRAN II on the 704${SOURCE ? '' : ` (${WHY})`}`, () => {
  let build: BuildResult;
  const tape = (k: '4k' | '8k'): string => build.tapes.find((t) => t.endsWith(`f2_${k}.tap`))!;
  const run = (source: string, name: string, extra: Partial<Parameters<typeof fortran>[0]> = {}): FortranRun =>
    fortran({ systemTape: tape('8k'), source, sourceName: name, ...extra });

  beforeAll(() => {
    build = buildFortran({ source: SOURCE!, work: mkdtempSync(join(tmpdir(), 'fortran-build-')) });
  }, 300_000);

  it('builds the 4K and 8K system tapes, running the editor on the 704', () => {
    expect(build.tapes.map((t) => t.slice(-9))).toEqual(['f2_4k.tap', 'f2_8k.tap']);
    for (const t of build.tapes) expect(existsSync(t)).toBe(true);
    const runs = build.steps.filter((s) => s.cycles !== undefined);
    expect(runs.map((s) => s.line)).toEqual(['Sim704 MKIMT.xml', 'Sim704 F2_M.xml', 'Sim704 F2_4k.xml', 'Sim704 F2_8k.xml']);
  });

  it('compiles and runs the FORTRAN primer\'s first example: the root of 3x² + 1.7x − 31.92', () => {
    const r = run(readFileSync(join(SOURCE!, 'F2_8K/Primer1.f'), 'latin1'), 'Primer1.f');
    expect(r.compileEnd).toMatch(/^HTR at 00035/);
    const root = (-1.7 + Math.sqrt(1.7 ** 2 + 4 * 3 * 31.92)) / (2 * 3);
    expect(lines(r.output)).toEqual([root.toFixed(5).padStart(14).trimEnd()]);
  }, 120_000);

  it('prints the table of primes below 500 (examples/fortran/primes.f), on the 8K and the 4K tape', () => {
    const primes: number[] = [];
    for (let n = 2; n < 500; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
    for (const k of ['8k', '4k'] as const) {
      const r = fortran({ systemTape: tape(k), source: example('primes.f'), sourceName: 'primes.f', coreWords: k === '4k' ? 4096 : 8192 });
      const [head, ...rows] = lines(r.output);
      expect(head).toBe(`${String(primes.length).padStart(4)} PRIMES BELOW 500`);
      expect(rows.join(' ').trim().split(/\s+/).map(Number)).toEqual(primes);
    }
  }, 120_000);

  it('sums three series in floating point, reading the number of terms from a data card', () => {
    const r = run(example('series.f'), 'series.f', { data: example('series.dat') });
    const rows = lines(r.output).slice(1).map((l) => l.trim().split(/\s+/).map(num));
    expect(rows.map((x) => x[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    let s = 0, t = 1, e = 1, a = 0;
    for (const [k, S, P, E, L] of rows) {
      s += 1 / (k! * k!);
      t *= k!;
      e += 1 / t;
      a += (k! % 2 ? 1 : -1) / (2 * k! - 1);
      // the 704's single precision truncates: within 3 units of the 7th decimal
      for (const [got, want] of [[S, s], [P, Math.sqrt(6 * s)], [E, e], [L, 4 * a]]) expect(Math.abs(got! - want!)).toBeLessThan(3e-7);
    }
  }, 120_000);

  it('prints I, F and E fields and Hollerith text (examples/fortran/format.f)', () => {
    const [head, ...rows] = lines(run(example('format.f'), 'format.f').output);
    expect(head).toBe('     N   N SQUARED   SQUARE ROOT      RECIPROCAL');
    expect(rows).toHaveLength(12);
    rows.forEach((row, i) => {
      const n = i + 1;
      // the fields of FORMAT (I6, I12, F14.6, E16.6); an E field's exponent may start with a blank
      const [N, sq, root, rec] = [row.slice(0, 6), row.slice(6, 18), row.slice(18, 32), row.slice(32, 48)].map((f) => f.trim());
      expect([Number(N), Number(sq)]).toEqual([n, n * n]);
      expect(root).toMatch(/^\d+\.\d{6}$/);
      expect(Math.abs(num(root!) - Math.sqrt(n))).toBeLessThan(2e-6);
      expect(rec).toMatch(/^\d\.\d{6}E[- ]\d\d$/);
      // within one unit of its sixth decimal
      expect(Math.abs(num(rec!) - 1 / n)).toBeLessThanOrEqual(10 ** (Number(rec!.slice(-3).replace(' ', '')) - 6) + 1e-15);
    });
  }, 120_000);

  it('runs FORTRAN\'s diagnostic program on a source error and punches no program', () => {
    const r = run('      A=3.\n      PRINT 1,A\n    1 FORMAT(F10.3)\n      GO TO 7\n      STOP\n', 'bad.f');
    expect(r.compileEnd).not.toMatch(/^HTR at 00035/);
    expect(r.objectDeck).toHaveLength(0);
    const listing = r.listing.join('\n');
    expect(listing).toContain('FORTRAN DIAGNOSTIC PROGRAM RESULTS');
    expect(listing).toContain('REFERS TO A NON-EXISTENT FORMULA NUMBER');
  }, 120_000);
});

const UASAP = process.env.SAMUEL704_UASAP_DECK;
const WHY_UASAP = 'skipped: set SAMUEL704_UASAP_DECK to UA SAP 3\'s binary deck (samuel704 asm uasap.sap --no-loader -o uasap.cbn) and SAMUEL704_FORTRAN_SOURCE to run UA SAP itself on the 704';
if (!UASAP || !SOURCE) console.warn(`test/fortran/system.test.ts: ${WHY_UASAP}`);

describe.skipIf(!UASAP || !SOURCE)(`UA SAP 3 on the 704${UASAP && SOURCE ? '' : ` (${WHY_UASAP})`}`, () => {
  it('assembles FORTRAN II\'s loader and library control cards as our assembler does, word for word and line for line', () => {
    const deck = readDeckFile(UASAP!).filter((c): c is PunchCard => c !== DECK_EOF).map(cardToWords);
    const uasap = new UasapOn704(deck, mkdtempSync(join(tmpdir(), 'uasap-')));
    for (const name of ['NYBL1.sap', 'LibCTRL.sap']) {
      const source = { name, text: readFileSync(join(SOURCE!, 'MKFORT2', name), 'latin1') };
      const theirs = uasap.assemble(source), ours = runUasap(source);
      expect(theirs.deck).toEqual(ours.deck);
      expect(theirs.listing).toEqual(ours.listing.map((l) => l.toUpperCase().trimEnd()));
    }
  }, 120_000);
});
