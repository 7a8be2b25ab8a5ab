// The checkers program's learning tape (generalization learning, asm/checkers/learn.sap,
// docs/checkers-learning.md): decoding it for reports and tests, and putting a newly written tape
// in place of the old one after a run. The host never reads a polynomial to play with it: the
// learning, the adoption and the writing are 704 code; this file only reports and renames.
//
// Layout (one binary record, written by LTWR on tape 4, read by LTRD from tape 3, then a tape mark):
//   BCD "LEARNT", N (the number of state words, 160), then the N words of learn.sap's state from LGN up:
//   games, adjustments, terms replaced, black marks, Alpha's wins, losses, draws, wins and games
//   since Beta last adopted, Alpha's colour next game (0 Black, 1 White); then eight blocks of 16
//   words, each from slot 16 down to slot 1: Alpha's terms, correlations (65536 = 1.0), times
//   adjusted, low tallies, coefficients, powers (-1 for a 0 coefficient), Beta's terms and
//   coefficients; then the 22 reserve terms from the tail to the head.
// With *LEARN COMBINE a second record follows before the tape mark: BCD "COMBIN", the games
// Alpha's polynomial has gone unchanged, rote saving on (not 0), then Alpha's 16 terms and 16
// coefficients at the last game's end, each from slot 16 down (learn.sap LXEND).

import { existsSync } from 'node:fs';
import { TAPE_MARK, readTapeFile, recordToWords, wordsToRecord, writeTapeFile, type TapeEntry } from '../../devices/tapeImage.ts';
import { asciiToWords } from '../../devices/codes.ts';
import { TapeUnit } from '../../devices/tape.ts';
import { checkTapeKind, tapeKind, TapeKindError } from '../../host/tapeKind.ts';
import { attachTapeSet, commitChoice, type Choice, type TapeSet, type TapeSwap } from '../../host/tapePair.ts';

const SIGN = 2 ** 35;
const LEARNT = asciiToWords('LEARNT')[0]!;
const COMBIN = asciiToWords('COMBIN')[0]!;
const COMBINE_WORDS = 3 + 2 * 16;
const SLOTS = 16;
const RESERVE = 22;
const HEAD = 10;
export const STATE_WORDS = HEAD + 8 * SLOTS + RESERVE;

const signed = (w: number): number => (w >= SIGN ? -(w - SIGN) : w);

export interface AlphaSlot {
  /** Term number 1-38 (Appendix C's order). */
  term: number;
  /** Correlation coefficient (1.0 = 65536 on tape, here as a fraction). */
  correlation: number;
  timesAdjusted: number;
  lowTallies: number;
  coefficient: number;
  power: number;
}

export interface LearningState {
  games: number;
  adjustments: number;
  replaced: number;
  blackMarks: number;
  wins: number;
  losses: number;
  draws: number;
  winsSinceAdoption: number;
  gamesSinceAdoption: number;
  /** Alpha's colour in the next game. */
  alphaNext: 'BLACK' | 'WHITE';
  /** Slots 1-16. */
  alpha: AlphaSlot[];
  beta: { term: number; coefficient: number }[];
  /** Head first. */
  reserve: number[];
  /** *LEARN COMBINE's safeguards (the tape's second record), when the run had them on. */
  combine?: { gamesUnchanged: number; saving: boolean };
}

export interface LearningTape {
  state: LearningState | null;
  /** One record of the right length and identification, then a tape mark. */
  complete: boolean;
  problems: string[];
}

/** Decode a learning tape's entries (as TapeUnit.entries or readTapeFile give them). */
export function decodeLearningTape(entries: readonly TapeEntry[]): LearningTape {
  const problems: string[] = [];
  const first = entries[0];
  if (!first || first.kind !== 'record') return { state: null, complete: false, problems: ['no record'] };
  const w = recordToWords(first, 'binary');
  if (w[0] !== LEARNT) problems.push('the record does not start with BCD LEARNT');
  if (w[1] !== STATE_WORDS) problems.push(`state length ${w[1]}, expected ${STATE_WORDS}`);
  if (w.length !== STATE_WORDS + 2) problems.push(`record of ${w.length} words, expected ${STATE_WORDS + 2}`);
  const second = entries[1];
  let combine: LearningState['combine'];
  if (second?.kind === 'record') {
    const c = recordToWords(second, 'binary');
    if (c[0] !== COMBIN || c.length !== COMBINE_WORDS) problems.push('the second record is not *LEARN COMBINE\'s (BCD COMBIN and its state)');
    else combine = { gamesUnchanged: signed(c[1]!), saving: c[2] !== 0 };
  }
  if (entries[second?.kind === 'record' ? 2 : 1]?.kind !== 'mark') problems.push('no tape mark after the record');
  if (problems.length > 0) return { state: null, complete: false, problems };
  const s = w.slice(2).map(signed);
  // block b (0-7), slot i (1-16): word HEAD + 16b + (16 - i)
  const block = (b: number, i: number): number => s[HEAD + SLOTS * b + (SLOTS - i)]!;
  const alpha: AlphaSlot[] = [];
  const beta: { term: number; coefficient: number }[] = [];
  for (let i = 1; i <= SLOTS; i++) {
    alpha.push({
      term: block(0, i), correlation: block(1, i) / 65536, timesAdjusted: block(2, i), lowTallies: block(3, i),
      coefficient: block(4, i), power: block(5, i),
    });
    beta.push({ term: block(6, i), coefficient: block(7, i) });
  }
  const tailFirst = s.slice(HEAD + 8 * SLOTS, HEAD + 8 * SLOTS + RESERVE);
  return {
    state: {
      games: s[0]!, adjustments: s[1]!, replaced: s[2]!, blackMarks: s[3]!, wins: s[4]!, losses: s[5]!,
      draws: s[6]!, winsSinceAdoption: s[7]!, gamesSinceAdoption: s[8]!, alphaNext: s[9] === 0 ? 'BLACK' : 'WHITE',
      alpha, beta, reserve: [...tailFirst].reverse(), ...(combine ? { combine } : {}),
    },
    complete: true,
    problems,
  };
}

export const readLearningTape = (path: string): LearningTape => decodeLearningTape(readTapeFile(path));

/** A learning tape: the LEARNT record of the state's length, then a tape mark. */
export const LEARNING_TAPE = tapeKind('learning tape', (entries) => decodeLearningTape(entries).problems);
const word = (v: number): number => (v < 0 ? SIGN - v : v);

/** A learning tape holding `s`, as LTWR writes it (the inverse of decodeLearningTape). */
export function encodeLearningTape(s: LearningState): TapeEntry[] {
  const head = [s.games, s.adjustments, s.replaced, s.blackMarks, s.wins, s.losses, s.draws, s.winsSinceAdoption, s.gamesSinceAdoption, s.alphaNext === 'BLACK' ? 0 : 1];
  const block = (f: (i: number) => number): number[] => Array.from({ length: SLOTS }, (_, j) => f(SLOTS - 1 - j)); // slot 16 first
  const a = s.alpha;
  const words = [
    ...head,
    ...block((i) => a[i]!.term), ...block((i) => Math.round(a[i]!.correlation * 65536)), ...block((i) => a[i]!.timesAdjusted),
    ...block((i) => a[i]!.lowTallies), ...block((i) => a[i]!.coefficient), ...block((i) => a[i]!.power),
    ...block((i) => s.beta[i]!.term), ...block((i) => s.beta[i]!.coefficient),
    ...[...s.reserve].reverse(),
  ];
  if (a.length !== SLOTS || s.beta.length !== SLOTS || s.reserve.length !== RESERVE) throw new Error(`a learning state has ${SLOTS} slots and ${RESERVE} reserve terms`);
  return [wordsToRecord([LEARNT, STATE_WORDS, ...words.map(word)], 'binary'), TAPE_MARK];
}

/**
 * The untrained state with the 38 terms in `order` (a permutation of 1-38): the first 16 in
 * Alpha's and Beta's polynomials, each at 2^maxPower (Samuel: "an arbitrary selection of 16 terms
 * was chosen and all terms were assigned equal weights"), the other 22 the reserve list, head first.
 */
export function untrainedState(order: readonly number[], maxPower = 18): LearningState {
  if ([...order].sort((x, y) => x - y).join() !== Array.from({ length: 38 }, (_, i) => i + 1).join()) throw new Error('a term order is a permutation of the 38 terms');
  const c = 2 ** maxPower;
  return {
    games: 0, adjustments: 0, replaced: 0, blackMarks: 0, wins: 0, losses: 0, draws: 0, winsSinceAdoption: 0, gamesSinceAdoption: 0, alphaNext: 'WHITE',
    alpha: order.slice(0, SLOTS).map((term) => ({ term, correlation: 0, timesAdjusted: 0, lowTallies: 0, coefficient: c, power: maxPower })),
    beta: order.slice(0, SLOTS).map((term) => ({ term, coefficient: c })),
    reserve: order.slice(SLOTS),
  };
}

export const writeLearningTape = (path: string, s: LearningState): void => writeTapeFile(path, encodeLearningTape(s));

/** The printer line LGEND prints once the new learning tape is written. */
export const LEARNING_WRITTEN = /^LEARN TAPE 4 WRITTEN - GAMES (\d+)/m;

/**
 * After a run: the new learning tape (tape 4's image) to put in place of the old one (tape 3's), if
 * the program reported writing it (when `printerText` is given) and the image is a complete
 * learning tape.
 */
export function chooseNewLearningTape(newPath: string, printerText?: string): Choice {
  if (printerText !== undefined && !LEARNING_WRITTEN.test(printerText)) return { path: null, reason: 'no learning tape written' };
  if (!existsSync(newPath)) return { path: null, reason: `${newPath} does not exist` };
  const tape = readLearningTape(newPath);
  if (!tape.complete) return { path: null, reason: `${newPath} is not a complete learning tape: ${tape.problems[0]}` };
  return { path: newPath, reason: `after ${tape.state!.games} learning games` };
}

/** Put the chosen new learning tape in place: one rename, atomic on a POSIX file system. */
export const installNewLearningTape = (learningPath: string, newPath: string, printerText?: string): TapeSwap =>
  commitChoice(learningPath, [newPath], chooseNewLearningTape(newPath, printerText), LEARNING_TAPE);

/**
 * Generalization learning's tapes for `*LEARN TAPE`: the learning tape (`learningPath`) on tape 3,
 * read only (a missing file is a blank tape: the program starts from its first polynomial), and
 * the new learning tape on tape 4; a file that is not a learning tape is refused (TapeKindError); a
 * new tape left by a run that died is put in place if `accept` takes it (tapePair.ts).
 */
export const attachLearningTapes = (
  io: { attachTape(n: number, drive: TapeUnit): void }, learningPath: string, newPath = `${learningPath}.new`, accept?: (digest: string) => boolean,
): TapeSet => attachTapeSet(io, learningPath, { unit: 3, scratch: [{ unit: 4, path: newPath }], choose: (printerText) => chooseNewLearningTape(newPath, printerText), kind: LEARNING_TAPE }, accept);

/** `FILE` for a saved polynomial, or this word for the untrained first polynomial (a blank tape). */
export const UNTRAINED = 'start';

/**
 * A saved polynomial for `*LEARN USE` (Alpha's polynomial, learning off): the learning tape on
 * unit 3, read only; nothing is written. `start` mounts a blank tape, so the program keeps its
 * first polynomial (the untrained start). A file that is not a complete learning tape is refused
 * here, before the 704 would quietly keep its first polynomial.
 */
export function mountLearningTape(io: { attachTape(n: number, drive: TapeUnit): void }, path: string): void {
  const unit = new TapeUnit(3);
  if (path === UNTRAINED) unit.mount([], { readOnly: true });
  else {
    if (!existsSync(path)) throw new Error(`${path}: no such learning tape (give a learning tape, or "${UNTRAINED}" for the untrained first polynomial)`);
    checkTapeKind(path, LEARNING_TAPE);
    if (readTapeFile(path).length === 0) throw new TapeKindError(path, LEARNING_TAPE, 'the image is blank');
    unit.attach(path, { readOnly: true });
  }
  io.attachTape(3, unit);
}

/** The cards that put a saved polynomial in play (`mountLearningTape` first). */
export const useCards = (path: string | undefined): string[] => (path ? ['*LEARN USE'] : []);
