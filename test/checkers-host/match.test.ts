// `samuel704 match`: the 704 against rapid-draughts and against itself; paths, scores, the t test.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACF } from '../data.ts';
import { scoreTable, type MatchGame } from '../../src/checkers/match/match.ts';
import { jumpPath } from '../../src/checkers/match/rapidBoard.ts';
import { capturedBy } from '../../src/checkers/notation/board.ts';
import { ballotOrder, playable, readBallots } from '../../src/checkers/selfplay/openings.ts';
import { parsePdn } from '../../src/checkers/notation/pdn.ts';
import { pairedTest, tTwoSided } from '../../src/host/stats.ts';

const dir = mkdtempSync(join(tmpdir(), 'checkers-match-'));
const cli = (a: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...a], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('move paths for cards', () => {
  it('the squares a path takes, and the path back from the squares taken', () => {
    expect(capturedBy([6, 15, 22])).toEqual([10, 18]);
    expect(capturedBy([11, 15])).toEqual([]);
    expect(jumpPath(6, 22, [18, 10])).toEqual([6, 15, 22]);
    expect(jumpPath(11, 15, [])).toEqual([11, 15]);
    expect(jumpPath(1, 19, [15, 6])).toEqual([1, 10, 19]); // in whatever order the squares come
    expect(capturedBy([1, 10, 19])).toEqual([6, 15]);
    expect(jumpPath(1, 10, [15])).toBeNull(); // 15 is not next to 1
    expect(jumpPath(1, 19, [6])).toBeNull(); // over 6 lands on 10, not 19
  });
});

describe('statistics', () => {
  it('Student t: two-sided p at the 5% points', () => {
    expect(tTwoSided(12.706, 1)).toBeCloseTo(0.05, 4);
    expect(tTwoSided(2.262, 9)).toBeCloseTo(0.05, 4);
    expect(tTwoSided(2.0, 3)).toBeCloseTo(0.1393, 4);
    expect(tTwoSided(0, 5)).toBe(1);
  });

  it('the paired test on pair scores against 1 of 2', () => {
    const t = pairedTest([2, 1, 1.5, 0.5, 2, 1], 1);
    expect(t.mean).toBeCloseTo(4 / 3, 12);
    expect(t.sd).toBeCloseTo(0.60553, 5);
    expect(t.t).toBeCloseTo(1.3484, 4);
    expect(t.df).toBe(5);
    expect(t.p).toBeCloseTo(0.2354, 4);
    expect(Number.isNaN(pairedTest([1, 1], 1).t)).toBe(true);
    expect(pairedTest([1, 1, 1], 1).p).toBe(1); // every pair even: no difference
    expect(Number.isNaN(pairedTest([1], 1).p)).toBe(true); // one pair: no test
    expect(pairedTest([2, 2], 1).t).toBe(Infinity);
  });

  it('the score table: a row a ballot, totals, the test', () => {
    const [a, b] = playable(readBallots(ACF)).slice(0, 2);
    const g = (ballot: typeof a, program: 'black' | 'white', points: number): MatchGame => ({ ballot: ballot!, program, moves: [], over: null, points });
    const { lines, test } = scoreTable([g(a, 'black', 1), g(a, 'white', 0.5), g(b, 'black', 0), g(b, 'white', 1)], 'X');
    expect(lines[1]).toMatch(/^#1 9-13 21-17 5-9 +1 +½ +1½$/);
    expect(lines[2]).toMatch(/^#2 9-13 21-17 6-9 +0 +1 +1$/);
    expect(lines[3]).toBe('Samuel 704 against X: 4 games, won 2, drawn 1, lost 1; 2½ points of 4 (62.5%)');
    expect(test.n).toBe(2);
    expect(lines[4]).toBe('paired by ballot: 2 pairs, mean pair score 1.250 of 2 (1 = even), sd 0.354, t = 1.00 with 1 df, p = 0.500 (two-sided)');
    // one pair (a --quick match) has no spread: the line says there is no t test, not 'undefined'
    expect(scoreTable([g(a, 'black', 1), g(a, 'white', 0.5)], 'X').lines.at(-1)).toBe('paired by ballot: 1 pair, pair score 1.500 of 2 (1 = even); a t test needs two pairs or more');
    expect(scoreTable([g(a, 'black', 1)], 'X').lines.at(-1)).toBe('paired by ballot: 0 pairs: no ballot has both games played, so no t test');
  });
});

describe('samuel704 match', () => {
  it('against rapid-draughts on one ballot, colours reversed: the 704 adjudicates, PDN of both games', () => {
    const pdn = join(dir, 'rapid.pdn');
    const r = cli(['match', '--openings', ACF, '--ballots', '1', '--seed', '5', '--depth', '3', '--pdn', pdn]);
    expect(r.status, r.stderr).toBe(0);
    const ballot = ballotOrder(playable(readBallots(ACF)), 5)[0]!;
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe(`Samuel 704 against rapid-draughts depth 3: 1 ballot from ${ACF} (seed 5), each with the colours reversed`);
    expect(lines[1]).toMatch(new RegExp(`^#${ballot.number} .* 704 Black {2}GAME OVER - .* \\(\\d+ plies\\)$`));
    expect(lines[2]).toMatch(new RegExp(`^#${ballot.number} .* 704 White {2}GAME OVER - .* \\(\\d+ plies\\)$`));
    expect(lines[6]).toMatch(/^Samuel 704 against rapid-draughts depth 3: 2 games, won \d, drawn \d, lost \d; /);
    expect(lines[7]).toMatch(/^paired by ballot: 1 pair, /);
    const { games, errors } = parsePdn(readFileSync(pdn, 'utf8'));
    expect(errors).toEqual([]);
    expect(games.map((g) => [g.tags.get('Black'), g.tags.get('White')])).toEqual([['Samuel 704', 'rapid-draughts depth 3'], ['rapid-draughts depth 3', 'Samuel 704']]);
    games.forEach((g, i) => {
      expect(g.fen).toBe(ballot.fen);
      const over = /GAME OVER - (BLACK|WHITE|DRAWN)/.exec(lines[1 + i]!)![1];
      expect(g.result).toBe({ BLACK: '1-0', WHITE: '0-1', DRAWN: '1/2-1/2' }[over!]);
      expect(g.moves.length).toBe(Number(/\((\d+) plies\)/.exec(lines[1 + i]!)![1]));
    });
  });

  it('against itself with no memory: the relay plays exactly the self-play game of the ballot; --json of both', () => {
    const [mp, sp] = [join(dir, 'self-match.pdn'), join(dir, 'self.pdn')];
    const m = cli(['match', '--openings', ACF, '--ballots', '1', '--seed', '9', '--opponent', '704', '--pdn', mp, '--json']);
    expect(m.status, m.stderr).toBe(0);
    const s = cli(['selfplay', '--openings', ACF, '--games', '1', '--seed', '9', '--pdn', sp, '--json']);
    expect(s.status, s.stderr).toBe(0);
    const [match, self] = [mp, sp].map((f) => parsePdn(readFileSync(f, 'utf8')).games.map((g) => ({ moves: g.moves.map((x) => x.text), result: g.result })));
    expect(match).toHaveLength(2);
    expect(match[0]).toEqual(self[0]);
    expect(match[1]).toEqual(self[0]);
    // --json: one object each, nothing else on standard output
    const mj = JSON.parse(m.stdout) as { ballots: number; games: { program: string; moves: string[]; points: number }[]; totals: { games: number; points: number }; pairedTest: { n: number } };
    expect(mj.ballots).toBe(1);
    expect(mj.games.map((g) => [g.program, g.moves])).toEqual([['black', self[0]!.moves], ['white', self[0]!.moves]]);
    expect(mj.totals).toMatchObject({ games: 2, points: mj.games[0]!.points + mj.games[1]!.points });
    expect(mj.pairedTest.n).toBe(1);
    const sj = JSON.parse(s.stdout) as { totals: { games: number }; games: { moves: string[]; plies: number }[] };
    expect(sj.totals.games).toBe(1);
    expect(sj.games[0]).toMatchObject({ moves: self[0]!.moves, plies: self[0]!.moves.length });
  });

  it('--games, which counted ballots, is refused with --ballots', () => {
    const old = cli(['match', '--openings', ACF, '--games', '2']);
    expect(old.status).toBe(1);
    expect(old.stderr).toContain('say --ballots 2');
  });

  it('saved polynomials on both machines: one polynomial on both sides plays one game, whichever machine is Black', () => {
    const pdnOf = (args: string[]): { moves: string[]; result: string }[] => {
      const file = join(dir, `${args.join('-').replace(/[^\w-]/g, '')}.pdn`);
      const r = cli(['match', '--openings', ACF, '--ballots', '1', '--seed', '9', '--opponent', '704', '--pdn', file, ...args]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(args.length ? 'Samuel 704 (untrained polynomial) against Samuel 704 (untrained polynomial)' : 'Samuel 704 against Samuel 704');
      return parsePdn(readFileSync(file, 'utf8')).games.map((g) => ({ moves: g.moves.map((x) => x.text), result: g.result }));
    };
    const untrained = pdnOf(['--learning', 'start', '--opponent-learning', 'start']);
    expect(untrained[1]).toEqual(untrained[0]);
    // Appendix C's first 16 terms at +2^6 do not play the default 4-term polynomial's game
    expect(untrained[0]!.moves).not.toEqual(pdnOf([])[0]!.moves);
    const lone = cli(['match', '--openings', ACF, '--ballots', '1', '--opponent-learning', 'start']);
    expect(lone.status).toBe(1);
    expect(lone.stderr).toContain('--opponent-memory and --opponent-learning are for --opponent 704');
  });
});
