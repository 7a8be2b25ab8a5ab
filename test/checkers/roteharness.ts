// Rote learning tests' helpers: the whole program (main.sap's file list) loaded for calling single
// routines, and an independent TypeScript statement of the standard form and catalogue key that
// asm/checkers/rote.sap computes (docs/checkers-rote.md).

import { TapeUnit } from '../../src/devices/tape.ts';
import type { TapeEntry } from '../../src/devices/tapeImage.ts';
import { boardFen, decodeMemoryTape, type MemoryBoard, type MemoryRecord, type MemoryTape } from '../../src/checkers/rote/memoryTape.ts';
import type { Machine } from '../../src/machine/machine.ts';
import { bootWith, Game704, poke, sym } from './deck.ts';
import { PLYK, squareBit, SIGN } from './harness.ts';
import { BLACK_KING, BLACK_MAN, WHITE_KING, WHITE_MAN, coords, parseFen, randomPosition, squareAt, type Position } from './reference.ts';

export class Rote704 extends Game704 {
  constructor() {
    super();
    this.start();
    this.call('KINIT');
    // no few-pieces shift of the break points (search.sap VFEW): these tests' trees are 3-ply, and
    // the look-up is at the minimum ply whatever it is
    this.poke('VFEW', 0);
    // these routine tests count one unit of age a merge and merge at every game end (KMEVR, the way
    // before Samuel's "until a reasonable number have been accumulated"); the tests of that way say so
    this.poke('KMEVR', 1);
    // these routine tests state the reading forward (KRPM records a move, KBAND 0, the way before the band
    // reading); rote-band.test.ts states the band reading, the deck's default
    this.poke('KBAND', 0);
    // the memory tape (1, blank: an empty memory) and the merges' scratch tapes 2 and 5, in core
    for (const n of [1, 2, 5]) this.mountTape(n, []);
  }

  /** A Rote704 reading `entries` on tape 1, its pool `cap` boards, `perMove` records a move, `depth` fewer pieces read ahead. */
  static reading(entries: TapeEntry[], o: { cap: number; perMove: number; depth: number }): Rote704 {
    const g = new Rote704();
    g.mountTape(1, entries);
    g.poke('KPCAP', o.cap);
    g.poke('KRPM', o.perMove);
    g.poke('KPDEP', o.depth);
    return g;
  }

  /** Mount a tape held in memory on unit n (replacing what was there), of `capacityFrames` before its end-of-tape marker (a full reel by default); the drive for the test to read. */
  mountTape(n: number, entries: TapeEntry[], capacityFrames?: number): TapeUnit {
    const t = new TapeUnit(n, { capacityFrames });
    t.mount(entries);
    this.m.io.attachTape(n, t);
    this.tapes.set(n, t);
    return t;
  }

  readonly tapes = new Map<number, TapeUnit>();

  /** Entry i of the memory in core: KEY W1 W2 W3 SCORE INFO. */
  entry(i: number): { key: number; w1: number; w2: number; w3: number; score: number; age: number; ply: number; dropped: boolean } {
    const a = this.sym('KT0') - 6 * i;
    const m = this.m.cpu.mem;
    const info = m[a + 5]!;
    return { key: m[a]!, w1: m[a + 1]!, w2: m[a + 2]!, w3: m[a + 3]!, score: signed(m[a + 4]!), age: Math.floor((info % SIGN) / 2 ** 18) % 2 ** 15, ply: info % 2 ** 15, dropped: info >= SIGN };
  }

  entries(): ReturnType<Rote704['entry']>[] {
    return Array.from({ length: this.peek('KN') }, (_, i) => this.entry(i));
  }

  /** The game the keys are taken for, as a *GIVEAWAY card leaves it and KPRE sets it before a search (KGSET). */
  game(giveaway: boolean): void {
    this.poke('VGIVE', giveaway ? 1 : 0);
    this.call('KGSET');
  }

  /** KSAVE: ply 0 := pos, saved with score and effective ply. */
  save(pos: Position, score: number, ply: number): void {
    this.setPosition(0, pos);
    this.poke('KSSC', word(score));
    this.poke('KSPL', ply);
    this.call('KSAVE');
  }

  /** KSTD then the binary search on pos at ply 0, in the changes (KFCH) then the pool (KFPL): the entry index, or -1. */
  find(pos: Position): number {
    this.setPosition(0, pos);
    this.call('KSTD', { xr1: 0 });
    if (this.call('KFCH', { returns: 2 }).ret === 2) return this.peek('KPOS');
    return this.call('KFPL', { returns: 2 }).ret === 2 ? this.peek('KPOS') : -1;
  }

  /**
   * KLOOK on pos as a position of ply p at the minimum ply: the saved score, or undefined, and the
   * board it looked up (KPW1-3: the standard form's words, White to move turned round).
   */
  look(pos: Position, p = 3): { score: number | undefined; board: { w1: number; w2: number; w3: number } } {
    this.setPosition(p, pos);
    this.poke('SPLY', this.peek('VPMIN'));
    const r = this.call('KLOOK', { xr1: PLYK * p, returns: 2 });
    if (r.xr1 !== PLYK * p) throw new Error('KLOOK did not keep XR1');
    return { score: r.ret === 2 ? signed(r.acSign * SIGN + r.acMag) : undefined, board: { w1: this.peek('KPW1'), w2: this.peek('KPW2'), w3: this.peek('KPW3') } };
  }

  /** The pool: the tape records in core, entries KCCAP to KCCAP+KPN-1. */
  pool(): ReturnType<Rote704['entry']>[] {
    return Array.from({ length: this.peek('KPN') }, (_, i) => this.entry(this.peek('KCCAP') + i));
  }

  /** The memory tape the program reads now (unit KRU), decoded. */
  memoryTape(): MemoryTape {
    return decodeMemoryTape(this.tapes.get(this.peek('KRU'))!.entries);
  }
}

/**
 * The deck booted with `cards` and stopped where it first reads a control card, to set VFEW 0 as
 * an operator at the console would: no few-pieces shift of the break points (search.sap), so the
 * short sessions of the rote tests, which end in few pieces, stay quick.
 */
export function bootRote(cards: string[]): Machine {
  const m = bootWith(cards, true);
  const at = sym('GCMD');
  m.cpu.breakpoints[at] = 1;
  m.cpu.updateDebug();
  const stop = m.run(100_000_000);
  m.cpu.breakpoints[at] = 0;
  m.cpu.updateDebug();
  if (stop.reason !== 'breakpoint') throw new Error(`the deck did not reach GCMD: ${stop.reason}`);
  poke(m, 'VFEW', 0);
  return m;
}

export const signed = (w: number): number => (w >= SIGN ? -(w - SIGN) : w);
export const word = (v: number): number => (v < 0 ? SIGN - v : v);

const wordOfSet = (s: Iterable<number>): number => [...s].reduce((w, q) => w + squareBit(q), 0);

/** Half turn (s -> 33-s) and the two diagonal reflections, as maps on squares. */
export const ROT = (s: number): number => 33 - s;
export const D1 = (s: number): number => { const { row, col } = coords(s); return squareAt(col, row); };
export const D2 = (s: number): number => { const { row, col } = coords(s); return squareAt(7 - col, 7 - row); };

/** The key's game bit, above Samuel's six fields: set for a board of a give-away game. */
export const GIVEAWAY_KEY = 2 ** 29;

/**
 * The two moments are taken in buckets of 2^row and 2^diagonal (docs/checkers-rote.md, "Catalogue
 * key": the coarsening chosen by the catalogue experiment, rote.sap's KMQ1 and KMQ2).
 */
export const MOMENT_BUCKETS = { row: 0, diagonal: 0 };
const bucket = (m: number, q: number): number => Math.floor(m / 2 ** q) * 2 ** q;

/** The standard form and key, computed from Samuel's description independently of rote.sap; `giveaway` adds the game. */
export function standardForm(pos: Position, giveaway = false): { w1: number; w2: number; w3: number; key: number } {
  let mover: number[] = [];
  let other: number[] = [];
  let kings: number[] = [];
  for (let s = 1; s <= 32; s++) {
    const p = pos.squares[s];
    const black = p === BLACK_MAN || p === BLACK_KING;
    const white = p === WHITE_MAN || p === WHITE_KING;
    if (!black && !white) continue;
    if (p === BLACK_KING || p === WHITE_KING) kings.push(s);
    if (black === pos.blackToMove) mover.push(s); else other.push(s);
  }
  if (!pos.blackToMove) { mover = mover.map(ROT); other = other.map(ROT); kings = kings.map(ROT); }
  let best = [wordOfSet(mover), wordOfSet(other), wordOfSet(kings)];
  if (kings.length === mover.length + other.length) {
    for (const f of [D1, D2, ROT]) {
      const c = [wordOfSet(mover.map(f)), wordOfSet(other.map(f)), wordOfSet(kings.map(f))];
      if (c[0]! < best[0]! || (c[0] === best[0] && (c[1]! < best[1]! || (c[1] === best[1] && c[2]! < best[2]!)))) best = c;
    }
  }
  const sq = (w: number): number[] => { const o: number[] = []; for (let s = 1; s <= 32; s++) if (Math.floor(w / squareBit(s)) % 2 === 1) o.push(s); return o; };
  const m = sq(best[0]!); const o = sq(best[1]!); const all = [...m, ...o];
  const n = all.length;
  const adv = m.length === o.length ? 0 : m.length > o.length ? 1 : 2;
  const system = new Set([1, 2, 3, 4, 9, 10, 11, 12, 17, 18, 19, 20, 25, 26, 27, 28]);
  const opp = all.filter((s) => system.has(s)).length % 2;
  const m1 = all.reduce((t, s) => t + coords(s).row, 0);
  const m2 = all.reduce((t, s) => { const { row, col } = coords(s); return t + (row + col - 1) / 2; }, 0);
  const key = (giveaway ? GIVEAWAY_KEY : 0) + (((((25 - n) * 4 + adv) * 2 + (best[2] ? 1 : 0)) * 2 + opp) * 1024 + bucket(m1, MOMENT_BUCKETS.row)) * 1024 + bucket(m2, MOMENT_BUCKETS.diagonal);
  return { w1: best[0]!, w2: best[1]!, w3: best[2]!, key };
}

/** The same position with colours reversed: turned round, colours exchanged, the other side to move. */
export function reversed(pos: Position): Position {
  const swap = { 0: 0, [BLACK_MAN]: WHITE_MAN, [BLACK_KING]: WHITE_KING, [WHITE_MAN]: BLACK_MAN, [WHITE_KING]: BLACK_KING } as Record<number, number>;
  const squares = pos.squares.map((_, s) => (s === 0 ? 0 : swap[pos.squares[33 - s]!]!)) as Position['squares'];
  return { squares, blackToMove: !pos.blackToMove };
}

/**
 * KFWD's rule stated independently, move by move: records in tape order; a record of the other
 * game is passed over if it comes first (ordinary records in a give-away game), else it waits; of
 * this game, records with more pieces than the board are passed over, N down to N-depth are read
 * (at most perMove a move), fewer wait; a full pool drops its first records.
 */
export class ForwardReader {
  pool: MemoryRecord[] = [];
  passed = 0;
  dropped = 0;
  private next = 0;

  constructor(private readonly records: readonly MemoryRecord[], private readonly o: { cap: number; perMove: number; depth: number; giveaway?: boolean }) {}

  /** The records read before a search of a board with `n` pieces. */
  move(n: number): void {
    const giveaway = this.o.giveaway === true;
    for (let c = 0; c < this.o.perMove && this.next < this.records.length;) {
      const r = this.records[this.next]!;
      if (r.fields.giveaway !== giveaway) {
        if (!giveaway) break;
        this.passed++;
        this.next++;
        continue;
      }
      if (r.fields.pieces > n) { this.passed++; this.next++; continue; }
      if (r.fields.pieces < n - this.o.depth) break;
      while (this.pool.reduce((t, q) => t + q.boards.length, 0) + r.boards.length > this.o.cap) { this.pool = this.pool.slice(1); this.dropped++; }
      this.pool.push(r);
      this.next++;
      c++;
    }
  }
}

/**
 * The band (key/2^10: G N A K O M1) KFWD's band reading takes for a search from `pos`: `pos` with the
 * other side to move, the move O changed, the row moment one lower.
 */
export function band(pos: Position): number {
  const k = standardForm({ squares: pos.squares, blackToMove: !pos.blackToMove }).key;
  return Math.floor((k + (Math.floor(k / 2 ** 20) % 2 === 1 ? -1 : 1) * 2 ** 20) / 1024) - 1;
}

/** The band of the next search (the other side's, one move on): `pos`'s own key/2^10. */
export const nextBand = (pos: Position): number => Math.floor(standardForm(pos).key / 1024);

/**
 * KFWD's band reading (KBAND not 0) stated independently, move by move: records in tape order; one
 * whose key/2^10 is this search's band or the next search's is read into the pool (a full pool drops
 * its first records), one beyond both bands waits, any other is passed over.
 */
export class BandReader {
  pool: MemoryRecord[] = [];
  passed = 0;
  dropped = 0;
  private next = 0;

  constructor(private readonly records: readonly MemoryRecord[], private readonly cap: number) {}

  /** The records read before a search from `pos`. */
  move(pos: Position): void {
    const bands = [band(pos), nextBand(pos)];
    const hi = Math.max(...bands);
    for (; this.next < this.records.length; this.next++) {
      const r = this.records[this.next]!;
      const h = Math.floor(r.key / 1024);
      if (h > hi) break;
      if (!bands.includes(h)) { this.passed++; continue; }
      while (this.pool.reduce((t, q) => t + q.boards.length, 0) + r.boards.length > this.cap) { this.pool = this.pool.slice(1); this.dropped++; }
      this.pool.push(r);
    }
  }
}

/** A random position with exactly `n` pieces. */
/** A stored board (its three words, standard form: Black to move) as a position. */
export const boardPosition = (b: Pick<MemoryBoard, 'w1' | 'w2' | 'w3'>): Position => parseFen(boardFen(b));

export function withPieces(n: number, rand: () => number): Position {
  for (;;) {
    const p = randomPosition(rand, 12, 0);
    if (p.squares.filter((x) => x !== 0).length === n) return p;
  }
}

/** `n` distinct positions (by their standard form) with at most `perSide` pieces a side, in draw order. */
/** `tries` random positions of men (at most perSide a side) grouped by key, each board once: the records they would make. */
export function positionsByKey(rand: () => number, tries: number, perSide: number): Map<number, Position[]> {
  const byKey = new Map<number, Position[]>();
  for (let i = 0; i < tries; i++) {
    const p = randomPosition(rand, perSide, 0);
    const k = standardForm(p).key;
    const list = byKey.get(k) ?? [];
    if (!list.some((q) => JSON.stringify(standardForm(q)) === JSON.stringify(standardForm(p)))) list.push(p);
    byKey.set(k, list);
  }
  return byKey;
}

export function distinctPositions(rand: () => number, n: number, perSide: number, kings = 0.2): Position[] {
  const out: Position[] = [];
  const seen = new Set<string>();
  while (out.length < n) {
    const p = randomPosition(rand, perSide, kings);
    const k = JSON.stringify(standardForm(p));
    if (!seen.has(k)) { seen.add(k); out.push(p); }
  }
  return out;
}
