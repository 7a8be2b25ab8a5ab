// Where a learning game's 704 time goes (docs/checkers-terms.md, "In play"): the program played
// one instruction at a time, cycles charged to the nearest label before each instruction, and
// some routines timed whole (EVAL with its misses and hits of the earlier position's terms,
// split by the table slot being scored). Not part of `npm run bench` (a game traced this way
// takes about a minute):
//   [SEARCHES=1] [VFSH=n] [VFEW=n] npx tsx bench/profile.ts [series 1|2] [games] [seed]
// plays `games` games of the series from the seed's untrained terms (series 2 with *LEARN RESET);
// SEARCHES=1 prints each search's figures, VFSH and VFEW set the few-pieces shift.

import { CheckersSession } from '../src/checkers/program/session.ts';
import { checkersAssembly } from '../src/checkers/program/deck.ts';
import { seriesCards, termOrder } from '../src/checkers/learning/series.ts';
import { encodeLearningTape, untrainedState } from '../src/checkers/learning/learningTape.ts';
import { TapeUnit } from '../src/devices/tape.ts';

const series = Number(process.argv[2] ?? 2) as 1 | 2;
const games = Number(process.argv[3] ?? 1);
const seed = Number(process.argv[4] ?? 1);

const asm = checkersAssembly();
const sym = (n: string): number => asm.symbols.get(n)!;
const labels = [...asm.symbols].filter(([, a]) => asm.image.has(a)).sort((a, b) => a[1] - b[1]);
const owner = new Int32Array(32768).fill(-1); // address -> index of the nearest label at or before it
for (let a = 0, j = 0; a < 32768; a++) {
  while (j + 1 < labels.length && labels[j + 1]![1] <= a) j++;
  if (labels[j]![1] <= a) owner[a] = j;
}
const byAddr = new Map([...asm.symbols].map(([n, a]) => [a, n]));

const session = new CheckersSession(seriesCards({ series, games, reset: series === 2 }), true);
const t3 = new TapeUnit(3);
t3.mount(encodeLearningTape(untrainedState(termOrder(seed))), { readOnly: true });
const t4 = new TapeUnit(4);
t4.mount([]);
session.machine.io.attachTape(3, t3);
session.machine.io.attachTape(4, t4);
const cpu = session.machine.cpu;
let loaded = false; // the deck is in core at the first search: set the few-pieces shift then
const setShift = (): void => {
  loaded = true;
  if (process.env.VFSH) cpu.mem[sym('VFSH')] = Number(process.env.VFSH); // plies
  if (process.env.VFEW) cpu.mem[sym('VFEW')] = Number(process.env.VFEW); // below this many pieces
};

const flat = new Float64Array(labels.length);
const WHOLE = ['EVAL', 'MOVGEN', 'MAKMOV', 'ZSET', 'ZSET1', 'ZMG', 'EPRV', 'EVFIL', 'SEARCH'];
const entries = new Map(WHOLE.map((n, i) => [sym(n), i]));
const whole = WHOLE.map(() => ({ calls: 0, cycles: 0 }));
const bySlot = new Map<string, number>();
const byCache = new Map<string, { calls: number; cycles: number }>();
const pieces = (): number => { let w = 0; for (const n of ['FA', 'BA', 'FP', 'BP']) w |= cpu.mem[sym(n)]! % 2 ** 32; let k = 0; for (; w; w &= w - 1) k++; return k; };
const shifted = { calls: 0, cycles: 0 }; // searches with the few-pieces shift on (SFON)
const ECHIT = sym('ECHIT'), SFON = sym('SFON'), ETK = sym('ETK'), VTR = sym('VTR');
const stack: { i: number; ret: number; c0: number }[] = [];

const step = cpu.run.bind(cpu);
cpu.run = (limit: number) => {
  for (let n = 0; n < limit; n++) {
    const loc = cpu.ic, c0 = cpu.cycles;
    const r = step(1);
    const c = cpu.cycles;
    if (owner[loc]! >= 0) flat[owner[loc]!] += c - c0;
    if (stack.some((f) => f.i === 0)) {
      const k = Math.floor(cpu.mem[ETK]! / 262144) & 0x7fff; // the slot, in ETK's decrement (eval.sap EVT)
      const slot = k > 0 ? byAddr.get(cpu.mem[VTR - k]! % 32768) ?? '?' : '(no slot: piece term, set-up)';
      bySlot.set(slot, (bySlot.get(slot) ?? 0) + c - c0);
    }
    const e = entries.get(cpu.ic);
    if (e !== undefined && !loaded && WHOLE[e] === 'SEARCH') setShift();
    if (e !== undefined && loc !== cpu.ic - 1) { // a transfer into the routine: TSX from loc
      stack.push({ i: e, ret: loc + 1, c0 });
      whole[e]!.calls++;
    }
    const top = stack.at(-1);
    if (top && cpu.ic >= top.ret && cpu.ic <= top.ret + 2 && loc !== cpu.ic - 1) { // back to 1,4 .. 3,4
      whole[top.i]!.cycles += c - top.c0;
      if (WHOLE[top.i] === 'SEARCH') {
        if (cpu.mem[SFON] !== 0) { shifted.calls++; shifted.cycles += c - top.c0; }
        if (process.env.SEARCHES) console.log(`search: pieces ${pieces()} shift ${cpu.mem[SFON]} positions ${cpu.mem[sym('SNODES')]} scored ${cpu.mem[sym('SNEVL')]} deepest ${cpu.mem[sym('SDEEP')]} ${((c - top.c0) * 12e-6).toFixed(1)} s`);
      }
      if (top.i === 0) {
        const h = cpu.mem[ECHIT]!;
        const kind = h === 0 ? 'earlier position held (hit)' : h === 1 ? 'earlier position computed (miss)' : 'no cache';
        const t = byCache.get(kind) ?? { calls: 0, cycles: 0 };
        byCache.set(kind, { calls: t.calls + 1, cycles: t.cycles + c - top.c0 });
      }
      stack.pop();
    }
    if (r !== 'limit') return r;
  }
  return 'limit';
};

let moves = 0;
const t0 = performance.now();
const r = await session.run((e) => {
  if (e.kind === 'move') moves++;
  if (e.kind === 'game-over') console.log(e.text);
});
const total = cpu.cycles;
const pc = (c: number) => `${(c / total * 100).toFixed(1).padStart(5)}%`;
console.log(`series ${series}, seed ${seed}, ${games} game(s), ${moves} moves: ${(total * 12e-6 / 3600).toFixed(2)} h of 704 time, `
  + `${(total * 12e-6 / moves).toFixed(1)} s a move; ${((performance.now() - t0) / 1000).toFixed(0)} s here, traced; stop: ${r.stop}`);
console.log('routines whole (with what they call):');
WHOLE.forEach((n, i) => console.log(`  ${n.padEnd(7)} ${String(whole[i]!.calls).padStart(8)} calls ${pc(whole[i]!.cycles)} ${String(Math.round(whole[i]!.cycles / Math.max(1, whole[i]!.calls))).padStart(7)} cycles a call`));
console.log(`  SEARCH with the few-pieces shift on: ${shifted.calls} searches, ${pc(shifted.cycles)}`);
for (const [k, t] of byCache) console.log(`  EVAL, ${k}: ${t.calls} calls, ${Math.round(t.cycles / t.calls)} cycles a call`);
console.log('EVAL by the table slot being scored (its routine):');
for (const [k, v] of [...bySlot].sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(8)} ${pc(v)} ${String(Math.round(v / whole[0]!.calls)).padStart(6)} cycles a call`);
console.log('by label (flat):');
for (const k of [...flat.keys()].sort((a, b) => flat[b]! - flat[a]!).slice(0, 30)) console.log(`  ${labels[k]![0].padEnd(8)} ${pc(flat[k]!)}`);
