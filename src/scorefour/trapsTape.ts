// The Score-Four program's traps tape (Broeker 3.2's pattern tables kept from run to run): decoding
// it for `tape info` and the tests, and mounting it for a run with the new tape swapped in after.
// The host never reads a pattern to play with it: the reading, the learning and the writing are 704
// code (traplrn.sap QTTRD, QTTWR, through asm/lib/tapeio.sap); this file only reports and renames.
//
// Layout (one binary record, written by QTTWR on tape 4, read by QTTRD from tape 3, then a tape mark):
//   BCD "TRAPS ", 577 (the state's words), N (the level-1 patterns in use, 0-288), then the 576
//   words of the table's room QTRPS up (traps.sap); the patterns in use are its last 2N words, each
//   pattern two words: the stones that must be the player's, the cells that must be empty (bits
//   4v+u of a plane). Level 2 is not on the tape: the 704 makes it from level 1 after reading.

import { existsSync } from 'node:fs';
import { asciiToWords } from '../devices/codes.ts';
import { readTapeFile, recordToWords, type TapeEntry } from '../devices/tapeImage.ts';
import { checkTapeKind, tapeKind, TapeKindError } from '../host/tapeKind.ts';
import { attachTapeSet, type Choice, type TapeSet } from '../host/tapePair.ts';
import { TapeUnit } from '../devices/tape.ts';

const TRAPS = asciiToWords('TRAPS ')[0]!;
/** Level-1 patterns the table's room holds (Broeker's 288). */
export const TABLE_PATTERNS = 288;
const STATE_WORDS = 1 + 2 * TABLE_PATTERNS;

export interface TrapsTape {
  /** The level-1 patterns in use, [stones, empty cells] each; null when the tape is not whole. */
  patterns: [number, number][] | null;
  problems: string[];
}

/** Decode a traps tape's entries (as TapeUnit.entries or readTapeFile give them). */
export function decodeTrapsTape(entries: readonly TapeEntry[]): TrapsTape {
  const first = entries[0];
  if (!first || first.kind !== 'record') return { patterns: null, problems: ['no record'] };
  const w = recordToWords(first, 'binary');
  const problems: string[] = [];
  if (w[0] !== TRAPS) problems.push('the record does not start with BCD TRAPS');
  else if (w[1] !== STATE_WORDS || w.length !== STATE_WORDS + 2) problems.push(`record of ${w.length} words (state ${w[1]}), expected ${STATE_WORDS + 2} (state ${STATE_WORDS})`);
  else if (!(w[2]! <= TABLE_PATTERNS)) problems.push(`${w[2]} patterns in use, at most ${TABLE_PATTERNS}`);
  if (entries[1]?.kind !== 'mark') problems.push('no tape mark after the record');
  if (problems.length > 0) return { patterns: null, problems };
  const n = w[2]!;
  const room = w.slice(3);
  return { patterns: Array.from({ length: n }, (_, k) => [room[2 * (TABLE_PATTERNS - n + k)]!, room[2 * (TABLE_PATTERNS - n + k) + 1]!]), problems };
}

/** A traps tape: the TRAPS record of 577 state words, then a tape mark. */
export const TRAPS_TAPE = tapeKind('traps tape', (entries) => decodeTrapsTape(entries).problems);

/** `tape info`'s lines for a traps tape. */
export function trapsSummary(t: TrapsTape): string[] {
  if (!t.patterns) return [`traps tape: INCOMPLETE (${t.problems.join('; ')})`];
  const n = t.patterns.length;
  return [
    `traps tape (Score-Four, Broeker 3.2): ${n} level-1 patterns, ${4 * n} level-2 patterns made from them at the start`,
    `table: ${(n + 4 * n) * 4} bytes at his 4 bytes a pattern (288 + 1,152 = 5,760 for the whole table); ${n === TABLE_PATTERNS ? 'all' : n} of the ${TABLE_PATTERNS} places used`,
  ];
}

/** The printer line QTTWR prints after each table written on tape 4. */
const WRITTEN = /^TRAPS TAPE WRITTEN (\d+)$/m;

/** After a run: tape 4's image, if the 704 printed that it wrote one and it decodes whole. */
export function chooseNewTrapsTape(newPath: string, printerText?: string): Choice {
  if (printerText !== undefined && !WRITTEN.test(printerText)) return { path: null, reason: 'no traps tape written' };
  if (!existsSync(newPath)) return { path: null, reason: `${newPath} does not exist` };
  const t = decodeTrapsTape(readTapeFile(newPath));
  if (!t.patterns) return { path: null, reason: `${newPath} is not a complete traps tape: ${t.problems[0]}` };
  return { path: newPath, reason: `${t.patterns.length} level-1 patterns` };
}

/**
 * The traps tape (`path`, a missing file a blank tape) read only on unit 3 and its new image
 * (`path.new`) on unit 4, for the card TRAPS TAPE; a file of another kind is refused by name
 * (TapeKindError) before the 704 is booted. `finish` after the run puts the new tape in place in one
 * rename (tapePair.ts), so a run killed before it leaves the old tape as it was; the new image such
 * a run left is removed at the next attach (`discarded`), never put in place, as no one saw it end.
 */
export const attachTrapsTape = (io: { attachTape(n: number, drive: TapeUnit): void }, path: string, newPath = `${path}.new`): TapeSet =>
  attachTapeSet(io, path, { unit: 3, scratch: [{ unit: 4, path: newPath }], choose: (printerText) => chooseNewTrapsTape(newPath, printerText), kind: TRAPS_TAPE }, () => false);

/**
 * The cards for a run with a traps tape: its table (an empty one from a blank tape, as Broeker's
 * learning started: the assembled 288 are already complete, so nothing could be learnt from them),
 * traps learnt from lost games, each new table written.
 */
export const TRAPS_TAPE_CARDS = ['TRAPS CLEAR', 'TRAPS TAPE', 'TRAPS LEARN ON'];

/** Refuse `path`, by name, unless it is a whole traps tape (a missing or blank file too). */
export function checkTrapsTape(path: string): void {
  if (!existsSync(path)) throw new Error(`${path}: no such traps tape (make one with \`scorefour selfplay|learn --stage1 1 --traps ${path}\`)`);
  checkTapeKind(path, TRAPS_TAPE);
  if (readTapeFile(path).length === 0) throw new TapeKindError(path, TRAPS_TAPE, 'the image is blank');
}

/**
 * A traps tape only read (a contest's players): `path` on unit 3, read only, and a scratch unit 4
 * in memory that nobody keeps; with the card TRAPS TAPE first, a Stage 1 or Stage 2 player uses its
 * table. A missing or blank file, or one of another kind, is refused by name.
 */
export function mountTrapsTape(io: { attachTape(n: number, drive: TapeUnit): void }, path: string): void {
  checkTrapsTape(path);
  const old = new TapeUnit(3);
  old.attach(path, { readOnly: true });
  const scratch = new TapeUnit(4);
  scratch.mount([]);
  io.attachTape(3, old);
  io.attachTape(4, scratch);
}
