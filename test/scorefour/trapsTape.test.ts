// The traps tape (Broeker 3.2's pattern tables kept from run to run): the card TRAPS TAPE reads the
// level-1 table from tape 3 and writes each new table on tape 4 (traplrn.sap through
// asm/lib/tapeio.sap); the host mounts it, swaps the new tape in after the run, and refuses a tape of
// another kind by name (src/scorefour/trapsTape.ts).

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLearningTape, untrainedState } from '../../src/checkers/learning/learningTape.ts';
import { registerTapeCommands } from '../../src/checkers/rote/tapeCli.ts';
import { asciiToWords } from '../../src/devices/codes.ts';
import { TapeUnit } from '../../src/devices/tape.ts';
import { readTapeFile, TAPE_MARK, wordsToRecord, writeTapeFile } from '../../src/devices/tapeImage.ts';
import { registerScorefourCommands } from '../../src/scorefour/cli.ts';
import { playTournament } from '../../src/scorefour/contest.ts';
import { scorefourAssembly } from '../../src/scorefour/program/deck.ts';
import { ScorefourSession } from '../../src/scorefour/program/session.ts';
import { attachTrapsTape, decodeTrapsTape, TRAPS_TAPE_CARDS } from '../../src/scorefour/trapsTape.ts';
import { runCli } from '../cliCapture.ts';

const dir = mkdtempSync(join(tmpdir(), 'sf-traps-'));
// O forks X in layer 1 (traplrn.test.ts): row 1 and column A meet in 1A1; X, playing Stage 1, loses
const GAME = ['4A1', '1B1', '4C2', '1C1', '3D3', '1A2', '2B4', '1A3', '4D4', '1A1', '1D1', '1A4'];
const LOSE = ['STAGE1 X 1', 'BOARD OFF', 'GAME CARDS', ...GAME];

const sym = (n: string): number => scorefourAssembly().symbols.get(n)!;

/** The level-1 table in the 704's core: its last N patterns. */
function coreTable(s: ScorefourSession): [number, number][] {
  const mem = s.machine.cpu.mem;
  const n = mem[sym('QTRPN')]!;
  const end = sym('QTEND');
  return Array.from({ length: n }, (_, k) => [mem[end - 2 * n + 2 * k]!, mem[end - 2 * n + 2 * k + 1]!]);
}

/** A checkers learning tape (the wrong kind) at `name`. */
function learningTape(name: string): string {
  const file = join(dir, name);
  writeTapeFile(file, encodeLearningTape(untrainedState(Array.from({ length: 38 }, (_, i) => i + 1))));
  return file;
}

/** One run with `file` mounted: the session, its printed lines and the tape set (not yet swapped). */
function run(file: string, cards: string[]) {
  const s = new ScorefourSession(cards, true);
  const tapes = attachTrapsTape(s.machine.io, file);
  const r = s.run();
  expect(r.stop).toBe('halt');
  return { s, lines: r.lines, tapes };
}

describe('the traps tape on the 704', () => {
  it('a trap learnt in one run is on the tape, read back into the table in the next run, and known there', () => {
    const file = join(dir, 'learnt.tap');
    const first = run(file, [...TRAPS_TAPE_CARDS, ...LOSE]);
    expect(first.lines.filter((l) => l.startsWith('TRAPS'))).toEqual(['TRAPS TAPE BLANK', 'TRAPS TAPE WRITTEN 0', 'TRAPS LEARNT 36 TABLE 36', 'TRAPS TAPE WRITTEN 36']);
    const learnt = coreTable(first.s);
    expect(first.tapes.finish(first.lines.join('\n')).installed).toBe(true);
    expect(existsSync(`${file}.new`)).toBe(false);
    expect(decodeTrapsTape(readTapeFile(file)).patterns).toEqual(learnt);

    // the next run starts from an empty table (TRAPS CLEAR) and takes the 36 from the tape
    const second = run(file, [...TRAPS_TAPE_CARDS, ...LOSE]);
    expect(second.lines).toContain('TRAPS TAPE READ 36');
    expect(second.lines).toContain('TRAPS LEARNT 0 TABLE 36'); // the same loss teaches nothing: the trap is in the table
    expect(coreTable(second.s)).toEqual(learnt);
    expect(second.s.machine.cpu.mem[sym('QTN8')]! / 2).toBe(4 * 36); // level 2 made again from it
    second.tapes.finish(second.lines.join('\n'));
  });

  it('a record of another kind or length is not taken: the table stays as assembled', () => {
    const s = new ScorefourSession(['TRAPS TAPE'], true);
    const unit = new TapeUnit(3);
    unit.mount([wordsToRecord([asciiToWords('TRAPS ')[0]!, 577, 36, 0, 0], 'binary'), TAPE_MARK], { readOnly: true });
    s.machine.io.attachTape(3, unit);
    const out = new TapeUnit(4);
    out.mount([]);
    s.machine.io.attachTape(4, out);
    const r = s.run();
    expect(r.lines).toContain('TRAPS TAPE BLANK');
    expect(r.lines).toContain('TRAPS TAPE WRITTEN 288');
    expect(s.machine.cpu.mem[sym('QTRPN')]).toBe(288);
  });

  it('a run killed before the swap leaves the old tape byte for byte; its new image is removed at the next start', () => {
    const file = join(dir, 'killed.tap');
    const old = run(file, ['TRAPS CLEAR', 'TRAPS TAPE']); // an empty table
    expect(old.tapes.finish(old.lines.join('\n')).installed).toBe(true);
    const before = readFileSync(file);
    const killed = run(file, [...TRAPS_TAPE_CARDS, ...LOSE]);
    expect(killed.lines).toContain('TRAPS TAPE WRITTEN 36');
    // no finish: the process died here
    killed.tapes.old.detach();
    for (const d of killed.tapes.scratch) d.detach();
    expect(readFileSync(file).equals(before)).toBe(true);
    const next = attachTrapsTape({ attachTape: () => {} }, file);
    expect(next.discarded).toContain('killed.tap.new');
    expect(existsSync(`${file}.new`)).toBe(false);
    next.old.detach();
    for (const d of next.scratch) d.detach();
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(decodeTrapsTape(readTapeFile(file)).patterns).toHaveLength(0);
  });
});

describe('the traps tape on the host', () => {
  it('a tape of another kind is refused with the file named, and left as it was', async () => {
    const file = learningTape('learning.tap');
    const before = readFileSync(file);
    expect(() => attachTrapsTape({ attachTape: () => {} }, file)).toThrow(`${file}: not a traps tape (it is a learning tape)`);
    const r = await runCli(registerScorefourCommands, ['scorefour', 'selfplay', '--quiet', '--stage1', '1', '--traps', file]);
    expect(r.code).not.toBe(0);
    expect(r.code).toBeDefined();
    expect(r.err).toContain(`${file}: not a traps tape`);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(`${file}.new`)).toBe(false);
  });

  it('selfplay --traps makes a tape from a missing file (an empty table, traps learnt); tape info names it with its pattern counts', async () => {
    const file = join(dir, 'selfplay.tap');
    const r = await runCli(registerScorefourCommands, ['scorefour', 'selfplay', '--quiet', '--stage1', '1', '--coef-o', '300,100,500', '--traps', file]);
    expect(r.code, r.err).toBeUndefined();
    const n = decodeTrapsTape(readTapeFile(file)).patterns!.length;
    const learnt = [...r.out.matchAll(/TRAPS LEARNT (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(n).toBeGreaterThan(0); // O loses this game (X wins) and learns
    expect(n).toBe(learnt); // from nothing: what the game taught, no more
    expect(r.out).toContain(`selfplay.tap: ${n} level-1 patterns`);
    const info = await runCli(registerTapeCommands, ['tape', 'info', file]);
    expect(info.out).toContain(`traps tape (Score-Four, Broeker 3.2): ${n} level-1 patterns, ${4 * n} level-2 patterns`);
    expect(info.out).toContain(`${20 * n} bytes`);
  });

  it('contest --traps: the pattern players take their table from the tape, only read; another kind is refused', async () => {
    const file = join(dir, 'empty.tap');
    const made = run(file, ['TRAPS CLEAR', 'TRAPS TAPE']);
    made.tapes.finish(made.lines.join('\n'));
    const before = readFileSync(file);
    const p1 = { coef: [100, 200, 300], aggression: false, stage1: 1 as const };
    const p = { coef: [300, 200, 100], aggression: false };
    // an empty table leaves Stage 1 only POLY to run: less 704 time than the assembled 288
    expect(playTournament(p1, p, 1, file).seconds).toBeLessThan(playTournament(p1, p, 1).seconds);
    const r = await runCli(registerScorefourCommands, ['scorefour', 'contest', 'P1', 'P', '--tournaments', '2', '--workers', '1', '--depth', '1', '--traps', file]);
    expect(r.code, r.err).toBeUndefined();
    expect(r.out).toMatch(/P1 vs P.*: 2 tournaments/);
    expect(readFileSync(file).equals(before)).toBe(true);
    const other = learningTape('contest-learning.tap');
    const wrong = await runCli(registerScorefourCommands, ['scorefour', 'contest', 'P1', 'P', '--tournaments', '2', '--traps', other]);
    expect(wrong.err).toContain(`${other}: not a traps tape (it is a learning tape)`);
  });
});
