// The Seale experiments' host side without the 704: reading the 704's lines for a game
// (parseSealeGame, parseHalmaGame), the comparison tables built from games, and the halma board the
// host follows for display. The runs themselves are the 704's (sealeck.test.ts, halma/moves.test.ts).

import { describe, expect, it } from 'vitest';
import { applyMove, boardText, halmaScene, startBoard } from '../../src/halma/board.ts';
import { parseHalmaGame } from '../../src/halma/selfplay.ts';
import { sealeCheckersOutcome, zeroedGames } from '../../src/reproduce/experiments/sealeCheckers.ts';
import { sealeHalmaOutcome } from '../../src/reproduce/experiments/sealeHalma.ts';
import { parseSealeGame, type SealeGame } from '../../src/seale/checkersRun.ts';
import { SEALE_CHECKERS, SEALE_CHECKERS_ZEROED, SEALE_HALMA, SEALE_HALMA_ZEROED, SEALE_START } from '../../src/seale/tables.ts';

describe("his tables", () => {
  it('the zeroings the digest reads off them: a coefficient of 10 or more dropping to exactly 0', () => {
    expect(zeroedGames(SEALE_START, SEALE_CHECKERS)).toEqual(SEALE_CHECKERS_ZEROED);
    expect(zeroedGames(SEALE_START.slice(0, 15), SEALE_HALMA)).toEqual(SEALE_HALMA_ZEROED);
  });
});

describe('reading the 704', () => {
  it("a checkers game under his system", () => {
    const g = parseSealeGame([
      'SEALE NEW COEFFICIENTS', `SEALE A ${SEALE_START.slice(0, 13).join(' ')}`, `SEALE A ${SEALE_START.slice(13).join(' ')}`,
      'SEALE ALPHA PLAYS WHITE - LEARNING GAME 4', 'MOVE 1 BLACK 11-15 SCORE -12 PLY 9', 'MOVE 2 WHITE 22-18 SCORE +3 PLY 9',
      'GAME OVER - BLACK WINS - WHITE BEHIND AT 70 MOVES', 'SEALE ALPHA LOSES', 'SEALE COEFFICIENT ZEROED 17',
      'SEALE ALPHA AFTER GAME 4 CLAMP HITS 12', 'SEALE A 1 2 3 4 5 6 7 8 9 10 11 12 13', 'SEALE A 14 15 16 17 18 19 20 21 22 23 24 -25',
    ]);
    expect(g).toMatchObject({ start: SEALE_START, game: 4, alpha: 'white', result: 'lost', zeroed: 17, clampHits: 12, plies: 2, reason: 'BLACK WINS - WHITE BEHIND AT 70 MOVES' });
    expect(g.coefficients).toEqual([...Array(24).keys()].map((i) => i + 1).concat(-25));
    expect(() => parseSealeGame(['MOVE 1 BLACK 11-15 SCORE -12 PLY 9'])).toThrow(/no complete game/);
  });

  it('a halma game: the final position followed from the MOVE lines', () => {
    const g = parseHalmaGame(6, [
      'SEALE ALPHA PLAYS SIDE 2 - LEARNING GAME 2', 'MOVE 1 SIDE 1 C1-D2 SCORE +5', 'MOVE 2 SIDE 2 D6-B4 SCORE +9',
      'GAME OVER - DRAWN - MOVE LIMIT', 'SEALE DRAWN', 'SEALE ALPHA AFTER GAME 2 CLAMP HITS 0', 'SEALE A 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15',
    ]);
    expect(g).toMatchObject({ game: 2, alphaSide: 2, result: 'drawn', winner: null, reason: 'MOVE LIMIT', plies: 2 });
    expect(g.board.cells[1]![3]).toBe(1);
    expect(g.board.cells[0]![2]).toBe(0);
    expect(g.board.cells[3]![1]).toBe(2);
  });
});

describe('the comparison tables', () => {
  const game = (i: number, coefficients: number[], result: SealeGame['result'], zeroed: number | null = null): SealeGame => ({
    game: i + 1, alpha: i % 2 ? 'white' : 'black', result, coefficients, zeroed, betaAdopted: false, clampHits: 3, plies: 70, reason: 'DRAWN - EVEN AT 70 MOVES', seconds704: 1, wallMs: 1, tape: [],
  });

  it("checkers: his own table gives 'same' everywhere it can", () => {
    const games = SEALE_CHECKERS.map((row, i) => game(i, [...row], SEALE_CHECKERS_ZEROED.includes(i + 1) || SEALE_CHECKERS_ZEROED.includes(i + 2) ? 'lost' : 'drawn', SEALE_CHECKERS_ZEROED.includes(i + 1) ? 1 : null));
    const tests = (['lost', 'drawn', 'drawn', 'lost'] as const).map((r, i) => game(i, [], r));
    const o = sealeCheckersOutcome([...SEALE_START], games, tests);
    const verdicts = o.sections.flatMap((s) => s.rows.map((r) => `${r.what}: ${r.verdict}`));
    expect(verdicts.filter((v) => v.startsWith('after game')).every((v) => v.endsWith('same'))).toBe(true);
    expect(verdicts).toContain('games after which a coefficient was zeroed: same');
    expect(verdicts.filter((v) => v.startsWith('Alpha after game')).every((v) => v.endsWith('same'))).toBe(true);
    expect(o.pictures.length).toBe(5);
  });

  it('halma: a trajectory far from his differs', () => {
    const games = SEALE_HALMA.map((row, i) => ({ ...parseHalmaGame(6, ['SEALE ALPHA PLAYS SIDE 1 - LEARNING GAME 1', 'GAME OVER - SIDE 1 WINS - CAMP FILLED', 'SEALE ALPHA WINS']), game: i + 1, coefficients: row.map((v) => -v), seconds704: 1, wallMs: 1 }));
    const o = sealeHalmaOutcome(SEALE_START.slice(0, 15), games);
    expect(o.sections[0]!.rows[0]!.verdict).toBe('same');
    expect(o.sections[1]!.rows.slice(10).every((r) => r.verdict === 'differs')).toBe(true);
  });
});

describe('the halma board the host draws', () => {
  it('starts with the camps of the 704 table, follows moves, draws text and a scene', () => {
    const b = startBoard(8);
    expect(b.cells.flat().filter((v) => v === 1).length).toBe(10);
    applyMove(b, 'D1', 'E2');
    expect(boardText(b).split('\n')[7]).toBe(' 1 X X X . . . . .');
    expect(boardText(b).split('\n')[6]).toBe(' 2 X X X . X . . .');
    expect(halmaScene(b).shapes.filter((s) => s.kind === 'circle').length).toBe(20);
    expect(() => startBoard(7)).toThrow(/6, 8 or 12/);
  });
});
