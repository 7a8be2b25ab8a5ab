// The PDN reader on Marion Tinsley's games and on malformed text; cards made from games; PDN
// written back.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA } from '../data.ts';
import { parseFen } from '../../src/checkers/notation/board.ts';
import { bookCards, movetext, parsePdn, setupCards, writePdn } from '../../src/checkers/notation/pdn.ts';

const TINSLEY = join(DATA, 'tinsley.pdn');

describe('Tinsley\'s games', () => {
  const text = readFileSync(TINSLEY, 'latin1');
  const { games, errors, recovered } = parsePdn(text, 'tinsley.pdn');

  it('reads every game; the two whose comments lost their braces are recovered and noted at line:column (issue 13)', () => {
    expect(text.match(/^\[Event /gm)).toHaveLength(724);
    expect(games).toHaveLength(724);
    expect(errors).toEqual([]);
    expect(recovered.map((e) => e.message)).toEqual([
      'tinsley.pdn:6434:74: game 623: "Redoversteppedthetimecontrolonthismove." after 8-11 read as a comment that lost its braces',
      'tinsley.pdn:7170:22: game 693: "Whiteoversteppedthetimecontrolonthismove." after 26-22 read as a comment that lost its braces',
    ]);
    // the recovered games end with the move before the comment and keep their results
    expect([games[622]!.moves.at(-1)!.text, games[622]!.result, games[692]!.moves.at(-1)!.text, games[692]!.result]).toEqual(['8-11', '0-1', '26-22', '1-0']);
    // games keep their place in the file, so --game N is the Nth game there
    expect(games[games.length - 1]!.index).toBe(724);
  });

  it('has the known first games: players, results, moves with their numbers and places', () => {
    const [g1, , g3] = games;
    expect(g1!.tags.get('Event')).toBe('Ohio State Ty 1946');
    expect([g1!.tags.get('Black'), g1!.tags.get('White'), g1!.result]).toEqual(['MF Tinsley', 'M Rex', '1/2-1/2']);
    expect(g1!.moves.slice(0, 4).map((m) => [m.number, m.side, m.text, m.line, m.column])).toEqual([
      [1, 'black', '11-15', 5, 4], [1, 'white', '23-18', 5, 10], [2, 'black', '8-11', 5, 19], [2, 'white', '27-23', 5, 24],
    ]);
    expect(g1!.moves).toHaveLength(56);
    expect(g1!.moves[55]!.path).toEqual([24, 15, 6]);
    expect([g3!.tags.get('Black'), g3!.result, g3!.moves.map((m) => m.text).slice(-3)]).toEqual(['E Fuller', '1-0', ['12-16', '19x12', '10x15']]);
    expect(bookCards(g1!).slice(0, 3)).toEqual(['*BOOK', '11-15', '23-18']);
  });

  it('every game opens with a Black move', () => {
    for (const g of games) expect(g.moves[0]?.side, `game ${g.index}`).toBe('black');
  });
});

describe('PDN syntax', () => {
  const one = (text: string) => parsePdn(text, 'x.pdn');
  const errorOf = (text: string): string => {
    const r = one(text);
    expect(r.errors, text).toHaveLength(1);
    return r.errors[0]!.message;
  };

  it('skips comments, variations (nested, with comments inside), NAGs and strength marks; a number may touch its move', () => {
    const { games, errors } = one('[Event "e"]\n1. 11-15 {a (comment} (1... 22-18 {x)} (2. 9-14)) 23-19! $1 2.8-11?! 22-17 1-0');
    expect(errors).toEqual([]);
    expect(games[0]!.moves.map((m) => m.text)).toEqual(['11-15', '23-19', '8-11', '22-17']);
  });

  it('a FEN tag sets the start and the side to move; White first is numbered 1...', () => {
    const { games } = one('[FEN "W:W18,K22:B1-2,K3"]\n1... 18-14 1-5 2. 14-10 *');
    const g = games[0]!;
    expect(g.start).toEqual(parseFen('W:WK22,18:B1,2,K3'));
    expect(g.moves.map((m) => `${m.number}${m.side[0]}`)).toEqual(['1w', '2b', '2w']);
    expect(bookCards(g)).toEqual(['*SETUP W/W18,K22/B1,2,K3', '*BOOK', '18-14', '1-5', '14-10']);
  });

  it('reports malformed text at file:line:column with the game skipped, and goes on with the next game', () => {
    expect(errorOf('[Event "x"\n1. 11-15 *')).toBe('x.pdn:1:1: malformed tag: expected [Name "value"]; game 1 (from line 1) skipped');
    expect(errorOf('1. 11-15\n  {no end')).toBe('x.pdn:2:3: comment opened here is not closed; game 1 (from line 1) skipped');
    expect(errorOf('1. 11-15 (22-18 {x} *')).toBe('x.pdn:1:10: variation opened here is not closed; game 1 (from line 1) skipped');
    expect(errorOf('1. 11-15 22-18 ) *')).toBe('x.pdn:1:16: ")" with nothing open; game 1 (from line 1) skipped');
    expect(errorOf('1. 11-15 q *')).toBe('x.pdn:1:10: "q" is not a move, a move number or a result; game 1 (from line 1) skipped');
    expect(errorOf('1. 11-33 *')).toBe('x.pdn:1:4: square 33 in "11-33" is not 1-32; game 1 (from line 1) skipped');
    expect(errorOf('1. 11-15 22-18 3. 9-14 *')).toBe('x.pdn:1:16: move number 3, expected 2; game 1 (from line 1) skipped');
    expect(errorOf('1... 11-15 *')).toBe('x.pdn:1:1: "1..." (White\'s move) but it is Black\'s move 1; game 1 (from line 1) skipped');
    expect(errorOf('[FEN "B:W1:B1"] *')).toBe('x.pdn:1:1: bad FEN "B:W1:B1": square 1 is given twice; game 1 (from line 1) skipped');
    expect(errorOf('1. 11-15 22-18\n[Event "next"]\n1. 9-14 *')).toBe('x.pdn:2:1: a tag after the moves of game 1: its result (1-0, 0-1, 1/2-1/2 or *) is missing; game 1 (from line 1) skipped');
    expect(errorOf('1. 11-15')).toBe('x.pdn:1:9: game 1 (from line 1) has no result at the end of the file');
    const r = one('1. 11-15 q *\n\n[Event "good"]\n1. 9-14 1-0');
    expect(r.games.map((g) => [g.index, g.tags.get('Event')])).toEqual([[2, 'good']]);
  });
});

describe('cards and PDN out', () => {
  it('breaks a long *SETUP after a comma, every card within 72 columns', () => {
    const fen = 'W:W13,15,17,19,21,23,25,27,29,30,K31,K32:B1,K2,3,K4,5,6,7,8,9,10,11,12';
    const cards = setupCards(fen);
    expect(cards).toEqual(['*SETUP W/W13,15,17,19,21,23,25,27,29,30,K31,K32/B1,K2,3,K4,5,6,7,8,9,10,', '11,12']);
    expect(cards.every((c) => c.length <= 72)).toBe(true);
  });

  it('writes games that read back the same', () => {
    const moves = ['11-15', '23-18', '15x22', '25x18', '8-11', '29-25'];
    const text = writePdn([
      { tags: [['Event', 'a "quoted" name']], moves, result: '1-0', first: 'black', comment: 'GAME OVER - BLACK WINS' },
      { tags: [['FEN', 'W:W18:B1']], moves: ['18-14', '1-5'], result: '*', first: 'white' },
    ]);
    const { games, errors } = parsePdn(text);
    expect(errors).toEqual([]);
    expect(games.map((g) => [g.tags.get('Event') ?? g.fen, g.moves.map((m) => m.text), g.result])).toEqual([
      ['a "quoted" name', moves, '1-0'],
      ['W:W18:B1', ['18-14', '1-5'], '*'],
    ]);
    expect(movetext(moves, 'black', [], 20)).toBe('1. 11-15 23-18 2.\n15x22 25x18 3. 8-11\n29-25');
  });
});
