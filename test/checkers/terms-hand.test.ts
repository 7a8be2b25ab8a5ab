// The 38 terms of Appendix C (terms.sap) on hand-made positions whose values are worked out by
// hand in the comments, from Appendix C's definitions (seed 000, "Appendix C") as the project
// reads them (docs/checkers-terms.md; samuel-program.md §1 and §4). terms.test.ts compares the
// routines with termsref.ts on many positions; here neither is trusted: the expected numbers are
// written down, and both the 704 routine (called through the PTR table, as EVAL does) and the
// reference must give them.
//
// Board (Fig. B-1, standard squares; Black starts on 1-12 and moves down, White up):
//
//   row 0:    .  1  .  2  .  3  .  4        neighbours of s (UL UR / DL DR):
//   row 1:    5  .  6  .  7  .  8  .          rows 0 2 4 6: s-4 s-3 / s+4 s+5
//   row 2:    .  9  . 10  . 11  . 12          rows 1 3 5 7: s-5 s-4 / s+3 s+4
//   row 3:   13  . 14  . 15  . 16  .        (less those off the board)
//   row 4:    . 17  . 18  . 19  . 20
//   row 5:   21  . 22  . 23  . 24  .        double corners 1 5 and 28 32,
//   row 6:    . 25  . 26  . 27  . 28        single corners 4 and 29
//   row 7:   29  . 30  . 31  . 32  .
//
// A simple parameter is one side's value, the side to move being "active" (docs: Convention); each
// case gives it for the position as written and for the same board with the other side to move
// (the record turned round, as EVAL's ESCR), i.e. for both colours. Their difference is the term
// EVAL forms. "Centre" is Appendix C's bit list 11 12 15 16 20 21 24 25 = standard 10 11 14 15
// 18 19 22 23 (samuel-program.md §1).

import { describe, expect, it } from 'vitest';
import { PLYK } from './harness.ts';
import { Search704, signed, termRoutine } from './searchharness.ts';
import { parseFen, type Position } from './reference.ts';
import { turned } from './searchref.ts';
import { TERMS } from './termsref.ts';


const termNumber = (name: string): number => {
  const k = TERMS.findIndex(([n]) => n === name) + 1;
  if (k === 0) throw new Error(`no term ${name}`);
  return k;
};

/** Term `name` for the side to move of `pos`, through the table entry PTR-k; XR1 must be kept. */
function program704(c: Search704, name: string, pos: Position): number {
  const routine = termRoutine(c, termNumber(name));
  const ply = 3;
  c.setPosition(ply, pos);
  const r = c.call(routine, { xr1: PLYK * ply });
  expect(r.xr1, `${name} keeps XR1`).toBe(PLYK * ply);
  return signed(r.ac);
}

const reference = (name: string, pos: Position): number => TERMS[termNumber(name) - 1]![1](pos);

/** [term, FEN, value with the FEN's side to move, value with the other side to move]. */
type Case = [string, string, number, number];

const SIMPLE: Case[] = [
  // ADV: passive men, rows counted from that man's own back row: +1 in rows 5-6, -1 in rows 3-4.
  // White to move, Black passive: 5 (row 2) 0, 12 (row 3) -1, 17 and 19 (row 5) +1 each, K20 a
  // king, not counted: 1. Black to move, White passive (White's row = 8 - board row): 10 (row 6)
  // +1, 14 (row 5) +1, 18 (row 4) -1, 21 and 22 (row 3) -1 each, 30 (row 1) 0, K1 a king: -1.
  ['ADV', 'W:W10,14,18,21,22,30,K1:B5,12,17,19,K20', 1, -1],

  // APEX: -1 when no kings, an active man on 7 or 26, and no passive man on 7 or 26.
  // Black to move: Black man on 7, no White on 7/26, no kings: -1. White to move: no White man on
  // 7 or 26: 0.
  ['APEX', 'B:W21,22,23:B7,9', -1, 0],
  // The other colour: White to move, White man on 26, no Black on 7/26: -1. Black: none on 7/26: 0.
  ['APEX', 'W:W26,30:B1,2,3', -1, 0],
  // The same as the first with a White king on 23: a king on the board makes it 0 both ways.
  ['APEX', 'B:W21,22,K23:B7,9', 0, 0],
  // Black man on 7 active, but the passive White man on 26 occupies the other apex square: 0;
  // White to move, White on 26 active, Black on 7 passive: 0.
  ['APEX', 'B:W22,26:B7', 0, 0],

  // BACK: no active kings and the passive side's own bridge (1 and 3 Black, 30 and 32 White) held
  // by passive pieces (kings count). White to move: Black holds 1 and K3, White has no king: 1.
  // Black to move: White does not hold 30 and 32 (and Black has a king): 0.
  ['BACK', 'W:W20,21:B1,K3,10', 1, 0],
  // Both bridges held, no kings at all: Black to move (White's 30 32) 1; White to move (1 3) 1.
  ['BACK', 'B:W26,30,32:B1,3,9', 1, 1],
  // White to move, Black holds 1 and 3 but White (active) has the king 20: 0. Black to move:
  // White holds neither 30 nor 32: 0.
  ['BACK', 'W:WK20,21:B1,3', 0, 0],

  // CENT: passive men on the centre (standard 10 11 14 15 18 19 22 23).
  // Black to move, White passive: men 10 11 15 22 are centre, 12 16 26 are not, K18 is a king: 4.
  // White to move, Black passive: 14 19 23 are centre, 3 20 24 are not: 3.
  ['CENT', 'B:W10,11,12,15,16,22,26,K18:B3,14,19,20,23,24', 4, 3],

  // CNTR: centre squares held by an active piece or reachable by an ordinary move (jumps ignored).
  // Black to move: 15 is held; 6 can go to 9 and 10 (10 centre); 15 to 18 (19 is White's): 10 15
  // 18 = 3. (Black's jump 15x19 to 23 does not count 23.) White to move: 19 and 22 held; 19 can go
  // to 16 only (15 is Black's), 22 to 17 and 18, 27 to 23 and 24: 18 19 22 23 = 4.
  ['CNTR', 'B:W19,22,27:B6,15', 3, 4],

  // CORN: active credit (2 a man, 3 a king) 6 or less, passive ahead, and an ordinary move of the
  // active side onto an empty double corner (1 5 28 32). Black to move: 3 + 2 = 5, White 8 > 5,
  // K6 can step to 1: 1. White to move: White has 8 > 6: 0.
  ['CORN', 'B:W20,21,22,23:BK6,9', 1, 0],
  // Black to move: Black 5 against White 4, passive not ahead: 0. White to move: White 4 <= 6,
  // Black 5 > 4, White's 32 can step to 28 (its own double corner): 1.
  ['CORN', 'B:W21,32:BK6,9', 0, 1],

  // CRAMP (mirror-consistent sets): 2 if passive Black holds 13 and 9 or 14 with White on 17 21
  // 22 25, or passive White holds 20 and 19 or 24 with Black on 8 11 12 16. White to move: Black
  // on 13 and 9, White on 17 21 22 25: 2. Black to move: White does not hold 20: 0.
  ['CRAMP', 'W:W17,21,22,25,30:B2,9,13', 2, 0],
  // Black to move: White holds 20 and 24 (the "19 or 20" misprint read as 19 or 24), Black holds
  // 8 11 12 16: 2. White to move: Black does not hold 13: 0.
  ['CRAMP', 'B:W20,24,31:B3,8,11,12,16', 2, 0],
  // White to move: Black holds 13 and 14, but White lacks 25: 0. Black to move: no White on 20: 0.
  ['CRAMP', 'W:W17,21,22:B13,14', 0, 0],

  // DENY: MOB squares where the moved piece can be jumped and the jumper not jumped back on its
  // landing square (the mover's origin counts occupied). Black to move, MOB 11 14 15: 11 (from 7)
  // no White can jump it; 14 (from 10): 18 jumps it to 9, no Black on 5 or 6 to jump back: denied;
  // 15 (from 10): 18 jumps it to 11, Black's 7 jumps 11 to 16: an exchange, not denied. DENY 1.
  // White to move, MOB 14 15: 14: Black's 10 jumps it to 17, no White on 21 or 22: denied; 15:
  // 10 jumps it to 19, no White on 23 or 24: denied (11 could not jump it, 11 is empty). DENY 2.
  ['DENY', 'B:W18:B7,10', 1, 2],
  // White to move, MOB 17 18 23: 17: Black's 14 jumps it to 21 (an edge square: no jump back):
  // denied; 18: 14 jumps it to 23, White's 26 jumps 23 to 19: not denied; 23 (from 26): no Black
  // on 18 or 19: safe. DENY 1. Black to move, MOB 17 18: 17: White's 22 jumps it to 13 (edge):
  // denied; 18: 22 jumps it to 15, no Black on 10 or 11: denied. DENY 2.
  ['DENY', 'W:W22,26:B14', 1, 2],
  // The documented simplification: White to move, 18-15 and Black's 11 would jump 15 landing on
  // 18, the square just left; it counts occupied, so no capture: DENY 0 (Samuel's literal reading
  // gives 1). 18-14: no Black on 9 or 10: safe. Black to move, 11-15: White's 18 would land on 11,
  // the origin: no; 11-16: no White on 19 or 20. DENY 0.
  ['DENY', 'W:W18:B11', 0, 0],

  // DIA: passive pieces on the double-corner diagonals 1 6 10 15 19 24 28 and 5 9 14 18 23 27 32.
  // Black to move: White 32 28 19 K14 = 4 (26 is not on them). White to move: Black 1 5 9 = 3
  // (2 and 13 are not).
  ['DIA', 'B:W19,26,28,32,K14:B1,2,5,9,13', 4, 3],

  // DIAV, in halves: 3 on those diagonals, 2 on 2 7 11 16 20 / 13 17 22 26 31, 1 on 3 8 12 / 21 25
  // 30, 0 on 4 and 29. Black to move, White passive: K4 0 + 23 3 + 26 2 + 30 1 = 6 (Samuel's 3).
  // White to move, Black passive: 1 3 + 2 2 + 3 1 + K12 1 + K29 0 = 7 (Samuel's 3 1/2).
  ['DIAV', 'B:WK4,23,26,30:B1,2,3,K12,K29', 6, 7],

  // DYKE: three passive pieces in a row on one diagonal line; four in a row are two strings.
  // White to move, Black passive: line 1 6 10 15 holds four in a row = 2 strings; line 5 9 14 = 1;
  // on the other lines (1 5; 2 6 9 13; 7 10 14 17; 15) no three are together: 3. Black to move, White passive: 17 22 26 (line 13 17 22 26 31) = 1; 23 26 30 (line 12
  // 16 19 23 26 30) = 1; 23 27 is only two (18, 32 empty): 2.
  ['DYKE', 'W:W17,22,23,26,27,30:B1,5,6,9,10,14,15', 3, 2],

  // EXCH: MOB squares where the moved piece can be jumped and every jump of it is answered by a
  // jump back (EXOFR - DENY). Black to move (see DENY above): 15 is an exchange (18x15 to 11,
  // 7x11 to 16), 14 is a denial, 11 is safe: 1. White to move: 14 and 15 are both denials: 0.
  ['EXCH', 'B:W18:B7,10', 1, 0],
  // Black to move, MOB 5 6 7 8 14 15 22 23: K18-22 is jumped by 26 (to 17) and K18-23 by 26 (to
  // 19), no jump back: denials, not exchanges; nothing else can be jumped: 0. White to move, MOB
  // 22 23 25 27: 26-22 is jumped by K18 to 25 and 30x25 answers; 26-23 by K18 to 27 and 31x27
  // answers; 25 and 27 cannot be jumped: 2.
  ['EXCH', 'B:W26,30,31:B1,3,K18', 0, 2],

  // EXPOS: passive pieces with both neighbours on one diagonal empty squares (the edge is not an
  // empty square). Black to move, White: 18 (14 and 23 empty) yes; 21 on the edge no; 22 (17-26:
  // 26 White, 18-25: 18 White) no; 26 (23 and 30 empty) yes: 2. White to move, Black: 15 (10 and
  // 19 empty) yes; 1 on the edge no: 1.
  ['EXPOS', 'B:W18,21,22,26:B1,15', 2, 1],

  // FORK: two passive pieces side by side in a row, the square diagonally next to both and the two
  // squares beyond them empty, and an active piece that can step onto that square. Black to move,
  // White 14 15: from above, 10 empty, 17 and 19 empty, Black's 6 can step to 10 (then 10x14 or
  // 10x15): 1; from below, 18 empty, 9 and 11 empty, Black's K23 can step back to 18: 1. FORK 2.
  // White to move: Black's 6 and K23 are not side by side: 0.
  ['FORK', 'B:W14,15:B6,K23', 2, 0],
  // Black to move: from above, 7 can step to 10 but 19 (beyond 15) is held by Black: no; from
  // below, no Black piece can step up to 18 (19 is a man): no. 0. White to move: 7 and 19 are
  // not in one row: 0.
  ['FORK', 'B:W14,15:B7,19', 0, 0],

  // GAP: empty squares with a passive piece on one side along a diagonal and a passive piece or
  // the edge on the other. White to move, Black 1 10: 6 (between 1 and 10) and 5 (between 1 and
  // the edge, line 1 5) count; 2 7 9 13 14 15 do not: 2. Black to move, White 22 31: 26 (between
  // them); 17 25 18 27 have an empty square, not the edge, on the far side: 1.
  ['GAP', 'W:W22,31:B1,10', 2, 1],
  // Each square once: White to move, Black 1 2 9 10: 6 lies between 1 and 10 and between 2 and 9
  // (counted once); 5 between 1 and the edge (and 9 and the edge); 13 between 9 and the edge;
  // 7 (2 and 11, 3 and 10), 14, 15 and 3 have an empty square on the far side: 3. Black to move,
  // White 30: 25 (21 empty) and 26 (23 empty) do not count: 0.
  ['GAP', 'W:W30:B1,2,9,10', 3, 0],

  // GUARD: no active kings and the passive side's bridge or triangle (2 3 7 Black, 26 30 31
  // White) held by passive pieces. White to move: Black holds 2 3 7: 1. Black to move: White holds
  // neither 30 32 nor 26 30 31: 0.
  ['GUARD', 'W:W20,21:B2,3,7', 1, 0],
  // Black to move: White holds 26 K30 31, a king counts: 1. White to move: Black's 9 guards
  // nothing: 0.
  ['GUARD', 'B:W26,31,K30:B9', 1, 0],
  // White to move: Black's bridge 1 3 is held but White (active) has K20: 0. Black to move: 0.
  ['GUARD', 'W:WK20,21:B1,3', 0, 0],

  // HOLE: empty squares with 3 or 4 passive diagonal neighbours. Black to move, White: 26 (22 23
  // 30 31) and 27 (23 24 31) count; 18 19 25 have two, 17 20 28 one: 2. White to move, Black: 6
  // (1 2 9 10) counts; 5 7 14 have two: 1.
  ['HOLE', 'B:W22,23,24,30,31:B1,2,9,10', 2, 1],

  // KCENT: passive kings on the centre. Black to move, White: K14 yes, K20 not centre, 18 a man:
  // 1. White to move, Black: K10 and K23 yes, K1 no: 2.
  ['KCENT', 'B:WK14,K20,18:BK1,K10,K23', 1, 2],

  // MOB: squares the active side can reach by an ordinary move. Black to move: 6 to 9 10, 7 to 10
  // 11, K15 to 10 11 18 (19 is White's; its jump 15x19 is disregarded): 9 10 11 18 = 4. White to
  // move: 19 to 16 (15 is Black's): 1.
  ['MOB', 'B:W19:B6,7,K15', 4, 1],

  // MOBIL = MOB - DENY. Black to move 3 - 1 = 2; White to move 2 - 2 = 0 (DENY above).
  ['MOBIL', 'B:W18:B7,10', 2, 0],
  // White to move 3 - 1 = 2; Black to move 2 - 2 = 0 (DENY above).
  ['MOBIL', 'W:W22,26:B14', 2, 0],

  // MOVE: as many pieces each side, total credit (2 a man, 3 a king) < 24, and an odd number of
  // pieces (both colours) on the columns of 1-4 (squares 1-4 9-12 17-20 25-28); the same for
  // either side to move. 2 against 2, credit 8, in the system only 1: odd: 1.
  ['MOVE', 'B:W21,22:B1,6', 1, 1],
  // 2 against 2, 1 and 26 in the system: even: 0.
  ['MOVE', 'B:W21,26:B1,6', 0, 0],
  // 3 against 2: 0.
  ['MOVE', 'B:W21,22,23:B1,6', 0, 0],
  // 4 against 4, credit 11 + 11 = 22 < 24, only 1 in the system: 1 (with Seale's 1 and 2 it
  // would be 7 + 7 = 14, not < 12: 0).
  ['MOVE', 'B:WK21,K22,K23,24:BK1,K5,K6,7', 1, 1],
  // 4 kings each: credit 24, not < 24: 0 (only 1 in the system).
  ['MOVE', 'B:WK21,K22,K23,K24:BK1,K5,K6,K7', 0, 0],

  // NODE: passive pieces with 3 or 4 empty diagonal neighbours. White to move, Black: 10 (6 7 15
  // empty) and 14 (9 17 18) count; 5 has only two neighbours; 19 has 15 16 only (23 24 White): 2.
  // Black to move, White: 23 (18 26), 24 (20 28), 27 (31 32) have two each: 0.
  ['NODE', 'W:W23,24,27:B5,10,14,19', 2, 0],

  // OREO: no passive kings and the passive side's triangle held. Black to move: White holds 26
  // 30 31, no White king: 1. White to move: Black has a king (and no triangle): 0.
  ['OREO', 'B:W26,30,31:BK9', 1, 0],
  // White to move: Black holds 2 3 7 and has no king; White's own king does not matter: 1. Black
  // to move: White has K20: 0.
  ['OREO', 'W:WK20:B2,3,7', 1, 0],
  // Black to move: White's triangle 26 K30 31 is held but includes a king: 0 (GUARD counts it).
  ['OREO', 'B:W26,31,K30:B9', 0, 0],

  // POLE: passive men with all four neighbours empty (never on the edge). Black to move, White:
  // 18 (14 15 22 23 empty) yes; 29 on the edge no; K26 a king no: 1. White to move, Black: 10 (6 7
  // 14 15) and 24 (19 20 27 28) yes; 1 on the edge no: 2.
  ['POLE', 'B:W18,29,K26:B1,10,24', 1, 2],

  // RECAP is identical with EXCH. White to move (see DENY): 18 is an exchange (14x18 to 23,
  // 26x23 to 19), 17 a denial, 23 safe: 1. Black to move: 17 and 18 denials: 0.
  ['RECAP', 'W:W22,26:B14', 1, 0],

  // THRET: empty squares an active piece can step to and from there jump a passive piece (landing
  // empty), in its own directions. Black to move: 6-9 then 9x14 to 18; 6-10 then 10x14 to 17;
  // 1-5: nothing to jump from 5: 9 10 = 2. White to move: 14-9 then 9x6 to 2; 14-10: 10x6 would
  // land on 1 (Black), 7 is empty: 9 = 1.
  ['THRET', 'B:W14:B1,6', 2, 1],
  // White to move: K31-26 then 26x23 to 19; K31-27 then 27x23 to 18; 24-19 reaches a square
  // next to 23 but a man cannot jump backward; 24-20 nothing: 26 27 = 2. Black to move: 23-26 and
  // 23-27, then only forward jumps, over 30/31/32 off the board: 0.
  ['THRET', 'W:W24,K31:B23', 2, 0],
];

describe('the 26 simple parameters on hand-made positions, values worked out by hand', () => {
  const c = new Search704();
  c.call('BITINI');

  it('every simple parameter has a case, and at least one non-zero value', () => {
    const names = TERMS.slice(0, 26).map(([n]) => n);
    for (const n of names) {
      const cases = SIMPLE.filter(([t]) => t === n);
      expect(cases.length, n).toBeGreaterThan(0);
      expect(cases.some(([, , a, b]) => a !== 0 || b !== 0), n).toBe(true);
    }
    expect(new Set(SIMPLE.map(([t]) => t)).size).toBe(26);
  });

  for (const [name, fen, mine, theirs] of SIMPLE) {
    it(`${name} ${fen}: ${mine} for the side to move, ${theirs} for the other`, () => {
      const pos = parseFen(fen);
      for (const [p, want] of [[pos, mine], [turned(pos), theirs]] as [Position, number][]) {
        const who = p.blackToMove ? 'Black' : 'White';
        expect(program704(c, name, p), `program, ${who} to move`).toBe(want);
        expect(reference(name, p), `termsref, ${who} to move`).toBe(want);
      }
    });
  }
});

// ---- the 12 binary connective terms
//
// A pair (A, B) of simple terms; each term is the parameter for the side to move minus the same
// parameter for the other side on the same board (A(R) - A(R')), "true" when > 0. The four
// forms are A.B, A.notB, notA.B, notA.notB: DEMO DEMMO DDEMO DDMM for (DENY, MOB), MODE 1-4 for
// (MOBIL, DENY), and MOC 1, MOC 3, MOC 2, MOC 4 in that order for (MOBIL, CENT) (Appendix C
// prints the MOC column in that order; docs/checkers-terms.md). Exactly one of each group is 1.

interface Side {
  DENY: number;
  MOB: number;
  MOBIL: number;
  CENT: number;
}
interface ConnCase {
  fen: string;
  /** The four parameters for the FEN's side to move, and for the other side. */
  mine: Side;
  theirs: Side;
  /** The term of each group that is 1 for the FEN's side to move, and for the other side. */
  one: [string, string, string];
  oneTurned: [string, string, string];
}

const CONN: ConnCase[] = [
  // The start position, Black to move: Black's men on 9-12 reach 13-16 (MOB 4), White's on 21-24
  // reach 17-20 (MOB 4); no piece can be jumped (DENY 0 both); centre men: White 22 23, Black 10
  // 11 (CENT 2 both). Every difference is 0, nothing is > 0: DDMM, MODE 4, MOC 4, both ways.
  {
    fen: 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
    mine: { DENY: 0, MOB: 4, MOBIL: 4, CENT: 2 }, theirs: { DENY: 0, MOB: 4, MOBIL: 4, CENT: 2 },
    one: ['DDMM', 'MODE 4', 'MOC 4'], oneTurned: ['DDMM', 'MODE 4', 'MOC 4'],
  },
  // Black to move (DENY, MOB, MOBIL above): Black DENY 1 MOB 3 MOBIL 2, White DENY 2 MOB 2 MOBIL
  // 0; CENT: White's 18 for Black to move, Black's 10 for White to move: 1 and 1.
  // Black: dDENY -1 (no), dMOB +1 (yes) -> DDEMO; dMOBIL +2 (yes), dDENY no -> MODE 2;
  // dMOBIL yes, dCENT 0 (no) -> A.notB = MOC 3.
  // White: dDENY +1, dMOB -1 -> DEMMO; dMOBIL -2, dDENY +1 -> MODE 3; dMOBIL no, dCENT 0 -> MOC 4.
  {
    fen: 'B:W18:B7,10',
    mine: { DENY: 1, MOB: 3, MOBIL: 2, CENT: 1 }, theirs: { DENY: 2, MOB: 2, MOBIL: 0, CENT: 1 },
    one: ['DDEMO', 'MODE 2', 'MOC 3'], oneTurned: ['DEMMO', 'MODE 3', 'MOC 4'],
  },
  // Black to move: 1 to 5 6, 3 to 7 8, K18 to 14 15 22 23: MOB 8; 22 and 23 are jumped by 26 with
  // no jump back (EXCH above): DENY 2, MOBIL 6. White to move: MOB 4 (22 23 25 27), DENY 0 (both
  // jumps of 22 and 23 are answered), MOBIL 4. CENT: White's men 26 30 31 and Black's 1 3 are off
  // the centre (K18 is a king): 0 and 0.
  // Black: dDENY +2, dMOB +4 -> DEMO; dMOBIL +2, dDENY +2 -> MODE 1; dMOBIL yes, dCENT 0 -> MOC 3.
  // White: all differences negative or 0 -> DDMM, MODE 4, MOC 4.
  {
    fen: 'B:W26,30,31:B1,3,K18',
    mine: { DENY: 2, MOB: 8, MOBIL: 6, CENT: 0 }, theirs: { DENY: 0, MOB: 4, MOBIL: 4, CENT: 0 },
    one: ['DEMO', 'MODE 1', 'MOC 3'], oneTurned: ['DDMM', 'MODE 4', 'MOC 4'],
  },
  // No contact, so DENY 0 both and MOBIL = MOB. Black to move: 1 to 5 6: MOB 2; White to move: 22
  // to 17 18, 23 to 18 19: MOB 3. CENT: White's 22 23 for Black to move (2), Black's 1 is not
  // centre (0).
  // Black: dDENY 0, dMOB -1 -> DDMM; dMOBIL -1, dDENY 0 -> MODE 4; dMOBIL no, dCENT +2 -> notA.B =
  // MOC 2. White: dMOB +1 -> DDEMO; dMOBIL +1, dDENY 0 -> MODE 2; dMOBIL yes, dCENT -2 -> MOC 3.
  {
    fen: 'B:W22,23:B1',
    mine: { DENY: 0, MOB: 2, MOBIL: 2, CENT: 2 }, theirs: { DENY: 0, MOB: 3, MOBIL: 3, CENT: 0 },
    one: ['DDMM', 'MODE 4', 'MOC 2'], oneTurned: ['DDEMO', 'MODE 2', 'MOC 3'],
  },
  // As above with Black's 3 added (to 7 8): Black MOB 4, White 3, CENT 2 and 0.
  // Black: dDENY 0, dMOB +1 -> DDEMO; dMOBIL +1, dDENY 0 -> MODE 2; dMOBIL +1, dCENT +2 -> MOC 1.
  // White: dMOB -1 -> DDMM; dMOBIL -1 -> MODE 4; dMOBIL no, dCENT -2 no -> MOC 4.
  {
    fen: 'B:W22,23:B1,3',
    mine: { DENY: 0, MOB: 4, MOBIL: 4, CENT: 2 }, theirs: { DENY: 0, MOB: 3, MOBIL: 3, CENT: 0 },
    one: ['DDEMO', 'MODE 2', 'MOC 1'], oneTurned: ['DDMM', 'MODE 4', 'MOC 4'],
  },
];

const GROUPS = [
  ['DEMO', 'DEMMO', 'DDEMO', 'DDMM'],
  ['MODE 1', 'MODE 2', 'MODE 3', 'MODE 4'],
  ['MOC 1', 'MOC 2', 'MOC 3', 'MOC 4'],
];

describe('the 12 binary connective terms on hand-made positions, values worked out by hand', () => {
  const c = new Search704();
  c.call('BITINI');

  it('every connective term is 1 in some case', () => {
    const ones = new Set(CONN.flatMap((k) => [...k.one, ...k.oneTurned]));
    expect([...ones].sort()).toEqual(GROUPS.flat().sort());
  });

  for (const k of CONN) {
    it(`${k.fen}: ${k.one.join(' ')} for the side to move, ${k.oneTurned.join(' ')} for the other`, () => {
      const pos = parseFen(k.fen);
      const sides: [Position, Side, string[]][] = [[pos, k.mine, k.one], [turned(pos), k.theirs, k.oneTurned]];
      for (const [p, params, one] of sides) {
        const who = p.blackToMove ? 'Black' : 'White';
        // The simple parameters the hand work rests on.
        for (const name of ['DENY', 'MOB', 'MOBIL', 'CENT'] as const) {
          expect(program704(c, name, p), `program ${name}, ${who} to move`).toBe(params[name]);
          expect(reference(name, p), `termsref ${name}, ${who} to move`).toBe(params[name]);
        }
        for (const group of GROUPS) {
          for (const name of group) {
            const want = one.includes(name) ? 1 : 0;
            expect(program704(c, name, p), `program ${name}, ${who} to move`).toBe(want);
            expect(reference(name, p), `termsref ${name}, ${who} to move`).toBe(want);
          }
        }
      }
    });
  }
});
