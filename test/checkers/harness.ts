// Test harness for the checkers routines: assemble asm/checkers/*.sap with the project's
// assembler, load the image into a Machine, and call one routine the 704 way (call704.ts: a
// `TSX ROUTINE,4` at a stub in free core, returning through XR4), then read the registers, core
// and the emulated time.
//
// Also the translation between the reference generator's positions and the 704's ply records
// (board.sap): square s is bit s + floor((s-1)/8), whose value in a word is 2^(35-bit).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble } from '../../src/asm/assembler.ts';
import { Core704, SIGN, type CoreImage } from './call704.ts';
import {
  BLACK_KING, BLACK_MAN, EMPTY, WHITE_KING, WHITE_MAN, emptyPosition, toFen, type Piece, type Position,
} from './reference.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ASM_DIR = join(HERE, '..', '..', 'asm', 'checkers');

/** The files of this part of the program, in assembly order. */
export const SOURCES = ['board.sap', 'bitcount.sap', 'moves.sap', 'makemove.sap', 'perft.sap'];
/** Where the program is assembled (decimal 64 = octal 100, above the bootstrap words). */
export const ORIGIN = 64;

export { SIGN };
const P36 = 2 ** 36;

export interface Program {
  /** Address -> word. */
  image: Map<number, number>;
  symbols: Map<string, number>;
  listing: string;
}

const assembled = new Map<string, Program>();

/** Assemble these checkers files in order at ORIGIN, once per list; throws with the diagnostics on error. */
export function assembleParts(files: readonly string[]): Program {
  const key = files.join(' ');
  const known = assembled.get(key);
  if (known) return known;
  const r = assemble([
    { name: 'origin.sap', text: `       ORG ${ORIGIN}\n` },
    ...files.map((name) => ({ name, text: readFileSync(join(ASM_DIR, name), 'utf8') })),
    { name: 'end.sap', text: '       END -\n' },
  ]);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`assembly failed:\n${errors.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}\n  ${d.text}`).join('\n')}`);
  }
  const prog = { image: r.image, symbols: r.symbols, listing: r.listing };
  assembled.set(key, prog);
  return prog;
}

/** The part-1 files (board, moves, make move, bit count, perft). */
export const program = (): Program => assembleParts(SOURCES);

/** Per ply record (board.sap). */
export const PLYK = 16;
export const F = {
  FA: 0, BA: 1, FP: 2, BP: 3, EMPTY: 4, JMP: 5, RB: 6, LB: 7, LF: 8, RF: 9, ONLY: 10, SIDE: 11, DEP: 12,
} as const;
export type Field = keyof typeof F;

export interface Record4 {
  FA: number;
  BA: number;
  FP: number;
  BP: number;
  /** +0 Black to move, -0 (the sign bit) White to move. */
  SIDE: number;
  ONLY?: number;
}

/** A program's core image in a machine, with its ply records (board.sap) at hand; part 1 unless told. */
export class Checkers704 extends Core704 {
  constructor(prog: CoreImage = program()) {
    super(prog);
  }

  /** Address of a field of ply record p (record p starts at STK-16p). */
  addr(p: number, f: Field): number {
    return this.sym('STK') + F[f] - PLYK * p;
  }

  get(p: number, f: Field): number {
    return this.m.cpu.mem[this.addr(p, f)]!;
  }

  set(p: number, f: Field, v: number): void {
    this.m.cpu.mem[this.addr(p, f)] = v;
  }

  setPosition(p: number, pos: Position): void {
    const r = toRecord(pos);
    this.set(p, 'FA', r.FA);
    this.set(p, 'BA', r.BA);
    this.set(p, 'FP', r.FP);
    this.set(p, 'BP', r.BP);
    this.set(p, 'SIDE', r.SIDE);
    this.set(p, 'ONLY', 0);
  }

  record(p: number): Record4 {
    return { FA: this.get(p, 'FA'), BA: this.get(p, 'BA'), FP: this.get(p, 'FP'), BP: this.get(p, 'BP'), SIDE: this.get(p, 'SIDE'), ONLY: this.get(p, 'ONLY') };
  }
}

// ---- squares and words

/** 704 bit number of standard square s (samuel-program.md §1). */
export const bitNumber = (s: number): number => s + Math.floor((s - 1) / 8);
/** The word with only square s. */
export const squareBit = (s: number): number => 2 ** (35 - bitNumber(s));

/** Squares present in a word, ascending; throws on a one outside the 32 squares. */
export function squaresOf(w: number): number[] {
  if (w < 0 || w >= P36 || !Number.isInteger(w)) throw new Error(`not a word: ${w}`);
  const out: number[] = [];
  let rest = w;
  for (let s = 1; s <= 32; s++) {
    const b = squareBit(s);
    if (Math.floor(rest / b) % 2 === 1) {
      out.push(s);
      rest -= b;
    }
  }
  if (rest !== 0) throw new Error(`word ${w.toString(8)} has ones off the board (${rest.toString(8)})`);
  return out;
}

export const wordOf = (squares: Iterable<number>): number => {
  let w = 0;
  for (const s of new Set(squares)) w += squareBit(s);
  return w;
};

/** A reference position as the four board words of the side to move (board.sap). */
export function toRecord(pos: Position): Record4 {
  const all = (a: Piece, b: Piece): number[] => [...Array(33).keys()].filter((s) => s > 0 && (pos.squares[s] === a || pos.squares[s] === b));
  const black = wordOf(all(BLACK_MAN, BLACK_KING));
  const blackKings = wordOf(all(BLACK_KING, BLACK_KING));
  const white = wordOf(all(WHITE_MAN, WHITE_KING));
  const whiteKings = wordOf(all(WHITE_KING, WHITE_KING));
  return pos.blackToMove
    ? { FA: black, BA: blackKings, FP: whiteKings, BP: white, SIDE: 0 }
    : { FA: whiteKings, BA: white, FP: black, BP: blackKings, SIDE: SIGN };
}

/** Read four board words back as a position; throws if they are not a consistent board. */
export function fromRecord(r: Record4): Position {
  const blackToMove = r.SIDE < SIGN;
  const [fa, ba, fp, bp] = [r.FA, r.BA, r.FP, r.BP].map((w) => new Set(squaresOf(w)));
  // Black always moves forward (FA or FP), White backward (BA or BP).
  const blackF = blackToMove ? fa! : fp!;
  const blackB = blackToMove ? ba! : bp!;
  const whiteB = blackToMove ? bp! : ba!;
  const whiteF = blackToMove ? fp! : fa!;
  const pos = emptyPosition(blackToMove);
  for (const s of blackB) if (!blackF.has(s)) throw new Error(`square ${s}: a Black piece that only moves backward`);
  for (const s of whiteF) if (!whiteB.has(s)) throw new Error(`square ${s}: a White piece that only moves forward`);
  for (const s of blackF) pos.squares[s] = blackB.has(s) ? BLACK_KING : BLACK_MAN;
  for (const s of whiteB) {
    if (pos.squares[s] !== EMPTY) throw new Error(`square ${s} holds both colours`);
    pos.squares[s] = whiteF.has(s) ? WHITE_KING : WHITE_MAN;
  }
  return pos;
}

export const directionName = ['', 'RF', 'LF', 'LB', 'RB', 'RF jump', 'LF jump', 'LB jump', 'RB jump'];
/** Bit-number step of each MAKMOV code (board.sap: RF +4, LF +5, LB -4, RB -5). */
export const directionStep = [0, 4, 5, -4, -5, 4, 5, -4, -5];

// ---- driving the move routines from the host, one 704 call at a time

export interface Expanded {
  /** FEN of the position after the complete move (the other side to move). */
  fen: string;
  /** Single steps the move took: 1 for a move or a single jump, n for an n-jump chain. */
  steps: number;
  /** Bit-number step of the first part of the move, and its origin square. */
  origin: number;
  code: number;
}

export interface CallStats {
  movgen: number[];
  nxtmov: number[];
  makmov: { code: number; cycles: number; continued: boolean }[];
}

/**
 * Every complete move of the position in ply record `p`, found by the 704: MOVGEN, then NXTMOV
 * and MAKMOV until NXTMOV says no move is left; when MAKMOV says the same piece jumps again, the
 * same is done at the child (the multi-jump continues there). Cycle counts go to `stats`.
 */
export function expand704(c: Checkers704, p = 0, stats?: CallStats): Expanded[] {
  const out: Expanded[] = [];
  const walk = (ply: number, steps: number, first: { origin: number; code: number } | null): void => {
    const g = c.call('MOVGEN', { xr1: PLYK * ply });
    stats?.movgen.push(g.cycles);
    for (;;) {
      const n = c.call('NXTMOV', { xr1: PLYK * ply });
      stats?.nxtmov.push(n.cycles);
      if (n.acMag === 0) break;
      if (n.xr1 !== PLYK * ply) throw new Error('NXTMOV changed XR1');
      const mk = c.call('MAKMOV', { xr1: PLYK * ply, ac: n.ac, xr2: n.xr2 });
      if (mk.xr1 !== PLYK * ply) throw new Error('MAKMOV changed XR1');
      stats?.makmov.push({ code: n.xr2, cycles: mk.cycles, continued: mk.acMag !== 0 });
      const f = first ?? { origin: squaresOf(n.ac)[0]!, code: n.xr2 };
      if (mk.ac !== 0) walk(ply + 1, steps + 1, f);
      else out.push({ fen: toFen(fromRecord(c.record(ply + 1))), steps: steps + 1, ...f });
    }
  };
  walk(p, 0, null);
  return out;
}
