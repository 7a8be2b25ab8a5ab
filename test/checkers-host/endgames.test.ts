// The endgame starts that feed rote self-play (src/checkers/selfplay/endgames.ts) and the starts
// file the rote experiments give selfplay --openings: sizes, no man on its crowning row, the same
// list for the same seed, and every line a ballot line that the ballots reader takes.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endgameStarts } from '../../src/checkers/selfplay/endgames.ts';
import { ACF_BALLOTS, playable, readBallots } from '../../src/checkers/selfplay/openings.ts';
import { BOOK_PLIES, ENDGAMES, startsFile, startsParts } from '../../src/reproduce/experiments/samuelRote.ts';
import { bookStarts, deviationStarts } from '../../src/checkers/selfplay/bookStarts.ts';
import { applyPath, parseFen, toFen } from '../../src/checkers/notation/board.ts';
import { parsePdn } from '../../src/checkers/notation/pdn.ts';
import { legalMoves, parseFen as referenceFen, toFen as referenceToFen } from '../checkers/reference.ts';

describe('endgame starts for rote self-play', () => {
  it('2 to 6 pieces a side, men never on their crowning row, a third or so kings, both sides to move, the same for the same seed', () => {
    const starts = endgameStarts(500, 1959);
    expect(endgameStarts(500, 1959)).toEqual(starts);
    expect(endgameStarts(500, 7)).not.toEqual(starts);
    let kings = 0, pieces = 0;
    for (const p of starts) {
      const of = (c: string): number[] => p.squares.flatMap((q, s) => (q !== null && q.toLowerCase() === c ? [s] : []));
      for (const c of ['b', 'w']) {
        expect(of(c).length).toBeGreaterThanOrEqual(2);
        expect(of(c).length).toBeLessThanOrEqual(6);
      }
      expect(p.squares.some((q, s) => (q === 'b' && s >= 29) || (q === 'w' && s <= 4))).toBe(false);
      kings += p.squares.filter((q) => q === 'B' || q === 'W').length;
      pieces += p.squares.filter((q) => q !== null).length;
    }
    expect(kings / pieces).toBeGreaterThan(0.3);
    expect(kings / pieces).toBeLessThan(0.5);
    expect(new Set(starts.map((p) => p.toMove)).size).toBe(2);
  });

  it('the starts file: the playable ballots, then positions of Tinsley\'s games, then the endgame starts, read back as ballots; its parts deal the lines out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'starts-'));
    const file = startsFile(dir);
    const all = readBallots(file);
    const ballots = playable(readBallots(ACF_BALLOTS));
    const book = bookStarts(join(import.meta.dirname, '..', '..', 'data', 'tinsley.pdn'), BOOK_PLIES);
    expect(all).toHaveLength(ballots.length + book.length + ENDGAMES);
    expect(all.slice(0, ballots.length).map((b) => b.fen)).toEqual(ballots.map((b) => b.fen));
    expect(all.slice(ballots.length, ballots.length + book.length).map((b) => b.fen)).toEqual(book.map((b) => b.fen));
    expect(playable(all)).toHaveLength(all.length);
    expect(readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('\tendgame\t'))).toHaveLength(ENDGAMES);
    const parts = startsParts(dir, 2).map((f) => readBallots(f));
    expect(parts[0]!.length + parts[1]!.length).toBe(all.length);
    expect(parts[0]![1]!.fen).toBe(all[2]!.fen);
    expect(parts[1]![0]!.fen).toBe(all[1]!.fen);
  });

  it('book starts: each position once, after exactly k plies of a game that goes on past it', () => {
    const pdn = join(mkdtempSync(join(tmpdir(), 'bookstarts-')), 'two.pdn');
    writeFileSync(pdn, '[Event "a"]\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17x10 4. 6x15 *\n\n[Event "b"]\n1. 11-15 23-19 2. 8-11 22-18 *\n');
    // both games reach the same position after 2 plies: the first names it
    expect(bookStarts(pdn, [2], 2)).toEqual([{ fen: 'B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15', name: 'game 1 ply 2' }]);
    // game 2 ends 4 plies in: too short to start from ply 4 with 2 plies to go
    expect(bookStarts(pdn, [4], 2)).toEqual([{ fen: 'B:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15', name: 'game 1 ply 4' }]);
    expect(bookStarts(pdn, [4], 5)).toEqual([]);
  });

  it('deviation starts: a master\'s position then another legal move (the reference move generator\'s), never a position of the games, the others taken in turn', () => {
    const pdn = join(mkdtempSync(join(tmpdir(), 'deviations-')), 'some.pdn');
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'data', 'tinsley.pdn'), 'latin1');
    writeFileSync(pdn, text.split(/\n(?=\[Event )/).slice(0, 12).join('\n'));
    const { games } = parsePdn(readFileSync(pdn, 'latin1'), pdn);
    const played = new Set(games.flatMap((g) => g.moves.reduce((ps, m) => [...ps, applyPath(ps.at(-1)!, m.path)], [g.start]).map(toFen)));
    const plies = [8, 15, 30];
    const runs = [0, 1, 2].map((nth) => deviationStarts(pdn, plies, nth));
    expect(deviationStarts(pdn, plies, 1)).toEqual(runs[1]);
    for (const starts of runs) {
      expect(starts.length).toBeGreaterThan(12);
      expect(new Set(starts.map((s) => s.fen)).size).toBe(starts.length);
      for (const s of starts) {
        const [, game, k, path] = /^game (\d+) ply (\d+) then ([\d x-]+)$/.exec(s.name)!;
        const g = games.find((x) => x.index === Number(game))!;
        const at = g.moves.slice(0, Number(k)).reduce((p, m) => applyPath(p, m.path), g.start);
        const legal = legalMoves(referenceFen(toFen(at)));
        const move = legal.find((m) => m.path.join(path.includes('x') ? 'x' : '-') === path);
        expect(move, `${s.name}: not a legal move`).toBeDefined();
        expect(referenceToFen(move!.result)).toBe(s.fen);
        expect(move!.path).not.toEqual(g.moves[Number(k)]!.path);
        expect(played.has(s.fen)).toBe(false);
        expect(parseFen(s.fen).toMove).not.toBe(at.toMove);
      }
    }
    // positions with two or more other moves deviate differently in turn
    const firstTwo = runs[0]!.filter((s) => runs[1]!.some((t) => t.name.split(' then ')[0] === s.name.split(' then ')[0]));
    expect(firstTwo.some((s) => !runs[1]!.some((t) => t.fen === s.fen))).toBe(true);
  });
});
