// The printer-line parser on every format of docs/checkers-game.md, the display board, and the
// driver on the booted deck: a person's game stopping for cards, the console read back.

import chalk from 'chalk';
import { describe, expect, it } from 'vitest';
import { applyPath, drawBoard, parseFen, parsePrintedBoard, startPosition, toFen } from '../../src/checkers/notation/board.ts';
import { CheckersSession, parsePrintout, type Event } from '../../src/checkers/program/session.ts';
import { checkersAssembly } from '../../src/checkers/program/deck.ts';

const strip = (events: Event[]) => events.map(({ text: _t, at: _a, wall: _w, ...rest }) => rest);

describe('the printer lines', () => {
  it('parses every documented line format (rote learning\'s as one kind)', () => {
    const lines = [
      'SAMUEL CHECKERS PROGRAM - 704',
      'GAME  PROGRAM PLAYS BLACK',
      'GAME  SELF-PLAY',
      'GAME  BOOK',
      'MOVE 1 BLACK 11-15 SCORE +508 PLY 11',
      'MOVE 2 WHITE 22X15 CARD',
      'MOVE 3 BLACK 11-15 -12 PROGRAM 9X14X23 +40 H 2 L 5',
      'WHITE PREDICTS A WIN',
      'ILLEGAL MOVE - 22-17   A COMMENT',
      'BAD CARD - 11/15',
      'NO GAME - CARD 11-15',
      'GAME ABANDONED',
      'END OF BOOK',
      'BOOK  L 12 H 5 C +0.411',
      'BOOK  L 0 H 0 C UNDEFINED',
      'GAME OVER - WHITE WINS - BLACK CANNOT MOVE',
      'GAME OVER - DRAWN - THIRD REPETITION OF A POSITION',
      'GAME OVER - WHITE WINS - WHITE CANNOT MOVE (GIVE-AWAY)',
      'GIVE-AWAY CHECKERS ON',
      'PERFT 5 = 7361',
      'END OF RUN',
      'END OF CARDS',
      'ROTE MERGE 5 COMPLETE - BOARDS 61 RECORDS 28 ON TAPE 2',
      'ROTE LOOK-UPS 412 HITS 7 SAVED PLY 12 TIME SAVED 16 MS',
      'SOMETHING ELSE',
    ];
    expect(strip(parsePrintout(lines.join('\n')))).toEqual([
      { kind: 'banner' },
      { kind: 'game', mode: 'play', programPlays: 'black' },
      { kind: 'game', mode: 'self' },
      { kind: 'game', mode: 'book' },
      { kind: 'move', ply: 1, side: 'black', path: [11, 15], jump: false, by: 'program', score: 508, depth: 11 },
      { kind: 'move', ply: 2, side: 'white', path: [22, 15], jump: true, by: 'card' },
      { kind: 'move', ply: 3, side: 'black', path: [11, 15], jump: false, by: 'book', bookScore: -12, program: [9, 14, 23], programJump: true, programScore: 40, high: 2, low: 5 },
      { kind: 'predict', side: 'white' },
      { kind: 'illegal', card: '22-17   A COMMENT' },
      { kind: 'bad', card: '11/15' },
      { kind: 'no-game', card: '11-15' },
      { kind: 'abandoned' },
      { kind: 'end-of-book' },
      { kind: 'book-summary', low: 12, high: 5, c: '+0.411' },
      { kind: 'book-summary', low: 0, high: 0, c: 'UNDEFINED' },
      { kind: 'game-over', winner: 'white', reason: 'BLACK CANNOT MOVE', giveaway: false },
      { kind: 'game-over', winner: null, reason: 'THIRD REPETITION OF A POSITION', giveaway: false },
      { kind: 'game-over', winner: 'white', reason: 'WHITE CANNOT MOVE (GIVE-AWAY)', giveaway: true },
      { kind: 'variant', giveaway: true },
      { kind: 'perft', depth: 5, count: 7361 },
      { kind: 'end', why: 'run' },
      { kind: 'end', why: 'cards' },
      { kind: 'rote' },
      { kind: 'rote', search: { lookups: 412, hits: 7, ply: 12 } },
      { kind: 'other' },
    ]);
  });

  it('reads the documented board picture, and a broken one as plain lines', () => {
    const board = [
      'POSITION - WHITE TO MOVE',
      '        B     B    (B)    .          1     2     3     4',
      '     .     .     .     .          5     6     7     8',
      '        .     .     .     .          9    10    11    12',
      '     .     .     .     .         13    14    15    16',
      '        .     W     .     .         17    18    19    20',
      '     .    (W)    .     .         21    22    23    24',
      '        .     .     .     .         25    26    27    28',
      '     .     .     .     .         29    30    31    32',
    ];
    const [e] = parsePrintout(board.join('\n'));
    expect(e!.kind).toBe('board');
    expect(toFen((e as Extract<Event, { kind: 'board' }>).position)).toBe('W:W18,K22:B1,2,K3');
    const broken = [...board.slice(0, 8), 'MOVE 1 BLACK 1-5 CARD'];
    expect(parsePrintout(broken.join('\n')).map((x) => x.kind)).toEqual([...Array(8).fill('other'), 'move']);
  });
});

describe('the display board', () => {
  it('replays printed paths: jumps take the pieces between, men crown on the far row', () => {
    expect(toFen(applyPath(parseFen('B:W6,14,15,K23:B1,10'), [10, 19, 26]))).toBe('W:W6,14:B1,26');
    expect(toFen(applyPath(parseFen('W:W6:B20'), [6, 2]))).toBe('B:WK2:B20');
    expect(toFen(applyPath(startPosition(), [11, 15]))).toBe('W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15');
  });

  it('draws plain text when there is no colour terminal', () => {
    const level = chalk.level;
    chalk.level = 0;
    try {
      expect(drawBoard(parseFen('W:W18,K22:B1,2,K3'), { highlight: [4] }).split('\n')).toEqual([
        '      b     b     B     *         1     2     3     4',
        '   .     .     .     .         5     6     7     8',
        '      .     .     .     .         9    10    11    12',
        '   .     .     .     .        13    14    15    16',
        '      .     w     .     .        17    18    19    20',
        '   .     W     .     .        21    22    23    24',
        '      .     .     .     .        25    26    27    28',
        '   .     .     .     .        29    30    31    32',
        '  Black 2 men, 1 king; White 1 man, 1 king; White to move',
      ]);
    } finally {
      chalk.level = level;
    }
  });
});

describe('the driver', () => {
  it('sets data words by name at the console, and names a word the program lacks', async () => {
    const s = new CheckersSession([]);
    expect((await s.run()).stop).toBe('input');
    const at = checkersAssembly().symbols.get('GMAXM')!;
    s.setDataWords({ GMAXM: 3 });
    expect(s.machine.cpu.mem[at]).toBe(3);
    expect(() => s.setDataWords({ NOSUCH: 1 })).toThrow(/no data word NOSUCH/);
  });

  it('a person\'s game: the run stops for each card; the console shows the program\'s move', async () => {
    const s = new CheckersSession(['*PLAY WHITE']);
    const first = await s.run();
    expect(first.stop).toBe('input');
    expect(strip(first.events)).toEqual([{ kind: 'banner' }, { kind: 'game', mode: 'play', programPlays: 'white' }]);
    s.feed('11-16');
    const reply = await s.run();
    expect(reply.stop).toBe('input');
    const moves = reply.events.filter((e): e is Extract<Event, { kind: 'move' }> => e.kind === 'move');
    expect(moves.map((m) => [m.ply, m.side, m.by])).toEqual([[1, 'black', 'card'], [2, 'white', 'program']]);
    const mine = moves[1]!;
    expect(s.consoleMove).toEqual({ from: mine.path[0], to: mine.path[mine.path.length - 1], jump: mine.jump });
    expect(s.senseLights).toEqual({ moved: true, predictsWin: false, gameOver: false, rejected: false });
    s.feed('11-15');
    const bad = await s.run();
    expect(strip(bad.events)).toEqual([{ kind: 'illegal', card: '11-15' }]);
    expect(s.senseLights.rejected).toBe(true);
    s.feed('*BOARD');
    const [board] = (await s.run()).events;
    expect(board!.kind === 'board' && toFen(board.position)).toBe(toFen(applyPath(applyPath(startPosition(), [11, 16]), mine.path)));
    s.setEndOfFile(true);
    const end = await s.run();
    expect(end.stop).toBe('halt');
    expect(end.events.map((e) => e.text)).toEqual(['END OF CARDS']);
    expect(parsePrintedBoard(['POSITION - BLACK TO MOVE'])).toBeNull();
  });
});
