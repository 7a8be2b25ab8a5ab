// Rote learning in whole runs of the booted deck (docs/checkers-rote.md): *ROTE ON reads the
// memory tape from tape 1, the program's positions are saved and looked up, kept in core from game
// to game and merged onto tape 2 at the end of the run, the host puts the new tape in place (src/checkers/memoryTape.ts), and the next
// session finds the boards (also with colours reversed). A machine stopped in the middle of a
// merge leaves the old memory tape as it was, and the next session resumes from it.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { attachMemoryTapes, installNewMemoryTape, readMemoryTape } from '../../src/checkers/rote/memoryTape.ts';
import { checkersAssembly } from './deck.ts';
import { parseFen, toFen, type Position } from './reference.ts';
import { bootRote, reversed } from './roteharness.ts';

const LIMIT = 400_000_000;
const sum = (a: number[]): number => a.reduce((x, y) => x + y, 0);
const setupCard = (pos: Position): string => `*SETUP ${toFen(pos).replaceAll(':', '/')}`;
// an ending with a few pieces, so a self-play game is quick
const START = parseFen('B:W18,23,27,K30:B5,10,14,K3');

interface Session { lines: string[]; hits: number[]; memory: string; fresh: string }

/** One session: tape 1 = the memory tape (read only), tape 2 = the new one; then the host swap. */
function session(dir: string, cards: string[], stopAt?: (ic: number, written: number) => boolean): Session & { stopped: boolean; installed: boolean } {
  const memory = join(dir, 'memory.tap');
  const fresh = join(dir, 'new.tap');
  const m = bootRote(cards);
  const tapes = attachMemoryTapes(m.io, memory, fresh);
  const t2 = tapes.scratch[0];
  let stopped = false;
  if (stopAt) {
    for (let n = 0; n < 2_000_000; n++) {
      const stop = m.run(200);
      if (stop.reason === 'halt') break;
      if (stopAt(m.cpu.ic, t2.entries.length)) { stopped = true; break; }
    }
  } else {
    const stop = m.run(LIMIT);
    expect(stop.reason, stop.message).toBe('halt');
  }
  const lines = m.printer.lines.map((l) => l.replace(/^\f/, ''));
  const hits = lines.map((l) => /^ROTE LOOK-UPS \d+ HITS (\d+)/.exec(l)).filter((x) => x).map((x) => Number(x![1]));
  // stopped in the middle: the host gives up the run; whatever tape 2 holds is saved, not installed
  const r = tapes.finish(lines.join('\n'));
  return { lines, hits, memory, fresh, stopped, installed: r.installed };
}

describe('rote learning across games and sessions', () => {
  checkersAssembly();
  const dir = mkdtempSync(join(tmpdir(), 'rote-'));
  let boardsAfterFirst = 0;

  it('is off unless *ROTE ON: no ROTE lines, no tape touched', () => {
    const m = bootRote([setupCard(START), '*SELF', '*END']);
    expect(m.run(LIMIT).reason).toBe('halt');
    expect(m.printer.lines.some((l) => l.startsWith('ROTE'))).toBe(false);
  });

  it('saves the boards of one game, finds them in the next (the changes kept from game to game), merges at the end of the run', () => {
    const s = session(dir, ['*ROTE ON', setupCard(START), '*SELF', setupCard(START), '*SELF', '*END']);
    expect(s.lines[1]).toBe('ROTE ON - TAPE 1 BOARDS 0 RECORDS 0');
    const games = s.lines.join('\n').split(/^GAME  SELF-PLAY/m).slice(1);
    expect(games.length).toBe(2);
    const hitsIn = (g: string): number => [...g.matchAll(/^ROTE LOOK-UPS \d+ HITS (\d+)/gm)].reduce((t, x) => t + Number(x[1]), 0);
    expect(hitsIn(games[0]!)).toBeLessThan(hitsIn(games[1]!));
    expect(hitsIn(games[1]!)).toBeGreaterThan(0);
    // Samuel: saved "until a reasonable number have been accumulated" - two short games fill no
    // changes, so the one merge is *END's, after the last game
    const merges = s.lines.filter((l) => /^ROTE MERGE \d+ COMPLETE/.test(l));
    expect(merges).toHaveLength(1);
    expect(merges[0]).toMatch(/^ROTE MERGE 1 COMPLETE/);
    const lastMove = s.lines.map((l, i) => (l.startsWith('MOVE ') ? i : -1)).reduce((a, b) => Math.max(a, b));
    expect(s.lines.indexOf(merges[0]!)).toBeGreaterThan(lastMove);
    expect(s.installed).toBe(true);
    const tape = readMemoryTape(s.memory);
    expect(tape.complete).toBe(true);
    boardsAfterFirst = tape.trailer!.boards;
    expect(boardsAfterFirst).toBeGreaterThan(3);
    const last = merges[merges.length - 1]!;
    expect(last).toContain(`BOARDS ${boardsAfterFirst} `);
    expect(existsSync(s.fresh)).toBe(false); // renamed into place
  });

  it('the next session reads the memory tape and finds the boards with colours reversed', () => {
    const s = session(dir, ['*ROTE ON', setupCard(reversed(START)), '*SELF', '*END']);
    expect(s.lines[1]).toMatch(new RegExp(`^ROTE ON - TAPE 1 BOARDS ${boardsAfterFirst} RECORDS \\d+$`));
    // the same session with an empty memory tape finds fewer: the rest came from the tape
    const control = session(mkdtempSync(join(tmpdir(), 'rote-')), ['*ROTE ON', setupCard(reversed(START)), '*SELF', '*END']);
    expect(sum(s.hits)).toBeGreaterThan(sum(control.hits));
    expect(s.installed).toBe(true);
  });

  it('*ROTE OFF then *ROTE ON in one run goes on from the tape the last merge wrote', () => {
    const s = session(mkdtempSync(join(tmpdir(), 'rote-')), ['*ROTE ON', setupCard(START), '*SELF', '*ROTE OFF', '*ROTE ON', setupCard(START), '*SELF', '*END']);
    const merges = s.lines.filter((l) => /^ROTE MERGE \d+ COMPLETE/.test(l));
    const ons = s.lines.filter((l) => l.startsWith('ROTE ON'));
    expect(ons[0]).toBe('ROTE ON - TAPE 1 BOARDS 0 RECORDS 0');
    const last = /BOARDS (\d+) RECORDS (\d+) ON TAPE (\d+)$/.exec(merges.filter((l) => s.lines.indexOf(l) < s.lines.indexOf(ons[1]!)).pop()!)!;
    expect(ons[1]).toBe(`ROTE ON - TAPE ${last[3]} BOARDS ${last[1]} RECORDS ${last[2]}`);
    const games = s.lines.join('\n').split(/^GAME  SELF-PLAY/m).slice(1);
    expect([...games[1]!.matchAll(/^ROTE LOOK-UPS \d+ HITS (\d+)/gm)].reduce((t, x) => t + Number(x[1]), 0)).toBeGreaterThan(0);
    expect(s.installed).toBe(true);
  });

  it('a machine stopped in the middle of a merge leaves the old memory tape, and the next session resumes', () => {
    const before = readFileSync(join(dir, 'memory.tap'));
    const oldBoards = readMemoryTape(join(dir, 'memory.tap')).trailer!.boards;
    const a = checkersAssembly().symbols;
    const kwb = a.get('KMWB')!;
    const kwend = a.get('KMGEN')!;
    const s = session(dir, ['*ROTE ON', setupCard(START), '*SELF', '*END'], (ic, written) => ic >= kwb && ic < kwend && written >= 2);
    expect(s.stopped).toBe(true);
    expect(s.installed).toBe(false);
    expect(readFileSync(join(dir, 'memory.tap')).equals(before)).toBe(true);
    expect(existsSync(s.fresh)).toBe(false); // the refused partial image is not left behind
    const next = session(dir, ['*ROTE ON', setupCard(START), '*SELF', '*END']);
    expect(next.lines[1]).toMatch(new RegExp(`^ROTE ON - TAPE 1 BOARDS ${oldBoards} `));
    const control = session(mkdtempSync(join(tmpdir(), 'rote-')), ['*ROTE ON', setupCard(START), '*SELF', '*END']);
    expect(sum(next.hits)).toBeGreaterThan(sum(control.hits));
    expect(next.installed).toBe(true);
  });

  it('killing the host process in the middle of a merge leaves the old memory tape, and the next session resumes', async () => {
    const memory = join(dir, 'memory.tap');
    const fresh = join(dir, 'new.tap');
    const before = readFileSync(memory);
    const oldBoards = readMemoryTape(memory).trailer!.boards;
    const here = dirname(fileURLToPath(import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'rotechild.ts'), memory, fresh, '*ROTE ON', setupCard(START), '*SELF', '*END'], { cwd: join(here, '..', '..'), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const killed = await new Promise<boolean>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += String(d);
        if (out.includes('MERGING')) child.kill('SIGKILL');
      });
      child.on('exit', (_code, signal) => resolve(signal === 'SIGKILL'));
    });
    expect(out).toContain('MERGING');
    expect(killed).toBe(true);
    expect(readFileSync(memory).equals(before)).toBe(true);
    expect(installNewMemoryTape(memory, fresh).installed).toBe(false);
    expect(readMemoryTape(memory).complete).toBe(true);
    const next = session(dir, ['*ROTE ON', setupCard(START), '*SELF', '*END']);
    expect(next.lines[1]).toMatch(new RegExp(`^ROTE ON - TAPE 1 BOARDS ${oldBoards} `));
    expect(next.installed).toBe(true);
  }, 180_000);
});
