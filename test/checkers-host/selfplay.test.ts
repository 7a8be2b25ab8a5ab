// Self-play sessions: games from the ACF ballots, the seed, the session directory and its resume.

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACF } from '../data.ts';
import { applyPath, parseFen, startPosition, toFen } from '../../src/checkers/notation/board.ts';
import { loadJournal } from '../../src/checkers/selfplay/journal.ts';
import { readLearningTape } from '../../src/checkers/learning/learningTape.ts';
import { ballotCards, ballotOrder, playable, readBallots, seededRandom } from '../../src/checkers/selfplay/openings.ts';
import { parsePdn } from '../../src/checkers/notation/pdn.ts';

const dir = mkdtempSync(join(tmpdir(), 'checkers-selfplay-'));
const args = (a: string[]): string[] => ['--import', 'tsx', 'src/cli/index.ts', ...a];
const cli = (a: string[]) => spawnSync(process.execPath, args(a), { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('ACF ballots', () => {
  const ballots = readBallots(ACF);

  it('reads the 174 ballots; 18 are barred and left out unless asked for', () => {
    expect(ballots).toHaveLength(174);
    expect(ballots.map((b) => b.number)).toEqual(Array.from({ length: 174 }, (_, i) => i + 1));
    expect(playable(ballots)).toHaveLength(156);
    expect(playable(ballots, true)).toHaveLength(174);
  });

  it('each FEN is the position after its three moves; the set-up card says that position', () => {
    for (const n of [1, 4, 5, 46, 100, 174]) {
      const b = ballots[n - 1]!;
      const played = b.moves.reduce((p, m) => applyPath(p, m.split(/[-x]/).map(Number)), startPosition());
      expect(toFen(played), `ballot ${n}`).toBe(toFen(parseFen(b.fen)));
      // a list ending in a comma goes on on the next card (docs/checkers-game.md)
      const cards = ballotCards(b);
      expect(cards.every((c) => c.length <= 72)).toBe(true);
      expect(cards.slice(0, -1).every((c) => c.endsWith(','))).toBe(true);
      expect(toFen(parseFen(cards.join('').slice('*SETUP '.length)))).toBe(toFen(played));
    }
    expect(ballotCards(ballots[0]!)).toEqual(['*SETUP W/W17,22,23,24,25,26,27,28,29,30,31,32/B1,2,3,4,6,7,8,9,10,11,12,', '13']);
  });

  it('a seed gives one order, a permutation of the ballots; another seed another order', () => {
    const list = playable(ballots);
    const a = ballotOrder(list, 7).map((b) => b.number);
    expect(ballotOrder(list, 7).map((b) => b.number)).toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(list.map((b) => b.number));
    expect(ballotOrder(list, 8).map((b) => b.number)).not.toEqual(a);
    const r = seededRandom(1);
    expect(Array.from({ length: 1000 }, r).every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('samuel704 selfplay --openings', () => {
  it('plays from the seeded ballots; the same seed plays the same games', () => {
    const run = (pdn: string) => cli(['selfplay', '--openings', ACF, '--seed', '11', '--games', '2', '--pdn', pdn]);
    const [p1, p2] = [join(dir, 'a.pdn'), join(dir, 'b.pdn')];
    const [r1, r2] = [run(p1), run(p2)];
    expect(r1.status, r1.stderr).toBe(0);
    expect(r2.stdout).toBe(r1.stdout);
    expect(readFileSync(p2, 'utf8')).toBe(readFileSync(p1, 'utf8'));
    const order = ballotOrder(playable(readBallots(ACF)), 11).slice(0, 2);
    const { games, errors } = parsePdn(readFileSync(p1, 'utf8'));
    expect(errors).toEqual([]);
    expect(games.map((g) => g.fen)).toEqual(order.map((b) => b.fen));
    expect(games.map((g) => g.tags.get('Ballot')?.split(':')[0])).toEqual(order.map((b) => `ACF ${b.number}`));
    // White moves first after the three ballot moves
    expect(r1.stdout).toMatch(new RegExp(`^ballots from .*, seed 11\\ngame 1 \\[#${order[0]!.number} [^\\]]*\\] {2}GAME OVER - .*\\n1\\.\\.\\. \\d`));
    expect(r1.stdout).toMatch(/\nresults by block of 1 game/);
    expect(r1.stdout).toMatch(/\n2 games: Black won \d, drawn \d, lost \d; White won \d, drawn \d, lost \d\n[\d.]+ plies a game; .*\n$/);
  });

  it('a session killed while saving a game, before or after its journal entry, never learns a game twice', () => {
    const state = join(dir, 'killed');
    const run = (killAt?: string) => spawnSync(process.execPath, args(['selfplay', '--openings', ACF, '--seed', '6', '--games', '3', '--state', state, '--rote', '--learn', '--combine']),
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...(killAt ? { SAMUEL704_KILL_AT: killAt } : {}) } });
    const learnt = (): number => readLearningTape(join(state, 'learning.tap')).state!.games;
    // null while there is no tape: under --combine rote saves nothing until Alpha's polynomial has
    // stood for three games, and new boards wait in core, so no merge may have written one yet
    const digest = (name: string): string | null => (existsSync(join(state, name)) ? createHash('sha256').update(readFileSync(join(state, name))).digest('hex') : null);
    // killed with game 2's new tapes written but not in the journal: both tapes stay as game 1 left them
    const first = run('unloaded:2');
    expect(first.signal).toBe('SIGKILL');
    let j = loadJournal(state)!;
    expect(j.games).toHaveLength(1);
    expect(learnt()).toBe(1);
    expect([digest('memory.tap'), digest('learning.tap')]).toEqual([j.games[0]!.tapes!.memory, j.games[0]!.tapes!.learning]);
    // the next run removes those images (nobody recorded their game), plays game 2 again, and is
    // killed with game 2 in the journal but its tapes not yet in place
    const second = run('journaled:2');
    expect(second.signal).toBe('SIGKILL');
    expect(second.stdout).toContain('removed the new learning tape of a game the journal does not have');
    j = loadJournal(state)!;
    expect(j.games).toHaveLength(2);
    expect(learnt()).toBe(1);
    // the last run puts game 2's tapes in place (the journal names them) and plays game 3
    const third = run();
    expect(third.status, third.stderr).toBe(0);
    expect(third.stdout).toContain('put in place the new learning tape an earlier run left: after 2 learning games');
    j = loadJournal(state)!;
    expect(j.games.map((g) => g.round)).toEqual([1, 2, 3]);
    expect(learnt()).toBe(3);
    expect([digest('memory.tap'), digest('learning.tap')]).toEqual([j.games[2]!.tapes!.memory, j.games[2]!.tapes!.learning]);
    expect(existsSync(join(state, 'memory.tap.new')) || existsSync(join(state, 'learning.tap.new'))).toBe(false);
  });

  it('rote and generalization learning together only with --combine (Samuel kept them apart)', () => {
    const e = cli(['selfplay', '--state', join(dir, 'both'), '--rote', '--learn']);
    expect(e.status).toBe(1);
    expect(e.stderr).toContain('go beyond Samuel, who kept them apart');
    const c = cli(['selfplay', '--state', join(dir, 'combine-alone'), '--learn', '--combine']);
    expect(c.status).toBe(1);
    expect(c.stderr).toContain('--combine runs rote and generalization learning together');
  });

  it('--series 2 sends Samuel\'s second series to the 704 with the learning tape; the session keeps it', () => {
    const state = join(dir, 'series');
    const r = cli(['selfplay', '--openings', ACF, '--seed', '5', '--games', '1', '--state', state, '--learn', '--series', '2']);
    expect(r.status, r.stderr).toBe(0);
    // the 704's acknowledgement comes before its tape line
    expect(r.stdout).toMatch(/LEARN SERIES 2\n(.*\n)?LEARN TAPE 3 /);
    expect(loadJournal(state)!.settings.series).toBe(2);
    const clash = cli(['selfplay', '--state', state, '--series', '1', '--games', '2']);
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain('holds a session started with --series 2');
    for (const [bad, says] of [[['--series', '3', '--learn'], '--series: "3" is not 1 or 2'], [['--series', '2'], '--series chooses how Alpha learns']] as const) {
      const e = cli(['selfplay', '--state', join(dir, 'series-bad'), ...bad]);
      expect(e.status).toBe(1);
      expect(e.stderr).toContain(says);
    }
  });

  it('a session stopped by Ctrl-C keeps its finished games; the next run goes on with the next ballot', async () => {
    const state = join(dir, 'session');
    // run 1: 3 games wanted; Ctrl-C once the first is reported
    const first = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn(process.execPath, args(['selfplay', '--openings', ACF, '--seed', '3', '--games', '3', '--state', state, '--rote']), { env: { ...process.env, NO_COLOR: '1' } });
      let [stdout, stderr] = ['', ''];
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (/^game 1 /m.test(stdout) && !child.killed) child.kill('SIGINT');
      });
      child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
      child.on('close', (code) => done({ code, stdout, stderr }));
    });
    expect(first.code, first.stderr).toBe(130);
    const j1 = loadJournal(state)!;
    expect(j1.games.length).toBeGreaterThanOrEqual(1);
    expect(j1.games.length).toBeLessThan(3);
    expect(j1.interruptions).toBe(1);
    expect(first.stderr).toContain(`${j1.games.length} of 3 games done — \`samuel704 selfplay --state ${state}\` goes on from here`);
    expect(parsePdn(readFileSync(join(state, 'games.pdn'), 'utf8')).games).toHaveLength(j1.games.length);

    // run 2: same settings from the journal, the next ballots
    const second = cli(['selfplay', '--state', state]);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain(`${state}: ${j1.games.length} of 3 games done, going on with game ${j1.games.length + 1}`);
    const j2 = loadJournal(state)!;
    expect(j2.games.map((g) => g.round)).toEqual([1, 2, 3]);
    expect(j2.games.slice(0, j1.games.length)).toEqual(j1.games);
    const order = ballotOrder(playable(readBallots(ACF)), 3).slice(0, 3).map((b) => b.number);
    expect(j2.games.map((g) => g.ballot!.number)).toEqual(order);
    expect(new Set(order).size).toBe(3);
    expect(second.stdout).toMatch(/\n3 games \(\d this run\): Black won/);
    // the journal's figures are the 704's: ROTE lines and the GAME OVER line
    for (const g of j2.games) {
      expect(g.over).toMatch(/^GAME OVER - /);
      expect(g.rote!.boardsAfter).toBeGreaterThan(0);
      expect(g.rote!.lookups).toBeGreaterThan(0);
    }
    expect(j2.games[1]!.rote!.boardsBefore).toBe(j2.games[0]!.rote!.boardsAfter);
    const pdn = parsePdn(readFileSync(join(state, 'games.pdn'), 'utf8'));
    expect(pdn.games.map((g) => g.moves.map((m) => m.text))).toEqual(j2.games.map((g) => g.moves));

    // a session goes on with its own settings only
    const clash = cli(['selfplay', '--state', state, '--seed', '4']);
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain('holds a session started with --seed 3');
  });
});
