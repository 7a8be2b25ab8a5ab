// Perfect reading: what the memory could give (docs/checkers-rote.md, "Perfect reading: what the
// memory could give"). Samuel put his factor of 20 on "the frequency with which the saved boards are
// utilized during normal play (these figures being tabulated automatically)". This file measures
// that frequency with the reading of the tape taken out of the question:
// * traceRun: the 704 program plays (a game, or one move from each of many positions) with rote
//   learning on, and a trace on the CPU (cpu.tracer, the debugger's hook) notes each board KLOOK
//   looks up - at its entry when SPLY is the minimum ply VPMIN (KLOOK's own test), the ply record's
//   four board words read from core - and each search's start (KPRE's entry with KON set). The host
//   reads core; it generates and scores no move.
// * MemoryIndex: a memory (a tape image or a set of reels) read word for word, each board by its
//   standard form (boardFen), with its record's key and its words as stored (score, ply, age).
// * perMoveMemory: a small memory tape of exactly the boards of one move's look-ups that a memory
//   holds, their words copied unchanged, in key order - a tape as the 704 would have written it.
// * oneMove: the 704 makes one move from a position (*SELF with the move limit GMAXM 1, as the
//   kings' passes do) with such a memory read whole before the search (KRPM = KPDEP = 1000: it
//   fits the pool), so every board it holds is in core: a perfectly read memory.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckersSession, type Event, type RoteSearch } from '../program/session.ts';
import { checkersSymbol } from '../program/deck.ts';
import { setupCards } from '../notation/pdn.ts';
import { applyPath, colOf, parseFen, piecesOf, rowOf, squareAt, toFen, type Piece, type Position } from '../notation/board.ts';
import { readTapeFile, recordToWords, TAPE_MARK, wordsToRecord, writeTapeFile, type TapeEntry } from '../../devices/tapeImage.ts';
import { asciiToWords } from '../../devices/codes.ts';
import { isMemorySet, readManifest, mountMemoryReadOnly } from './memorySet.ts';
import { boardFen, freeBits, standardFen, wordsPerBoard } from './memoryTape.ts';

const SIGN = 2 ** 35;
const MEMEND = asciiToWords('MEMEND')[0]!;

/** The squares of a board word (board.sap: square s is bit s + (s-1)/8). */
const squaresOf = (w: number): number[] => {
  const out: number[] = [];
  for (let s = 1; s <= 32; s++) if (Math.floor(w / 2 ** (35 - (s + Math.floor((s - 1) / 8)))) % 2 === 1) out.push(s);
  return out;
};

/**
 * The position of four board words and the side word (board.sap: Black to move FA all Black, BA
 * Black's kings, FP White's kings, BP all White; White to move FA White's kings, BA all White, FP
 * all Black, BP Black's kings).
 */
export function positionOfWords(fa: number, ba: number, fp: number, bp: number, side: number): Position {
  const blackToMove = side < SIGN;
  const [black, blackKings, white, whiteKings] = blackToMove ? [fa, ba, bp, fp] : [fp, bp, ba, fa];
  const squares: Piece[] = new Array<Piece>(33).fill(null);
  const bk = new Set(squaresOf(blackKings));
  const wk = new Set(squaresOf(whiteKings));
  for (const s of squaresOf(black)) squares[s] = bk.has(s) ? 'B' : 'b';
  for (const s of squaresOf(white)) squares[s] = wk.has(s) ? 'W' : 'w';
  return { squares, toMove: blackToMove ? 'black' : 'white' };
}

/** The four symmetries of the dark squares (identity, half turn, the two diagonal reflections). */
const IMAGES: ((r: number, c: number) => [number, number])[] = [(r, c) => [r, c], (r, c) => [7 - r, 7 - c], (r, c) => [c, r], (r, c) => [7 - c, 7 - r]];

/**
 * The forms under which the memory may hold a looked-up position: its standard form (standardFen);
 * for a position of kings only the program stores the least of four images (rote.sap KSTD), so all
 * four images of the standard form are candidates.
 */
export function lookupForms(p: Position): string[] {
  const fen = standardFen(p);
  if (p.squares.some((q) => q === 'b' || q === 'w')) return [fen];
  const std = parseFen(fen);
  return IMAGES.map((f) => {
    const squares: Piece[] = new Array<Piece>(33).fill(null);
    std.squares.forEach((q, s) => { if (q && s > 0) squares[squareAt(...f(rowOf(s), colOf(s)))] = q; });
    return standardFen({ squares, toMove: 'black' });
  });
}

/** One search of the program: the position it moved from, the boards it looked up (standard forms), and what it played. */
export interface TracedSearch {
  fen: string;
  pieces: number;
  /** Each look-up's board in its standard form (all-king boards: the candidate forms joined by '|'). */
  lookups: string[];
  /** The move played (path), its score and ply as printed, the rote line's look-ups, hits and saved ply. */
  path: number[];
  score: number;
  depth: number;
  hits: number;
  savedPly: number;
}

/**
 * The trace on a session's CPU: a list a search (from KPRE's entry with KON set), each look-up's
 * board (KLOOK's entry with SPLY = VPMIN: KLOOK's own test) in its standard form. Entries and data
 * words only, no label inside the routines. `stop` takes the trace off.
 */
export function traceLookups(session: CheckersSession): { searches: string[][]; stop(): void } {
  const [KLOOK, KPRE, KON, SPLY, VPMIN, FA, BA, FP, BP, SIDE] = ['KLOOK', 'KPRE', 'KON', 'SPLY', 'VPMIN', 'FA', 'BA', 'FP', 'BP', 'SIDE'].map(checkersSymbol) as number[] as [number, number, number, number, number, number, number, number, number, number];
  const cpu = session.machine.cpu;
  const mem = cpu.mem;
  const mask = cpu.addrMask;
  const searches: string[][] = [];
  cpu.tracer = (loc) => {
    if (loc === KPRE && mem[KON] !== 0) searches.push([]);
    else if (loc === KLOOK && mem[SPLY] === mem[VPMIN]) {
      const x = cpu.xr1;
      const w = (a: number): number => mem[(a - x) & mask]!;
      searches.at(-1)?.push(lookupForms(positionOfWords(w(FA), w(BA), w(FP), w(BP), w(SIDE))).join('|'));
    }
  };
  cpu.updateDebug();
  return { searches, stop: () => { cpu.tracer = null; cpu.updateDebug(); } };
}

/**
 * One 704 run of `cards` with rote learning on `memory` (read only; none: an empty memory), `words`
 * set at the console, each program search traced: the boards KLOOK looks up, by search. The host
 * only reads core at two addresses of the program; every move is the 704's.
 */
export async function traceRun(cards: string[], words: Record<string, number>, memory: string | null, start: Position[], onEvent?: (e: Event) => void): Promise<TracedSearch[]> {
  const dir = memory ? null : mkdtempSync(join(tmpdir(), 'perfect-'));
  try {
    const tape = memory ?? join(dir!, 'empty.tap');
    if (!memory) writeTapeFile(tape, memoryEntries([], 0));
    const session = new CheckersSession([], false);
    await session.run();
    session.setDataWords(words);
    mountMemoryReadOnly(session.machine.io, tape);
    session.feed('*ROTE ON', ...cards, '*END');
    session.setEndOfFile(true);
    const trace = traceLookups(session);
    const searches = trace.searches;
    const out: TracedSearch[] = [];
    let position: Position | null = null;
    let starts = 0;
    let pending: RoteSearch | null = null;
    const r = await session.run((e) => {
      onEvent?.(e);
      if (e.kind === 'game') position = start[starts++] ?? null;
      if (e.kind === 'rote' && e.search) pending = e.search;
      if (e.kind === 'move') {
        if (e.by === 'program' && position) {
          const p = pending as RoteSearch | null;
          const lookups = searches[out.length] ?? [];
          if (p && p.lookups !== lookups.length) throw new Error(`search ${out.length + 1}: the program counted ${p.lookups} look-ups, the trace ${lookups.length}`);
          out.push({ fen: toFen(position), pieces: piecesOf(position), lookups, path: e.path, score: e.score, depth: e.depth, hits: p?.hits ?? 0, savedPly: p?.ply ?? e.depth });
        }
        pending = null;
        if (position) position = applyPath(position, e.path);
      }
    });
    trace.stop();
    if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
    return out;
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One move by the program from each of `fens` in one 704 run (*SELF with GMAXM 1), rote learning
 * on an empty memory that reads nothing (KRPM 0), so no search meets a board another saved: each
 * move as from a memory that holds nothing, its look-ups traced.
 */
export const traceMoves = (fens: string[]): Promise<TracedSearch[]> =>
  traceRun(fens.flatMap((f) => [...setupCards(f), '*SELF']), forwardReading({ GMAXM: 1, KRPM: 0 }), null, fens.map((f) => parseFen(f)));

/** A stored board: its record's key and its words as on the tape (W1 W2 [W3] P, the age's high bits in W1/W2). */
export interface StoredBoard { key: number; words: number[] }

/** A memory's boards by standard form (boardFen), read word for word from its reel(s). */
export class MemoryIndex {
  readonly boards = new Map<string, StoredBoard>();
  merge = 0;
  constructor(readonly path: string) {
    const reels = isMemorySet(path) ? readManifest(path).reels.map((r) => join(path, r)) : [path];
    for (const reel of reels) {
      for (const e of readTapeFile(reel)) {
        if (e.kind === 'mark') break;
        const w = recordToWords(e, 'binary');
        if (w[0] === 0) { this.merge = w[4] ?? 0; break; }
        const L = wordsPerBoard(w[0]!);
        for (let o = 1; o + L <= w.length - 1; o += L + 1) {
          const words = w.slice(o, o + L + 1);
          const fen = boardFen({ w1: freeBits(words[0]!)[0], w2: freeBits(words[1]!)[0], w3: L === 3 ? words[2]! : 0 });
          this.boards.set(fen, { key: w[0]!, words });
        }
      }
    }
  }

  get size(): number { return this.boards.size; }

  /** The stored board of a look-up (its forms joined by '|'), or undefined. */
  find(lookup: string): StoredBoard | undefined {
    for (const f of lookup.split('|')) {
      const b = this.boards.get(f);
      if (b) return b;
    }
    return undefined;
  }
}

/** A memory tape's entries: records (key, then boards' words) in key order, the MEMEND trailer, a tape mark. */
export function memoryEntries(boards: readonly StoredBoard[], merge: number): TapeEntry[] {
  const byKey = new Map<number, number[][]>();
  for (const b of boards) {
    const list = byKey.get(b.key) ?? [];
    if (!list.some((x) => x.every((v, i) => v === b.words[i]))) list.push(b.words);
    byKey.set(b.key, list);
  }
  const keys = [...byKey.keys()].sort((a, b) => a - b);
  const cmp = (a: number[], b: number[]): number => {
    for (let i = 0; i < 3; i++) {
      const [x, y] = [i < 2 ? freeBits(a[i]!)[0] : a.length > 3 ? a[2]! : 0, i < 2 ? freeBits(b[i]!)[0] : b.length > 3 ? b[2]! : 0];
      if (x !== y) return x - y;
    }
    return 0;
  };
  const records = keys.map((k) => wordsToRecord([k, ...byKey.get(k)!.sort(cmp).flat()], 'binary'));
  const n = keys.reduce((s, k) => s + byKey.get(k)!.length, 0);
  return [...records, wordsToRecord([0, MEMEND, n, keys.length, merge, 1], 'binary'), TAPE_MARK];
}

/** The boards of `lookups` that `index` holds (each once), as a small memory tape at `path`; returns how many. */
export function perMoveMemory(index: MemoryIndex, lookups: readonly string[], path: string): number {
  const held = new Map<string, StoredBoard>();
  for (const l of lookups) {
    const b = index.find(l);
    if (b) held.set(l, b);
  }
  writeTapeFile(path, memoryEntries([...held.values()], index.merge));
  return held.size;
}

/** The forward reading (KRPM records a move, down to N - KPDEP pieces), the band reading off, so KRPM and KPDEP say what is read. */
export const forwardReading = (words: Record<string, number>): Record<string, number> => ({ ...words, KBAND: 0 });

/** Read whole before the search: a small memory fits the pool (KPCAP 800), so every board it holds is in core. */
export const readAll = (): Record<string, number> => forwardReading({ KRPM: 1000, KPDEP: 1000 });

/** The program's one move from `fen` with `memory` read whole (readAll), read only. */
export async function oneMove(fen: string, memory: string): Promise<TracedSearch> {
  const [s] = await traceRun([...setupCards(fen), '*SELF'], { GMAXM: 1, ...readAll() }, memory, [parseFen(fen)]);
  if (!s) throw new Error(`no move from ${fen}`);
  return s;
}

/** The same move: the two paths lead to the same position. */
export const sameMove = (fen: string, a: readonly number[], b: readonly number[]): boolean => {
  const p = parseFen(fen);
  return toFen(applyPath(p, a)) === toFen(applyPath(p, b));
};
