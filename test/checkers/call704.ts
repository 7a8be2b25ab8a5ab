// Calling one routine of the checkers program the 704 way, for the tests and the bench: a
// `TSX ROUTINE,4` at a stub in free core, the routine's parameter words after it, then an HTR at
// each place the routine may return to (1,4 / 2,4 / ... past the parameters); the machine is
// started at the stub and must halt at one of those HTRs. The program's routines return this way,
// through XR4 (ibm704.md §5.7: TSX puts the two's complement of its location in the tag's XR;
// `TRA 1,4` is the word after it).

import { BY_MNEMONIC } from '../../src/cpu/opcodes.ts';
import { Machine } from '../../src/machine/machine.ts';

export const SIGN = 2 ** 35;

/**
 * The call stub: the 24 words below the card loader (077750-077777), the one room in core no program
 * uses (077000, used before, lay inside the checkers program once it passed 32,256 words: its
 * Mandziuk routines were overwritten when rote.sap grew). A program must end below 077720 (32,720).
 */
const STUB = 0o77720;

/** An instruction word: operation, address and tag (no decrement). */
function instruction(mnemonic: string, address: number, tag = 0): number {
  const d = BY_MNEMONIC.get(mnemonic);
  if (!d) throw new Error(`no operation ${mnemonic}`);
  return d.template + tag * 32768 + address;
}

/** Cycles of the TSX that makes a call and of the HTR that ends it (ibm704.md §9.1: I and E cycle each). */
export const TSX_CYCLES = BY_MNEMONIC.get('TSX')!.cycles;
const HTR_CYCLES = BY_MNEMONIC.get('HTR')!.cycles;

/** Registers to set before the call; those left out keep what they hold. AC is a stored word (sign and bits 1-35). */
interface Registers {
  ac?: number;
  mq?: number;
  xr1?: number;
  xr2?: number;
  xr4?: number;
}

export interface CallOptions extends Registers {
  /** Words placed right after the TSX, which the routine reads through XR4 (0,4 is the TSX's own word + 1). */
  params?: readonly number[];
  /** How many return points follow the parameters (1 for a routine that returns only to the word after them). */
  returns?: number;
  /** Most instructions the call may take before it counts as lost. */
  limit?: number;
}

export interface CallResult {
  /** Where the routine came back, counted from the TSX: 1 the word after it, 2 the next, and so on. */
  ret: number;
  /** Cycles from the TSX to the return, TSX included and the ending HTR not (12 µs each). */
  cycles: number;
  instructions: number;
  acSign: number;
  acMag: number;
  /** AC as a stored word (sign and bits 1-35). */
  ac: number;
  mq: number;
  xr1: number;
  xr2: number;
  xr4: number;
}

/** Call the routine at `address` (named `name` in errors); throws unless it returns to one of its return points. */
export function call704(m: Machine, address: number, name: string, options: CallOptions = {}): CallResult {
  const { params = [], returns = 1, limit = 100_000_000 } = options;
  const cpu = m.cpu;
  cpu.mem[STUB] = instruction('TSX', address, 4);
  params.forEach((w, i) => { cpu.mem[STUB + 1 + i] = w; });
  const first = 1 + params.length;
  for (let r = first; r < first + returns; r++) cpu.mem[STUB + r] = instruction('HTR', STUB + r);
  if (options.ac !== undefined) {
    cpu.acSign = options.ac >= SIGN ? 1 : 0;
    cpu.acMag = options.ac % SIGN;
  }
  if (options.mq !== undefined) cpu.mq = options.mq;
  if (options.xr1 !== undefined) cpu.xr1 = options.xr1;
  if (options.xr2 !== undefined) cpu.xr2 = options.xr2;
  if (options.xr4 !== undefined) cpu.xr4 = options.xr4;
  cpu.ic = STUB;
  const c0 = cpu.cycles;
  const i0 = cpu.instructions;
  const stop = m.run(limit);
  const ret = cpu.ic - STUB;
  if (stop.reason !== 'halt' || ret < first || ret >= first + returns) {
    throw new Error(`${name} did not return to its caller: ${stop.reason}: ${stop.message}`);
  }
  return {
    ret,
    cycles: cpu.cycles - c0 - HTR_CYCLES,
    instructions: cpu.instructions - i0 - 1,
    acSign: cpu.acSign,
    acMag: cpu.acMag,
    ac: cpu.acSign * SIGN + (cpu.acMag % SIGN),
    mq: cpu.mq,
    xr1: cpu.xr1,
    xr2: cpu.xr2,
    xr4: cpu.xr4,
  };
}

/** An assembled program: its core image and symbols. */
export interface CoreImage {
  /** Address -> word. */
  readonly image: ReadonlyMap<number, number>;
  readonly symbols: ReadonlyMap<string, number>;
}

/** A fresh machine with a program's core image in it, for calling its routines one at a time by name. */
export class Core704 {
  readonly m = new Machine();
  /** Where the TSX of each call is put (XR4 holds its two's complement inside the routine). */
  readonly stub = STUB;

  constructor(readonly prog: CoreImage) {
    for (const [a, w] of prog.image) this.m.cpu.mem[a] = w;
  }

  sym(name: string): number {
    const v = this.prog.symbols.get(name);
    if (v === undefined) throw new Error(`symbol ${name} not defined`);
    return v;
  }

  /** TSX name,4 (see call704). */
  call(name: string, options: CallOptions = {}): CallResult {
    return call704(this.m, this.sym(name), name, options);
  }

  /** The word at symbol `name` (+ `off`), as stored. */
  peek(name: string, off = 0): number {
    return this.m.cpu.mem[this.sym(name) + off]!;
  }

  poke(name: string, v: number, off = 0): void {
    this.m.cpu.mem[this.sym(name) + off] = v;
  }
}
