// Text for the debugger: words, registers, disassembly lines, trace and history lines, stops.
// Plain text only (trace files and transcripts must not carry colour); commands.ts adds colour.
// Everything is octal, as the debugger's input is, and disassembly writes octal operands.

import type { Cpu } from '../cpu/cpu.ts';
import { disassemble } from '../cpu/disasm.ts';
import { formatAddr, formatSigned, isNegative, magnitude } from '../cpu/word.ts';
import { wordToAscii } from '../devices/codes.ts';
import type { HistoryEntry, RunResult } from './engine.ts';
import type { Symbols } from './symbols.ts';

const P35 = 2 ** 35;
const P36 = 2 ** 36;
const FRACTION = 2 ** 27;

export const EXAMINE_FORMATS = ['oct', 'dec', 'inst', 'bcd', 'float'] as const;
export type ExamineFormat = (typeof EXAMINE_FORMATS)[number];

/** SAP text of a word with octal operands and the assembly's names for addresses. */
export function disasm(word: number, symbols: Symbols): string {
  return disassemble(word, { radix: 8, symbol: (a) => symbols.nameAt(a) });
}

/** AC as sign and bits 1-35, with Q and P named when they are set. */
export function formatAc(sign: number, mag: number): string {
  const q = mag >= P36, p = Math.floor(mag / P35) % 2 === 1;
  const flags = `${q ? 'Q' : ''}${p ? 'P' : ''}`;
  return `${sign ? '-' : '+'}${(mag % P35).toString(8).padStart(12, '0')}${flags ? ` ${flags}` : ''}`;
}

/** A 704 floating-point word: sign, excess-128 characteristic (bits 1-8), fraction (9-35). */
function formatFloat(w: number): string {
  const m = magnitude(w);
  const value = ((m % FRACTION) / FRACTION) * 2 ** (Math.floor(m / FRACTION) - 128);
  return `${isNegative(w) ? '-' : '+'}${Number(value.toPrecision(9))}`;
}

function formatWord(w: number, fmt: ExamineFormat, symbols: Symbols): string {
  switch (fmt) {
    case 'oct': return formatSigned(w);
    case 'dec': return `${isNegative(w) ? '-' : ''}${magnitude(w)}`; // -0 stays -0
    case 'inst': return disasm(w, symbols);
    case 'bcd': return JSON.stringify(wordToAscii(w));
    case 'float': return formatFloat(w);
  }
}

/** `00144 LOOP   +050000001000  CLA SUM`, or one format alone. */
export function examineLine(address: number, w: number, fmt: ExamineFormat | undefined, symbols: Symbols): string {
  const head = `${formatAddr(address)} ${(symbols.nameAt(address) ?? '').padEnd(6)}`;
  return fmt ? `${head} ${formatWord(w, fmt, symbols)}` : `${head} ${formatSigned(w)}  ${disasm(w, symbols)}`;
}

/** One instruction of a listing: marker, address, label, SAP text, and its source line if known. */
export function instructionLine(address: number, w: number, symbols: Symbols, marker = '  ', label = symbols.nameAt(address) ?? ''): string {
  const src = symbols.lineAt(address);
  const text = `${marker} ${formatAddr(address)} ${label.padEnd(6)} ${disasm(w, symbols)}`;
  return src ? `${text.padEnd(40)} ${src.file}:${src.line}` : text;
}

/** Where the machine is: `=> 00146 LOOP+2 ADD ...`. */
export function whereLine(cpu: Cpu, symbols: Symbols): string {
  return instructionLine(cpu.ic, cpu.mem[cpu.ic]!, symbols, '=>', symbols.describe(cpu.ic) ?? '');
}

/** A trace or history line: the instruction and a set of registers. */
export function stepLine(e: HistoryEntry, symbols: Symbols): string {
  const text = `${formatAddr(e.location)} ${(symbols.nameAt(e.location) ?? '').padEnd(6)} ${disasm(e.word, symbols).padEnd(18)}`;
  return `${text} AC ${formatAc(e.acSign, e.acMag).padEnd(16)} MQ ${formatSigned(e.mq)} XR ${formatAddr(e.xr1)} ${formatAddr(e.xr2)} ${formatAddr(e.xr4)}`;
}

/** The registers after the instruction at `location` (what the tracer sees). */
export function traceEntry(cpu: Cpu, location: number): HistoryEntry {
  return { location, word: cpu.mem[location]!, acSign: cpu.acSign, acMag: cpu.acMag, mq: cpu.mq, xr1: cpu.xr1, xr2: cpu.xr2, xr4: cpu.xr4 };
}

const onOff = (b: boolean): string => (b ? 'on' : 'off');

export function registersText(cpu: Cpu, symbols: Symbols): string {
  const where = symbols.describe(cpu.ic);
  const q = cpu.acMag >= P36 ? 1 : 0, p = Math.floor(cpu.acMag / P35) % 2;
  return [
    `IC  ${formatAddr(cpu.ic)}${where ? ` ${where}` : ''}   next: ${disasm(cpu.mem[cpu.ic]!, symbols)}`,
    `AC  ${formatAc(cpu.acSign, cpu.acMag % P35)}  Q ${q}  P ${p}   MQ ${formatSigned(cpu.mq)}`,
    `XR1 ${formatAddr(cpu.xr1)}  XR2 ${formatAddr(cpu.xr2)}  XR4 ${formatAddr(cpu.xr4)}`,
    `AC overflow ${onOff(cpu.acOverflow)}  MQ overflow ${onOff(cpu.mqOverflow)}  divide check ${onOff(cpu.divideCheck)}  trapping ${onOff(cpu.trapMode)}`,
  ].join('\n');
}

/** Lights 1-4 or switches 1-6 from their bits. */
export function formatBits(bits: number, count: number): string {
  return Array.from({ length: count }, (_, i) => `${i + 1} ${onOff((bits & (1 << i)) !== 0)}`).join('  ');
}

/** The first line of a stop report, or '' when the location says it all (step, next, finish). */
export function stopHeadline(r: RunResult, symbols: Symbols): string {
  const name = (a: number): string => {
    const s = symbols.describe(a);
    return s ? `${formatAddr(a)} ${s}` : formatAddr(a);
  };
  switch (r.outcome) {
    case 'step':
    case 'returned':
      return '';
    case 'breakpoint':
      return `breakpoint ${r.breakpoint!.id} at ${name(r.breakpoint!.address)}${r.message ? `: ${r.message}` : ''}`;
    case 'watch': {
      const w = r.watch!;
      const what = r.message.startsWith('write') ? `write to ${name(w.address)}: ${formatSigned(r.before!)} -> ${formatSigned(w.last)}` : `read of ${name(w.address)}: ${formatSigned(w.last)}`;
      return `watch ${w.id}: ${what}`;
    }
    case 'limit':
      return `limit: ${r.instructions} instructions ran`;
    case 'interrupted':
      return 'interrupted';
    case 'input':
      return `input: ${r.message} (feed cards with \`card TEXT\` or \`attach reader FILE\`, then continue)`;
    default:
      return `${r.outcome}: ${r.message}`;
  }
}
