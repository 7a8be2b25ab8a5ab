// Samuel's other working modes (1959, "Other modes of play" and "The basic checker-playing
// program"), through the booted deck: the opponent's move on the console's entry keys with sense
// switch 1, book games read from tape 7, several games at once (*TABLE n, each game on its own
// drum), and book mode printing the scores of the book move and of the program's choice.

import { describe, expect, it } from 'vitest';
import { bootWith, linesOf } from './deck.ts';
import { attachTableDrums, keysMove, mountBookTape } from '../../src/checkers/play/console.ts';
import { applyPath, startPosition, toFen, type Position } from '../../src/checkers/notation/board.ts';
import { textCard } from '../../src/devices/cards.ts';
import type { Machine } from '../../src/machine/machine.ts';
import { legalMoves, parseFen as refFromFen } from './reference.ts';

const LIMIT = 400_000_000;
const run = (m: Machine): string => {
  const s = m.run(LIMIT);
  return s.reason === 'halt' ? s.message.slice(0, 3) : s.reason; // HPR, HTR, input
};
/** Press ENTER MQ with the keys set to a move (from in the decrement, to in the address). */
const enter = (m: Machine, from: number, to: number): void => {
  m.cpu.keys = from * 2 ** 18 + to;
  m.cpu.mq = m.cpu.keys;
};
const moves = (m: Machine): string[] => linesOf(m).filter((l) => l.startsWith('MOVE '));

describe('the opponent\'s move on the console (entry keys, sense switch 1)', () => {
  it('stops with the program\'s move in the MQ, takes a legal move from the keys, refuses an illegal one, and reads cards when the switch is up', () => {
    const m = bootWith(['*PLAY BLACK'], false);
    m.cpu.senseSwitches = 1; // switch 1 down
    expect(run(m)).toBe('HPR');
    const first = moves(m)[0]!;
    expect(first).toMatch(/^MOVE 1 BLACK \d+-\d+ SCORE/);
    const [from, to] = first.split(' ')[3]!.split('-').map(Number);
    expect(m.cpu.mq).toBe(from! * 2 ** 18 + to!); // the console lights show it while the program waits
    enter(m, 22, 26); // no such move
    expect(run(m)).toBe('HPR');
    expect(linesOf(m)).toContain('ILLEGAL MOVE - KEYS 22-26');
    expect(m.cpu.senseLights & 8).toBe(8);
    let pos: Position = applyPath(startPosition(), [from!, to!]);
    const reply = legalMoves(parseFenRef(pos))[0]!.path;
    enter(m, reply[0]!, reply[reply.length - 1]!);
    expect(run(m)).toBe('HPR');
    expect(moves(m)[1]).toBe(`MOVE 2 WHITE ${reply.join('-')} KEYS`);
    pos = applyPath(pos, reply);
    // the person lifts switch 1 and presses START: the program reads a card instead
    m.cpu.senseSwitches = 0;
    m.reader.feed([]);
    expect(run(m)).toBe('input');
    expect(moves(m)).toHaveLength(3);
  });

  it('refuses keys that name two jumps (a king\'s circuit both ways round): the path comes on a card', () => {
    const m = bootWith(['*SETUP B/W10,11,18,19/BK7', '*PLAY WHITE'], false);
    m.cpu.senseSwitches = 1;
    expect(run(m)).toBe('HPR');
    enter(m, 7, 7); // 7x14x23x16x7 and 7x16x23x14x7
    expect(run(m)).toBe('HPR');
    expect(linesOf(m)).toContain('AMBIGUOUS MOVE - KEYS 7-7');
    m.cpu.senseSwitches = 0;
    m.reader.feed([card('7X16X23X14X7')]);
    run(m);
    expect(moves(m)[0]).toBe('MOVE 1 BLACK 7X16X23X14X7 CARD');
  });

  it('keysMove: the from and last squares of a typed move', () => {
    expect(keysMove('11-15')).toEqual({ from: 11, to: 15 });
    expect(keysMove('6x15X22')).toEqual({ from: 6, to: 22 });
    expect(keysMove('board')).toBeNull();
  });
});

/** The reference generator's position from a board.ts position (both read PDN FEN). */
const parseFenRef = (p: Position) => refFromFen(toFen(p));

describe('book games from tape 7 (*BOOK TAPE)', () => {
  it('reads the book deck from tape, the same lines as from cards, then the reader again', () => {
    const deck = ['*BOOK', '11-15', '23-19', '8-11'];
    const fromCards = bootWith([...deck, '*END'], true);
    run(fromCards);
    const m = bootWith(['*BOOK TAPE', '*END'], true);
    mountBookTape(m, deck);
    expect(run(m)).toBe('HTR');
    const book = (mm: Machine) => linesOf(mm).filter((l) => /^(MOVE|BOOK|END OF BOOK)/.test(l));
    expect(book(m)).toEqual(book(fromCards));
    expect(book(m)).toHaveLength(5); // three moves, END OF BOOK, the summary
    expect(linesOf(m)).toContain('END OF RUN'); // *END came from the reader after the tape mark
  });
});

describe('several games at once (*TABLE n)', () => {
  it('keeps each table\'s game on its drum while another is played, and goes on with it where it stood', () => {
    // Table 1 and table 2: the program plays Black at both; the persons answer in turn.
    const m = bootWith(['*TABLE 1', '*PLAY BLACK'], false);
    attachTableDrums(m);
    expect(run(m)).toBe('input');
    const t1 = moves(m)[0]!.split(' ')[3]!;
    m.reader.feed(['*TABLE 2', '*PLAY BLACK'].map(card));
    expect(run(m)).toBe('input');
    const t2 = moves(m)[1]!.split(' ')[3]!;
    expect(t2).toBe(t1); // the same start, the same program: the same first move
    let p1 = applyPath(startPosition(), t1.split('-').map(Number));
    const r1 = legalMoves(parseFenRef(p1))[0]!.path;
    const r2 = legalMoves(parseFenRef(p1)).at(-1)!.path;
    // table 1's person answers; then table 2's with another reply
    m.reader.feed(['*TABLE 1', r1.join('-'), '*TABLE 2', r2.join('-'), '*TABLE 1', '*BOARD'].map(card));
    expect(run(m)).toBe('input');
    const lines = linesOf(m);
    expect(lines.filter((l) => /^TABLE \d$/.test(l))).toEqual(['TABLE 1', 'TABLE 2', 'TABLE 1', 'TABLE 2', 'TABLE 1']);
    expect(lines).not.toContain('GAME ABANDONED');
    const mv = moves(m);
    expect(mv[2]).toBe(`MOVE 2 WHITE ${r1.join('-')} CARD`);
    expect(mv[3]).toMatch(/^MOVE 3 BLACK /);
    expect(mv[4]).toBe(`MOVE 2 WHITE ${r2.join('-')} CARD`);
    expect(mv[5]).toMatch(/^MOVE 3 BLACK /);
    // the board printed at table 1 is table 1's game after the program's third move
    p1 = applyPath(applyPath(p1, r1), mv[3]!.split(' ')[3]!.split(/[-X]/).map(Number));
    const at = lines.lastIndexOf('TABLE 1');
    const board = lines.slice(at + 1).find((l) => l.startsWith('POSITION'));
    expect(board).toBe(`POSITION - ${p1.toMove === 'black' ? 'BLACK' : 'WHITE'} TO MOVE`);
    expect(m.cpu.mq % 2 ** 35).toBe(lightsOf(mv[3]!)); // the console shows table 1's last move
  });

  it('refuses a table outside 1-8', () => {
    const m = bootWith(['*TABLE 9', '*TABLE 0', '*END'], true);
    attachTableDrums(m);
    run(m);
    expect(linesOf(m).filter((l) => l.startsWith('BAD CARD'))).toEqual(['BAD CARD - *TABLE 9', 'BAD CARD - *TABLE 0']);
  });
});

const card = (t: string) => textCard(t);
const lightsOf = (line: string): number => {
  const sq = line.split(' ')[3]!.split(/[-X]/).map(Number);
  return sq[0]! * 2 ** 18 + sq[sq.length - 1]!;
};
