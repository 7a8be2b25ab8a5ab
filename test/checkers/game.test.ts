// The whole program the way a user runs it: boot the deck (loader + program) with LOAD CARDS,
// control and move cards behind it in the reader, then read the printer, the sense lights and
// the MQ (the console shows the program's move while the reader waits for the reply).
// Every move the program prints is checked against the reference move generator.

import { describe, expect, it } from 'vitest';
import { PERFT } from '../data.ts';
import { textCard } from '../../src/devices/cards.ts';
import type { Machine } from '../../src/machine/machine.ts';
import { bootWith } from './deck.ts';
import {
  BLACK_KING, BLACK_MAN, EMPTY, WHITE_KING, WHITE_MAN, legalMoves, parseFen, perft, randomPosition, rng, startPosition, toFen,
  type Position,
} from './reference.ts';

const published = new Map<number, number>(PERFT);

const LIMIT = 400_000_000;

/** Run a deck to its halt (end of cards or *END) and return the printed lines. */
function runDeck(cards: string[]): { m: Machine; lines: string[] } {
  const m = bootWith(cards, true);
  const stop = m.run(LIMIT);
  expect(stop.reason, stop.message).toBe('halt');
  return { m, lines: m.printer.lines.map((l) => l.replace(/^\f/, '')) };
}

/** `*SETUP` text for a position: the PDN FEN with `/` for `:` (the 704 has no colon). */
const setupCard = (pos: Position): string => `*SETUP ${toFen(pos).replaceAll(':', '/')}`;

const MOVE_LINE = /^MOVE (\d+) (BLACK|WHITE) (\d+(?:[-X]\d+)+)(?: (.*))?$/;

/** Play a MOVE line's path on the reference position; fails unless it is one legal move. */
function play(pos: Position, line: string): Position {
  const m = MOVE_LINE.exec(line);
  expect(m, line).not.toBeNull();
  expect(m![2], line).toBe(pos.blackToMove ? 'BLACK' : 'WHITE');
  const path = m![3]!.split(/[-X]/).map(Number);
  const legal = legalMoves(pos);
  const found = legal.filter((mv) => mv.path.join(',') === path.join(','));
  expect(found, `${line} in ${toFen(pos)}; legal: ${legal.map((mv) => mv.path.join('-')).join(' ')}`).toHaveLength(1);
  expect(m![3]!.includes('X'), line).toBe(found[0]!.captures.length > 0);
  return found[0]!.result;
}

/** Parse the printed board (heading + 8 rows) back into a position. */
function readBoard(lines: string[], at: number): Position {
  const head = /^POSITION - (BLACK|WHITE) TO MOVE$/.exec(lines[at]!);
  expect(head, lines[at]).not.toBeNull();
  const pos: Position = { squares: new Array(33).fill(EMPTY), blackToMove: head![1] === 'BLACK' };
  for (let r = 0; r < 8; r++) {
    const row = lines[at + 1 + r]!.padEnd(60, ' ');
    expect(row.slice(0, 4)).toBe('    ');
    for (let c = 0; c < 8; c++) {
      const cell = row.slice(4 + 3 * c, 7 + 3 * c);
      const num = row.slice(32 + 3 * c, 35 + 3 * c);
      if ((r + c) % 2 === 0) {
        expect(cell).toBe('   ');
        expect(num).toBe('   ');
        continue;
      }
      const s = 4 * r + Math.floor(c / 2) + 1;
      expect(num.trim()).toBe(String(s));
      const piece = { ' . ': EMPTY, ' B ': BLACK_MAN, '(B)': BLACK_KING, ' W ': WHITE_MAN, '(W)': WHITE_KING }[cell];
      expect(piece, `row ${r} cell ${JSON.stringify(cell)}`).not.toBeUndefined();
      pos.squares[s] = piece as Position["squares"][number];
    }
  }
  return pos;
}

describe('perft mode', () => {
  it('*PERFT n prints PERFT d = count for d = 1..n from the start, as perft.tsv', () => {
    const { lines } = runDeck(['*PERFT 7', '*END']);
    expect(lines[0]).toBe('SAMUEL CHECKERS PROGRAM - 704');
    const got = lines.filter((l) => l.startsWith('PERFT'));
    expect(got).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => `PERFT ${d} = ${published.get(d)}`));
    expect(lines[lines.length - 1]).toBe('END OF RUN');
  });

  it('counts from a *SETUP position (ranges and kings) and prints the board first', () => {
    // the card uses ranges; the reference FEN parser takes none, so the position is spelled out
    const spelled = parseFen('W:WK17,21,22,23:B14,15,K5,9,10');
    const { lines } = runDeck(['*SETUP W/WK17,21-23/B14,15,K5,9-10', '*PERFT 4', '*END']);
    const at = lines.findIndex((l) => l.startsWith('POSITION'));
    expect(readBoard(lines, at)).toEqual(spelled);
    const got = lines.filter((l) => l.startsWith('PERFT'));
    expect(got).toEqual([1, 2, 3, 4].map((d) => `PERFT ${d} = ${perft(spelled, d)}`));
  });
});

describe('set-up cards and the board picture', () => {
  it('prints the board of random positions exactly as set up', () => {
    const rand = rng(704);
    const positions = Array.from({ length: 6 }, () => randomPosition(rand));
    const cards = positions.flatMap((p) => [setupCard(p), '*BOARD']);
    const { lines } = runDeck([...cards, '*END']);
    const heads = lines.map((l, i) => (l.startsWith('POSITION') ? i : -1)).filter((i) => i >= 0);
    expect(heads).toHaveLength(positions.length);
    heads.forEach((at, k) => expect(toFen(readBoard(lines, at))).toBe(toFen(positions[k]!)));
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(72);
  });

  it('rejects malformed set-up cards with a printed message', () => {
    const bad = ['*SETUP', '*SETUP X/W1/B2', '*SETUP B/W1,1/B2', '*SETUP B/W1/B1', '*SETUP B/W33', '*SETUP B/Q1', '*SETUP B/W5-2', '*SETUP B/W1,,2', '*SETUP B/W1/'];
    const { lines } = runDeck([...bad, '*SETUP B/W1,', '   /B2', '*END']);
    const msgs = lines.filter((l) => l.startsWith('BAD CARD - '));
    // the last: a list ending in a comma goes on on the next card, which holds no item
    expect(msgs).toEqual([...bad.map((c) => `BAD CARD - ${c}`), 'BAD CARD -    /B2']);
  });

  it('takes a set-up list on to the next card after a final comma', () => {
    const pos = parseFen('W:W13,15,17,19,21,23,25,27,29,K31,K32,30:B1,3,5,7,9,11,K2,K4,6,8,10,12');
    const fen = toFen(pos).replaceAll(':', '/');
    const cut = fen.indexOf(',', 30) + 1;
    const cards = [`*SETUP ${fen.slice(0, cut)}`, `      ${fen.slice(cut, 50)}`.replace(/[^,]*$/, ''), ''];
    cards[2] = fen.slice(cut + cards[1]!.trim().length);
    const { lines } = runDeck([...cards, '*BOARD', '*END']);
    expect(cards.every((c) => c.length <= 72)).toBe(true);
    expect(toFen(readBoard(lines, lines.findIndex((l) => l.startsWith('POSITION'))))).toBe(toFen(pos));
  });

  it('standard start when no *SETUP came before the game', () => {
    const { lines } = runDeck(['*SETUP B/W1/B32', '*PERFT 1', '*BOARD', '*END']);
    const heads = lines.map((l, i) => (l.startsWith('POSITION') ? i : -1)).filter((i) => i >= 0);
    // printed by *PERFT (the set-up position) and by *BOARD (still that position, ply 0)
    expect(heads).toHaveLength(2);
    const { lines: l2 } = runDeck(['*SETUP B/W1/B32', '*PERFT 1', '*PERFT 1', '*END']);
    expect(l2.filter((l) => l.startsWith('PERFT'))).toEqual(['PERFT 1 = 0', 'PERFT 1 = 7']);
  });
});

describe('playing a person from cards', () => {
  it('a whole game: the program plays Black, the test plays White by card; bad and illegal cards are rejected', () => {
    const m = bootWith(['*PLAY BLACK'], false);
    const rand = rng(5);
    let pos = startPosition();
    let seen = 0;
    let rejects = 0;
    let over = '';
    for (let turn = 0; turn < 200 && !over; turn++) {
      const stop = m.run(LIMIT);
      const lines = m.printer.lines.slice(seen);
      seen = m.printer.lines.length;
      let programMove = '';
      for (const l of lines) {
        if (MOVE_LINE.test(l)) {
          pos = play(pos, l);
          if (/ SCORE [-+]\d+ PLY \d+$/.test(l)) programMove = l;
          else expect(l).toMatch(/ CARD$/);
        } else if (l.startsWith('GAME OVER')) over = l;
      }
      if (over) break;
      expect(stop.reason, stop.message).toBe('input');
      expect(pos.blackToMove).toBe(false);
      // the console: light 1 - the program has moved; the MQ holds its move
      expect(m.cpu.senseLights & 1).toBe(1);
      const pm = MOVE_LINE.exec(programMove)!;
      const path = pm[3]!.split(/[-X]/).map(Number);
      const mq = m.cpu.mq;
      expect(Math.floor((mq % 2 ** 35) / 2 ** 18)).toBe(path[0]);
      expect(mq % 2 ** 15).toBe(path[path.length - 1]);
      expect(mq >= 2 ** 35).toBe(pm[3]!.includes('X'));
      const legal = legalMoves(pos);
      if (turn === 2 || turn === 5) {
        // a malformed card and an illegal one: each is printed back and the program waits
        const bad = turn === 2 ? '11-' : '32-27X18';
        const illegal = `${legal[0]!.path[0]}-${legal[0]!.path[0]}`;
        m.reader.feed([textCard(bad), textCard(illegal)]);
        const s2 = m.run(LIMIT);
        expect(s2.reason).toBe('input');
        const msg = m.printer.lines.slice(seen);
        seen = m.printer.lines.length;
        expect(msg).toEqual([turn === 2 ? `BAD CARD - ${bad}` : `ILLEGAL MOVE - ${bad}`, `ILLEGAL MOVE - ${illegal}`]);
        expect(m.cpu.senseLights & 8).toBe(8);
        rejects += 2;
      }
      const mv = legal[Math.floor(rand() * legal.length)]!;
      const sep = mv.captures.length > 0 ? (turn % 2 ? 'X' : 'x') : '-';
      m.reader.feed([textCard(`${mv.path.join(sep)}   WHITE'S MOVE ${turn}`)]);
    }
    expect(rejects).toBe(4);
    expect(over).toMatch(/^GAME OVER - (BLACK WINS - WHITE (CANNOT MOVE|BEHIND AT 70 MOVES|CONCEDES)|WHITE WINS - BLACK (CANNOT MOVE|BEHIND AT 70 MOVES|CONCEDES)|DRAWN - (EVEN AT 70 MOVES|THIRD REPETITION OF A POSITION))$/);
    if (over.includes('CANNOT MOVE')) expect(legalMoves(pos)).toHaveLength(0);
    expect(m.cpu.senseLights & 4).toBe(4); // light 3 - game over
  });

  it('rejects every kind of malformed move card, then takes a good one', () => {
    const bad = ['11-', '-15', '11/15', '11-15-', '0-4', '33-1', '1', 'ABC', '11--15', '11 15', '115-19', '11-15X', 'X11-15', '11=15', '11-15,'];
    const illegal = ['11-17', '15-11', '12-8', '11X18', '9-14-18', '21-17'];
    const { lines } = runDeck(['*PLAY WHITE', ...bad, ...illegal, '  11-15   LEADING BLANKS AND A COMMENT', '*END']);
    const msgs = lines.filter((l) => l.startsWith('BAD CARD') || l.startsWith('ILLEGAL'));
    expect(msgs).toEqual([...bad.map((c) => `BAD CARD - ${c}`), ...illegal.map((c) => `ILLEGAL MOVE - ${c}`)]);
    expect(lines).toContain('MOVE 1 BLACK 11-15 CARD');
    expect(lines.some((l) => /^MOVE 2 WHITE .* SCORE /.test(l))).toBe(true);
  });

  it('the person concedes with *CONCEDE; another control card abandons the game and is obeyed', () => {
    const { lines } = runDeck(['*PLAY WHITE', '9-14', '*BOARD', '*REM A COMMENT', '', '*CONCEDE', '*PLAY BLACK', '*PERFT 2', '*END']);
    expect(lines).toContain('GAME OVER - WHITE WINS - BLACK CONCEDES');
    // *BOARD in the game shows the position after Black's 9-14 and White's reply, Black to move
    const at = lines.indexOf('POSITION - BLACK TO MOVE');
    const board = readBoard(lines, at);
    const reply = lines.find((l) => l.startsWith('MOVE 2 WHITE'))!;
    expect(toFen(board)).toBe(toFen(play(play(startPosition(), 'MOVE 1 BLACK 9-14'), reply)));
    expect(lines).toContain('GAME ABANDONED');
    expect(lines).toContain('PERFT 2 = 49');
  });

  it('*MOVES lists every complete legal move of the position, one a line, and the game goes on', () => {
    const { lines } = runDeck(['*PLAY WHITE', '*MOVES', '11-15', '*SETUP B/W14,23,K10/B1-3,5-9,11,12', '*PLAY WHITE', '*MOVES', '*END']);
    const listed = (from: number, to: number): string[] => lines.slice(from, to).filter((l) => l.startsWith('LEGAL MOVE ')).map((l) => l.slice(11)).sort();
    const first = lines.indexOf('MOVE 1 BLACK 11-15 CARD');
    expect(listed(0, first)).toEqual(['10-14', '10-15', '11-15', '11-16', '12-16', '9-13', '9-14']);
    // a jump is compulsory: only the jumps, each with every landing square
    expect(listed(first, lines.length)).toEqual(['6X15', '9X18X27']);
  });

  it('*HINT prints the move the program would play in the person\'s place, and the game goes on as without it', () => {
    const { lines } = runDeck(['*PLAY WHITE', '*HINT', '11-15', '*END']);
    const own = runDeck(['*PLAY BLACK', '*END']).lines.find((l) => l.startsWith('MOVE 1 BLACK'))!;
    expect(own).toMatch(/ SCORE [-+]\d+ PLY \d+$/);
    expect(lines).toContain(own.replace(/^MOVE 1 /, 'HINT ')); // the program's own first move, searched alike
    const plain = runDeck(['*PLAY WHITE', '11-15', '*END']).lines;
    const after = (l: string[]): string[] => l.slice(l.indexOf('MOVE 1 BLACK 11-15 CARD'));
    expect(after(lines)).toEqual(after(plain)); // the hint changed nothing in the game
  });

  it('predicts a win on the printer, and ends when the loser cannot move', () => {
    const { lines } = runDeck(['*SETUP B/W12,K30/B4', '*PLAY WHITE', '4-8', '*END']);
    const i = lines.indexOf('WHITE PREDICTS A WIN');
    expect(i).toBeGreaterThan(0);
    expect(lines[i + 1]).toMatch(/^MOVE 2 WHITE 12X3 SCORE \+\d+ PLY \d+$/);
    expect(lines[i + 2]).toBe('GAME OVER - WHITE WINS - BLACK CANNOT MOVE');
  });

  it('a move card with no game, and the end of the cards', () => {
    const m = bootWith(['11-15'], true);
    expect(m.run(LIMIT).reason).toBe('halt');
    expect(m.printer.lines.slice(1)).toEqual(['NO GAME - CARD 11-15', 'END OF CARDS']);
  });
});

describe('self-play', () => {
  it('plays a whole game against itself, every move legal, and ends it', () => {
    const { lines } = runDeck(['*SELF', '*END']);
    expect(lines[1]).toBe('GAME  SELF-PLAY');
    let pos = startPosition();
    const moves = lines.filter((l) => MOVE_LINE.test(l));
    for (const l of moves) pos = play(pos, l);
    expect(moves.length).toBeGreaterThan(10);
    expect(moves.length).toBeLessThanOrEqual(70);
    const over = lines.find((l) => l.startsWith('GAME OVER'))!;
    expect(over).toBeDefined();
    if (moves.length === 70) expect(over).toMatch(/AT 70 MOVES$/);
    if (over.endsWith('CANNOT MOVE')) expect(legalMoves(pos)).toHaveLength(0);
  });

  it('the side that cannot move loses at once', () => {
    const { lines } = runDeck(['*SETUP B/W8,11/B4', '*SELF', '*END']);
    expect(lines).toContain('GAME OVER - WHITE WINS - BLACK CANNOT MOVE');
  });

  it('the program concedes a certain loss', () => {
    const { lines } = runDeck(['*SETUP B/W12/B4', '*SELF', '*END']);
    expect(lines).toContain('GAME OVER - WHITE WINS - BLACK CONCEDES');
    expect(lines.some((l) => l.startsWith('MOVE'))).toBe(false);
  });
});

describe('book mode', () => {
  it('reports the program choice, the book move, H and L at each move, then C = (L-H)/(L+H)', () => {
    const book = ['11-15', '23-19', '8-11', '22-17', '4-8', '17-13'];
    const { lines } = runDeck(['*BOOK', ...book, '*END']);
    expect(lines[1]).toBe('GAME  BOOK');
    let pos = startPosition();
    let H = 0;
    let L = 0;
    const moves = lines.filter((l) => l.startsWith('MOVE'));
    expect(moves).toHaveLength(book.length);
    moves.forEach((l, k) => {
      // the book move and its score, the program's choice and its score (Samuel 1959: "the
      // program records its evaluation of the two moves"), H, L
      const m = /^MOVE (\d+) (BLACK|WHITE) (\S+) ([-+]\d+) PROGRAM (\S+) ([-+]\d+) H (\d+) L (\d+)$/.exec(l);
      expect(m, l).not.toBeNull();
      expect(m![3]).toBe(book[k]);
      const legal = legalMoves(pos);
      expect(legal.some((mv) => mv.path.join('-') === m![5])).toBe(true);
      const [bookScore, programScore] = [Number(m![4]), Number(m![6])];
      const h = Number(m![7]);
      const lo = Number(m![8]);
      expect(h + lo).toBeLessThanOrEqual(legal.length - 1);
      expect(programScore).toBeGreaterThanOrEqual(bookScore); // the program's choice is the best it found
      if (m![3] === m![5]) expect([h, programScore]).toEqual([0, bookScore]);
      if (h > 0) expect(programScore).toBeGreaterThan(bookScore);
      H += h;
      L += lo;
      pos = play(pos, `MOVE ${k + 1} ${pos.blackToMove ? 'BLACK' : 'WHITE'} ${book[k]}`);
    });
    expect(lines).toContain('END OF BOOK');
    const sum = lines.find((l) => l.startsWith('BOOK  L'))!;
    const c = L + H === 0 ? 'UNDEFINED' : `${L - H < 0 ? '-' : '+'}${(Math.trunc((Math.abs(L - H) * 1000) / (L + H)) / 1000).toFixed(3)}`;
    expect(sum).toBe(`BOOK  L ${L} H ${H} C ${c}`);
  });

  it('a book game is made as played: a position met a third time is no draw (issue 13; Samuel 1959, book games)', () => {
    const shuffle = ['5-9', '28-24', '9-5', '24-28'];
    const { lines } = runDeck(['*SETUP B/WK28/BK5', '*BOOK', ...shuffle, ...shuffle, ...shuffle, '*END']);
    expect(lines.filter((l) => l.startsWith('MOVE'))).toHaveLength(12);
    expect(lines).not.toContain('GAME OVER - DRAWN - THIRD REPETITION OF A POSITION');
    expect(lines.some((l) => l.startsWith('BOOK  L'))).toBe(true);
  });
});
