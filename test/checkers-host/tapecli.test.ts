// The memory tape host tools: decoding (src/checkers/memoryTape.ts), the atomic swap, and the
// `tape info` / `tape dump` commands' text, on a tape the 704 wrote (rote.sap's KMERGE).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { recordToWords, TAPE_MARK, wordsToRecord, writeTapeFile, type TapeEntry, type TapeRecord } from '../../src/devices/tapeImage.ts';
import { asciiToWords } from '../../src/devices/codes.ts';
import { STATE_WORDS } from '../../src/checkers/learning/learningTape.ts';
import { runCli } from '../cliCapture.ts';
import { attachMemoryTapes, decodeMemoryTape, installNewMemoryTape, boardFen, readMemoryTape, scratchPaths } from '../../src/checkers/rote/memoryTape.ts';
import { registerTapeCommands, tapeSummary } from '../../src/checkers/rote/tapeCli.ts';
import { range } from '../../src/checkers/rote/tapeJson.ts';
import { randomPosition, rng, toFen } from '../checkers/reference.ts';
import { Rote704, standardForm } from '../checkers/roteharness.ts';

function writtenTape(n: number) {
  const g = new Rote704();
  const t2 = g.mountTape(2, []);
  const rand = rng(4);
  const saved = Array.from({ length: n }, (_, i) => { const p = randomPosition(rand, 4); g.save(p, i * 64, 3); return p; });
  g.call('KMERGE');
  return { entries: [...t2.entries], saved, age: g.peek('KAGE0') + 1 };
}

describe('memory tape host tools', () => {
  it('ages and plies of a memory larger than the stack takes as arguments (tape info on 393,343 boards)', () => {
    const ages = Array.from({ length: 500_000 }, (_, i) => (i * 7919) % 6000);
    expect(range(ages)).toEqual({ min: 0, max: 5999 });
    expect(range([5])).toEqual({ min: 5, max: 5 });
    expect(range([])).toBeNull();
  });

  it('decodes the boards the 704 wrote: standard form, keys, scores, ages', () => {
    const { entries, saved, age } = writtenTape(30);
    const t = decodeMemoryTape(entries);
    expect(t.complete).toBe(true);
    const fens = new Set(t.records.flatMap((r) => r.boards.map(boardFen)));
    for (const p of saved) {
      const s = standardForm(p);
      const rec = t.records.find((r) => r.key === s.key)!;
      expect(rec.fields.pieces).toBe(p.squares.filter((x) => x !== 0).length);
      expect(rec.boards.some((b) => b.w1 === s.w1 && b.w2 === s.w2 && b.w3 === s.w3 && b.age === age && b.ply === 3)).toBe(true);
    }
    // the FEN of a board that was Black to move is its own
    const black = saved.find((p) => p.blackToMove)!;
    expect(fens.has(toFen(black))).toBe(true);
    expect(tapeSummary(t)[0]).toMatch(/^memory tape: 30 boards in \d+ records, complete$/);
  });

  it('installs a complete new tape by renaming it, and refuses an unfinished one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memtape-'));
    const memory = join(dir, 'memory.tap');
    const fresh = join(dir, 'new.tap');
    const { entries } = writtenTape(10);
    const records = decodeMemoryTape(entries).records.length;
    // the memory in place: a memory tape of its own (only a memory tape may be replaced by one)
    const old = writtenTape(3).entries;
    writeTapeFile(memory, old);
    const oldBytes = readFileSync(memory);
    writeTapeFile(fresh, entries.slice(0, 3)); // cut short: no trailer
    expect(installNewMemoryTape(memory, fresh).installed).toBe(false);
    expect(readFileSync(memory).equals(oldBytes)).toBe(true);
    writeTapeFile(fresh, entries);
    expect(installNewMemoryTape(memory, fresh, 'no merge line').installed).toBe(false);
    // the printer names the merge and the unit: merge 2 is not what tape 2 holds, tape 5 has nothing
    expect(installNewMemoryTape(memory, fresh, `ROTE MERGE 2 COMPLETE - BOARDS 10 RECORDS ${records} ON TAPE 2`).installed).toBe(false);
    expect(installNewMemoryTape(memory, fresh, `ROTE MERGE 1 COMPLETE - BOARDS 10 RECORDS ${records} ON TAPE 5`).installed).toBe(false);
    expect(readFileSync(memory).equals(oldBytes)).toBe(true);
    writeTapeFile(fresh, entries); // a refused image is removed (tapePair): the run's tape again
    expect(installNewMemoryTape(memory, fresh, `ROTE MERGE 1 COMPLETE - BOARDS 10 RECORDS ${records} ON TAPE 2`).installed).toBe(true);
    expect(existsSync(fresh)).toBe(false);
    expect(decodeMemoryTape(entries).trailer!.boards).toBe(10);
    // a complete new tape left by a run killed between its merge and the swap is put in place
    // when the next session attaches the tapes; an unfinished one is not
    writeTapeFile(fresh, entries);
    writeTapeFile(memory, old);
    const attached: number[] = [];
    const tapes = attachMemoryTapes({ attachTape: (n) => { attached.push(n); }, operator: new Map() }, memory, fresh);
    expect(tapes.recovered).toMatch(/^10 boards/);
    expect(attached).toEqual([1, 2, 5, 7, 8, 9]); // and the second reels a merge goes on to (rote.sap KRNX), blank
    expect(tapes.old.entries.length).toBe(entries.length);
    expect(tapes.finish('').installed).toBe(false); // nothing merged in this run
    expect(decodeMemoryTape(tapes.old.entries).complete).toBe(false); // unloaded
    expect(readFileSync(memory).length).toBeGreaterThan(100);
  });

  it('after a killed run, puts in place the complete scratch tape of the latest merge and removes the other', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memtape-'));
    const memory = join(dir, 'memory.tap');
    const fresh = join(dir, 'new.tap');
    const [on2, on5] = scratchPaths(fresh);
    const merge = (entries: TapeEntry[], n: number): TapeEntry[] => {
      // the same tape with another merge number in its trailer (the last record)
      const words = recordToWords(entries[entries.length - 2] as TapeRecord, 'binary');
      words[4] = n;
      return [...entries.slice(0, -2), wordsToRecord(words, 'binary'), entries[entries.length - 1]!];
    };
    const a = writtenTape(10).entries;
    const b = writtenTape(14).entries;
    writeTapeFile(memory, writtenTape(3).entries);
    writeTapeFile(on2, merge(a, 3));
    writeTapeFile(on5, merge(b, 4));
    expect(installNewMemoryTape(memory, fresh)).toMatchObject({ installed: true, reason: expect.stringMatching(/^14 boards in \d+ records \(merge 4\)$/) });
    expect(existsSync(on2) || existsSync(on5)).toBe(false);
    // an unfinished merge 5 on tape 2 beside a complete merge 4 on tape 5: tape 5
    writeTapeFile(on2, merge(a, 5).slice(0, 3));
    writeTapeFile(on5, merge(b, 4));
    writeTapeFile(memory, writtenTape(3).entries);
    expect(installNewMemoryTape(memory, fresh).installed).toBe(true);
    expect(readMemoryTape(memory).trailer!.merge).toBe(4);
  });

  it('tape info and tape dump print the records and boards', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memtape-'));
    const file = join(dir, 'memory.tap');
    const { entries, age } = writtenTape(12);
    writeTapeFile(file, entries);
    const lines: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((s: string) => { lines.push(...String(s).split('\n').filter((l) => l)); return true; }) as typeof process.stdout.write;
    try {
      const p = new Command();
      registerTapeCommands(p);
      await p.parseAsync(['node', 'x', 'tape', 'info', file]);
      await p.parseAsync(['node', 'x', 'tape', 'dump', '--boards', file]);
    } finally {
      process.stdout.write = write;
    }
    expect(lines[0]).toBe(lines.find((l, i) => i > 0 && l.startsWith('memory tape:')));
    expect(lines.filter((l) => /^record \d+, key \d{12}: \d+ pieces/.test(l)).length).toBeGreaterThan(3);
    expect(lines.filter((l) => new RegExp(`^ {2}B:W.*score +[+-]\\d+ +ply +3 +age ${age}$`).test(l)).length).toBe(12);
    // each board drawn as every board the host draws (notation/board.ts): 8 rows with the square numbers, then the count
    expect(lines.filter((l) => /^ {6}( {3}| [.bwBW] ){8} +\d+ +\d+ +\d+ +\d+$/.test(l)).length).toBe(12 * 8);
    expect(lines.filter((l) => /^ {6}Black \d+ m[ae]n, \d+ kings?; White \d+ m[ae]n, \d+ kings?; Black to move$/.test(l)).length).toBe(12);
  });

  it('selfplay --giveaway then selfplay on one memory tape: tape info counts both games, tape dump names the give-away records', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'memtape-')), 'memory.tap');
    const fen = 'B:W18,23,27,K30:B5,10,14,K3'; // a quick ending
    for (const variant of [['--giveaway'], []]) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'selfplay', ...variant, '--memory', file, '--fen', fen], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(r.status, r.stderr).toBe(0);
    }
    const t = readMemoryTape(file);
    const count = (g: boolean): [number, number] => {
      const rs = t.records.filter((r) => r.fields.giveaway === g);
      return [rs.reduce((n, r) => n + r.boards.length, 0), rs.length];
    };
    const [[ob, or], [gb, gr]] = [count(false), count(true)];
    expect(ob * gb).toBeGreaterThan(0);
    const info = await runCli(registerTapeCommands, ['tape', 'info', file]);
    expect(info.out).toContain(`games: ordinary ${ob} boards in ${or} records, give-away ${gb} boards in ${gr} records\n`);
    expect(info.out).toMatch(/^give-away by pieces: /m);
    const json = JSON.parse((await runCli(registerTapeCommands, ['tape', 'info', file, '--json'])).out) as { complete: boolean; ordinary: { boards: number; records: number }; giveaway: { boards: number; records: number } };
    expect([json.complete, json.ordinary, json.giveaway]).toMatchObject([true, { boards: ob, records: or }, { boards: gb, records: gr }]);
    const dump = (await runCli(registerTapeCommands, ['tape', 'dump', file])).out.split('\n').filter((l) => l.startsWith('record '));
    expect(dump.map((l) => l.includes(': give-away, '))).toEqual([...new Array<boolean>(or).fill(false), ...new Array<boolean>(gr).fill(true)]);
  }, 60_000);

  it('a learning tape given to tape info is named as such, not decoded as a memory tape', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'learntape-')), 'learning.tap');
    writeTapeFile(file, [wordsToRecord([asciiToWords('LEARNT')[0]!, STATE_WORDS, ...new Array<number>(STATE_WORDS).fill(0)], 'binary'), TAPE_MARK]);
    const r = await runCli(registerTapeCommands, ['tape', 'info', file]);
    expect(r.out).toBe('');
    expect(r.err).toContain(`${file} is a learning tape, not a memory tape: \`samuel704 learning show ${file}\``);
    expect(r.code).toBe(1);
  });
});
