// Generalization learning's printer lines (docs/checkers-learning.md) for one game, as figures
// for the session journal and its pictures. Read only: the verdicts and the table are the 704's.

import type { Side } from '../notation/board.ts';

export interface LearnTerm {
  name: string;
  /** Magnitude of the correlation coefficient, to two places (truncated). */
  correlation: number;
  /** Sign of the coefficient; null when it is 0. */
  sign: '+' | '-' | null;
  /** The power of 2 used as coefficient; null when the coefficient is 0 (NONE). */
  power: number | null;
  adjusted: number;
}

export interface LearnStats {
  /** Learning games so far (ALPHA PLAYS … - LEARNING GAME n), Alpha's colour. */
  game: number | null;
  alpha: Side | null;
  /** The line after GAME OVER, and what it says of Alpha. */
  verdict: string | null;
  alphaResult: 'won' | 'lost' | 'drawn' | null;
  /** ALPHA AFTER GAME n - ADJUSTMENTS a REPLACED r BLACK MARKS b (since the state began). */
  adjustments: number | null;
  replaced: number | null;
  blackMarks: number | null;
  /** Alpha's 12 leading terms, as printed (largest correlation first). */
  terms: LearnTerm[];
  /**
   * The tables printed at intervals during the game (`*LEARN PRINT n`): after Alpha's move m of
   * the game. Absent in journals written before them.
   */
  during?: { move: number; terms: LearnTerm[] }[];
  discarded: { name: string; adjusted: number }[];
}

const PLAYS = /^ALPHA PLAYS (BLACK|WHITE) - LEARNING GAME (\d+)$/;
const VERDICT = /^(ALPHA WINS|ALPHA LOSES|DRAWN - POLYNOMIALS KEPT|DRAWN - AGAINST A PERSON)/;
const AFTER = /^ALPHA AFTER GAME (\d+) - ADJUSTMENTS (\d+) REPLACED (\d+) BLACK MARKS (\d+)$/;
const DISCARDED = /^DISCARDED (.{1,6}?) +ADJUSTED (\d+)$/;
const AT_MOVE = /^ALPHA AT MOVE (\d+) GAME (\d+) - ADJUSTMENTS (\d+) REPLACED (\d+) BLACK MARKS (\d+)$/;

/** A table line: name in columns 1-6, correlation 9-12, sign 16, power from 20 (or NONE), times adjusted from 27. */
function termLine(text: string): LearnTerm | null {
  const [name, corr, sign, power, adjusted] = [text.slice(0, 6).trim(), text.slice(8, 12), text[15] ?? ' ', text.slice(19, 26).trim(), text.slice(26).trim()];
  if (!name || !/^\d\.\d\d$/.test(corr) || !/^[-+ ]$/.test(sign) || !/^(\d+|NONE)$/.test(power) || !/^\d+$/.test(adjusted)) return null;
  return { name, correlation: Number(corr), sign: sign === ' ' ? null : (sign as '+' | '-'), power: power === 'NONE' ? null : Number(power), adjusted: Number(adjusted) };
}

export const newLearnStats = (): LearnStats => ({
  game: null, alpha: null, verdict: null, alphaResult: null, adjustments: null, replaced: null, blackMarks: null, terms: [], discarded: [], during: [],
});

/** Take one printed line into the game's figures; false when it is not a learning line. */
export function takeLearnLine(s: LearnStats, text: string): boolean {
  let m: RegExpExecArray | null;
  if ((m = PLAYS.exec(text))) {
    s.alpha = m[1] === 'BLACK' ? 'black' : 'white';
    s.game = Number(m[2]);
  } else if ((m = VERDICT.exec(text))) {
    s.verdict = text;
    s.alphaResult = m[1] === 'ALPHA WINS' ? 'won' : m[1] === 'ALPHA LOSES' ? 'lost' : 'drawn';
  } else if ((m = AFTER.exec(text))) {
    [s.adjustments, s.replaced, s.blackMarks] = m.slice(2).map(Number) as [number, number, number];
    s.terms = [];
  } else if ((m = DISCARDED.exec(text))) {
    s.discarded.push({ name: m[1]!, adjusted: Number(m[2]) });
  } else if ((m = AT_MOVE.exec(text))) {
    (s.during ??= []).push({ move: Number(m[1]), terms: [] });
  } else if (termLine(text) && s.adjustments !== null && s.terms.length < 12) {
    s.terms.push(termLine(text)!);
  } else if (termLine(text) && s.adjustments === null && (s.during?.at(-1)?.terms.length ?? 12) < 12) {
    s.during!.at(-1)!.terms.push(termLine(text)!);
  } else return /^(LEARN |TERM +CORR|BLACK MARKS AT LIMIT)/.test(text);
  return true;
}

/** A term's coefficient as a number: ±2^power, 0 for NONE. */
export const coefficient = (t: LearnTerm): number => (t.sign === null || t.power === null ? 0 : (t.sign === '-' ? -1 : 1) * 2 ** t.power);

/** A term's correlation with the sign of its coefficient (unsigned when the coefficient is 0). */
export const signedCorrelation = (t: LearnTerm): number => (t.sign === '-' ? -t.correlation : t.correlation);
