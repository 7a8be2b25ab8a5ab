// The two cores side by side (part of `npm run bench`): interpreter and translator on the same
// jobs, each job on a fresh machine, timed in CPU seconds (process.cpuUsage); the translator's
// figures include building its blocks. Then the start-up of the command line against a bare
// node, whole commands (commands.ts: npm start, Samuel's second series), perft(9) (perft(10) with BENCH_PERFT10=1) through the 704 against rapid-draughts' own,
// and, where $SIMH_I704 names a SIMH i704 binary, the same self-play deck on SIMH.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnglishDraughts } from 'rapid-draughts/english';
import type { CoreEngine } from '../src/cpu/cpu.ts';
import { BY_MNEMONIC } from '../src/cpu/opcodes.ts';
import { fromInt, makeWord } from '../src/cpu/word.ts';
import { bootCheckers, checkersAssembly, programDeck } from '../src/checkers/program/deck.ts';
import { seriesCards, termOrder } from '../src/checkers/learning/series.ts';
import { encodeLearningTape, untrainedState } from '../src/checkers/learning/learningTape.ts';
import { TapeUnit } from '../src/devices/tape.ts';
import { encodeCbn, textCard } from '../src/devices/cards.ts';
import { packageRoot } from '../src/host/stateFolder.ts';
import { Machine } from '../src/machine/machine.ts';
import { call704 } from '../test/checkers/call704.ts';
import { benchCommands, childCpu } from './commands.ts';

const SECONDS_PER_CYCLE = 12e-6;
const ENGINES: readonly CoreEngine[] = ['interp', 'jit'];

const op = (m: string, addr = 0, tag = 0, dec = 0): number => BY_MNEMONIC.get(m)!.template + makeWord(0, dec, tag, addr);

/** `cpu`: CPU seconds of the whole process (V8's compiler threads included); `main`: of the main thread alone (NaN where unknown). */
interface Run { instructions: number; cycles: number; cpu: number; main: number }

/**
 * CPU seconds of this process's main thread, from Linux's /proc/self/task/PID/stat (user and
 * system time in ticks of 1/100 s); NaN where there is no such file.
 */
function mainThreadCpu(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds of `job`, and the instructions and cycles the machine ran in it. */
function timed(m: Machine, job: () => void): Run {
  const i0 = m.cpu.instructions, c0 = m.cpu.cycles;
  const t0 = process.cpuUsage(), main0 = mainThreadCpu();
  job();
  const dt = process.cpuUsage(t0), main = mainThreadCpu() - main0;
  return { instructions: m.cpu.instructions - i0, cycles: m.cpu.cycles - c0, cpu: (dt.user + dt.system) / 1e6, main };
}

/** A program at 0o100 that runs forever, with its data. */
export interface LoopProgram { program: number[]; data: [number, number][] }

/** A machine with the program loaded and its IC at 0o100. */
export function loaded({ program, data }: LoopProgram, engine?: CoreEngine): Machine {
  const m = new Machine({ engine });
  m.deposit(0o100, program);
  for (const [a, v] of data) m.cpu.mem[a] = v;
  m.cpu.ic = 0o100;
  return m;
}

/**
 * The program run for `n` instructions in slices, timed from cold or, `warm`, after 20 million
 * untimed: the translator's loop runs slower until V8 has compiled its block on the stack (the
 * first two slices at 370-480 M a CPU-second, the rest at 700-810 M), and how soon that compile
 * lands moves the cold figure by half (485-723 M in six runs at load 0.6-1.0).
 */
function loop(p: LoopProgram, n: number, warm = false) {
  const slices = (m: Machine, count: number): void => { for (let left = count; left > 0; left -= 10_000_000) m.run(Math.min(left, 10_000_000)); };
  return (engine: CoreEngine): Run => {
    const m = loaded(p, engine);
    if (warm) slices(m, 20_000_000);
    return timed(m, () => slices(m, n));
  };
}

/** CLA/ADD/STO/TIX over a table of 1000 words, the outer loop reloading XR1. */
export const SIMPLE_LOOP: LoopProgram = {
  program: [op('LXA', 0o200, 1), op('CLA', 0o201), op('ADD', 0o300 + 1000, 1), op('STO', 0o201), op('TIX', 0o101, 1, 1), op('TRA', 0o100)],
  data: [[0o200, 1000], [0o201, 0], ...Array.from({ length: 1000 }, (_, i) => [0o301 + i, fromInt(i % 7 === 0 ? -i : i)] as [number, number])],
};

/** Fixed and floating multiply and divide with loads and stores between them. */
const ARITH_MIX: LoopProgram = {
  program: [
    op('LDQ', 0o200), op('MPY', 0o201), op('STQ', 0o210), op('CLA', 0o202), op('LDQ', 0o203), op('DVP', 0o204),
    op('CLA', 0o205), op('FAD', 0o206), op('STO', 0o211), op('LDQ', 0o205), op('FMP', 0o206), op('FDP', 0o205),
    op('STQ', 0o212), op('TRA', 0o100),
  ],
  data: [[0o200, fromInt(123456789)], [0o201, fromInt(-98765)], [0o202, 5], [0o203, fromInt(123456789)],
    [0o204, fromInt(1000003)], [0o205, 0o201600000000], [0o206, 0o202440000000]],
};
const simpleLoop = loop(SIMPLE_LOOP, 200_000_000);
const warmLoop = loop(SIMPLE_LOOP, 200_000_000, true);
const arithMix = loop(ARITH_MIX, 40_000_000);

/** One self-play game of the checkers program, booted from its deck (the boot not timed). */
function selfPlay(engine: CoreEngine): Run {
  const m = bootCheckers([textCard('*SELF'), textCard('*END')], true, { engine });
  return timed(m, () => m.run(1e10));
}

/** The warm games' CPU seconds one by one, by core, for the line under the table. */
const warmGames = new Map<CoreEngine, number[]>();

/**
 * The steady state: the best of five more self-play games on each core, the cores taking turns
 * game by game. A process's second game still pays V8 for compiling: the translator's new
 * blocks, and the interpreter's `interpret`, which V8 compiles again as new instruction kinds
 * come (its second game took 0.46-1.03 CPU-s, its later ones 0.47-0.62; docs/translator.md). The
 * translator's games go on getting faster up to the fifth or sixth of a process, and on this
 * machine the same game's time varies by a quarter from one game to the next and drifts over
 * seconds; so five games, not three, and in turns, so that both cores meet the same spells of a
 * busy machine (session 12).
 */
const warmSelfPlay = {
  both(): [Run, Run] {
    const runs = new Map<CoreEngine, Run[]>(ENGINES.map((e) => [e, []]));
    for (let k = 0; k < 5; k++) for (const e of ENGINES) runs.get(e)!.push(selfPlay(e));
    for (const [e, rs] of runs) warmGames.set(e, rs.map((r) => r.cpu));
    const best = (rs: Run[]): Run => rs.reduce((b, r) => (r.cpu < b.cpu ? r : b));
    return [best(runs.get('interp')!), best(runs.get('jit')!)];
  },
};

/**
 * Three learning games of Samuel's first series (generalization learning from untrained terms,
 * `npm start`'s work) in one machine: the evaluation loop's planted calls and transfers leave a
 * block every few instructions, so this row measures the dispatcher as much as the blocks.
 */
function learningGames(engine: CoreEngine): Run {
  const m = bootCheckers(seriesCards({ series: 1, games: 3 }).map((c) => textCard(c)), true, { engine });
  const t3 = new TapeUnit(3);
  t3.mount(encodeLearningTape(untrainedState(termOrder(1))), { readOnly: true });
  const t4 = new TapeUnit(4);
  t4.mount([]);
  m.io.attachTape(3, t3);
  m.io.attachTape(4, t4);
  return timed(m, () => { if (m.run(1e11).reason !== 'halt') throw new Error(`learning games: ${m.cpu.stopMessage}`); });
}

/** LOAD CARDS: the card loader reads the assembled checkers deck (our assembler's output) into core. */
function boot(engine: CoreEngine): Run {
  const m = new Machine({ engine });
  m.reader.feed(programDeck());
  m.reader.feed([textCard('*END')]);
  m.reader.setEndOfFile(true);
  m.loadCards();
  return timed(m, () => m.run(1e10)); // to the program's end of cards

}

/** perft(n) from the start position through the program's PERFT routine (last ply by BITS). */
function perft704(n: number, engine: CoreEngine): Run & { leaves: number } {
  const asm = checkersAssembly();
  const sym = (s: string): number => asm.symbols.get(s)!;
  const m = new Machine({ engine });
  for (const [a, w] of asm.image) m.cpu.mem[a] = w;
  call704(m, sym('BITINI'), 'BITINI', { limit: 1e9 });
  call704(m, sym('STARTP'), 'STARTP', { limit: 1e9 });
  m.cpu.mem[sym('PBULK')] = 1;
  let leaves = 0;
  const r = timed(m, () => { leaves = call704(m, sym('PERFT'), 'PERFT', { ac: n, xr1: 0, returns: 2, limit: 1e12 }).acMag; });
  return { ...r, leaves };
}

/** rapid-draughts' own perft: its move generator, a cloned engine per move. */
function perftRapid(n: number): { leaves: number; cpu: number } {
  type Engine = { moves: unknown[]; clone(): Engine; move(m: unknown): void };
  const count = (e: Engine, d: number): number => {
    const ms = e.moves;
    if (d === 1) return ms.length;
    let s = 0;
    for (const mv of ms) { const c = e.clone(); c.move(mv); s += count(c, d - 1); }
    return s;
  };
  const engine = (EnglishDraughts.setup() as unknown as { engine: Engine }).engine;
  const t0 = process.cpuUsage();
  const leaves = count(engine, n);
  const dt = process.cpuUsage(t0);
  return { leaves, cpu: (dt.user + dt.system) / 1e6 };
}

const mips = (r: Run): string => `${(r.instructions / r.cpu / 1e6).toFixed(1).padStart(7)} M`;
const realTimes = (r: Run): string => `${Math.round((r.cycles * SECONDS_PER_CYCLE) / r.cpu).toLocaleString('en-US').padStart(8)}x`;

export function benchCores(): void {
  const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`Interpreter and translator, instructions per CPU-second (the translator building its blocks included); load average ${load()}:`);
  console.log(`  ${'job'.padEnd(40)} ${'instructions'.padStart(13)} ${'interp'.padStart(9)} ${'jit'.padStart(9)} ${'jit/interp'.padStart(10)}   jit vs a real 704`);
  const jobs: [string, ((e: CoreEngine) => Run) | { both(): [Run, Run] }][] = [
    ['CLA/ADD/STO/TIX loop (from cold)', simpleLoop],
    ['CLA/ADD/STO/TIX loop (after 20 M)', warmLoop],
    ['MPY/DVP/FP mix', arithMix],
    ['checkers: one self-play game', selfPlay],
    ['checkers: a second game', selfPlay],
    ['checkers: a warm game (best of 5 more)', warmSelfPlay],
    ['checkers: perft(9)', (e) => perft704(9, e)],
    ['checkers: 3 learning games (series 1)', learningGames],
    ['LOAD CARDS: loader reads the deck', boot],
  ];
  const games: string[] = [];
  for (const [name, job] of jobs) {
    const [i, j] = typeof job === 'function' ? (ENGINES.map((e) => job(e)) as [Run, Run]) : job.both();
    if (i.instructions !== j.instructions || i.cycles !== j.cycles) throw new Error(`${name}: the cores differ (${i.instructions}/${i.cycles} against ${j.instructions}/${j.cycles})`);
    const ratio = (j.instructions / j.cpu) / (i.instructions / i.cpu);
    console.log(`  ${name.padEnd(40)} ${i.instructions.toLocaleString('en-US').padStart(13)} ${mips(i)} ${mips(j)} ${ratio.toFixed(2).padStart(9)}x   ${realTimes(j)}`);
    if ((job === selfPlay || job === warmSelfPlay) && !Number.isNaN(i.main)) games.push(`${['first', 'second', 'warm'][games.length]} game interp ${i.main.toFixed(2)}, jit ${j.main.toFixed(2)} (${(i.main / j.main).toFixed(2)}x)`);
  }
  console.log(`  (load average ${load()} at the end)`);
  // A first game's translator time is half V8's optimising compiler, which runs on other threads (docs/translator.md).
  if (games.length > 0) console.log(`  the self-play games' main thread alone, CPU-s (V8's compiler threads left out): ${games.join('; ')}`);
  if (warmGames.size > 0) console.log(`  the warm games one by one, CPU-s: ${ENGINES.map((e) => `${e} ${warmGames.get(e)!.map((t) => t.toFixed(3)).join(' ')}`).join('; ')}`);
  startUp();
  benchCommands();
  perftAgainstRapid();
  simh();
}


/** Start-up: the compiled command line running one instruction, against `node -e 0`. */
function startUp(): void {
  const dir = mkdtempSync(join(tmpdir(), 'samuel704-bench-'));
  try {
    const image = join(dir, 'one.oct');
    writeFileSync(image, '00100 +050000000200 +040000000201 +060100000202 +000000000103\n');
    const cli = join(packageRoot(), 'bin', 'samuel704.js');
    const best = (args: string[]): { wall: number; cpu: number } => {
      let b = { wall: Infinity, cpu: Infinity };
      for (let i = 0; i < 5; i++) { const r = childCpu(process.execPath, args); b = { wall: Math.min(b.wall, r.wall), cpu: Math.min(b.cpu, r.cpu) }; }
      return b;
    };
    const bare = best(['-e', '0']);
    const run = best([cli, 'run', '--load', image, '--start', '100', '--max-instructions', '1']);
    console.log(`\nStart-up to the first instruction (best of 5): samuel704 run ${run.wall.toFixed(2)} s wall, ${run.cpu.toFixed(2)} CPU-s; node -e 0 ${bare.wall.toFixed(2)} s, ${bare.cpu.toFixed(2)} CPU-s; over a bare node: ${(run.wall - bare.wall).toFixed(2)} s wall, ${(run.cpu - bare.cpu).toFixed(2)} CPU-s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function perftAgainstRapid(): void {
  const depth = process.env.BENCH_PERFT10 === '1' ? 10 : 9;
  const ours = perft704(depth, 'jit');
  const theirs = perftRapid(depth);
  console.log(`\nperft(${depth}) from the start: the 704 program (translator) ${ours.leaves} leaves in ${ours.cpu.toFixed(2)} CPU-s; rapid-draughts ${theirs.leaves} in ${theirs.cpu.toFixed(2)} CPU-s: ${(theirs.cpu / ours.cpu).toFixed(2)}x${depth === 9 ? '   (BENCH_PERFT10=1 for perft(10))' : ''}`);
}

/**
 * The self-play deck on SIMH i704 ($SIMH_I704): the same cards through its card reader, stopped by
 * a breakpoint at the HTR where our machine halts (SIMH's i704 does not stop there with the
 * printer attached); CPU seconds of the whole SIMH process, start-up and loading included,
 * against ours for the same deck in this process (the first game, then a second one, warm).
 */
function simh(): void {
  const bin = process.env.SIMH_I704;
  if (!bin) {
    console.log('\nSIMH: set SIMH_I704 to a SIMH i704 binary to run the same self-play deck on it (not measured here).');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'samuel704-simh-'));
  try {
    const ours = (): { run: Run; m: Machine } => {
      const m = bootCheckers([textCard('*SELF'), textCard('*END')], true, { engine: 'jit' });
      return { run: timed(m, () => m.run(1e10)), m };
    };
    const first = ours(), second = ours();
    const halt = /HTR at (\d{5})/.exec(first.m.cpu.stopMessage)?.[1];
    if (halt === undefined) throw new Error(`the self-play deck did not end on an HTR: ${first.m.cpu.stopMessage}`);
    const deck = join(dir, 'selfplay.cbn'), out = join(dir, 'printer.txt'), ini = join(dir, 'selfplay.ini');
    writeFileSync(deck, encodeCbn([...programDeck(), textCard('*SELF'), textCard('*END')]));
    writeFileSync(ini, `set cpu 32k\nattach cdr ${deck}\nattach lp ${out}\nbreak ${halt}\nboot cdr\nquit\n`);
    const theirs = childCpu(bin, [ini]);
    const printed = readFileSync(out, 'utf8');
    const moves = first.m.printer.lines.filter((l) => l.startsWith('MOVE '));
    const same = moves.length > 0 && moves.every((l) => printed.includes(l.trim()));
    const rate = (cpu: number): string => `${(first.run.instructions / cpu / 1e6).toFixed(1)} M instructions/CPU-s`;
    console.log(`\nSIMH i704 (${bin}), the self-play deck (${first.run.instructions.toLocaleString('en-US')} instructions, loader included): SIMH ${theirs.cpu.toFixed(2)} CPU-s (${rate(theirs.cpu)});`
      + ` ours ${first.run.cpu.toFixed(2)} CPU-s on a new machine after the table's games (${rate(first.run.cpu)}, ${(theirs.cpu / first.run.cpu).toFixed(2)}x SIMH), ${second.run.cpu.toFixed(2)} on another (${rate(second.run.cpu)}, ${(theirs.cpu / second.run.cpu).toFixed(2)}x); moves printed alike: ${same ? 'yes' : 'NO'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
