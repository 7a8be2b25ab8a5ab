// A manifest (main.sap style) reads as its head, the files its REM FILE cards name, and its tail.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';
import { readSources } from '../../src/asm/sources.ts';

describe('readSources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sources-'));
  const put = (name: string, lines: string[]): string => {
    const p = join(dir, name);
    writeFileSync(p, lines.join('\n') + '\n');
    return p;
  };
  put('one.sap', ['A      CLA B']);
  put('two.sap', ['B      DEC 5']);
  const main = put('main.sap', [
    '       REM FILE ONE.SAP',
    '       REM FILE TWO.SAP',
    '       ORG 100',
    '       REM ---- THE FILES GO HERE ----',
    '       END A',
  ]);
  const plain = put('plain.sap', ['       ORG 10', 'X      HTR X', '       END X']);

  it('expands a manifest in the order of its REM FILE cards, beside it', () => {
    const sources = readSources([main]);
    expect(sources.map((s) => s.name)).toEqual([main, join(dir, 'one.sap'), join(dir, 'two.sap'), `${main}(end)`]);
    const r = assemble(sources, { loader: false });
    expect(r.errors).toEqual([]);
    expect(r.start).toBe(100);
    expect(r.image.get(100)).toBe(0o050000000000 + 101); // CLA B, B at 101
    expect(r.image.get(101)).toBe(5);
  });

  it('reads any other file as it is', () => {
    expect(readSources([plain])).toEqual([{ name: plain, text: '       ORG 10\nX      HTR X\n       END X\n' }]);
  });
});
