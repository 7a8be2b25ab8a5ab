// Where a learning game's 704 time goes: a flat profile by routine (nearest label) and EVAL
// inclusive, for `games` games of a series from seed 1's untrained state. Interpreter tracer.
import { CheckersSession } from '../src/checkers/program/session.ts';
import { checkersAssembly } from '../src/checkers/program/deck.ts';
import { seriesCards, termOrder } from '../src/checkers/learning/series.ts';
import { encodeLearningTape, untrainedState } from '../src/checkers/learning/learningTape.ts';
import { TapeUnit } from '../src/devices/tape.ts';

const series = Number(process.argv[2] ?? 2) as 1 | 2;
const games = Number(process.argv[3] ?? 1);
const seed = Number(process.argv[4] ?? 1);
const asm = checkersAssembly();
const labels = [...asm.symbols].filter(([, a]) => asm.image.has(a)).sort((a, b) => a[1] - b[1]);
const owner = new Int32Array(32768).fill(-1);
{ let j = 0; for (let a = 0; a < 32768; a++) { while (j + 1 < labels.length && labels[j + 1]![1] <= a) j++; if (labels[j]![1] <= a) owner[a] = j; } }
const session = new CheckersSession(seriesCards({ series, games, reset: series === 2 }), true);
const t3 = new TapeUnit(3); t3.mount(encodeLearningTape(untrainedState(termOrder(seed))), { readOnly: true });
const t4 = new TapeUnit(4); t4.mount([]);
session.machine.io.attachTape(3, t3); session.machine.io.attachTape(4, t4);
const cpu = session.machine.cpu;
const flat = new Float64Array(labels.length);
const sym = (n: string) => asm.symbols.get(n)!;
const incl = ['EVAL', 'LMINI', 'MOVGEN', 'MAKMOV', 'ZSET', 'ZSET1', 'ZMG', 'EPRV'];
const byAddr = new Map([...asm.symbols].map(([n, a]) => [a, n]));
const perTerm = new Map<string, number>();
const high = new Map<number, number>();
const hits = new Map<string, number[]>();
const ECHIT = sym('ECHIT'), ETK = sym('ETK'), VTR = sym('VTR');
const entries = new Map(incl.map((n, i) => [sym(n), i]));
const inclCycles = new Float64Array(incl.length), inclCalls = new Float64Array(incl.length);
const stack: { i: number; ret1: number; c0: number }[] = [];
let moves = 0;
const step = cpu.run.bind(cpu);
cpu.run = (limit: number) => {
  for (let n = 0; n < limit; n++) {
    const loc = cpu.ic, c0 = cpu.cycles;
    const r = step(1);
    const c = cpu.cycles;
    const o = owner[loc]!; if (o >= 0) flat[o] += c - c0;
    if (loc > 31303) high.set(loc, (high.get(loc) ?? 0) + c - c0);
    if (stack.length && stack[0]!.i === 0) { const k = cpu.mem[ETK]!; const key = k > 0 ? byAddr.get(cpu.mem[VTR - k]! % 32768) ?? '?' : '(no term)'; perTerm.set(key, (perTerm.get(key) ?? 0) + c - c0); }
    const e = entries.get(cpu.ic);
    if (e !== undefined && loc !== cpu.ic - 1) { stack.push({ i: e, ret1: loc + 1, c0 }); inclCalls[e]++; }
    const top = stack[stack.length - 1];
    if (top && cpu.ic >= top.ret1 && cpu.ic <= top.ret1 + 2 && loc !== cpu.ic - 1) { inclCycles[top.i] += c - top.c0; if (top.i === 0) { const h = cpu.mem[ECHIT]!; const key = h === 0 ? 'hit' : h === 1 ? 'fill' : 'none'; hits.set(key, (hits.get(key) ?? [0, 0]).map((x, j) => x + (j ? c - top.c0 : 1))); } stack.pop(); }
    if (r !== 'limit') return r;
  }
  return 'limit';
};

const t0 = performance.now();
const r = await session.run((e) => { if (e.kind === 'move') moves++; if (e.kind === 'game-over') console.log(e.text); });
const wall = (performance.now() - t0) / 1000;
const total = cpu.cycles;
console.log(`series ${series}, ${games} games, ${moves} moves: ${(total * 12e-6 / 3600).toFixed(2)} h of 704 time, ${(total * 12e-6 / moves).toFixed(1)} s a move; ${wall.toFixed(0)} s traced wall; stop ${r.stop}`);
for (let i = 0; i < incl.length; i++) console.log(`  ${incl[i]!.padEnd(8)} calls ${inclCalls[i]!.toFixed(0).padStart(10)}  cycles ${(inclCycles[i]! / total * 100).toFixed(1).padStart(5)}%  ${(inclCycles[i]! / Math.max(1, inclCalls[i]!)).toFixed(0)} a call`);
for (const [k, [n, cy]] of hits) console.log(`  EVAL ${k}: ${n} calls, ${(cy! / n!).toFixed(0)} cycles a call`);
console.log('EVAL by term slot (ETK):');
for (const [k, v] of [...perTerm].sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(8)} ${(v / total * 100).toFixed(2).padStart(6)}%  ${(v / inclCalls[0]!).toFixed(0).padStart(6)} a call`);
console.log('high:', [...high].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([a, v]) => `${a}:${(v / total * 100).toFixed(2)}%`).join(' '));
const top = [...flat.keys()].sort((a, b) => flat[b]! - flat[a]!).slice(0, 45);
for (const k of top) console.log(`  ${labels[k]![0].padEnd(8)} ${(flat[k]! / total * 100).toFixed(2).padStart(6)}%`);
