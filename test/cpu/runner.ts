// A small fluent helper for CPU tests, in the spirit of 6502.ts's Runner: build a program from
// mnemonics through the one instruction table (opcodes.ts), set registers and core, run to a
// halt, then assert registers, core and cycles. Every assertion names what it compares, so a
// failure reads like the spec line it checks.

import { expect } from 'vitest';
import { Machine, type Stop } from '../../src/machine/machine.ts';
import { BY_MNEMONIC } from '../../src/cpu/opcodes.ts';
import { formatSigned, makeWord } from '../../src/cpu/word.ts';

export const Q = 2 ** 36; // AC bit Q as part of acMag
export const P = 2 ** 35; // AC bit P as part of acMag; also the sign bit of a word
export const SIGN = 2 ** 35;
export const MAG = 2 ** 35 - 1; // bits 1-35 all ones
export const ALL = 2 ** 36 - 1; // all 36 bits
export const ACMAX = 2 ** 37 - 1; // Q,P,1-35 all ones

/** Where programs start unless told otherwise (clear of locations 0 and 1, used by trapping). */
export const ORIGIN = 0o100;

/**
 * One instruction word from the table: `template + makeWord(0, dec, tag, addr)`. For the fixed
 * words of the sense group and for SLN/SWT/... the address is added to the template (SLN 3).
 */
export function op(mnemonic: string, addr = 0, tag = 0, dec = 0): number {
  const d = BY_MNEMONIC.get(mnemonic);
  if (!d) throw new Error(`${mnemonic} is not in the instruction table`);
  return d.template + makeWord(0, dec, tag, addr);
}

/** +n as a sign-magnitude word. */
export const pos = (n: number): number => n;
/** -n as a sign-magnitude word (neg(0) is -0). */
export const neg = (n: number): number => SIGN + n;
/** A word from octal text: `+000000000005`, `-000000000005` or 12 raw octal digits. */
export function oct(text: string): number {
  const t = text.replace(/\s+/g, '');
  const m = /^([+-]?)([0-7]{1,12})$/.exec(t);
  if (!m) throw new Error(`bad octal word ${text}`);
  const v = parseInt(m[2]!, 8);
  if (m[1] !== '' && v > MAG) throw new Error(`${text}: a signed word has 35 bits of magnitude`);
  return m[1] === '-' ? SIGN + v : v;
}

/** Floating-point word: sign, characteristic (0-255), 27-bit fraction. */
export const fp = (sign: 0 | 1, char: number, frac: number): number => sign * SIGN + char * 2 ** 27 + frac;

export interface Regs {
  ic: number;
  acSign: number;
  acMag: number;
  mq: number;
  xr1: number;
  xr2: number;
  xr4: number;
  acOverflow: boolean;
  mqOverflow: boolean;
  divideCheck: boolean;
  trapMode: boolean;
  senseLights: number;
  senseSwitches: number;
}

const show = (w: number): string => formatSigned(w);

export class Runner {
  readonly m: Machine;
  private stopInfo: Stop | undefined;
  private readonly startCycles: number;

  /**
   * Place `program` at `origin` (default 0o100) followed by an `HTR` to its own location, so a
   * program that runs off its end stops with IC = origin + program.length.
   */
  constructor(program: readonly number[], options: { origin?: number; coreWords?: number } = {}) {
    this.m = new Machine({ coreWords: options.coreWords ?? 32768 });
    const origin = options.origin ?? ORIGIN;
    this.m.deposit(origin, program);
    const end = (origin + program.length) & this.m.cpu.addrMask;
    this.m.deposit(end, [op('HTR', end)]);
    this.m.cpu.ic = origin;
    this.startCycles = this.m.cpu.cycles;
  }

  static of(...program: number[]): Runner {
    return new Runner(program);
  }

  get cpu() {
    return this.m.cpu;
  }

  get stop(): Stop {
    if (!this.stopInfo) throw new Error('run() first');
    return this.stopInfo;
  }

  // ---- setting up

  /** Words into core from `addr` on. */
  mem(addr: number, ...words: number[]): this {
    this.m.deposit(addr, words);
    return this;
  }

  /** An `HTR addr` at `addr`: a landing place whose halt leaves IC = addr. */
  halt(...addrs: number[]): this {
    for (const a of addrs) this.m.deposit(a, [op('HTR', a)]);
    return this;
  }

  /** AC from a 36-bit word (Q and P clear). */
  ac(word: number): this {
    this.cpu.acSign = word >= SIGN ? 1 : 0;
    this.cpu.acMag = word >= SIGN ? word - SIGN : word;
    return this;
  }

  /** AC from a sign and a 37-bit magnitude Q,P,1-35. */
  acRaw(sign: number, mag: number): this {
    this.cpu.acSign = sign;
    this.cpu.acMag = mag;
    return this;
  }

  mq(word: number): this {
    this.cpu.mq = word;
    return this;
  }

  xr(n: 1 | 2 | 4, v: number): this {
    if (n === 1) this.cpu.xr1 = v;
    else if (n === 2) this.cpu.xr2 = v;
    else this.cpu.xr4 = v;
    return this;
  }

  set(regs: Partial<Regs>): this {
    Object.assign(this.cpu, regs);
    return this;
  }

  // ---- running

  /** Run at most `limit` instructions. */
  run(limit = 10_000): this {
    this.stopInfo = this.m.run(limit);
    return this;
  }

  // ---- checking

  /** The run ended on a halt (HTR/HPR/DVH/FDH) with IC = `ic` when given. */
  expectHalt(ic?: number): this {
    expect(this.stop.reason, `stop reason (${this.stop.message})`).toBe('halt');
    if (ic !== undefined) expect(this.cpu.ic.toString(8), 'IC (octal) after the halt').toBe(ic.toString(8));
    return this;
  }

  /** AC as sign and 37-bit magnitude. */
  expectAcRaw(sign: number, mag: number): this {
    expect({ sign: this.cpu.acSign, mag: this.cpu.acMag.toString(8) }, 'AC sign and Q,P,1-35 (octal)')
      .toEqual({ sign, mag: mag.toString(8) });
    return this;
  }

  /** AC equal to a 36-bit word with Q and P clear. */
  expectAc(word: number): this {
    const got = this.cpu.acSign * SIGN + this.cpu.acMag;
    expect(this.cpu.acMag < P ? show(got) : `Q,P set: ${this.cpu.acSign ? '-' : '+'}${this.cpu.acMag.toString(8)}`, 'AC')
      .toBe(show(word));
    return this;
  }

  expectMq(word: number): this {
    expect(show(this.cpu.mq), 'MQ').toBe(show(word));
    return this;
  }

  expectMem(addr: number, word: number): this {
    expect(show(this.cpu.mem[addr]!), `C(${addr.toString(8)})`).toBe(show(word));
    return this;
  }

  expectState(regs: Partial<Regs>): this {
    const got: Record<string, unknown> = {};
    for (const k of Object.keys(regs)) got[k] = this.cpu[k as keyof Regs];
    expect(got, 'registers').toEqual(regs);
    return this;
  }

  expectOverflow(ac: boolean, mq?: boolean): this {
    expect(this.cpu.acOverflow, 'AC overflow indicator').toBe(ac);
    if (mq !== undefined) expect(this.cpu.mqOverflow, 'MQ overflow indicator').toBe(mq);
    return this;
  }

  /** Cycles of everything executed except the final HTR/HPR (which costs 2: I and E, §9.1). */
  expectCycles(n: number): this {
    expect(this.cpu.cycles - this.startCycles - 2, 'cycles before the halt').toBe(n);
    return this;
  }

  /** Instructions executed, the final halt included. */
  expectInstructions(n: number): this {
    expect(this.cpu.instructions, 'instructions executed').toBe(n);
    return this;
  }
}

/** Run one program and return the runner (the usual one-liner). */
export const run = (program: number[], setup: (r: Runner) => void = () => {}): Runner => {
  const r = new Runner(program);
  setup(r);
  return r.run();
};

/**
 * One machine reused for many single-instruction executions (the random tests): the instruction
 * at ORIGIN, an HTR behind it, registers set from `regs`, then two steps.
 */
export class Exec {
  readonly m = new Machine();
  private readonly htr = op('HTR', ORIGIN + 1);

  exec(word: number, regs: Partial<Regs>, memory: Record<number, number> = {}): void {
    const cpu = this.m.cpu;
    cpu.mem[ORIGIN] = word;
    cpu.mem[ORIGIN + 1] = this.htr;
    for (const [a, v] of Object.entries(memory)) cpu.mem[Number(a)] = v;
    cpu.acOverflow = false; cpu.mqOverflow = false; cpu.divideCheck = false; cpu.trapMode = false;
    Object.assign(cpu, regs);
    cpu.ic = ORIGIN;
    cpu.cycles = 0;
    cpu.run(1);
  }
}
