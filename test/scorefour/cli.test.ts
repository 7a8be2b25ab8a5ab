// `samuel704 scorefour ...` the way a person runs it: a game typed at the 704 (an illegal move and
// an unreadable card rejected by the 704, a picture of the cube), self-play, learning and a contest.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_LOCKED, takeLock } from '../../src/host/lock.ts';
import { registerScorefourCommands } from '../../src/scorefour/cli.ts';
import { runCli } from '../cliCapture.ts';

const dir = mkdtempSync(join(tmpdir(), 'scorefour-'));

describe('scorefour play', () => {
  it('a person plays X; the 704 rejects a taken cell and a card it cannot read, and answers legal moves', () => {
    const svg = join(dir, 'cube.svg');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'scorefour', 'play', '--picture', svg], {
      input: '1A1\n1A1\n9Z9\n2B2\nquit\n', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('move 1 X 1A1');
    expect(r.stdout).toContain('the 704 rejects 1A1');
    expect(r.stdout).toContain('the 704 cannot read "9Z9"');
    expect(r.stdout).toContain('move 3 X 2B2');
    expect(r.stdout).toMatch(/move 4 O [1-4][A-D][1-4] {2}value/);
    const picture = readFileSync(svg, 'utf8');
    expect(picture.match(/<circle/g)?.length).toBe(4);
  });
});

describe('scorefour selfplay, learn, contest', () => {
  it('selfplay: games to the end, with the tally', async () => {
    const r = await runCli(registerScorefourCommands, ['scorefour', 'selfplay', '--games', '2', '--quiet', '--coef-o', '300,100,500', '--aggr-x']);
    expect(r.code).toBeUndefined();
    expect(r.out).toMatch(/2 game\(s\): X won (\d), O won (\d), drawn (\d)/);
    const [, x, o, d] = /X won (\d), O won (\d), drawn (\d)/.exec(r.out)!.map(Number);
    expect(x! + o! + d!).toBe(2);
  });

  it('learn: version B prints each series and the learnt coefficients', async () => {
    const svg = join(dir, 'learn.svg');
    const r = await runCli(registerScorefourCommands, ['scorefour', 'learn', 'B', '--series', '1', '--coef', '300,100,200', '--picture', svg]);
    expect(r.code).toBeUndefined();
    expect(readFileSync(svg, 'utf8')).toContain('<polyline');
    expect(r.out).toMatch(/series 1: \d+ \d+ \d+ {2}factor 0\.95/);
    expect(r.out).toMatch(/learnt \(version B\): \d+ \d+ \d+ after 1 series, 6 games/);
  });

  it('learn --state: a run killed after its first series goes on from the journal to the same series and result', async () => {
    const state = join(dir, 'learn.json');
    const args = ['scorefour', 'learn', 'B', '--series', '2', '--depth', '1', '--coef', '500,100,300', '--state', state];
    const whole = await runCli(registerScorefourCommands, args);
    expect(whole.code, whole.err).toBeUndefined();
    const journal = JSON.parse(readFileSync(state, 'utf8')) as { series: unknown[]; learned?: unknown };
    expect(journal.series).toHaveLength(2);
    // what a kill after series 1 leaves
    writeFileSync(state, JSON.stringify({ ...journal, series: journal.series.slice(0, 1), learned: undefined }));
    const resumed = await runCli(registerScorefourCommands, args);
    expect(resumed.code, resumed.err).toBeUndefined();
    expect(resumed.out).toContain('going on from');
    expect(resumed.out).not.toMatch(/series 1:/);
    const learnt = (o: string): string => /learnt \(version B\): .*/.exec(o)![0];
    expect(learnt(resumed.out)).toBe(learnt(whole.out));
    expect(JSON.parse(readFileSync(state, 'utf8'))).toEqual(journal);
    // another run's settings are refused, the journal kept
    const other = await runCli(registerScorefourCommands, [...args.slice(0, -2), '--step', '7', '--state', state]);
    expect(other.code).not.toBeUndefined();
    expect(other.err).toMatch(/holds another learning run/);
  });

  it('contest: scores are multiples of 4; with --state a run cut short goes on from the tournaments it kept, to the same scores', async () => {
    const state = join(dir, 'state.json');
    const json = join(dir, 'contest.json');
    const first = await runCli(registerScorefourCommands, ['scorefour', 'contest', 'P', 'A', '--tournaments', '2', '--workers', '1', '--state', state, '--json', json]);
    expect(first.code, first.err).toBeUndefined();
    expect(first.out).toMatch(/P vs A: 2 tournaments, average score -?\d+\.\d\d, t = \d+\.\d{3}/);
    const saved = JSON.parse(readFileSync(json, 'utf8')) as { d: number[] };
    expect(saved.d).toHaveLength(2);
    for (const d of saved.d) expect([-8, -4, 0, 4, 8]).toContain(d);
    const kept = JSON.parse(readFileSync(state, 'utf8')) as { tournaments: [number, { d: number }][] };
    expect(kept.tournaments).toHaveLength(2);
    writeFileSync(state, JSON.stringify({ ...kept, tournaments: kept.tournaments.filter(([i]) => i === 0) })); // as if killed after one
    const again = await runCli(registerScorefourCommands, ['scorefour', 'contest', 'P', 'A', '--tournaments', '2', '--workers', '1', '--state', state]);
    expect(again.out).toContain('1 of 2 tournaments played');
    expect(again.out.split('\n')[1]).toBe(first.out.split('\n')[0]);
    const other = await runCli(registerScorefourCommands, ['scorefour', 'contest', 'P', 'A.B', '--tournaments', '2', '--workers', '1', '--state', state]);
    expect(other.err).toContain('holds another contest');
  });

  it('contest --state: one writer at a time, a damaged state file named and left as it is', async () => {
    const state = join(dir, 'locked.json');
    const held = takeLock(`${state}.lock`, 'a first contest');
    const refused = await runCli(registerScorefourCommands, ['scorefour', 'contest', 'P', 'A', '--tournaments', '2', '--workers', '1', '--state', state]);
    held.release();
    expect(refused.code).toBe(EXIT_LOCKED);
    expect(refused.err).toContain('is in use by');
    writeFileSync(state, '{"contest": "P vs A", "tourn');
    const damaged = await runCli(registerScorefourCommands, ['scorefour', 'contest', 'P', 'A', '--tournaments', '2', '--workers', '1', '--state', state]);
    expect(damaged.code).toBe(1);
    expect(damaged.err).toContain(`${state}: not a contest state`);
    expect(readFileSync(state, 'utf8')).toBe('{"contest": "P vs A", "tourn');
  });

  it('a bad player code is an error that names the codes', async () => {
    const r = await runCli(registerScorefourCommands, ['scorefour', 'contest', 'P3', 'A', '--workers', '1']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('not one of P, A, P1, A1, P2, A2, each with .A or .B after learning; 1, 2 (Stage 1 without POLY); S2, S2A');
  });
});
