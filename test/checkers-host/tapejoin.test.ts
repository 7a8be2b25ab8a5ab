// `samuel704 tape join`: two memory tapes made one by the 704 (*ROTE JOIN, src/checkers/rote/join.ts),
// the new tape swapped in by one rename; the other tape only read.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TapeUnit } from '../../src/devices/tape.ts';
import { writeTapeFile } from '../../src/devices/tapeImage.ts';
import { joinMemoryTapes } from '../../src/checkers/rote/join.ts';
import { attachMemoryTapes, readMemoryTape } from '../../src/checkers/rote/memoryTape.ts';
import { bootWith, checkersAssembly } from '../checkers/deck.ts';
import { randomPosition, rng, type Position } from '../checkers/reference.ts';
import { distinctPositions, Rote704, standardForm } from '../checkers/roteharness.ts';

/** A memory tape image of `positions` written by a 704 of its own, at `path`. */
function memoryFile(path: string, positions: readonly Position[], score: (i: number) => number): void {
  const g = new Rote704();
  positions.forEach((p, i) => g.save(p, score(i), 5));
  g.call('KMERGE');
  writeTapeFile(path, [...g.tapes.get(2)!.entries]);
}

describe('tape join', () => {
  it('merges another memory into a memory through the booted deck: each board once, the other tape untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tapejoin-'));
    const all = distinctPositions(rng(8), 90, 6, 0.3);
    const memory = join(dir, 'memory.tap');
    const other = join(dir, 'other.tap');
    memoryFile(memory, all.slice(0, 60), (i) => 64 * i);
    memoryFile(other, all.slice(40), (i) => -64 * (i + 1));
    const before = readFileSync(other);
    const r = await joinMemoryTapes(memory, other);
    expect(r.installed).toBe(true);
    expect(readFileSync(other).equals(before)).toBe(true);
    const t = readMemoryTape(memory);
    expect(t.complete).toBe(true);
    const boards = new Map(t.records.flatMap((rec) => rec.boards.map((b) => [JSON.stringify({ w1: b.w1, w2: b.w2, w3: b.w3, key: rec.key }), b.score] as const)));
    expect(boards.size).toBe(90);
    all.forEach((p, i) => expect(boards.get(JSON.stringify(standardForm(p))), `board ${i}`).toBe(i >= 40 ? -64 * (i - 40 + 1) : 64 * i));
  });

  it('a machine stopped in the middle of a join leaves the old memory tape byte for byte; the join done again installs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tapejoin-'));
    const rand = rng(9);
    const positions = Array.from({ length: 80 }, () => randomPosition(rand, 6, 0.3));
    const memory = join(dir, 'memory.tap');
    const other = join(dir, 'other.tap');
    memoryFile(memory, positions.slice(0, 40), (i) => 64 * i);
    memoryFile(other, positions.slice(40), (i) => 64 * i);
    const before = readFileSync(memory);
    const a = checkersAssembly().symbols;
    const m = bootWith(['*ROTE ON', '*ROTE JOIN', '*ROTE OFF'], true);
    const tapes = attachMemoryTapes(m.io, memory);
    const second = new TapeUnit(6);
    second.attach(other, { readOnly: true });
    m.io.attachTape(6, second);
    let stopped = false;
    for (let n = 0; n < 2_000_000 && !stopped; n++) {
      if (m.run(200).reason === 'halt') break;
      // inside the join's merge, its new tape half written
      stopped = m.cpu.ic >= a.get('KMWB')! && m.cpu.ic < a.get('KMGEN')! && tapes.scratch[0]!.entries.length >= 3;
    }
    expect(stopped).toBe(true);
    expect(tapes.finish(m.printer.lines.join('\n')).installed).toBe(false);
    expect(readFileSync(memory).equals(before)).toBe(true);
    const r = await joinMemoryTapes(memory, other);
    expect(r.installed).toBe(true);
    expect(readMemoryTape(memory).trailer!.boards).toBeGreaterThan(70);
  });
});
