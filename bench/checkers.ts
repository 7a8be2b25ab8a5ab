// The checkers program's figures against Samuel's Appendix A: routine times in emulated 704
// time, perft speed in leaves per wall second, a whole self-play game, and the program's size
// per part. Part of `npm run bench`.

import { basename, join } from 'node:path';
import { BY_MNEMONIC } from '../src/cpu/opcodes.ts';
import { formatAddr } from '../src/cpu/word.ts';
import { bootCheckers, checkersAssembly, checkersSymbol } from '../src/checkers/program/deck.ts';
import { textCard } from '../src/devices/cards.ts';
import { Machine } from '../src/machine/machine.ts';
import { TapeUnit } from '../src/devices/tape.ts';
import { readMemoryTape } from '../src/checkers/rote/memoryTape.ts';
import { lookupTimesOn, type LookupTimes } from '../src/checkers/rote/lookupTimes.ts';
import { readFileSync } from 'node:fs';
import { packageRoot } from '../src/host/stateFolder.ts';
import { bookCards, parsePdn, setupCards } from '../src/checkers/notation/pdn.ts';
import { ACF_BALLOTS, readBallots } from '../src/checkers/selfplay/openings.ts';
import { call704, TSX_CYCLES } from '../test/checkers/call704.ts';
import { TERMS } from '../test/checkers/termsref.ts';

const MS_PER_CYCLE = 0.012;

const asm = checkersAssembly();
/** A symbol of the checkers program (an error naming it when there is none). */
export const sym = checkersSymbol;

/** A machine with the program in core and the bit-count table built. */
function loaded(): Machine {
  const m = new Machine();
  for (const [a, w] of asm.image) m.cpu.mem[a] = w;
  call(m, 'BITINI');
  return m;
}

/** Call a routine the 704 way (call704.ts); the cycles it took, without the TSX and HTR. */
function call(m: Machine, name: string): number {
  return callReturn(m, name).cycles;
}

/** The same for a routine that returns to 1,4 or 2,4: the cycles and which return. */
function callReturn(m: Machine, name: string): { cycles: number; ret: number } {
  const r = call704(m, sym(name), name, { returns: 2, limit: 1e9 });
  return { cycles: r.cycles - TSX_CYCLES, ret: r.ret };
}

/** The ply-0 boards the program met when it chose its moves in one self-play game. */
function gamePositions(): Float64Array[] {
  const m = bootCheckers([textCard('*SELF'), textCard('*END')], true);
  const at = sym('SEARCH'), ply0 = sym('FA');
  m.cpu.breakpoints[at] = 1;
  m.cpu.updateDebug();
  const boards: Float64Array[] = [];
  for (;;) {
    const stop = m.run(1e9);
    if (stop.reason !== 'breakpoint') break;
    boards.push(m.cpu.mem.slice(ply0 - 15, ply0 + 1)); // the whole 16-word record of ply 0
  }
  return boards;
}

/** Per-position means in cycles of the routines Appendix A times. */
interface Times { MOVGEN: number; MAKMOV: number; EVAL: number; BITS: number }

function routineTimes(boards: Float64Array[]): Times {
  const m = loaded();
  const ply0 = sym('FA');
  const sums = { MOVGEN: 0, MAKMOV: 0, EVAL: 0, BITS: 0 };
  for (const b of boards) {
    m.cpu.mem.set(b, ply0 - 15);
    m.cpu.xr1 = 0;
    sums.EVAL += call(m, 'EVAL');
    m.cpu.acSign = 0;
    m.cpu.acMag = m.cpu.mem[ply0]!;
    sums.BITS += call(m, 'BITS');
    m.cpu.xr1 = 0;
    sums.MOVGEN += call(m, 'MOVGEN');
    call(m, 'NXTMOV'); // AC = the first move's piece, XR2 its direction: MAKMOV's inputs
    sums.MAKMOV += call(m, 'MAKMOV');
  }
  for (const k of Object.keys(sums) as (keyof Times)[]) sums[k] /= boards.length;
  return sums;
}

/** A machine holding a term table (slot j+1 = term terms[j], coefficient 2^6) and the twins for R alone at any size. */
function withTerms(terms: readonly number[]): Machine {
  const m = loaded();
  const w = (name: string, v: number, off = 0) => { m.cpu.mem[sym(name) + off] = v; };
  w('VNT', terms.length);
  terms.forEach((k, j) => { w('VTR', m.cpu.mem[sym('PTR') - k]!, -(j + 1)); w('VTC', 64, -(j + 1)); });
  w('VTWN1', 1);
  return m;
}

/** EVAL's cycles on each board at ply 0 (each term less its value on the turned board) and, after the
 * board's first move, at ply 1 (Appendix C: less its value one move earlier) when the earlier
 * position's parameters must be computed (a miss of the cache) and when they are held (a hit). */
function evalForms(m: Machine, boards: Float64Array[]): { turned: number; miss: number; hit: number; leaves: number } {
  const ply0 = sym('FA');
  const w = (name: string, v: number) => { m.cpu.mem[sym(name)] = v; };
  const sums = { turned: 0, miss: 0, hit: 0, leaves: 0 };
  w('ETVER', 1); // as in a search (SEARCH sets it): EPRV looks at the term table at its first EVAL only
  for (const b of boards) {
    m.cpu.mem.set(b, ply0 - 15);
    w('VPREV', 0);
    m.cpu.xr1 = 0;
    sums.turned += call(m, 'EVAL');
    m.cpu.xr1 = 0;
    if (call(m, 'MOVGEN') === 0 || m.cpu.acMag === 0) continue;
    call(m, 'NXTMOV');
    call(m, 'MAKMOV');
    if (m.cpu.acMag !== 0) continue; // a multiple jump goes on: not a leaf
    w('VPREV', 1);
    w('ESER', m.cpu.mem[sym('ESER')]! + 1); // nothing held for the earlier position yet
    m.cpu.xr1 = 16;
    sums.miss += call(m, 'EVAL');
    m.cpu.xr1 = 16;
    sums.hit += call(m, 'EVAL');
    sums.leaves++;
  }
  return { turned: sums.turned / boards.length, miss: sums.miss / sums.leaves, hit: sums.hit / sums.leaves, leaves: sums.leaves };
}

/** Appendix C's 12 leading terms (MOC 2, KCENT, MOC 4, MODE 3, DEMMO, MOVE, ADV, MODE 2, BACK, CNTR, THRET, MOC 3). */
const APPENDIX_C_12 = [36, 18, 38, 33, 28, 21, 1, 32, 3, 5, 26, 37];

/** Where EVAL's cycles go, term by term: each term alone in the table, less the empty table. */
function termCycles(boards: Float64Array[]): void {
  const names = TERMS.map(([n]) => n);
  const none = evalForms(withTerms([]), boards);
  console.log('\nEVAL term by term (docs/checkers-terms.md, where the cycles go): each term alone, cycles more than the empty');
  console.log(`table (${Math.round(none.turned)} turned, ${Math.round(none.hit)} earlier-move hit, ${Math.round(none.miss)} miss), means over the same positions; "single" is the`);
  const all = Array.from({ length: 38 }, (_, i) => i + 1);
  const full = evalForms(withTerms(all), boards);
  console.log('plain routine for one side (TSX XNAME,4), "twin" both sides at once, "hit" P(R) for the leaf, "miss" P(R) and P(R\') of the earlier position;');
  console.log(`"in 38" what the term adds to a hit in a table of all 38 (${Math.round(full.hit)} cycles; the words it shares are paid by the others):`);
  console.log('   k  term      single   twin    hit   miss  in 38');
  for (let k = 1; k <= 38; k++) {
    const m = withTerms([k]);
    const f = evalForms(m, boards);
    let single = 0;
    const routine = m.cpu.mem[sym('PTR') - k]! % 32768;
    for (const b of boards) {
      m.cpu.mem.set(b, sym('FA') - 15);
      m.cpu.xr1 = 0;
      single += call704(m, routine, names[k - 1]!, { returns: 1, limit: 1e7 }).cycles - TSX_CYCLES;
    }
    const d = (x: number, y: number) => String(Math.round(x - y)).padStart(6);
    const rest = evalForms(withTerms(all.filter((j) => j !== k)), boards);
    console.log(`  ${String(k).padStart(2)}  ${names[k - 1]!.padEnd(7)} ${String(Math.round(single / boards.length)).padStart(7)} ${d(f.turned, none.turned)} ${d(f.hit, none.hit)} ${d(f.miss, none.miss)} ${d(full.hit, rest.hit)}`);
  }
}
/** A random board at ply 0 (1-12 pieces a side, a tenth of them kings), either side to move. */
function randomPly0(m: Machine, rand: () => number): void {
  const bit = (sq: number): number => 2 ** (35 - (sq + Math.floor((sq - 1) / 8)));
  const free = Array.from({ length: 32 }, (_, i) => i + 1);
  const take = (): number => free.splice(Math.floor(rand() * free.length), 1)[0]!;
  const side = (): { all: number; kings: number } => {
    let all = 0, kings = 0;
    for (let i = 1 + Math.floor(rand() * 12); i > 0; i--) {
      const b = bit(take());
      all += b;
      if (rand() < 0.1) kings += b;
    }
    return { all, kings };
  };
  const mover = side(), other = side();
  // the mover's men move one way (FA or BA), its kings both; the same for the other side
  const black = rand() < 0.5;
  const [fa, ba] = black ? [mover.all, mover.kings] : [mover.kings, mover.all];
  const [fp, bp] = black ? [other.kings, other.all] : [other.all, other.kings];
  m.deposit(sym('FA'), [fa]);
  m.deposit(sym('BA'), [ba]);
  m.deposit(sym('FP'), [fp]);
  m.deposit(sym('BP'), [bp]);
  m.deposit(sym('SIDE'), [black ? 1 : 2 ** 35 + 1]);
}

/**
 * One rote look-up (KLOOK at the minimum ply) with a realistic memory: 800 boards of tape records
 * in the pool and 100 in the changes; hits with Black and with White to move, and misses.
 */
function roteLookups(): { black: number; white: number; miss: number } {
  const m = loaded();
  call(m, 'WINIT');
  call(m, 'KINIT');
  for (const n of [1, 2, 5]) {
    const t = new TapeUnit(n);
    t.mount([]);
    m.io.attachTape(n, t);
  }
  let seed = 704;
  const rand = (): number => { // mulberry32
    let t = (seed = (seed + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const boards: Float64Array[] = [];
  const ply0 = sym('FA');
  const save = (): void => {
    randomPly0(m, rand);
    boards.push(m.cpu.mem.slice(ply0, sym('SIDE') + 1));
    m.deposit(sym('KSSC'), [64]);
    m.deposit(sym('KSPL'), [3]);
    call(m, 'KSAVE');
  };
  for (let merge = 0; merge < 2; merge++) {
    for (let i = 0; i < 400; i++) save();
    call(m, 'KMERGE');
  }
  m.deposit(sym('KBAND'), [0]); // read forward, every record into the pool: the band reading would keep only two bands
  m.deposit(sym('KRPM'), [10000]);
  m.deposit(sym('KPDEP'), [24]);
  call(m, 'STARTP');
  call(m, 'KFWD');
  for (let i = 0; i < 100; i++) save();
  call(m, 'KXBLD'); // the board table, as KPRE builds it before a search (no look-up of the search pays for it)
  const pool = m.cpu.mem[sym('KPN')]!, changes = m.cpu.mem[sym('KN')]!;
  m.deposit(sym('SPLY'), [m.cpu.mem[sym('VPMIN')]!]);
  const sums = { black: [0, 0], white: [0, 0], miss: [0, 0] };
  const look = (): { cycles: number; ret: number } => {
    m.cpu.xr1 = 0;
    return callReturn(m, 'KLOOK');
  };
  let kings = 0;
  const fa = sym('FA') - ply0, ba = sym('BA') - ply0, fp = sym('FP') - ply0, bp = sym('BP') - ply0;
  for (const b of boards.slice(0, 900).filter((_, i) => i % 3 === 0)) {
    m.cpu.mem.set(b, ply0);
    const r = look();
    if (r.ret !== 2) throw new Error('a saved board was not found');
    if ((BigInt(b[fa]!) & BigInt(b[ba]!)) | (BigInt(b[fp]!) & BigInt(b[bp]!))) kings++; // a side's kings move both ways
    const k = m.cpu.mem[sym('SIDE')]! >= 2 ** 35 ? sums.white : sums.black;
    k[0]! += r.cycles;
    k[1]! += 1;
  }
  for (let i = 0; i < 300; i++) {
    randomPly0(m, rand);
    const r = look();
    if (r.ret === 1) { sums.miss[0]! += r.cycles; sums.miss[1]! += 1; }
  }
  console.log(`
Rote look-up (KLOOK at ply 3), ${pool} boards of tape records in core and ${changes} in the changes (emulated):`);
  for (const [k, label] of [['black', 'hit, Black to move'], ['white', 'hit, White to move'], ['miss', 'miss']] as const) {
    const [c, n] = sums[k];
    console.log(`  ${label.padEnd(19)} ${(c! / n! * MS_PER_CYCLE).toFixed(3).padStart(7)} ms  ${(c! / n!).toFixed(0).padStart(5)} cycles (${n} look-ups)   Samuel: look up a saved board 2.3 ms`);
  }
  console.log(`  (random boards, ${kings} of the ${sums.black[1]! + sums.white[1]!} hits with kings, each looked up alone: no sibling's W1 to reuse; the look-ups of play are timed below with SAMUEL704_BENCH_MEMORY)`);
  const mean = (k: keyof typeof sums) => sums[k][0]! / sums[k][1]!;
  return { black: mean('black'), white: mean('white'), miss: mean('miss') };
}

/** Book games of data/tinsley.pdn replayed on the memory in `roteInPlay` (where the hits are). */
const BOOK_GAMES = [1, 2, 3, 4, 5];

/**
 * Rote look-ups in play on a real memory (SAMUEL704_BENCH_MEMORY=TAPE, e.g. the 53,000-board tape
 * of `reproduce samuel-rote`), the tape read only: one self-play game from ballot #60 (a new game:
 * mostly misses), then Tinsley's games BOOK_GAMES in book mode (`*BOOK`: positions the memory learnt
 * from, so the search meets saved boards at ply 3 — the hits). Every look-up at the minimum ply is
 * timed from KLOOK's entry to its return by hit or miss and side to move (src/checkers/rote/lookupTimes.ts, as
 * `reproduce samuel-rote` times its own). The pool is what KFWD read from the tape in that game. Each run with the band reading
 * (KBAND 1, the default) and again with the reading forward (KBAND 0, set as at the console before the
 * cards): with the bands Black's searches in these book games meet no saved board, so only the forward
 * reading times a hit with Black to move.
 */
export function roteInPlay(tape: string): void {
  const show = (title: string, sums: LookupTimes): void => {
    console.log(`  ${title}:`);
    for (const sd of ['black', 'white'] as const) {
      for (const k of ['hit', 'miss'] as const) {
        const { cycles: c, count: n } = sums[sd][k];
        console.log(`    ${`${k}, ${sd === 'black' ? 'Black' : 'White'} to move`.padEnd(19)} ${n ? (c / n * MS_PER_CYCLE).toFixed(3).padStart(7) : '      -'} ms  ${n ? (c / n).toFixed(0).padStart(5) : '    -'} cycles (${n} look-ups)`);
      }
    }
  };
  const boards = readMemoryTape(tape).records.reduce((n, r) => n + r.boards.length, 0);
  console.log(`\nRote look-ups in play on the memory ${basename(tape)} of ${boards} boards, read only (Samuel: look up a saved board 2.3 ms):`);
  const ballot = readBallots(ACF_BALLOTS).find((b) => b.number === 60)!;
  const games = parsePdn(readFileSync(join(packageRoot(), 'data', 'tinsley.pdn'), 'latin1'), 'tinsley.pdn').games;
  for (const band of [1, 0]) {
    const reading = band ? 'the band reading, KBAND 1' : 'reading forward, KBAND 0';
    show(`self-play from ballot #60 (${reading})`, lookupTimesOn(tape, [...setupCards(ballot.fen), '*SELF'], { KBAND: band }));
    show(`Tinsley's games ${BOOK_GAMES.join(', ')} in book mode (${reading})`, lookupTimesOn(tape, BOOK_GAMES.flatMap((g) => bookCards(games[g - 1]!)), { KBAND: band }));
  }
}

function perft(): void {
  console.log('\nperft from the start position, last ply counted with BITS (PBULK):');
  for (const depth of [8, 9]) {
    const m = loaded();
    call(m, 'STARTP');
    m.cpu.mem[sym('PBULK')] = 1;
    m.cpu.acSign = 0;
    m.cpu.acMag = depth;
    m.cpu.xr1 = 0;
    const t0 = process.hrtime.bigint();
    const cycles = call(m, 'PERFT');
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    const leaves = m.cpu.acMag;
    console.log(`  perft(${depth}) = ${leaves}   ${(leaves / wall / 1e6).toFixed(2)} M leaves per wall second   ${(cycles * MS_PER_CYCLE / 1000).toFixed(0)} s of 704 time`);
  }
}

function selfPlay(): void {
  const t0 = process.hrtime.bigint();
  const m = bootCheckers([textCard('*SELF'), textCard('*END')], true);
  const stop = m.run(1e10);
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const moves = m.printer.lines.filter((l) => l.startsWith('MOVE ')).length;
  const result = m.printer.lines.find((l) => l.startsWith('GAME OVER')) ?? stop.message;
  console.log(`\nOne self-play game: ${moves} moves, ${(m.cpu.cycles * MS_PER_CYCLE / 60000).toFixed(1)} min of 704 time, ${wall.toFixed(2)} s here; ${result}`);
}

/** Words per part of the program (source file), split as Appendix A does: instructions and tables. */
function sizes(): void {
  const parts = new Map<string, { instructions: number; constants: number }>();
  const assembly = asm.assemblies[0]!;
  for (const [, card] of assembly.sourceMap) {
    const file = basename(card.file);
    const part = parts.get(file) ?? { instructions: 0, constants: 0 };
    const def = BY_MNEMONIC.get(card.op.trim());
    if (def && def.kind !== 'data') part.instructions++;
    else part.constants++;
    parts.set(file, part);
  }
  console.log('\nSize per part (words; Samuel: basic play 1100 instructions, input/verification/output 1400,');
  console.log('game start/end 600, loaders and tables 850, tables and constants for basic play 700 words):');
  for (const [file, p] of parts) console.log(`  ${file.padEnd(14)} ${String(p.instructions).padStart(5)} instructions ${String(p.constants).padStart(5)} constants`);
  const top = Math.max(...asm.image.keys());
  console.log(`  program and tables end at ${formatAddr(top)}; the card loader sits at 77750-77777`);
}

/** Appendix A's "approximate computation times", Samuel's figures beside ours. */
function appendixA(boards: Float64Array[], rote: { black: number; white: number; miss: number }): void {
  const t = routineTimes(boards);
  const sixteen = evalForms(withTerms(Array.from({ length: 16 }, (_, i) => i + 1)), boards);
  const appC = evalForms(withTerms(APPENDIX_C_12), boards);
  const ms = (c: number) => `${(c * MS_PER_CYCLE).toFixed(2).padStart(6)} ms (${String(Math.round(c)).padStart(5)})`;
  const row = (what: string, samuel: string, ours: string) => console.log(`  ${what.padEnd(52)} ${samuel.padStart(7)}   ${ours}`);
  console.log(`\nAppendix A, "approximate computation times": Samuel's 704 beside ours (emulated, 12 µs a cycle, cycles in
brackets; means over the ${boards.length} positions one self-play game met, and the ${sixteen.leaves} positions after their first moves):`);
  row('', 'Samuel', 'ours');
  row('find all available moves (MOVGEN)', '2.6 ms', ms(t.MOVGEN));
  row('make a single move (MAKMOV)', '1.5 ms', ms(t.MAKMOV));
  row('evaluate a board position, 4 terms (EVAL)', '2.4 ms', ms(t.EVAL));
  row('find the score for a saved board (KLOOK)', '2.3 ms', `${ms(rote.black)} hit, Black to move; ${ms(rote.white)} White; ${ms(rote.miss)} miss`);
  row('evaluate with 16 terms (Appendix C terms 1-16):', '7.5 ms', '');
  row('  less their values one move earlier, those saved', '', `${ms(sixteen.hit)}`);
  row('  the same, the earlier values computed too', '', `${ms(sixteen.miss)}`);
  row('  less their values on the turned board', '', `${ms(sixteen.turned)}`);
  row('evaluate with Appendix C\'s 12 leading terms:', '', '');
  row('  one move earlier, saved / computed too', '', `${ms(appC.hit)} / ${ms(appC.miss)}`);
  row('  the turned board', '', `${ms(appC.turned)}`);
  row('count the bits of a word (BITS)', '', ms(t.BITS));
}

/** Appendix A's table and EVAL term by term (also alone: `npx tsx -e "import('./bench/checkers.ts').then((b) => b.benchEval())"`). */
export function benchEval(): void {
  const boards = gamePositions();
  appendixA(boards, roteLookups());
  termCycles(boards);
}

export function benchCheckers(): void {
  benchEval();
  if (process.env.SAMUEL704_BENCH_MEMORY) roteInPlay(process.env.SAMUEL704_BENCH_MEMORY);
  perft();
  selfPlay();
  sizes();
}
