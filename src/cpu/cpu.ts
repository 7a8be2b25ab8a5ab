// The 704 CPU: registers, core, and run(limit) on one of two cores generated from the one
// instruction table (opcodes.ts) and its semantics (semantics.ts): the interpreter
// (interpreter.ts), which also serves the debugger, and the translator (translator.ts), which
// turns runs of 704 code into JavaScript functions. Both give the same registers, indicators,
// core, cycle and instruction counts at every stop (docs/translator.md).

import type { Registers } from './arith.ts';
import { interpret } from './interpreter.ts';
import { BUDGET, HEAT_WINDOW, Translator } from './translator.ts';

/** Why run() returned (the `stop` of `run --dump json`). */
export type StopReason = 'halt' | 'breakpoint' | 'limit' | 'input' | 'error';

/** What the CPU asks of the I/O system (implemented by machine/io.ts); `now` is the cycle count. */
export interface IoPort {
  /** RDS/WRS: returns the cycle count when the select is done (after any interlock wait), or -1 if no such unit. */
  select(address: number, write: boolean, now: number): number;
  /** True when a unit is selected and it was selected for writing. */
  readonly writing: boolean;
  /** True when some unit is selected. */
  readonly connected: boolean;
  /** Reading CPY: a word (>= 0) or END_OF_RECORD / END_OF_FILE / NO_INPUT. */
  copyIn(now: number): number;
  /** Writing CPY: 0, or END_OF_RECORD when the unit takes no more words. */
  copyOut(word: number, now: number): number;
  /** Cycle at which the selected unit is ready for the next word. */
  readyAt(): number;
  /** BST (0764), WEF (0770), REW (0772) on a tape address: cycle count when done, or -1. */
  tapeCommand(op: number, address: number, now: number): number;
  /** LDA: the drum address for the following CPYs; false when no drum is selected. */
  drumAddress(address: number, now: number): boolean;
  /** SPR n, SPU n, SPT (ibm704.md §5.8). */
  printerSense(n: number): void;
  punchSense(n: number): void;
  printerTest(): boolean;
  /** ETT/RTT: test and clear the end-of-tape / tape-check indicators. */
  testEndOfTape(): boolean;
  testTapeCheck(): boolean;
  /** The machine stopped: units being written end their records. */
  halt(now: number): void;
  /** Text of the last failure (unknown unit, read-only tape ...). */
  readonly error: string;
}

/** `interp`: the interpreter only; `jit`: the translator, with the interpreter for the debugger and I/O. */
export type CoreEngine = 'interp' | 'jit';
export const CORE_ENGINES: readonly CoreEngine[] = ['interp', 'jit'];

/**
 * The default core: $SAMUEL704_CORE when set (the tests run the CPU suite on both), else the
 * translator; the interpreter stays the reference and runs whatever the debugger watches
 * (docs/translator.md).
 */
export function defaultEngine(): CoreEngine {
  const e = process.env.SAMUEL704_CORE;
  if (e === undefined || e === '') return 'jit';
  if (!(CORE_ENGINES as readonly string[]).includes(e)) throw new Error(`SAMUEL704_CORE must be ${CORE_ENGINES.join(' or ')}, not '${e}'`);
  return e as CoreEngine;
}

export interface CpuOptions {
  /** Core size in words: 4096, 8192 or 32768 (ibm704.md §3). */
  coreWords?: number;
  /** Which core runs the program (default: defaultEngine()). */
  engine?: CoreEngine;
}

/** Cpu fields kept as doubles from the start (see the constructor). */
const DOUBLE_FIELDS = ['acMag', 'mq', 'keys', 'instructions', 'cycles'] as const;

/** Runs shorter than this go to the interpreter: translating cannot pay for itself there. */
const SHORT_RUN = 16;

export class Cpu implements Registers {
  readonly engine: CoreEngine;
  readonly mem: Float64Array;
  readonly addrMask: number;
  ic = 0;
  acSign = 0;
  acMag = 0;
  mq = 0;
  xr1 = 0;
  xr2 = 0;
  xr4 = 0;
  acOverflow = false;
  mqOverflow = false;
  divideCheck = false;
  trapMode = false;
  /** Sense lights 1-4 as bits 0-3; sense switches 1-6 as bits 0-5 (down = 1). */
  senseLights = 0;
  senseSwitches = 0;
  /**
   * Stop with 'illegal operation' on a code IBM did not assign, instead of doing what the
   * hardware does with it (opcodes.ts UNASSIGNED): for people debugging their own programs.
   */
  strict = false;
  /** The 36 entry keys (not readable by a 704 program; used by Enter MQ / Enter Instruction). */
  keys = 0;
  instructions = 0;
  cycles = 0;
  /** Set when run() stops with 'error', 'halt' of a special kind, or 'breakpoint': what happened. */
  stopMessage = '';
  /** Location of the instruction that caused an 'error' stop. */
  errorAddress = -1;

  /** Debug aids: all off by default, so run() pays one flag test per instruction. */
  readonly breakpoints: Uint8Array;
  /** Per address: 1 = stop on read, 2 = stop on write. */
  readonly watches: Uint8Array;
  /** History ring of executed instructions: location, word, AC sign, AC, MQ, XR1, XR2, XR4. */
  history: Float64Array | null = null;
  historyNext = 0;
  historyCount = 0;
  /** Called after every instruction when set (tracing); costs nothing when null. */
  tracer: ((location: number) => void) | null = null;
  /** Any debug aid on: the interpreter runs, testing them at every instruction. */
  debugOn = false;
  /** Address that matched a watch in the last instruction, or -1. */
  watchHit = -1;
  /** Per word: 1 when translated code was built from it (a store there must drop that code). */
  readonly codeMark: Uint8Array;
  readonly translator: Translator | null;

  constructor(readonly io: IoPort, options: CpuOptions = {}) {
    const size = options.coreWords ?? 32768;
    if (size !== 4096 && size !== 8192 && size !== 32768) {
      throw new RangeError(`core size must be 4096, 8192 or 32768 words, not ${size}`);
    }
    this.mem = new Float64Array(size);
    this.addrMask = size - 1;
    this.breakpoints = new Uint8Array(size);
    this.watches = new Uint8Array(size);
    this.engine = options.engine ?? defaultEngine();
    this.translator = this.engine === 'jit' ? new Translator(this) : null;
    this.codeMark = this.translator?.codeMark ?? new Uint8Array(size);
    // The fields that come to hold more than 31 bits (36-bit words, counts past 2^31) start as
    // doubles: V8 gives a field the representation of the first value stored (a small integer
    // here), and when a larger one comes the object's hidden class is replaced, which deoptimises
    // every translated block that read the field (301 deoptimisations in Samuel's second series,
    // and the blocks compiled again). Their values are 0 as before.
    for (const f of DOUBLE_FIELDS) { this[f] = 0.5; this[f] = 0; }
  }

  /** Recompute the single flag the hot loop tests; call after changing any debug aid. */
  updateDebug(): void {
    this.debugOn = this.breakpoints.some((b) => b !== 0) || this.watches.some((w) => w !== 0)
      || this.history !== null || this.tracer !== null;
  }

  /** Console Reset: registers and indicators cleared, core kept (ibm704.md §2). */
  reset(): void {
    this.ic = 0; this.acSign = 0; this.acMag = 0; this.mq = 0;
    this.xr1 = 0; this.xr2 = 0; this.xr4 = 0;
    this.acOverflow = false; this.mqOverflow = false; this.divideCheck = false; this.trapMode = false;
    this.senseLights = 0;
    this.stopMessage = ''; this.errorAddress = -1;
  }

  step(): StopReason {
    return this.run(1);
  }

  /**
   * Execute at most `limit` instructions. A breakpoint at the starting location is taken only
   * when `breakAtStart` is set, so `continue` from a breakpoint moves on.
   */
  run(limit: number, breakAtStart = false): StopReason {
    if (this.translator === null || this.debugOn || limit < SHORT_RUN) return interpret(this, limit, breakAtStart, false);
    return this.translate(this.translator, limit);
  }

  /**
   * The translator's run: translated blocks while they can, the interpreter for one instruction
   * where they cannot (I/O, halts, interpreted words), in trapping mode, and for the last few
   * instructions before the limit, so every stop falls on the same instruction as interpreting.
   */
  private translate(tr: Translator, limit: number): StopReason {
    tr.validate();
    this.stopMessage = '';
    this.watchHit = -1;
    const end = this.instructions + limit;
    while (this.instructions < end) {
      const r = this.trapMode ? 1 : runBlocks(this, tr, end);
      if (r === 0) continue;
      const reason = r === COLD ? interpret(this, end - this.instructions, false, true) : interpret(this, r, false, false);
      if (reason !== 'limit') return reason;
    }
    return 'limit';
  }

  /** A store hit a word translated code was built from (called by both cores). */
  codeWrite(address: number): void {
    this.translator?.codeWrite(address);
  }

  /** Called by the interpreter before each instruction while history is on. */
  recordHistory(ic: number): void {
    const h = this.history!;
    const i = this.historyNext * 8;
    h[i] = ic; h[i + 1] = this.mem[ic]!; h[i + 2] = this.acSign; h[i + 3] = this.acMag;
    h[i + 4] = this.mq; h[i + 5] = this.xr1; h[i + 6] = this.xr2; h[i + 7] = this.xr4;
    this.historyNext = (this.historyNext + 1) % (h.length / 8);
    if (this.historyCount < h.length / 8) this.historyCount++;
  }
}

/** runBlocks' answer for code not hot yet: interpret up to the next transfer. */
const COLD = -1;

/**
 * The most instructions a block is told it may run (2^30 - 1, a small integer to V8). A block gets
 * how many it may run, not the count to stop at: that count passes 2^31 in long runs (a limit of
 * 1e10), and a double argument is a new heap number at every call, 16 bytes a block call (40 MB
 * a self-play game) for the garbage collector.
 */
const MAX_LEFT = 0x3fffffff;

/**
 * Run translated blocks one after another until the next instruction is one for the interpreter
 * or a planted word has changed (returns 1), the code there is not hot yet (COLD: interpret to the
 * next transfer), fewer than a block's instructions are left before `end` (returns how many are
 * left), or `end` is reached (returns 0). Trapping mode need not be looked at between blocks: the
 * instructions that change it are interpreted. A function of its own so that V8 optimises this
 * loop apart from the rest.
 */
function runBlocks(cpu: Cpu, tr: Translator, end: number): number {
  const blocks = tr.blocks, heat = tr.heat, heatWindow = tr.heatWindow, hot = tr.hot;
  let ic = cpu.ic & cpu.addrMask;
  cpu.ic = ic;
  while (cpu.instructions < end) {
    let f = blocks[ic];
    if (f === undefined) {
      // The count starts again in each window: a test at every such visit, not a clearing of all
      // counts now and then, which V8 would meet first after it has optimised this loop.
      const w = (cpu.instructions / HEAT_WINDOW) >>> 0;
      if (heatWindow[ic] !== w) { heatWindow[ic] = w; heat[ic] = 0; }
      if (heat[ic]! < hot) { heat[ic]!++; return COLD; }
      f = tr.build(ic);
    }
    if (f === null) return 1;
    const left = end - cpu.instructions;
    ic = f(cpu, (left < MAX_LEFT ? left : MAX_LEFT) | 0); // a small integer even where this loop is not optimised
    if (ic < 0) {
      if (ic !== BUDGET) return 1;
      if (left < MAX_LEFT) return end - cpu.instructions;
      ic = cpu.ic; // a block that ran MAX_LEFT instructions: it goes on
    }
  }
  return 0;
}
