// The `--dump json` object: one stable, documented shape that people script against and compare
// with other simulators (README "Machine state as JSON").

import type { StopReason } from '../cpu/cpu.ts';
import { formatAddr, formatSigned } from '../cpu/word.ts';
import type { Machine } from '../machine/machine.ts';

const P35 = 2 ** 35;

export interface MachineDump {
  stop: StopReason;
  ic: string;
  ac: { sign: '+' | '-'; q: 0 | 1; p: 0 | 1; mag: string };
  mq: string;
  xr: { '1': string; '2': string; '4': string };
  indicators: { acOverflow: boolean; mqOverflow: boolean; divideCheck: boolean; trapMode: boolean };
  senseLights: boolean[];
  instructions: number;
  cycles: number;
  memory: Record<string, string>;
}

/** Parse `A-B[,C-D]` (octal addresses, a single address allowed) into inclusive ranges. */
export function parseRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const m = /^\s*([0-7]{1,5})\s*(?:-\s*([0-7]{1,5}))?\s*$/.exec(part);
    if (!m) throw new Error(`--dump-mem: "${part}" is not an octal address or range A-B`);
    const a = parseInt(m[1]!, 8), b = m[2] === undefined ? a : parseInt(m[2], 8);
    if (b < a) throw new Error(`--dump-mem: range ${part} runs backwards`);
    return [a, b];
  });
}

export function dumpMachine(m: Machine, stop: StopReason, ranges: [number, number][]): MachineDump {
  const cpu = m.cpu;
  const memory: Record<string, string> = {};
  for (const [a, b] of ranges) {
    for (let x = a; x <= b; x++) memory[formatAddr(x)] = formatSigned(cpu.mem[x & cpu.addrMask]!);
  }
  const high = Math.floor(cpu.acMag / P35);
  return {
    stop,
    ic: formatAddr(cpu.ic),
    ac: {
      sign: cpu.acSign ? '-' : '+',
      q: (high >> 1) as 0 | 1,
      p: (high & 1) as 0 | 1,
      mag: (cpu.acMag % P35).toString(8).padStart(12, '0'),
    },
    mq: formatSigned(cpu.mq),
    xr: { '1': formatAddr(cpu.xr1), '2': formatAddr(cpu.xr2), '4': formatAddr(cpu.xr4) },
    indicators: {
      acOverflow: cpu.acOverflow,
      mqOverflow: cpu.mqOverflow,
      divideCheck: cpu.divideCheck,
      trapMode: cpu.trapMode,
    },
    senseLights: [0, 1, 2, 3].map((i) => (cpu.senseLights & (1 << i)) !== 0),
    instructions: cpu.instructions,
    cycles: cpu.cycles,
    memory,
  };
}
