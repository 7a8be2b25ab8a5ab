// reproduce samuel-rote-million --quick, as a user runs it (a child process: the growth runs its
// streams as CLI children): the bundled memory grown by a stream of rote self-play joined into it
// by the 704, nothing of it forgotten, the curve journalled, the conjecture's verdict printed; a
// second run goes on from the journal and measures nothing again.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMemory, standardFen } from '../../src/checkers/rote/memoryTape.ts';
import { parseFen } from '../../src/checkers/notation/board.ts';
import { millionPlies, MILLION_PLIES, planStreams, PROBE_PLIES, streamGames, type Stream } from '../../src/reproduce/experiments/samuelRoteMillion.ts';
import { BOOK_PLIES } from '../../src/reproduce/experiments/samuelRote.ts';

const out = mkdtempSync(join(tmpdir(), 'rote-million-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const reproduce = (): { status: number | null; text: string } => {
  const { SAMUEL704_ROTE_MEMORY: _m, SAMUEL704_ROTE_MINUTES: _n, SAMUEL704_ROTE_GROW: _g, ...env } = process.env;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'reproduce', 'samuel-rote-million', '--quick', '--out', out], { encoding: 'utf8', env: { ...env, NO_COLOR: '1' } });
  return { status: r.status, text: `${r.stdout}${r.stderr}` };
};

const boardSet = (path: string): Set<string> =>
  new Set(readMemory(path).records.flatMap((r) => r.boards.map((b) => `${r.key}:${b.w1}:${b.w2}:${b.w3}`)));

describe('reproduce samuel-rote-million --quick', () => {
  it('sizes its streams to the memory and starts from plies samuel-rote did not use', () => {
    expect(streamGames(58_725, false)).toBe(60);
    expect(streamGames(250_000, false)).toBe(250);
    expect(streamGames(2_000_000, false)).toBe(400);
    expect(MILLION_PLIES.some((k) => BOOK_PLIES.includes(k))).toBe(false);
    expect(millionPlies(1).some((k) => MILLION_PLIES.includes(k) || BOOK_PLIES.includes(k))).toBe(false); // the second round: other positions
    expect(millionPlies(2)).toEqual([]); // then endgame starts alone
    expect([0, 1].some((r) => millionPlies(r).some((k) => PROBE_PLIES.includes(k)))).toBe(false); // the probe's midgames are never grown from
  });

  it('plans streams side by side over consecutive slices of the starts, after those queued', () => {
    const two = planStreams([], 800, 2, 2, 400);
    expect(two.map((s) => [s.from, s.games, s.folder, s.starts])).toEqual([[800, 400, 'stream-3', 'stream-3-starts.tsv'], [1200, 400, 'stream-4', 'stream-4-starts.tsv']]);
    const queued: Stream = { games: 300, folder: 'stream', starts: 'stream-starts.tsv', joined: false, seconds704: 0, played: 0 }; // the one stream of a folder begun before
    expect(planStreams([queued], 800, 2, 3, 400).map((s) => [s.from, s.folder])).toEqual([[1100, 'stream-4'], [1500, 'stream-5']]);
    expect(planStreams([queued], 800, 2, 1, 400)).toEqual([]);
  });

  it('reads a position in the memory\'s standard form: the side to move as Black, White to move turned', () => {
    expect(standardFen(parseFen('B:W21,K30:B12,K3'))).toBe('B:W21,K30:BK3,12');
    expect(standardFen(parseFen('W:W21,K30:B12,K3'))).toBe('B:W21,K30:BK3,12'); // its image with White to move
    expect(standardFen(parseFen('W:W21,K30:B11,K3'))).toBe('B:W22,K30:BK3,12');
  });

  it('grows the memory by a stream joined by the 704, forgets none of it, and goes on from its journal', () => {
    const first = reproduce();
    expect(first.status, first.text).toBe(0);
    const work = join(out, 'work');
    const j = JSON.parse(readFileSync(join(work, 'million.json'), 'utf8'));
    expect(j.mode).toBe('join');
    expect(j.streams).toBeGreaterThanOrEqual(1);
    expect(j.stream).toBeUndefined();
    expect(j.queue).toEqual([]);
    const boards = j.curve.map((p: { boards: number }) => p.boards);
    expect(boards[0]).toBe(124); // the bundled memory
    expect(boards.at(-1)).toBeGreaterThanOrEqual(224);
    for (let i = 1; i < boards.length; i++) expect(boards[i]).toBeGreaterThan(boards[i - 1]);
    const before = boardSet(join(work, 'at-start'));
    const after = boardSet(join(work, 'at-reached'));
    expect(after.size).toBe(boards.at(-1));
    for (const b of before) expect(after.has(b)).toBe(true); // the join ages nothing: no board forgotten
    expect(readFileSync(join(work, 'growth.tsv'), 'utf8').trim().split('\n')).toHaveLength(boards.length + 1);
    expect(first.text).toMatch(/Samuel's conjecture/);
    // the verdict comes from perfect reading: the look-ups traced in the 704 against each copy, kept in the journal
    expect(first.text).toMatch(/midgame under perfect reading: 124 to [\d,]+ boards/);
    expect(first.text).toMatch(/midgame under the program's own reading of the tape/);
    expect(first.text).toMatch(/Perfect reading: the look-ups a perfectly read memory would answer/);
    expect(first.text).toMatch(/No verdict: the largest memory measured \([\d,]+ boards\) is smaller than Samuel's 53,000/);
    const perfect = JSON.parse(readFileSync(join(work, 'perfect.json'), 'utf8'));
    expect(perfect.traces.tinsley.length).toBe(12);
    expect(perfect.traces.tinsley.filter((t: { lookups: string[] }) => t.lookups.length > 0).length).toBeGreaterThan(6);
    expect(perfect.sizes.map((s: { boards: number }) => s.boards)).toEqual([124, boards.at(-1)]);
    expect(first.text).toMatch(/Perfect reading in a match/);
    expect(Object.keys(perfect.matchBase)).toHaveLength(4); // a probe start and a ballot, each colour
    expect(perfect.matches.map((m: { pairs: number[] }) => m.pairs.length)).toEqual([2, 2]);
    expect(existsSync(join(work, 'measured-at-start.json'))).toBe(true);
    expect(existsSync(join(work, 'measured-probe-at-start.json'))).toBe(true);

    const again = reproduce();
    expect(again.status, again.text).toBe(0);
    expect(again.text).not.toMatch(/^stream /m); // the target was reached: nothing grown
    expect(again.text).not.toMatch(/measured #/); // each copy's measurement kept
    expect(again.text).not.toMatch(/perfect reading: traced|perfect reading at \d+ boards: (measured|the match)|the match's/); // and the perfect reading's
    expect(JSON.parse(readFileSync(join(work, 'million.json'), 'utf8')).games).toBe(j.games);
  }, 120_000);
});
