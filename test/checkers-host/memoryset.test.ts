// A memory set (src/checkers/rote/memorySet.ts, docs/checkers-rote.md "A memory on several reels")
// through whole runs of the booted deck: a memory that outgrows its reel is written on two by the
// 704 and swapped in by one rename of the manifest, with the same records as the same run on one
// long reel; on short reels, a memory of many reels, the host changing reels at the program's call
// (reelOperator.ts); a thrown error between the new reels and the manifest, and a process killed in
// the middle of the merge, of a reel change or of the swap, leave the old set whole, readable and
// in use, and the next run recovers a complete new set only when the caller accepts it.

import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { attachMemoryTapes, readMemoryTape } from '../../src/checkers/rote/memoryTape.ts';
import { createMemorySet, MANIFEST, readManifest, readMemorySet } from '../../src/checkers/rote/memorySet.ts';
import { readTapeFile } from '../../src/devices/tapeImage.ts';
import { TapeUnit } from '../../src/devices/tape.ts';
import { parseFen, toFen } from '../checkers/reference.ts';
import { bootRote } from '../checkers/roteharness.ts';
import { runCli } from '../cliCapture.ts';
import { registerTapeCommands } from '../../src/checkers/rote/tapeCli.ts';
import { joinMemoryTapes } from '../../src/checkers/rote/join.ts';

const fault = vi.hoisted(() => ({ manifest: false }));
vi.mock('../../src/devices/atomicFile.ts', async (original) => {
  const m = await original<typeof import('../../src/devices/atomicFile.ts')>();
  return {
    ...m,
    writeFileAtomic: (path: string, data: string | Uint8Array): void => {
      if (fault.manifest && path.endsWith(MANIFEST)) {
        fault.manifest = false;
        throw new Error('injected: stopped before the manifest rename');
      }
      m.writeFileAtomic(path, data);
    },
  };
});

const here = dirname(fileURLToPath(import.meta.url));
const BUNDLED = join(here, '..', '..', 'tapes', 'memory.tap'); // 124 boards in 85 records
const FEET = 6; // the bundled memory and one game's boards need two 6-foot reels
const CARDS = ['*ROTE ON', `*SETUP ${toFen(parseFen('B:W18,23,27,K30:B5,10,14,K3')).replaceAll(':', '/')}`, '*SELF', '*ROTE OFF', '*END'];

/** A new set in a temporary folder holding the bundled memory as its one reel. */
function bundledSet(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'reels-')), 'memory');
  createMemorySet(dir, FEET, readTapeFile(BUNDLED));
  return dir;
}

const SHORT = 2; // 2-foot reels: the bundled memory's 85 records need four or five

/** A new set of 2-foot reels holding the bundled memory, joined into it by the 704 (*ROTE JOIN) reel by reel. */
async function manyReelSet(): Promise<string> {
  const dir = join(mkdtempSync(join(tmpdir(), 'reels-')), 'memory');
  createMemorySet(dir, SHORT);
  expect((await joinMemoryTapes(dir, BUNDLED)).installed).toBe(true);
  return dir;
}

/** One rote session on `memory` (a set, or a one-reel tape image); the host's swap not yet made. */
function session(memory: string) {
  const m = bootRote(CARDS);
  const tapes = attachMemoryTapes(m.io, memory);
  const stop = m.run(400_000_000);
  expect(stop.reason, stop.message).toBe('halt');
  const lines = m.printer.lines.map((l) => l.replace(/^\f/, ''));
  return { lines, tapes, pending: tapes.unload(lines.join('\n')) };
}

/** The same session on a one-reel tape image of the bundled memory beside `dir`, its swap made: its printout and its records. */
function oneReelSession(dir: string) {
  const file = join(dirname(dir), 'one.tap');
  copyFileSync(BUNDLED, file);
  const one = session(file);
  expect(one.pending.commit().installed).toBe(true);
  return { lines: one.lines, records: readMemoryTape(file).records };
}

/** Every file of the set, by name: what must not change while a swap fails. */
const snapshot = (dir: string): Map<string, Buffer> => new Map(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f))]));
const noUnits = { attachTape: (_n: number, _d: TapeUnit): void => {}, operator: new Map() };

describe('a memory set: reels merged by the 704, swapped as a whole', () => {
  it('a memory that outgrows its reel goes on two, swapped in by the manifest: the same records as on one long reel, tape info per reel', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'reels-')), 'memory');
    const made = await runCli(registerTapeCommands, ['tape', 'set', dir, '--reel-feet', String(FEET), '--from', BUNDLED]);
    expect(made.out).toBe(`${dir}: memory tape: 124 boards in 85 records, complete\n`);
    expect(readManifest(dir).reelFeet).toBe(FEET);
    const old = readManifest(dir).reels;
    const s = session(dir);
    expect(s.lines).toContain('ROTE REEL 1 FULL ON TAPE 2 - NEXT TAPE 8');
    const swap = s.pending.commit();
    expect(swap.installed).toBe(true);
    const m = readManifest(dir);
    expect(m.reels).toHaveLength(2);
    expect(m.reels.some((r) => old.includes(r))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([...m.reels, MANIFEST].sort()); // the old reel and the unused scratch reels are gone
    const set = readMemorySet(dir);
    expect(set.problems).toEqual([]);
    expect(set.complete).toBe(true);
    const merge = /^ROTE MERGE \d+ COMPLETE - BOARDS (\d+) RECORDS (\d+) ON TAPE 2$/m.exec(s.lines.join('\n'))!;
    expect([set.trailer!.boards, set.trailer!.records]).toEqual([Number(merge[1]), Number(merge[2])]);
    expect(set.reels.reduce((n, r) => n + r.boards, 0)).toBe(set.trailer!.boards);
    expect(swap.reason).toBe(`${merge[1]} boards in ${merge[2]} records on 2 reels (merge 1)`);
    const info = (await runCli(registerTapeCommands, ['tape', 'info', dir])).out.split('\n');
    expect(info[0]).toBe(`memory on 2 reels: ${merge[1]} boards in ${merge[2]} records, complete`);
    set.reels.forEach((r, i) => expect(info[1 + i]).toBe(`reel ${i + 1}: ${r.boards} boards in ${r.records} records, ${r.words} words (${(r.words / r.boards).toFixed(2)} words a board, ${(r.boards / r.records).toFixed(2)} boards a record)`));
    const json = JSON.parse((await runCli(registerTapeCommands, ['tape', 'info', dir, '--json'])).out) as { boards: number; reels: { boards: number }[] };
    expect([json.boards, json.reels.map((r) => r.boards)]).toEqual([set.trailer!.boards, set.reels.map((r) => r.boards)]);
    // the same run on a one-reel tape image (a reel of any length): the same records, ages and order
    const one = oneReelSession(dir);
    expect(one.lines.some((l) => l.includes('FULL ON TAPE'))).toBe(false);
    expect(one.records).toEqual(set.records);
    // and a second run reads both reels (tapes 1 and 7) and writes the set again
    const again = session(dir);
    expect(again.lines[1]).toBe(`ROTE ON - TAPE 1 BOARDS ${merge[1]} RECORDS ${merge[2]}`);
    expect(again.pending.commit().installed).toBe(true);
    expect(readMemorySet(dir).trailer!.boards).toBeGreaterThanOrEqual(Number(merge[1]));
  });

  it('tape join into a set: the 704 merges a one-reel memory into it reel by reel; and a set of many reels into a tape, read on tape 6', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'reels-')), 'memory');
    createMemorySet(dir, FEET);
    const r = await joinMemoryTapes(dir, BUNDLED);
    expect(r).toMatchObject({ installed: true, reason: '124 boards in 85 records on 2 reels (merge 1)' });
    const set = readMemorySet(dir);
    expect(set.complete).toBe(true);
    expect(set.records).toEqual(readMemoryTape(BUNDLED).records); // joined, not aged
    // a set of many reels as the other memory: the operator mounts its reels one after another on tape 6
    const many = await manyReelSet();
    const reels = readManifest(many).reels.length;
    expect(reels).toBeGreaterThanOrEqual(4);
    const file = join(dirname(dir), 'joined.tap');
    const joined = await runCli(registerTapeCommands, ['tape', 'join', file, many]);
    expect(joined.out).toContain(`${file}: joined, 124 boards in 85 records`);
    expect(readMemoryTape(file).records).toEqual(readMemoryTape(BUNDLED).records);
  });

  it("a memory of many reels: the host changes reels at the program's call, the new set is swapped in whole, the same records as the same run on one reel", async () => {
    const dir = await manyReelSet();
    const old = readManifest(dir).reels;
    expect(old.length).toBeGreaterThanOrEqual(4);
    const s = session(dir);
    const asked = s.lines.filter((l) => l.startsWith('ROTE MOUNT'));
    const changes = s.tapes.reelChanges!;
    expect(asked).toEqual(changes.map((c) => `ROTE MOUNT ${c.scratch ? 'SCRATCH ' : ''}REEL ${c.reel} ON TAPE ${c.unit}`));
    expect(changes.some((c) => !c.scratch && c.unit === 1 && c.reel >= 3)).toBe(true); // the old set's later reels, read
    expect(changes.some((c) => c.scratch && c.reel >= 3)).toBe(true); // scratch reels for the new one
    const swap = s.pending.commit();
    expect(swap.installed).toBe(true);
    const m = readManifest(dir);
    expect(m.reels.length).toBeGreaterThanOrEqual(4);
    expect(readdirSync(dir).sort()).toEqual([...m.reels, MANIFEST].sort());
    const set = readMemorySet(dir);
    expect(set.problems).toEqual([]);
    expect(set.complete).toBe(true);
    // the same run on a one-reel tape image: the same records, ages and order
    const one = oneReelSession(dir);
    expect(one.lines.some((l) => l.startsWith('ROTE MOUNT'))).toBe(false);
    expect(one.records).toEqual(set.records);
    // the next run reads every reel back
    const again = session(dir);
    expect(again.lines.find((l) => l.startsWith('ROTE ON'))).toBe(`ROTE ON - TAPE 1 BOARDS ${set.trailer!.boards} RECORDS ${set.trailer!.records}`); // after its reels are counted, mounted in turn
    expect(again.pending.commit().installed).toBe(true);
  }, 120_000);

  it('a thrown error between the new reels and the manifest leaves the old set whole and in use; the next run recovers the new one only if accepted', () => {
    const dir = bundledSet();
    const before = snapshot(dir);
    const s = session(dir);
    fault.manifest = true;
    expect(() => s.pending.commit()).toThrow(/injected/);
    for (const [f, bytes] of before) expect(readFileSync(join(dir, f)).equals(bytes), f).toBe(true);
    expect(readMemorySet(dir).trailer!.boards).toBe(124);
    // not recorded (a journal without that game): removed, the old set stays
    const refused = attachMemoryTapes(noUnits, dir, undefined, () => false);
    expect(refused.discarded).toMatch(/written by a run that was not recorded/);
    refused.unload('');
    expect(snapshot(dir)).toEqual(before);
    // the same again, this time accepted by its digest: the new set goes in whole
    const t = session(dir);
    fault.manifest = true;
    expect(() => t.pending.commit()).toThrow(/injected/);
    const taken = attachMemoryTapes(noUnits, dir, undefined, (digest) => digest === t.pending.digest);
    expect(taken.recovered).toBe(t.pending.reason);
    taken.unload('');
    expect(readManifest(dir).reels).toHaveLength(2);
    expect(readMemorySet(dir).complete).toBe(true);
    expect(readMemorySet(dir).trailer!.boards).toBeGreaterThan(124);
  });

  it('selfplay on a set of many reels reports the reel changes of each game (--json rote.reelChanges), none on a tape image', async () => {
    const dir = await manyReelSet();
    const file = join(dirname(dir), 'one.tap');
    copyFileSync(BUNDLED, file);
    const game = (memory: string): { reelChanges?: number; boardsAfter: number } => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'selfplay', '--memory', memory, '--games', '1', '--json'], { cwd: join(here, '..', '..'), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { games: { rote: { reelChanges?: number; boardsAfter: number } }[] }).games[0]!.rote;
    };
    const onSet = game(dir);
    const onTape = game(file);
    expect(onSet.reelChanges).toBeGreaterThanOrEqual(4); // *ROTE ON's count reads reels 3 and 4, the merge reads and writes them
    expect(onTape.reelChanges).toBeUndefined();
    expect(onSet.boardsAfter).toBe(onTape.boardsAfter); // the same game on the same memory
  }, 120_000);

  /** The set in a new folder, the child run on it in `mode` and killed; checks the kill and that every old file is as it was. */
  const killedChild = async (mode: 'merging' | 'reel' | 'swap', said: string): Promise<string> => {
    const dir = mode === 'reel' ? await manyReelSet() : bundledSet();
    const boards = readMemorySet(dir).trailer!.boards;
    const before = snapshot(dir);
    const r = await new Promise<{ out: string; killed: boolean }>((resolve) => {
      const c = spawn(process.execPath, ['--import', 'tsx', join(here, 'memorysetchild.ts'), dir, mode, ...CARDS], { cwd: join(here, '..', '..'), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      c.stdout.on('data', (d: Buffer) => {
        out += String(d);
        if (out.includes('MERGING')) c.kill('SIGKILL');
      });
      c.on('exit', (_code, signal) => resolve({ out, killed: signal === 'SIGKILL' }));
    });
    expect(r.out).toContain(said);
    expect(r.killed).toBe(true);
    for (const [f, bytes] of before) expect(readFileSync(join(dir, f)).equals(bytes), f).toBe(true);
    expect(readMemorySet(dir).trailer!.boards).toBe(boards);
    expect(readMemorySet(dir).complete).toBe(true);
    return dir;
  };

  it('a process killed in the middle of a reel change, a set of many reels, leaves the old set whole; the next run removes the partial reels and goes on from it', async () => {
    const dir = await killedChild('reel', 'MERGING');
    const reels = readManifest(dir).reels;
    expect(reels.length).toBeGreaterThanOrEqual(4);
    expect(readdirSync(dir).length).toBeGreaterThan(reels.length + 1); // the killed run's reels are there
    const next = session(dir);
    expect(next.tapes.recovered).toBeNull();
    expect(next.lines.find((l) => l.startsWith('ROTE ON'))).toBe('ROTE ON - TAPE 1 BOARDS 124 RECORDS 85');
    expect(next.pending.commit().installed).toBe(true);
  }, 120_000);

  it('a process killed while the 704 writes the second reel leaves the old set whole; the next run removes the partial reels and goes on from the old set', async () => {
    const dir = await killedChild('merging', 'MERGING');
    const next = session(dir);
    expect(next.tapes.recovered).toBeNull();
    expect(next.lines[1]).toBe('ROTE ON - TAPE 1 BOARDS 124 RECORDS 85');
    expect(next.pending.commit().installed).toBe(true);
  }, 120_000);

  it('a process killed between the new reels and the manifest leaves the old set whole; the next run puts the complete new set in', async () => {
    const dir = await killedChild('swap', 'SAVED');
    const next = session(dir);
    expect(next.tapes.recovered).toMatch(/ boards in \d+ records on 2 reels \(merge 1\)$/);
    const recovered = Number(/^(\d+) boards/.exec(next.tapes.recovered!)![1]);
    expect(next.lines[1]).toMatch(new RegExp(`^ROTE ON - TAPE 1 BOARDS ${recovered} `));
  }, 120_000);
});
