// The checkers program's memory tape (rote learning, asm/checkers/rote.sap, docs/checkers-rote.md):
// decoding it for the `tape info` / `tape dump` commands and the tests, and putting a newly merged
// tape in place of the old one after a run. The host never reads a board's score to play with it:
// all the saving, looking up, ageing and culling is 704 code; this file only reports and renames.
//
// Layout (binary records, written by KMERGE on a scratch tape, 2 and 5 in turn, read by KNEXT from
// the memory tape, tape 1 at *ROTE ON and the last merge's scratch tape after it):
//   a record per catalogue key:  KEY (the game, 25 - pieces, advantage, kings, opposition, the two
//                                moments: rote.sap's head), then n boards of L+1 words: W1 W2 [W3] P,
//                                L = 3 when the key has its kings bit, n from the record's length;
//                                P (rote.sap's KPACK): the score's sign, its magnitude M in bits
//                                1-20 (a sure win, above 2^30 - 64, as M = |score| - 2^30 + 2^20),
//                                the age's low 8 bits in bits 21-28 and the effective ply in bits
//                                29-35; the age's bits 8-10 in W1's free bits 9, 18, 27 (off the
//                                board) and 11-13 in W2's
//   the trailer:                 0, BCD "MEMEND", boards, records, merge number, reel number
//   a tape mark.
// A memory too big for one reel (a 727 reel holds REEL_FRAMES: src/devices/tape.ts) goes on on the
// next reel, on the other unit of its pair (rote.sap KRNX: tapes 1 7, 2 8, 5 9): each reel but the last ends with the
// trailer 0, BCD "MEMCON", its own boards, records, the merge number, its reel number, and a tape
// mark; the last reel's MEMEND trailer counts the whole memory. The reels together are one sorted
// file (memorySet.ts keeps them as a set).

import { existsSync } from 'node:fs';
import { readTapeFile, recordToWords, type TapeEntry } from '../../devices/tapeImage.ts';
import { asciiToWords } from '../../devices/codes.ts';
import { TapeUnit } from '../../devices/tape.ts';
import { tapeKind } from '../../host/tapeKind.ts';
import { attachTapeSet, commitChoice, type Choice, type TapeSet, type TapeSwap } from '../../host/tapePair.ts';
import { checkTapeKind } from '../../host/tapeKind.ts';
import { attachMemorySet, isMemorySet, readManifest, readMemorySet, REEL_CHAINS, type MemoryIo } from './memorySet.ts';
import type { ReelChange } from './reelOperator.ts';
import type { Position } from '../notation/board.ts';

const SIGN = 2 ** 35;
const MEMEND = asciiToWords('MEMEND')[0]!; // BCD "MEMEND"
const MEMCON = asciiToWords('MEMCON')[0]!; // BCD "MEMCON": the memory goes on on the next reel

export interface MemoryKey {
  /** Learnt in a give-away game (*GIVEAWAY ON): the key's top field, so these records come last. */
  giveaway: boolean;
  /** Pieces on the board. */
  pieces: number;
  /** 0 even, 1 the side to move ahead, 2 behind. */
  advantage: number;
  kings: boolean;
  /** Odd number of pieces in the move system (squares 1-4, 9-12, 17-20, 25-28). */
  opposition: boolean;
  /** Sum of rows (0-7) of all pieces. */
  rowMoment: number;
  /** Sum of (row + column - 1) / 2 of all pieces. */
  diagonalMoment: number;
}

export interface MemoryBoard {
  /** Standard form: Black (the side to move) pieces, White pieces, kings (0 if none). */
  w1: number;
  w2: number;
  w3: number;
  /** Score for the side to move (64 times the polynomial; |score| > 2^30 - 64 is a sure win/loss). */
  score: number;
  age: number;
  ply: number;
}

export interface MemoryRecord {
  key: number;
  fields: MemoryKey;
  wordsPerBoard: number;
  boards: MemoryBoard[];
}

/** One reel of a memory: what its records hold, as `tape info` shows it per reel. */
export interface ReelSummary {
  boards: number;
  records: number;
  /** Words of its records (keys and boards; not the trailer). */
  words: number;
}

export interface MemoryTape {
  records: MemoryRecord[];
  /** The last reel's MEMEND trailer: the whole memory's boards and records, and the merge. */
  trailer: { boards: number; records: number; merge: number } | null;
  /** Every reel's trailer present and agreeing, each followed by a tape mark, the keys ascending throughout. */
  complete: boolean;
  problems: string[];
  reels: ReelSummary[];
}

/** A board's words before its score word in the record of `key`: 3 with kings (the key's kings bit), else 2. */
export const wordsPerBoard = (key: number): number => (Math.floor(key / 2 ** 21) % 2 === 1 ? 3 : 2);

export const signedWord = (w: number): number => (w >= SIGN ? -(w - SIGN) : w);

/** Samuel's 2^30 win (search.sap VWIN): a magnitude above SURE_SCORE = VWIN - 64 is a sure win or loss (game.sap GSURE). */
export const VWIN = 2 ** 30;
export const SURE_SCORE = VWIN - 64;
const M_WIN = 2 ** 20 - 64;

/** Bits 9, 18 and 27 of a board word (no squares: rote.sap KFOLD) as 0-7 (bit 27 its 1), and the word without them. */
export function freeBits(w: number): [number, number] {
  const b = (bit: number): number => Math.floor(w / 2 ** (35 - bit)) % 2;
  const v = b(27) + 2 * b(18) + 4 * b(9);
  return [w - b(27) * 2 ** 8 - b(18) * 2 ** 17 - b(9) * 2 ** 26, v];
}

/** The score, ply and the age's low 8 bits of a board's packed word P (rote.sap KPACK/KUNPK). */
export function unpackScore(p: number): { score: number; age: number; ply: number } {
  const negative = p >= SIGN;
  const mag = p % SIGN;
  const m = Math.floor(mag / 2 ** 15);
  const abs = m >= M_WIN ? m + VWIN - 2 ** 20 : m;
  return { score: negative ? -abs : abs, age: Math.floor(mag / 2 ** 7) % 256, ply: mag % 128 };
}

export function decodeKey(key: number): MemoryKey {
  const diagonalMoment = key % 1024;
  const rowMoment = Math.floor(key / 1024) % 1024;
  const rest = Math.floor(key / 2 ** 20);
  return {
    giveaway: Math.floor(rest / 512) % 2 === 1,
    opposition: rest % 2 === 1,
    kings: Math.floor(rest / 2) % 2 === 1,
    advantage: Math.floor(rest / 4) % 4,
    pieces: 25 - (Math.floor(rest / 16) % 32),
    rowMoment,
    diagonalMoment,
  };
}

interface ReelTrailer { boards: number; records: number; merge: number; reel: number; continued: boolean }

/** One reel's records and trailer (MEMEND or MEMCON), its problems prefixed with `name`. */
function decodeReel(entries: readonly TapeEntry[], name: string) {
  const records: MemoryRecord[] = [];
  const problems: string[] = [];
  let trailer: ReelTrailer | null = null;
  let words = 0;
  let i = 0;
  for (; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.kind === 'mark') break;
    const w = recordToWords(e, 'binary');
    if (w.length < 2) { problems.push(`${name}record ${i + 1}: ${w.length} words`); continue; }
    if (w[0] === 0) {
      if ((w[1] !== MEMEND && w[1] !== MEMCON) || w.length < 5) problems.push(`${name}record ${i + 1}: a zero key but no MEMEND trailer`);
      else trailer = { boards: w[2]!, records: w[3]!, merge: w[4]!, reel: w[5] ?? 1, continued: w[1] === MEMCON };
      i++;
      break;
    }
    words += w.length;
    const L = wordsPerBoard(w[0]!);
    const per = L + 1;
    const n = Math.floor((w.length - 1) / per);
    if ((w.length - 1) % per !== 0 || n === 0) problems.push(`${name}record ${i + 1}: ${w.length} words, not the key and boards of ${per} words`);
    const boards: MemoryBoard[] = [];
    for (let b = 0; b < n; b++) {
      const o = 1 + b * per;
      const [w1, h1] = freeBits(w[o]!);
      const [w2, h2] = freeBits(w[o + 1]!);
      const p = unpackScore(w[o + L]!);
      boards.push({ w1, w2, w3: L === 3 ? w[o + 2]! : 0, ...p, age: p.age + 256 * (h1 + 8 * h2) });
    }
    records.push({ key: w[0]!, fields: decodeKey(w[0]!), wordsPerBoard: L, boards });
  }
  const summary = { boards: records.reduce((s, r) => s + r.boards.length, 0), records: records.length, words };
  return { records, trailer, markFollows: entries[i]?.kind === 'mark', problems, summary };
}

/**
 * Decode a memory from its reels in order (one reel: a memory tape's entries, as TapeUnit.entries
 * or readTapeFile give them). Each reel but the last must end with MEMCON and its own counts, the
 * last with MEMEND and the whole memory's, all of one merge, numbered 1, 2, ... in order.
 */
export function decodeMemorySet(reels: readonly (readonly TapeEntry[])[]): MemoryTape {
  const records: MemoryRecord[] = [];
  const problems: string[] = [];
  const summaries: ReelSummary[] = [];
  let trailer: MemoryTape['trailer'] = null;
  let merge: number | undefined;
  let whole = true;
  for (let r = 0; r < reels.length; r++) {
    const entries = reels[r]!;
    const name = reels.length > 1 ? `reel ${r + 1}: ` : '';
    const reel = decodeReel(entries, name);
    for (const x of reel.records) records.push(x); // not push(...): a reel's records may outnumber the stack's arguments
    for (const x of reel.problems) problems.push(x);
    summaries.push(reel.summary);
    const t = reel.trailer;
    const last = r === reels.length - 1;
    if (t === null) { whole = false; continue; }
    trailer = { boards: t.boards, records: t.records, merge: t.merge };
    if (!reel.markFollows) whole = false;
    if (t.reel !== r + 1) problems.push(`${name}its trailer says reel ${t.reel}`);
    if (t.continued !== !last) problems.push(last ? `${name}the memory goes on on another reel (MEMCON): give every reel of it` : `${name}the memory ends here (MEMEND), but more reels follow`);
    merge ??= t.merge;
    if (t.merge !== merge) problems.push(`${name}merge ${t.merge}, reel 1's is ${merge}`);
    if (t.continued && (t.boards !== reel.summary.boards || t.records !== reel.summary.records)) problems.push(`${name}trailer says ${t.boards} boards in ${t.records} records, the reel has ${reel.summary.boards} in ${reel.summary.records}`);
  }
  const total = records.reduce((s, r) => s + r.boards.length, 0);
  if (trailer && (trailer.boards !== total || trailer.records !== records.length)) problems.push(`trailer says ${trailer.boards} boards in ${trailer.records} records, the ${reels.length > 1 ? 'reels have' : 'tape has'} ${total} in ${records.length}`);
  for (let r = 1; r < records.length; r++) if (records[r]!.key <= records[r - 1]!.key) problems.push(`record ${r + 1}: keys out of order`);
  return { records, trailer, complete: whole && trailer !== null && problems.length === 0, problems, reels: summaries };
}

/** Decode a one-reel memory tape's entries (as TapeUnit.entries or readTapeFile give them). */
export const decodeMemoryTape = (entries: readonly TapeEntry[]): MemoryTape => decodeMemorySet([entries]);

export const readMemoryTape = (path: string): MemoryTape => decodeMemoryTape(readTapeFile(path));

/** A memory, a one-reel tape image or a set of reels (memorySet.ts), decoded. */
export const readMemory = (path: string): MemoryTape => (isMemorySet(path) ? readMemorySet(path) : readMemoryTape(path));

/** Refuse what is not a memory (a tape of another kind, a folder without a manifest) before the 704 is booted or anything written. */
export function checkMemory(path: string): void {
  if (isMemorySet(path)) readManifest(path);
  else checkTapeKind(path, MEMORY_TAPE);
}

/** A memory tape: records, the MEMEND trailer whose counts agree, a tape mark. */
export const MEMORY_TAPE = tapeKind('memory tape', (entries) => {
  const tape = decodeMemoryTape(entries);
  return tape.complete ? [] : tape.problems.length ? tape.problems : ['no MEMEND trailer followed by a tape mark'];
});

/** The printer line KMERGE prints once a new tape is complete: merge n, boards, records, the unit written. */
export const MERGE_COMPLETE = /^ROTE MERGE (\d+) COMPLETE - BOARDS (\d+) RECORDS (\d+) ON TAPE (\d+)/m;

/** The program's merges alternate between these two scratch units (tapes 3 and 4 are learning's). */
export const SCRATCH_UNITS = [2, 5] as const;

/** The images of the scratch units 2 and 5: `newPath` and `newPath.5`. */
export const scratchPaths = (newPath: string): [string, string] => [newPath, `${newPath}.5`];

/**
 * After a run: the new memory tape to put in place of the old one. With `printerText`, the tape the
 * last `ROTE MERGE n COMPLETE ... ON TAPE k` line names, and its image must decode as a complete
 * memory tape of merge n. Without it (a run that died before its swap), the complete scratch image
 * with the highest merge number.
 */
export function chooseNewMemoryTape(newPath: string, printerText?: string): Choice {
  const paths = scratchPaths(newPath);
  const complete = (path: string): MemoryTape | null => {
    if (!existsSync(path)) return null;
    const tape = readMemoryTape(path);
    return tape.complete ? tape : null;
  };
  let chosen: { path: string; tape: MemoryTape } | null = null;
  if (printerText !== undefined) {
    const last = [...printerText.matchAll(new RegExp(MERGE_COMPLETE.source, 'gm'))].pop();
    if (!last) return { path: null, reason: 'no completed merge reported' };
    const unit = Number(last[4]);
    const path = paths[SCRATCH_UNITS.indexOf(unit as 2 | 5)];
    if (path === undefined) return { path: null, reason: `merge reported on tape ${unit}, not a scratch tape` };
    if (!existsSync(path)) return { path: null, reason: `${path} does not exist` };
    const tape = readMemoryTape(path);
    if (!tape.complete) return { path: null, reason: `${path} is not a complete memory tape${tape.problems.length ? `: ${tape.problems[0]}` : ''}` };
    if (tape.trailer!.merge !== Number(last[1])) return { path: null, reason: `${path} holds merge ${tape.trailer!.merge}, the printer says ${last[1]}` };
    chosen = { path, tape };
  } else {
    for (const path of paths) {
      const tape = complete(path);
      if (tape && (!chosen || tape.trailer!.merge > chosen.tape.trailer!.merge)) chosen = { path, tape };
    }
    if (!chosen) return { path: null, reason: `no complete memory tape at ${paths.join(' or ')}` };
  }
  const t = chosen.tape.trailer!;
  return { path: chosen.path, reason: `${t.boards} boards in ${t.records} records (merge ${t.merge})` };
}

/**
 * Put the chosen new memory tape in place (`chooseNewMemoryTape`): one rename, atomic on a POSIX
 * file system, so at any moment either the old tape or a complete new one is at `memoryPath`. The
 * other scratch image is then removed, so no older complete tape is left to be put in place later.
 */
export const installNewMemoryTape = (memoryPath: string, newPath: string, printerText?: string): TapeSwap =>
  commitChoice(memoryPath, scratchPaths(newPath), chooseNewMemoryTape(newPath, printerText), MEMORY_TAPE);

const squaresOf = (w: number): number[] => {
  const out: number[] = [];
  for (let s = 1; s <= 32; s++) if (Math.floor(w / 2 ** (35 - (s + Math.floor((s - 1) / 8)))) % 2 === 1) out.push(s);
  return out;
};

/** A board as a PDN-like FEN (standard form: Black to move). */
export function boardFen(b: Pick<MemoryBoard, 'w1' | 'w2' | 'w3'>): string {
  const kings = new Set(squaresOf(b.w3));
  const list = (w: number): string => squaresOf(w).map((s) => (kings.has(s) ? `K${s}` : `${s}`)).join(',');
  return `B:W${list(b.w2)}:B${list(b.w1)}`;
}

/**
 * A position as the memory stores it, in boardFen's form: the side to move as Black; a position
 * with White to move turned (square s to 33 - s) and its colours exchanged (the host's reading of
 * the standard form, checked against boards of the program's own games).
 */
export function standardFen(p: Position): string {
  const turn = p.toMove === 'white';
  const list = (side: 'b' | 'w'): string => {
    const out: [number, boolean][] = [];
    p.squares.forEach((q, s) => { if (q && q.toLowerCase() === side) out.push([turn ? 33 - s : s, q !== q.toLowerCase()]); });
    return out.sort((a, b) => a[0] - b[0]).map(([s, k]) => (k ? `K${s}` : `${s}`)).join(',');
  };
  const [mover, other] = turn ? (['w', 'b'] as const) : (['b', 'w'] as const);
  return `B:W${list(other)}:B${list(mover)}`;
}

/**
 * Rote learning's tapes: the memory tape (`memoryPath`) on tape 1, read only (a missing file is an
 * empty memory), and the scratch tapes 2 and 5 (`scratchPaths(newPath)`) the merges write in turn.
 * A file that is not a memory tape is refused (TapeKindError). A complete new tape left by an
 * earlier run that died before its swap is put in place first if `accept` takes it (tapePair.ts).
 */
export function attachMemoryTapes(
  io: MemoryIo, memoryPath: string, newPath = `${memoryPath}.new`, accept?: (digest: string) => boolean,
): TapeSet & { reelChanges?: ReelChange[] } {
  if (isMemorySet(memoryPath)) return attachMemorySet(io, memoryPath, accept);
  const set = attachTapeSet(io, memoryPath, {
    unit: 1,
    scratch: SCRATCH_UNITS.map((unit, i) => ({ unit, path: scratchPaths(newPath)[i]! })),
    choose: (printerText) => chooseNewMemoryTape(newPath, printerText),
    kind: MEMORY_TAPE,
    capacityFrames: ONE_REEL_IMAGE,
  }, accept);
  mountSecondReels(io);
  return set;
}

/**
 * A memory tape image (a file) is one reel of any length, as before reels had a length: the 704
 * never sees its end of tape, so a memory kept in one file grows without bound (the million-board
 * growth does). Reels of the 727's length are a memory set's (memorySet.ts, its manifest's
 * reelFeet): a million boards need about ten, more than the program's chains have units.
 */
export const ONE_REEL_IMAGE = Number.POSITIVE_INFINITY;

/**
 * The second units of the pairs a merge goes on to when a reel fills (rote.sap KRNX: 7 with 1, 8 with 2, 9 with 5),
 * blank and in core beside a one-reel image: the program selects only units that are attached.
 */
export function mountSecondReels(io: { attachTape(n: number, drive: TapeUnit): void }): void {
  for (const chain of Object.values(REEL_CHAINS)) for (const unit of chain.slice(1)) {
    const d = new TapeUnit(unit);
    d.mount([], { readOnly: unit === REEL_CHAINS[1][1] });
    io.attachTape(unit, d);
  }
}
