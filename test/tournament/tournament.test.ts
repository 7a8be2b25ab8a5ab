// The tournament host: the schedule, the paper's two standings and the pair tests on records made
// by hand, heuristic files and player specs, and a small tournament played by 704s in this thread
// and on a pool of two worker threads, which must give the same records.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameJob, GameRecord } from '../../src/tournament/game.ts';
import { GENE_SCALE, geneCount, heuristicCards, parsePlayer, playerCards, type Player } from '../../src/tournament/players.ts';
import { playAll } from '../../src/tournament/pool.ts';
import { START_FEN, schedule } from '../../src/tournament/schedule.ts';
import { standings } from '../../src/tournament/standings.ts';
import { tournamentPdn } from '../../src/tournament/report.ts';

const nul = (name: string, depth = 1): Player => ({ kind: 'null', name, depth });
const ballot = (number: number) => ({ number, moves: ['9-13', '21-17', '5-9'], status: '', name: '', fen: START_FEN });

describe('the schedule', () => {
  it('plays every pair N times, colours swapped after each game, each opening for a pair of games', () => {
    const players = [nul('a'), nul('b'), nul('c')];
    const jobs = schedule(players, { format: 'round-robin', games: 4, ballots: [ballot(1), ballot(2), ballot(3)], seed: 9, giveaway: false });
    expect(jobs).toHaveLength(3 * 4);
    expect(jobs.map((j) => j.seats.join(''))).toEqual(['01', '10', '01', '10', '02', '20', '02', '20', '12', '21', '12', '21']);
    expect(jobs.map((j) => j.opening.split(':')[0])).toEqual(['ACF 1', 'ACF 1', 'ACF 2', 'ACF 2', 'ACF 3', 'ACF 3', 'ACF 1', 'ACF 1', 'ACF 2', 'ACF 2', 'ACF 3', 'ACF 3']);
    expect(new Set(jobs.map((j) => j.seed)).size).toBe(12);
    const again = schedule(players, { format: 'round-robin', games: 4, ballots: [ballot(1), ballot(2), ballot(3)], seed: 9, giveaway: false });
    expect(again.map((j) => j.seed)).toEqual(jobs.map((j) => j.seed));
    const gauntlet = schedule(players, { format: 'gauntlet', games: 2, ballots: [], seed: 1, giveaway: false });
    expect(gauntlet.map((j) => j.seats.join(''))).toEqual(['01', '10', '02', '20']);
    expect(gauntlet[0]!.fen).toBe(START_FEN);
  });
});

describe('the standings', () => {
  it('counts games and pair matches as the paper does, and tests each pair by opening', () => {
    const players = [nul('a'), nul('b'), nul('c')];
    const jobs = schedule(players, { format: 'round-robin', games: 4, ballots: [], seed: 1, giveaway: false });
    // a-b: a wins all 4; a-c: 2 draws, c wins, a wins; b-c: b wins 1, draws 3
    const winners: (GameRecord['winner'])[] = ['black', 'white', 'black', 'white', null, null, 'white', 'white', 'black', null, null, null];
    const records: GameRecord[] = winners.map((winner, index) => ({ index, moves: [], winner, reason: '', nodes: [], seconds704: 0 }));
    const s = standings(3, jobs, records);
    const [a, b, c] = s.table;
    expect([a!.won, a!.drawn, a!.lost, a!.points]).toEqual([5, 2, 1, 6]);
    expect([b!.won, b!.drawn, b!.lost, b!.points]).toEqual([1, 3, 4, 2.5]);
    expect([c!.won, c!.drawn, c!.lost, c!.points]).toEqual([1, 5, 2, 3.5]);
    expect(a!.clashes).toEqual({ won: 1, drawn: 1, lost: 0, points: 1.5 });
    expect(b!.clashes).toEqual({ won: 1, drawn: 0, lost: 1, points: 1 });
    expect(c!.clashes).toEqual({ won: 0, drawn: 1, lost: 1, points: 0.5 });
    const ab = s.pairs.find((p) => p.a === 0 && p.b === 1)!;
    expect([ab.pointsA, ab.pointsB, ab.test.n, ab.test.mean]).toEqual([4, 0, 2, 2]);
    const bc = s.pairs.find((p) => p.a === 1 && p.b === 2)!;
    expect(bc.test.n).toBe(2);
    expect(bc.test.mean).toBe(1.25); // pairs 1½ and 1 of 2
  });
});

describe('players', () => {
  it('reads heuristic files, checks them, and gives the *MANDZ cards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'heur-'));
    const file = join(dir, 'h.json');
    writeFileSync(file, JSON.stringify({ format: 'samuel704-heuristic', name: 'HG:8F', heuristic: '8F', genes: [1, -0.5, 0, 0, 0, 0, 0, 2] }));
    const p = parsePlayer(`best=${file}@3`, 6, false);
    expect(p).toMatchObject({ kind: 'heuristic', name: 'best', heuristic: '8F', depth: 3 });
    expect(playerCards(p, 'white')).toEqual(['*MANDZ WHITE 8F 3', `*MANDZ WHITE W ${GENE_SCALE} ${-GENE_SCALE / 2} 0 0 0 0 0 ${2 * GENE_SCALE}`]);
    expect(() => parsePlayer(file, 6, true)).not.toThrow(); // 8F has 8 genes in both games
    expect(heuristicCards(`${file}@4`, 'black')[0]).toBe('*MANDZ BLACK 8F 4'); // play and match --heuristic
    expect(heuristicCards(undefined, 'black')).toEqual([]);
    writeFileSync(file, JSON.stringify({ format: 'samuel704-heuristic', heuristic: 'E3PH', genes: [1, 2] }));
    expect(() => parsePlayer(file, 6, false)).toThrow(`${file}: E3PH has ${geneCount('E3PH', false)} genes in checkers, the file 2`);
    expect(() => parsePlayer('null@11', 6, false)).toThrow('depth 11');
    expect(() => parsePlayer('rapid-draughts', 6, true)).toThrow('ordinary checkers only');
    expect(parsePlayer('null', 4, false)).toEqual({ kind: 'null', name: 'null@4', depth: 4 });
    const paper = parsePlayer('null-nocut@5', 4, true);
    expect(paper).toEqual({ kind: 'null', name: 'null-nocut@5', depth: 5, noCut: true });
    expect(playerCards(paper, 'white')).toEqual(['*MANDZ WHITE NULL 5', '*MANDZ WHITE NOCUT']);
    const long = playerCards({ kind: 'heuristic', name: 'x', heuristic: '5PH', depth: 2, genes: Array(40).fill(-99.123) }, 'black');
    expect(long.length).toBeGreaterThan(2);
    for (const c of long) expect(c.length).toBeLessThanOrEqual(72);
    expect(long.slice(1).join(' ').split(' ').filter((w) => /^-?\d+$/.test(w))).toHaveLength(40);
  });
});

describe('a tournament played by 704s', () => {
  it('gives the same records in this thread and on two worker threads', async () => {
    const h: Player = { kind: 'heuristic', name: '8F', heuristic: '8F', depth: 1, genes: [1, 1.5, 0.1, 0.1, 0.05, 0.05, -0.02, -0.03] };
    // from a position of few pieces, so the games are short
    const fen = 'B:W21,22,25,26,30:B1,5,6,9,12';
    const jobs: GameJob[] = schedule([h, { ...h, name: '10F', heuristic: '10F', genes: [1, -1, 1.5, -1.5, 0, 0, 0.1, 0, 0, 0] }],
      { format: 'round-robin', games: 2, ballots: [{ number: 0, moves: [], status: '', name: '', fen }], seed: 4, giveaway: false });
    const one = await playAll(jobs, { workers: 0 });
    const two = await playAll(jobs, { workers: 2 });
    expect(one).toHaveLength(2);
    expect(new Set(one.map((r) => r.moves.join(' '))).size).toBeGreaterThan(1);
    expect(two).toEqual(one);
    for (const r of one) {
      expect(r.moves.length).toBeGreaterThan(0);
      expect(r.nodes.every((n) => n >= 1)).toBe(true); // every move a Mańdziuk player's, its nodes printed
    }
    const pdn = tournamentPdn('test', jobs, one);
    expect(pdn.match(/\[Event "test"\]/g)).toHaveLength(2);
  }, 300_000);

  it('relays the moves of Samuel\'s program with a learned polynomial from its own 704 (the TD-GAC stand-in)', async () => {
    const h: Player = { kind: 'heuristic', name: '8F', heuristic: '8F', depth: 2, genes: [1, 1.5, 0.1, 0.1, 0.05, 0.05, -0.02, -0.03] };
    const samuel = parsePlayer('samuel:start', 6, true);
    expect(samuel).toEqual({ kind: 'samuel', name: 'Samuel 704 (untrained polynomial)', learning: 'start' });
    expect(playerCards(samuel, 'black')).toEqual([]); // nothing on the game's 704: it plays the heuristic's side only
    expect(() => parsePlayer('samuel:/no/such.tap', 6, true)).toThrow('no learning tape');
    const fen = 'B:W21,22,25,26,30:B1,5,6,9,12';
    const jobs: GameJob[] = [[h, samuel], [samuel, h]].map(([black, white], index) => ({ index, black: black!, white: white!, seats: [index, 1 - index], fen, opening: 'test', seed: 3, giveaway: true }));
    const records = await playAll(jobs, { workers: 0 });
    records.forEach((r, i) => {
      expect(r.reason).toMatch(/GIVE-AWAY|PLY LIMIT/);
      const heuristicMoves = r.nodes.filter((_, k) => k % 2 === i); // Black moves first from this FEN
      const samuelMoves = r.nodes.filter((_, k) => k % 2 !== i);
      expect(heuristicMoves.every((n) => n >= 1)).toBe(true);
      expect(samuelMoves.length).toBeGreaterThan(0);
      expect(samuelMoves.every((n) => n === 0)).toBe(true); // not the game's 704's search
    });
  }, 120_000);

  it("the paper's null search (no cut-offs) plays the same game as ours, searching more positions", async () => {
    const fen = 'B:W21,22,25,26,30:B1,5,6,9,12';
    const game = (white: Player): GameJob => ({ index: 0, black: nul('null', 3), white, seats: [0, 1], fen, opening: 'test', seed: 77, giveaway: true });
    const [ours] = await playAll([game(nul('null', 3))], { workers: 0 });
    const [paper] = await playAll([game({ kind: 'null', name: 'null', depth: 3, noCut: true })], { workers: 0 });
    expect(paper!.moves).toEqual(ours!.moves);
    const white = (r: GameRecord): number[] => r.nodes.filter((_, i) => i % 2 === 1);
    const black = (r: GameRecord): number[] => r.nodes.filter((_, i) => i % 2 === 0);
    expect(black(paper!)).toEqual(black(ours!));
    white(paper!).forEach((n, i) => expect(n).toBeGreaterThanOrEqual(white(ours!)[i]!));
    expect(white(paper!).reduce((a, b) => a + b, 0)).toBeGreaterThan(white(ours!).reduce((a, b) => a + b, 0));
  }, 120_000);
});
