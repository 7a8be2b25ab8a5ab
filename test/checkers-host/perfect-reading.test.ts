// Perfect reading (docs/checkers-rote.md, "Perfect reading: what the memory could give"): the trace
// of KLOOK finds the boards a search looks up; a memory of exactly those boards, saved by the 704
// itself, gives hits when the move is made again; the host's small memory tape is a complete memory
// tape; the paired test and the curve.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lookupForms, MemoryIndex, memoryEntries, oneMove, perMoveMemory, positionOfWords, sameMove, traceMoves } from '../../src/checkers/rote/perfectReading.ts';
import { kingsPass } from '../../src/checkers/rote/kingsEnding.ts';
import { decodeMemoryTape, standardFen } from '../../src/checkers/rote/memoryTape.ts';
import { parseFen, toFen } from '../../src/checkers/notation/board.ts';
import { writeTapeFile } from '../../src/devices/tapeImage.ts';
import { mcnemarExact } from '../../src/host/stats.ts';
import { logFit } from '../../src/reproduce/experiments/samuelRotePerfect.ts';
import { wordOf } from '../checkers/harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'perfect-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A midgame of Tinsley's games (after ply 21), White to move: its search looks up 4 boards. */
const FEN = 'W:W21,22,23,26,27,28,31,32:B1,2,3,9,10,11,14,20';

describe('perfect reading', () => {
  it('reads a position from the board words as board.sap keeps them, either side to move', () => {
    const SIGN = 2 ** 35;
    // Black to move: FA all Black, BA Black's kings, FP White's kings, BP all White
    expect(toFen(positionOfWords(wordOf([1, 5]), wordOf([5]), wordOf([30]), wordOf([30, 21]), 0))).toBe('B:W21,K30:B1,K5');
    // White to move: FA White's kings, BA all White, FP all Black, BP Black's kings
    expect(toFen(positionOfWords(wordOf([30]), wordOf([30, 21]), wordOf([1, 5]), wordOf([5]), SIGN))).toBe('W:W21,K30:B1,K5');
  });

  it('seeks a board of kings alone under the four images the program may store it as', () => {
    const p = parseFen('B:WK1:BK14,K19');
    const forms = lookupForms(p);
    expect(forms).toHaveLength(4);
    expect(forms).toContain(standardFen(p));
    expect(new Set(forms).size).toBeGreaterThan(1);
    expect(lookupForms(parseFen(FEN))).toEqual([standardFen(parseFen(FEN))]);
  });

  it('traces the boards a search looks up; a memory of exactly those boards (saved by the 704) gives hits when the move is made again', async () => {
    const [s] = await traceMoves([FEN]);
    expect(s!.lookups.length).toBeGreaterThan(0); // traceRun checks the count against the program's own
    // the 704 saves each looked-up board: one move from each with rote learning on (its standard form is Black to move)
    const memory = join(dir, 'saved.tap');
    await kingsPass(memory, [...new Set(s!.lookups.map((l) => l.split('|')[0]!))]);
    const index = new MemoryIndex(memory);
    const tape = join(dir, 'move.tap');
    const held = perMoveMemory(index, s!.lookups, tape);
    expect(held).toBeGreaterThan(0);
    expect(decodeMemoryTape((await import('../../src/devices/tapeImage.ts')).readTapeFile(tape)).complete).toBe(true);
    const w = await oneMove(FEN, tape);
    expect(w.hits).toBeGreaterThan(0);
    expect(w.hits).toBeLessThanOrEqual(w.lookups.length);
    // a memory that holds none of them: the same move as the trace, no hit
    const none = join(dir, 'none.tap');
    perMoveMemory(new MemoryIndex(join(dir, 'move.tap')), [], none);
    const e = await oneMove(FEN, none);
    expect(e.hits).toBe(0);
    expect(sameMove(FEN, e.path, s!.path)).toBe(true);
    expect(e.lookups).toEqual(s!.lookups);
  }, 60_000);

  it('writes a small memory as a complete memory tape: records in key order, the boards\' words unchanged', () => {
    const boards = [{ key: 5 * 2 ** 20 + 3, words: [wordOf([1]), wordOf([30]), 77] }, { key: 2 ** 20, words: [wordOf([2]), wordOf([29]), 99] }, { key: 5 * 2 ** 20 + 3, words: [wordOf([3]), wordOf([30]), 11] }];
    const tape = decodeMemoryTape(memoryEntries(boards, 7));
    expect(tape.complete).toBe(true);
    expect(tape.records.map((r) => r.key)).toEqual([2 ** 20, 5 * 2 ** 20 + 3]);
    expect(tape.records[1]!.boards).toHaveLength(2);
    expect(tape.trailer).toEqual({ boards: 3, records: 2, merge: 7 });
    const path = join(dir, 'small.tap');
    writeTapeFile(path, memoryEntries(boards, 7));
    const index = new MemoryIndex(path);
    expect(index.size).toBe(3);
    expect(index.merge).toBe(7);
    expect(index.find(`x|B:W30:B1`)?.words).toEqual(boards[0]!.words);
  });

  it('tests the paired outcome exactly (McNemar) and fits the curve against the log of the boards', () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(2, 10)).toBeCloseTo(2 * (1 + 12 + 66) / 4096, 10);
    expect(mcnemarExact(10, 2)).toBe(mcnemarExact(2, 10));
    expect(mcnemarExact(7, 5)).toBeGreaterThan(0.5);
    const f = logFit([10, 100, 1000], [1 + 2 * Math.log(10), 1 + 2 * Math.log(100), 1 + 2 * Math.log(1000)]);
    expect(f.a).toBeCloseTo(1, 9);
    expect(f.b).toBeCloseTo(2, 9);
    expect(f.at(1e4)).toBeCloseTo(1 + 2 * Math.log(1e4), 9);
  });
});
