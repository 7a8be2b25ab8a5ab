// Give-away checkers (seeds-digest §1.2: the rules of checkers, captures compulsory, only the goal
// reversed — the side that loses all its pieces or cannot move wins). The whole program booted
// from its deck, as a user runs it; every expectation is worked out here from the position with
// the reference move generator, not copied from the 704's output.

import { describe, expect, it } from 'vitest';
import { textCard } from '../../src/devices/cards.ts';
import type { Machine } from '../../src/machine/machine.ts';
import { bootWith, checkersAssembly } from './deck.ts';
import { credits, judgeGiveaway } from './giveawayref.ts';
import { legalMoves, parseFen, startPosition, toFen, type Position } from './reference.ts';

const LIMIT = 400_000_000;

const lines = (m: Machine): string[] => m.printer.lines.map((l) => l.replace(/^\f/, ''));

/** Run a deck to its halt and return the printed lines. */
function runDeck(cards: string[]): string[] {
  const m = bootWith(cards, true);
  const stop = m.run(LIMIT);
  expect(stop.reason, stop.message).toBe('halt');
  return lines(m);
}

/**
 * Boot, let the program read a first comment card and wait for the next, set data words in core
 * (as an operator would from the console), then feed `cards` and run to the halt.
 */
function runPoked(pokes: Record<string, number>, cards: string[]): { m: Machine; lines: string[] } {
  const m = bootWith(['*REM LOADED'], false);
  expect(m.run(LIMIT).reason).toBe('input');
  const symbols = checkersAssembly().symbols;
  for (const [name, value] of Object.entries(pokes)) m.cpu.mem[symbols.get(name)!] = value;
  m.reader.feed(cards.map((c) => textCard(c)));
  m.reader.setEndOfFile(true);
  const stop = m.run(LIMIT);
  expect(stop.reason, stop.message).toBe('halt');
  return { m, lines: lines(m) };
}

const fenOf = (setup: string): Position => parseFen(setup.replace(/^\*SETUP /, '').replaceAll('/', ':'));
const colour = (black: boolean): string => (black ? 'BLACK' : 'WHITE');
const variant = (give: boolean): string => (give ? ' (GIVE-AWAY)' : '');
const switchCard = (give: boolean): string => `*GIVEAWAY ${give ? 'ON' : 'OFF'}`;
const overLine = (printed: string[]): string | undefined => printed.find((l) => l.startsWith('GAME OVER'));

describe('the *GIVEAWAY card', () => {
  it('sets VGIVE on and off, says so on the printer, and rejects any other argument', () => {
    const symbols = checkersAssembly().symbols;
    const vgive = (m: Machine): number => m.cpu.mem[symbols.get('VGIVE')!]!;
    const m = bootWith(['*GIVEAWAY ON'], false);
    expect(m.run(LIMIT).reason).toBe('input');
    expect(vgive(m)).toBe(1);
    m.reader.feed(['*GIVEAWAY OFF', '*GIVEAWAY', '*GIVEAWAY MAYBE', '*END'].map((c) => textCard(c)));
    m.reader.setEndOfFile(true);
    expect(m.run(LIMIT).reason).toBe('halt');
    expect(vgive(m)).toBe(0);
    expect(lines(m).slice(1)).toEqual([
      'GIVE-AWAY CHECKERS ON', 'GIVE-AWAY CHECKERS OFF', 'BAD CARD - *GIVEAWAY', 'BAD CARD - *GIVEAWAY MAYBE', 'END OF RUN',
    ]);
  });
});

describe('the end of a give-away game', () => {
  // The side to move has no move: blocked men, a lone blocked king's side, no pieces at all.
  const noMove = ['*SETUP B/W8,11/B4', '*SETUP W/W29/B25,22', '*SETUP W/B1,2', '*SETUP B/W5,6,K7'];

  for (const give of [false, true]) {
    it(`${give ? 'give-away' : 'normal'}: the side to move with no move ${give ? 'wins' : 'loses'}, in self-play and in a person's game`, () => {
      for (const setup of noMove) {
        const pos = fenOf(setup);
        expect(legalMoves(pos), setup).toHaveLength(0);
        const mover = colour(pos.blackToMove);
        const winner = give ? mover : colour(!pos.blackToMove);
        for (const mode of ['*SELF', `*PLAY ${mover}`, `*PLAY ${colour(!pos.blackToMove)}`]) {
          const printed = runDeck([switchCard(give), setup, mode, '*END']);
          expect(overLine(printed), `${setup} ${mode}`).toBe(`GAME OVER - ${winner} WINS - ${mover} CANNOT MOVE${variant(give)}`);
        }
      }
    });
  }

  it('the side that loses its last piece wins: a book move and a person\'s card capture it', () => {
    // Black must take White's last man (15x24 is Black's only move); then White has no piece.
    const setup = '*SETUP B/W19/B15';
    const pos = fenOf(setup);
    const only = legalMoves(pos);
    expect(only.map((mv) => mv.path.join('X'))).toEqual(['15X24']);
    expect(credits(only[0]!.result)[1]).toBe(0);
    for (const give of [false, true]) {
      const winner = give ? 'WHITE' : 'BLACK';
      for (const mode of ['*BOOK', '*PLAY WHITE']) {
        const printed = runDeck([switchCard(give), setup, mode, '15X24', '*END']);
        expect(printed.filter((l) => l.startsWith('MOVE'))).toHaveLength(1);
        expect(overLine(printed), `${mode} give ${give}`).toBe(`GAME OVER - ${winner} WINS - WHITE CANNOT MOVE${variant(give)}`);
      }
    }
  });

  it('at the move limit the side with fewer credits (a man 2, a king 3) is ahead in give-away, more in normal play', () => {
    const setups = ['*SETUP B/W21,22/B9,10,11', '*SETUP W/W21,K22/B9,10', '*SETUP B/WK21,K22/B9,10,11', '*SETUP W/WK30,22/BK5,9', '*SETUP B/W26,27,28/B1,K5'];
    const seen = new Set<string>();
    for (const setup of setups) {
      const pos = fenOf(setup);
      expect(legalMoves(pos).length, setup).toBeGreaterThan(0);
      const [b, w] = credits(pos);
      for (const give of [false, true]) {
        // GMAXM = 0: the limit is reached before the first move, so the set-up position is judged
        const { lines: printed } = runPoked({ GMAXM: 0 }, [switchCard(give), setup, '*SELF', '*END']);
        const ahead = give ? Math.sign(w - b) : Math.sign(b - w); // +1 Black ahead, -1 White ahead
        const expected = ahead === 0 ? 'DRAWN - EVEN AT 70 MOVES'
          : `${colour(ahead > 0)} WINS - ${colour(ahead < 0)} BEHIND AT 70 MOVES`;
        expect(overLine(printed), `${setup} give ${give}`).toBe(`GAME OVER - ${expected}${variant(give)}`);
        seen.add(`${give} ${ahead}`);
      }
    }
    expect(seen.size).toBe(6); // both winners and a draw, in both variants
  });

  it('concedes and predicts in the variant\'s sense: the side about to be rid of its pieces wins', () => {
    // White to move must put its last man where Black has to take it: a sure win in give-away.
    const setup = '*SETUP W/W23/B15';
    for (const mv of legalMoves(fenOf(setup))) {
      expect(legalMoves(mv.result).every((r) => r.captures.length === 1 && legalMoves(r.result).length === 0)).toBe(true);
    }
    const give = runDeck(['*GIVEAWAY ON', setup, '*SELF', '*END']);
    expect(give).toContain('WHITE PREDICTS A WIN');
    expect(overLine(give)).toBe('GAME OVER - WHITE WINS - BLACK CONCEDES (GIVE-AWAY)');
    const normal = runDeck([setup, '*SELF', '*END']);
    expect(overLine(normal)).toBe('GAME OVER - BLACK WINS - WHITE CONCEDES');
    expect(normal.some((l) => l.startsWith('MOVE'))).toBe(false);
  });

  it('the repetition draw is the same, marked as give-away', () => {
    // self-play (a book game is made as played, with no repetition draw: issue 13)
    const printed = runDeck(['*GIVEAWAY ON', '*SETUP B/W30,K28/B3,K5', '*SELF', '*END']);
    expect(overLine(printed)).toBe('GAME OVER - DRAWN - THIRD REPETITION OF A POSITION (GIVE-AWAY)');
  });
});

describe('the search in give-away', () => {
  // Positions where the side to move can put a man where it must be taken, and also has quiet moves.
  const positions = ['*SETUP B/W23,30/B1,15', '*SETUP W/W18,32/B3,10', '*SETUP W/WK14,31/B1,6,7'];

  it('gives a man away when it can, and keeps it in normal play', () => {
    for (const setup of positions) {
      const pos = fenOf(setup);
      const forcesCapture = (path: number[]): boolean => {
        const mv = legalMoves(pos).find((m) => m.path.join('-') === path.join('-'))!;
        expect(mv, `${setup} ${path.join('-')}`).toBeDefined();
        return legalMoves(mv.result).every((r) => r.captures.length > 0);
      };
      const quiet = legalMoves(pos).filter((m) => m.captures.length === 0 && !legalMoves(m.result).some((r) => r.captures.length > 0));
      const sacrifices = legalMoves(pos).filter((m) => legalMoves(m.result).every((r) => r.captures.length > 0));
      expect(quiet.length, setup).toBeGreaterThan(0);
      expect(sacrifices.length, setup).toBeGreaterThan(0);
      for (const give of [false, true]) {
        // the program plays the side to move; no card follows, so the run ends after its move
        const printed = runDeck([switchCard(give), setup, `*PLAY ${colour(pos.blackToMove)}`]);
        const move = /^MOVE 1 (?:BLACK|WHITE) (\S+) SCORE/.exec(printed.find((l) => l.startsWith('MOVE 1 '))!);
        expect(move, `${setup} give ${give}`).not.toBeNull();
        expect(forcesCapture(move![1]!.split(/[-X]/).map(Number)), `${setup} give ${give}: ${move![1]}`).toBe(give);
      }
    }
  });
});

describe('learning in give-away', () => {
  it('Alpha wins by giving its last man away; the draw is still a draw', () => {
    // Alpha plays White in the first learning game (LALPH = 1).
    const win = runDeck(['*LEARN ON', '*GIVEAWAY ON', '*SETUP W/W23/B15', '*SELF', '*END']);
    expect(win).toContain('ALPHA PLAYS WHITE - LEARNING GAME 1');
    expect(win.find((l) => l.startsWith('ALPHA WINS'))).toBeDefined();
    const loss = runDeck(['*LEARN ON', '*GIVEAWAY OFF', '*SETUP W/W23/B15', '*SELF', '*END']);
    expect(loss.find((l) => l.startsWith('ALPHA LOSES'))).toBeDefined();
    // two kings, even material; the limit after two plies
    const draw = runPoked({ GMAXM: 2 }, ['*LEARN ON', '*GIVEAWAY ON', '*SETUP B/WK28/BK5', '*SELF', '*END']).lines;
    expect(overLine(draw)).toBe('GAME OVER - DRAWN - EVEN AT 70 MOVES (GIVE-AWAY)');
    expect(draw).toContain('DRAWN - POLYNOMIALS KEPT');
  });
});

describe('a whole give-away game', () => {
  it('self-play from the start: every move legal, and the result agrees with the final position', () => {
    const printed = runDeck(['*GIVEAWAY ON', '*SELF', '*END']);
    let pos = startPosition();
    const moves = printed.filter((l) => l.startsWith('MOVE'));
    for (const l of moves) {
      const m = /^MOVE \d+ (BLACK|WHITE) (\S+) SCORE/.exec(l)!;
      expect(m[1]).toBe(colour(pos.blackToMove));
      const found = legalMoves(pos).filter((mv) => mv.path.join('-') === m[2]!.split(/[-X]/).join('-'));
      expect(found, `${l} in ${toFen(pos)}`).toHaveLength(1);
      pos = found[0]!.result;
    }
    const over = overLine(printed)!;
    expect(over).toMatch(/ \(GIVE-AWAY\)$/);
    expect(judgeGiveaway(pos, moves.length, over), `${over} at ${toFen(pos)}`).toBe(true);
  });
});
