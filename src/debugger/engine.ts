// The debugger engine: breakpoints (with conditions), watches, history, tracing, snapshots, and
// step / next / finish / continue as "run until", all over the CPU's own debug aids
// (cpu.breakpoints, cpu.watches, cpu.history, cpu.tracer). It never prints: every operation
// returns data, and the command table (commands.ts) turns it into text.
//
// Runs go in slices of the CPU's run(), and between slices the engine yields to the event loop
// so that a SIGINT handler can call interrupt(); with no breakpoint, watch, history or tracer the
// CPU takes its fast path, so an attached debugger costs nothing while it runs (bench/bench.ts).
//
// Calls on the 704 are `TSX ROUTINE,4`: XR4 := -L (the two's complement of the call's location
// L) and the routine returns with `TRA 1,4` to 1 - XR4 = L+1. Routines with several exits return
// to L+2 or L+3 (`TRA 2,4`), so a call is over when control comes back to L+1, L+2 or L+3.
// `next` and `finish` count re-executions of the TSX at L on the way (a routine that calls itself
// from that site) and stop only at the return that matches.

import type { StopReason } from '../cpu/cpu.ts';
import { formatAddr, op12, tag, toInt } from '../cpu/word.ts';
import type { Machine, Snapshot } from '../machine/machine.ts';
import { checkSymbols, evaluate, ExprError, type Expr, type ExprContext, type Register } from './expr.ts';
import type { Symbols } from './symbols.ts';

/** Instructions per call into the CPU between checks for an interrupt. */
const SLICE = 1_000_000;
/** Longest time between yields to the event loop, so Ctrl-C is seen promptly. */
const YIELD_MS = 20;
const TSX = 0o0074;

export interface EngineOptions {
  /** Instructions per call into the CPU (tests make it small to put breakpoints on slice boundaries). */
  slice?: number;
}

export interface Breakpoint {
  readonly id: number;
  readonly address: number;
  readonly condition?: { readonly text: string; readonly expr: Expr };
  hits: number;
}

export type WatchMode = 'read' | 'write' | 'access';
const WATCH_BITS: Record<WatchMode, number> = { read: 1, write: 2, access: 3 };

export interface Watch {
  readonly id: number;
  readonly address: number;
  readonly mode: WatchMode;
  /** The word when the machine last stopped, to show what a write changed. */
  last: number;
}

/** How a run ended: the machine's own stops, or the debugger's. */
export type Outcome = 'step' | 'returned' | 'breakpoint' | 'watch' | 'interrupted' | StopReason;

export interface RunResult {
  readonly outcome: Outcome;
  /** The machine's description of its stop ('halt', 'error', 'input', 'limit'), or of a failed condition. */
  readonly message: string;
  readonly breakpoint?: Breakpoint;
  readonly watch?: Watch;
  /** For a watch: the word before the instruction that touched it. */
  readonly before?: number;
  /** Instructions and cycles this command ran. */
  readonly instructions: number;
  readonly cycles: number;
}

export interface HistoryEntry {
  readonly location: number;
  readonly word: number;
  /** Registers before the instruction ran. */
  readonly acSign: number;
  readonly acMag: number;
  readonly mq: number;
  readonly xr1: number;
  readonly xr2: number;
  readonly xr4: number;
}

/** A stop found at a flagged address. */
type Hit = Partial<RunResult> & { outcome: Outcome };

/** A call being stepped over or finished: its TSX and the words a return may land on. */
interface Frame {
  readonly call: number;
  readonly returns: readonly number[];
  depth: number;
  /** The last return word passed, and the instruction count then (see atBreakpoint). */
  passed: number;
  passedAt: number;
}

/** A request the engine cannot carry out; the message says why. */
export class DebugError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DebugError';
  }
}

export class DebugEngine {
  private readonly breakpoints = new Map<number, Breakpoint>();
  private readonly watches = new Map<number, Watch>();
  private nextId = 1;
  /** Addresses the current next/finish stops at, besides user breakpoints. */
  private temporary = new Set<number>();
  private interruptRequested = false;
  private running = false;
  readonly snapshots = new Map<string, Snapshot>();
  /** What expressions see: the machine as it is now. */
  readonly context: ExprContext;

  private readonly slice: number;

  constructor(readonly machine: Machine, readonly symbols: Symbols, options: EngineOptions = {}) {
    this.slice = options.slice ?? SLICE;
    this.context = {
      symbol: (name) => symbols.value(name),
      register: (name: Register) => {
        const cpu = machine.cpu;
        switch (name) {
          case 'ac': return cpu.acSign ? -cpu.acMag : cpu.acMag;
          case 'mq': return toInt(cpu.mq);
          case 'ic': return cpu.ic;
          case 'xr1': return cpu.xr1;
          case 'xr2': return cpu.xr2;
          case 'xr4': return cpu.xr4;
          case 'ov': return cpu.acOverflow ? 1 : 0;
          case 'instr': return cpu.instructions;
          case 'cycles': return cpu.cycles;
        }
      },
      memory: (address) => toInt(machine.cpu.mem[address]!),
      coreWords: machine.cpu.mem.length,
    };
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Stop the run in progress at the end of its current slice (the SIGINT handler calls this). */
  interrupt(): void {
    if (this.running) this.interruptRequested = true;
  }

  // ---- breakpoints and watches (one numbering, as `delete N` takes either)

  addBreakpoint(address: number, condition?: { text: string; expr: Expr }): Breakpoint {
    if (condition) checkSymbols(condition.expr, this.context); // now, not at the first hit
    const bp: Breakpoint = { id: this.nextId++, address, ...(condition ? { condition } : {}), hits: 0 };
    this.breakpoints.set(bp.id, bp);
    this.syncBreakpoint(address);
    return bp;
  }

  addWatch(address: number, mode: WatchMode): Watch {
    const w: Watch = { id: this.nextId++, address, mode, last: this.machine.cpu.mem[address]! };
    this.watches.set(w.id, w);
    this.syncWatch(address);
    return w;
  }

  /** Delete one breakpoint or watch, or all of them; returns how many went. */
  delete(id?: number): number {
    if (id === undefined) {
      const n = this.breakpoints.size + this.watches.size;
      const addresses = [...this.breakpoints.values(), ...this.watches.values()].map((x) => x.address);
      this.breakpoints.clear();
      this.watches.clear();
      for (const a of addresses) { this.syncBreakpoint(a); this.syncWatch(a); }
      return n;
    }
    const bp = this.breakpoints.get(id);
    const w = this.watches.get(id);
    if (!bp && !w) throw new DebugError(`no breakpoint or watch ${id}`);
    if (bp) { this.breakpoints.delete(id); this.syncBreakpoint(bp.address); }
    if (w) { this.watches.delete(id); this.syncWatch(w.address); }
    return 1;
  }

  listBreakpoints(): Breakpoint[] {
    return [...this.breakpoints.values()];
  }

  listWatches(): Watch[] {
    return [...this.watches.values()];
  }

  private syncBreakpoint(address: number): void {
    const cpu = this.machine.cpu;
    const on = this.temporary.has(address) || [...this.breakpoints.values()].some((b) => b.address === address);
    cpu.breakpoints[address] = on ? 1 : 0;
    cpu.updateDebug();
  }

  private syncWatch(address: number): void {
    const cpu = this.machine.cpu;
    let bits = 0;
    for (const w of this.watches.values()) if (w.address === address) bits |= WATCH_BITS[w.mode];
    cpu.watches[address] = bits;
    cpu.updateDebug();
  }

  // ---- history and tracing

  /** Keep the last `size` instructions (0 turns history off; the CPU then takes its fast path). */
  setHistory(size: number): void {
    const cpu = this.machine.cpu;
    cpu.history = size > 0 ? new Float64Array(size * 8) : null;
    cpu.historyNext = 0;
    cpu.historyCount = 0;
    cpu.updateDebug();
  }

  get historySize(): number {
    return (this.machine.cpu.history?.length ?? 0) / 8;
  }

  /** The last `n` instructions executed, oldest first. */
  history(n: number): HistoryEntry[] {
    const cpu = this.machine.cpu;
    const h = cpu.history;
    if (!h) return [];
    const size = h.length / 8;
    const count = Math.min(n, cpu.historyCount);
    const out: HistoryEntry[] = [];
    for (let k = count; k > 0; k--) {
      const i = ((cpu.historyNext - k + size) % size) * 8;
      out.push({ location: h[i]!, word: h[i + 1]!, acSign: h[i + 2]!, acMag: h[i + 3]!, mq: h[i + 4]!, xr1: h[i + 5]!, xr2: h[i + 6]!, xr4: h[i + 7]! });
    }
    return out;
  }

  /** Call `fn` with the location of every instruction after it runs (null: off). */
  setTracer(fn: ((location: number) => void) | null): void {
    this.machine.cpu.tracer = fn;
    this.machine.cpu.updateDebug();
  }

  // ---- snapshots (core and registers; units keep their state)

  saveSnapshot(name: string): void {
    this.snapshots.set(name, this.machine.snapshot());
  }

  loadSnapshot(name: string): void {
    const s = this.snapshots.get(name);
    if (!s) throw new DebugError(`no snapshot "${name}"${this.snapshots.size ? ` (have: ${[...this.snapshots.keys()].join(', ')})` : ''}`);
    this.machine.restore(s);
    this.refreshWatches();
  }

  evaluate(e: Expr): number {
    return evaluate(e, this.context);
  }

  // ---- running

  /** Run `n` instructions (fewer if something stops the machine). */
  step(n = 1): Promise<RunResult> {
    return this.execute(n, null, 'step');
  }

  /** Step over a TSX: run until the call returns; any other instruction is one step. */
  next(): Promise<RunResult> {
    const cpu = this.machine.cpu;
    const L = cpu.ic;
    if (op12(cpu.mem[L]!) !== TSX) return this.step(1);
    return this.execute(Infinity, this.frame(L), 'limit');
  }

  /**
   * Run until the routine entered by the last `TSX ...,4` returns: XR4 holds -L, so the call was
   * at L = -XR4 and the return lands on L+1 (or L+2, L+3). A routine that has called another
   * since its entry holds someone else's link in XR4 (it keeps its own in memory): `finish`
   * refuses when XR4 does not name a TSX ...,4 or names one that has returned already.
   */
  finishTarget(): number {
    const cpu = this.machine.cpu;
    const am = cpu.addrMask;
    const L = -cpu.xr4 & am;
    const w = cpu.mem[L]!;
    if (cpu.xr4 === 0 || op12(w) !== TSX || (tag(w) & 4) === 0) {
      throw new DebugError(`XR4 = ${formatAddr(cpu.xr4)} does not name a call: the word at ${formatAddr(L)} (= -XR4) is not a TSX ...,4`);
    }
    const after = (cpu.ic - L) & am;
    if (after >= 1 && after <= 3) {
      throw new DebugError(`the call at ${formatAddr(L)} (= -XR4) has returned already (IC is ${formatAddr(cpu.ic)}); this routine keeps its own link elsewhere: use break`);
    }
    return L;
  }

  finish(): Promise<RunResult> {
    return this.execute(Infinity, this.frame(this.finishTarget()), 'limit');
  }

  /** Run until something stops the machine, or `limit` instructions have run. */
  continue(limit = Infinity): Promise<RunResult> {
    return this.execute(limit, null, 'limit');
  }

  private frame(call: number): Frame {
    const am = this.machine.cpu.addrMask;
    return { call, returns: [1, 2, 3].map((k) => (call + k) & am), depth: 0, passed: -1, passedAt: -1 };
  }

  private async execute(budget: number, frame: Frame | null, exhausted: Outcome): Promise<RunResult> {
    if (this.running) throw new DebugError('the machine is already running');
    const cpu = this.machine.cpu;
    const i0 = cpu.instructions, c0 = cpu.cycles;
    this.running = true;
    this.interruptRequested = false;
    if (frame) this.setTemporary([frame.call, ...frame.returns]);
    const before = new Map([...this.watches.values()].map((w) => [w.id, w.last]));
    const finish = (outcome: Outcome, extra: Partial<RunResult> = {}): RunResult => {
      this.refreshWatches();
      return { outcome, message: '', ...extra, instructions: cpu.instructions - i0, cycles: cpu.cycles - c0 };
    };
    try {
      let left = budget;
      // The instruction at the IC runs even if it has a breakpoint: the run is leaving it.
      let leaving = true;
      let lastYield = performance.now();
      for (;;) {
        if (!leaving && cpu.breakpoints[cpu.ic] !== 0) {
          const hit = this.atBreakpoint(cpu.ic, frame);
          if (hit) return finish(hit.outcome, hit);
        }
        leaving = false;
        const start = cpu.instructions;
        const stop = this.machine.run(Math.min(left, this.slice));
        left -= cpu.instructions - start;
        if (stop.reason === 'breakpoint' && cpu.watchHit >= 0) {
          const w = [...this.watches.values()].find((x) => x.address === cpu.watchHit)!;
          return finish('watch', { watch: w, before: before.get(w.id) ?? w.last, message: cpu.stopMessage });
        }
        if (stop.reason === 'breakpoint') {
          const hit = this.atBreakpoint(cpu.ic, frame);
          if (hit) return finish(hit.outcome, hit);
          leaving = true;
        } else if (stop.reason !== 'limit') {
          return finish(stop.reason, { message: stop.message });
        }
        if (left <= 0) return finish(exhausted);
        if (performance.now() - lastYield >= YIELD_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          lastYield = performance.now();
          if (this.interruptRequested) return finish('interrupted');
        }
      }
    } finally {
      this.running = false;
      this.setTemporary([]);
    }
  }

  /** The machine is at a flagged address: does the run stop here? */
  private atBreakpoint(address: number, frame: Frame | null): Hit | null {
    let stop: Hit | null = null;
    const k = frame ? frame.returns.indexOf(address) : -1;
    if (frame && address === frame.call) frame.depth++;
    else if (frame && k >= 0) {
      // Coming to L+2 or L+3 one instruction after L+1 or L+2 is the caller's code going on (a
      // deeper call returned there), not a return.
      const fromCaller = frame.passedAt === this.machine.cpu.instructions - 1 && frame.returns.indexOf(frame.passed) < k;
      frame.passed = address;
      frame.passedAt = this.machine.cpu.instructions;
      if (!fromCaller) {
        if (frame.depth > 0) frame.depth--;
        else stop = { outcome: 'returned' };
      }
    }
    for (const bp of this.breakpoints.values()) {
      if (bp.address !== address) continue;
      if (bp.condition) {
        try {
          if (this.evaluate(bp.condition.expr) === 0) continue;
        } catch (e) {
          if (!(e instanceof ExprError)) throw e;
          bp.hits++;
          return { outcome: 'breakpoint', breakpoint: bp, message: `condition ${bp.condition.text}: ${e.message}` };
        }
      }
      bp.hits++;
      return { outcome: 'breakpoint', breakpoint: bp };
    }
    return stop;
  }

  private setTemporary(addresses: number[]): void {
    const old = this.temporary;
    this.temporary = new Set(addresses);
    for (const a of new Set([...old, ...addresses])) this.syncBreakpoint(a);
  }

  /** Re-read the watched words (after core was changed from outside a run: a restore). */
  refreshWatches(): void {
    for (const w of this.watches.values()) w.last = this.machine.cpu.mem[w.address]!;
  }
}
