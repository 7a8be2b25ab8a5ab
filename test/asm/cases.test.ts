// Inline-expectation tests (customasm style, architecture.md §2.1): each file in cases/ is one
// deck, and a card states what it must assemble to in its comment (or past column 80, where a
// BCD card's text cannot reach):
//   => 0 50000 0 00144      the words it makes (instruction layout, or +dddddddddddd)
//   flags: UA               the listing flags of its lines
//   value: 00144            the value printed for EQU, ORG, BSS, END ... (nothing: none printed)
//   error: text             an error on this card whose message contains the text
//   warning: text           likewise a warning
// Any error on a card that does not expect one fails the file.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';
import { parseWord } from '../../src/cpu/word.ts';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'cases');
const MARKERS = /\s(=>|flags:|value:|error:|warning:)(.*?)(?=\s(?:=>|flags:|value:|error:|warning:)|$)/g;

interface Expectation {
  line: number;
  words?: number[];
  flags?: string;
  value?: string;
  errors: string[];
  warnings: string[];
}

/** Words after `=>`: `+050000000144`, raw `606060606060`, or the listing's `0 50000 0 00144`. */
function parseWords(text: string): number[] {
  const t = text.trim().split(/\s+/);
  const out: number[] = [];
  for (let i = 0; i < t.length; ) {
    if (/^[+-]?[0-7]{12}$/.test(t[i]!)) {
      out.push(parseWord(t[i]!));
      i++;
    } else if (/^-?[0-3]$/.test(t[i]!) && /^[0-7]{5}$/.test(t[i + 1] ?? '') && /^[0-7]$/.test(t[i + 2] ?? '') && /^[0-7]{5}$/.test(t[i + 3] ?? '')) {
      const neg = t[i]!.startsWith('-');
      const digits = `${Math.abs(Number(t[i]))}${t[i + 1]}${t[i + 2]}${t[i + 3]}`;
      out.push(parseInt(digits, 8) + (neg ? 2 ** 35 : 0));
      i += 4;
    } else {
      throw new Error(`cannot read expected word at "${t.slice(i).join(' ')}"`);
    }
  }
  return out;
}

function expectations(text: string): Expectation[] {
  const out: Expectation[] = [];
  text.split('\n').forEach((raw, i) => {
    const e: Expectation = { line: i + 1, errors: [], warnings: [] };
    let any = false;
    for (const [, marker, body] of raw.matchAll(MARKERS)) {
      any = true;
      const b = body!.trim();
      if (marker === '=>') e.words = parseWords(b);
      else if (marker === 'flags:') e.flags = b;
      else if (marker === 'value:') e.value = b;
      else if (marker === 'error:') e.errors.push(b);
      else e.warnings.push(b);
    }
    if (any) out.push(e);
  });
  return out;
}

for (const file of readdirSync(DIR).filter((f) => f.endsWith('.sap')).sort()) {
  describe(`cases/${file}`, () => {
    const text = readFileSync(join(DIR, file), 'utf8');
    const result = assemble([{ name: file, text }], { loader: false });
    const wordsOf = (line: number): number[] =>
      result.assemblies.flatMap((a) => [...a.sourceMap].filter(([, c]) => c.line === line).sort(([x], [y]) => x - y).map(([addr]) => a.image.get(addr)!));
    const linesOf = (line: number) => result.assemblies.flatMap((a) => a.lines.filter((l) => l.source?.line === line));
    const diags = (line: number, severity: string) => result.diagnostics.filter((d) => d.line === line && d.severity === severity).map((d) => d.message);
    const all = expectations(text);

    for (const e of all) {
      it(`line ${e.line}`, () => {
        if (e.words) expect(wordsOf(e.line).map((w) => w.toString(8).padStart(12, '0'))).toEqual(e.words.map((w) => w.toString(8).padStart(12, '0')));
        if (e.flags !== undefined) {
          const got = new Set(linesOf(e.line).flatMap((l) => [...l.flags]));
          expect([...got].sort().join('')).toBe([...e.flags].sort().join(''));
        }
        if (e.value !== undefined) expect(linesOf(e.line)[0]?.field.slice(12, 17).trim()).toBe(e.value);
        for (const m of e.errors) expect(diags(e.line, 'error').some((d) => d.includes(m)), `error "${m}" in ${JSON.stringify(diags(e.line, 'error'))}`).toBe(true);
        for (const m of e.warnings) expect(diags(e.line, 'warning').some((d) => d.includes(m)), `warning "${m}" in ${JSON.stringify(diags(e.line, 'warning'))}`).toBe(true);
      });
    }

    it('has no errors that no card expects', () => {
      const expected = new Set(all.filter((e) => e.errors.length > 0).map((e) => e.line));
      const stray = result.errors.filter((d) => !expected.has(d.line)).map((d) => `${d.line}: ${d.message}`);
      expect(stray).toEqual([]);
    });
  });
}
