// The whole 704: CPU, core, I/O units and the operator's console (ibm704.md §2, §7.1).
// Hosts (CLI, debugger, tests) drive it through this class; the CPU itself never does host I/O.

import { Cpu, type CoreEngine, type StopReason } from '../cpu/cpu.ts';
import { disassemble } from '../cpu/disasm.ts';
import { formatAddr, formatSigned } from '../cpu/word.ts';
import { CardPunch } from '../devices/cardPunch.ts';
import { CardReader } from '../devices/cardReader.ts';
import { Printer, type PrinterOptions } from '../devices/printer.ts';
import { END_OF_FILE, END_OF_RECORD, NO_INPUT } from '../devices/unit.ts';
import { Io, unitName } from './io.ts';

export interface MachineOptions {
  /** 4096, 8192 or 32768 words (default 32768). */
  coreWords?: number;
  /** Where printed lines go as they are printed (they are also kept in `printer.lines`). */
  printer?: PrinterOptions;
  /** Which core runs programs (default: the translator, or $SAMUEL704_CORE). */
  engine?: CoreEngine;
}

export interface Stop {
  reason: StopReason;
  /** What happened, for people: "HTR at 00012", "illegal operation at 00004: +…". */
  message: string;
}

/** Registers and core at one moment (device state is not included). */
export interface Snapshot {
  mem: Float64Array;
  regs: Record<string, number | boolean>;
}

const REGISTERS = [
  'ic', 'acSign', 'acMag', 'mq', 'xr1', 'xr2', 'xr4', 'acOverflow', 'mqOverflow', 'divideCheck',
  'trapMode', 'senseLights', 'senseSwitches', 'keys', 'instructions', 'cycles',
] as const;

export class Machine {
  readonly io = new Io();
  readonly cpu: Cpu;
  /** The unit-record equipment every installation has; tapes and drums are attached through `io`. */
  readonly reader = new CardReader();
  readonly punch = new CardPunch();
  readonly printer: Printer;
  /** Turns a word into SAP text for stop messages; a host with symbols may replace it. */
  describeWord: (word: number, location: number) => string = (word) => disassemble(word);

  constructor(options: MachineOptions = {}) {
    this.cpu = new Cpu(this.io, { coreWords: options.coreWords ?? 32768, engine: options.engine });
    this.printer = new Printer(options.printer);
    this.io.attachReader(this.reader);
    this.io.attachPunch(this.punch);
    this.io.attachPrinter(this.printer);
  }

  /** Run up to `limit` instructions from the current IC. */
  run(limit: number): Stop {
    const cpu = this.cpu;
    const start = cpu.ic;
    let reason = cpu.run(limit);
    while (reason === 'halt' && this.operatorAnswers()) reason = cpu.run(limit);
    return { reason, message: this.describeStop(reason, start) };
  }

  /** At an HPR whose code is on the operator's run sheet (io.operator): do what it says; true to press START. */
  private operatorAnswers(): boolean {
    const cpu = this.cpu;
    if (!cpu.stopMessage.startsWith('HPR')) return false;
    const code = cpu.mem[(cpu.ic - 1) & cpu.addrMask]! % 2 ** 15;
    const answer = this.io.operator.get(code);
    if (!answer) return false;
    answer({ ac: cpu.acMag, mq: cpu.mq });
    return true;
  }

  step(): Stop {
    return this.run(1);
  }

  /**
   * LOAD CARDS / LOAD TAPE / LOAD DRUM (ibm704.md §7.1): select the unit for reading, copy two
   * words to locations 0 and 1 through the MQ, and start at 0 with the unit still selected.
   */
  load(address: number): void {
    const cpu = this.cpu;
    cpu.reset();
    const t = this.io.select(address, false, cpu.cycles);
    if (t < 0) throw new Error(`LOAD: ${this.io.error}`);
    cpu.cycles = t;
    for (let loc = 0; loc < 2; loc++) {
      const w = this.io.copyIn(cpu.cycles);
      if (w === NO_INPUT || w === END_OF_FILE) throw new Error(`LOAD: no record to read on the ${unitName(address)}`);
      if (w === END_OF_RECORD) throw new Error(`LOAD: the first record on the ${unitName(address)} is shorter than 2 words`);
      cpu.cycles = Math.max(cpu.cycles + 3, this.io.readyAt());
      cpu.mq = w;
      cpu.mem[loc] = w;
    }
    cpu.ic = 0;
  }

  loadCards(): void {
    this.load(0o321);
  }

  /** Put words into core at consecutive addresses. */
  deposit(address: number, words: ArrayLike<number>): void {
    for (let i = 0; i < words.length; i++) this.cpu.mem[(address + i) & this.cpu.addrMask] = words[i]!;
  }

  snapshot(): Snapshot {
    const regs: Record<string, number | boolean> = {};
    for (const r of REGISTERS) regs[r] = this.cpu[r];
    return { mem: this.cpu.mem.slice(), regs };
  }

  restore(s: Snapshot): void {
    if (s.mem.length !== this.cpu.mem.length) throw new Error(`snapshot has ${s.mem.length} words of core, this machine ${this.cpu.mem.length}`);
    this.cpu.mem.set(s.mem);
    const cpu = this.cpu as unknown as Record<string, number | boolean>;
    for (const r of REGISTERS) cpu[r] = s.regs[r]!;
  }

  private describeStop(reason: StopReason, start: number): string {
    const cpu = this.cpu;
    const at = (loc: number): string => {
      const w = cpu.mem[loc]!;
      const text = this.describeWord(w, loc);
      return `${formatAddr(loc)}: ${formatSigned(w)}${text ? ` (${text})` : ''}`;
    };
    switch (reason) {
      case 'error':
        return `${cpu.stopMessage} at ${at(cpu.errorAddress)}`;
      case 'halt':
        return `${cpu.stopMessage}, IC ${formatAddr(cpu.ic)}`;
      case 'limit':
        return `instruction limit reached at ${formatAddr(cpu.ic)} (started at ${formatAddr(start)})`;
      case 'input':
        return cpu.stopMessage;
      case 'breakpoint':
        return `${cpu.stopMessage} at ${formatAddr(cpu.ic)}`;
    }
  }
}
