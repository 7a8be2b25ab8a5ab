// `samuel704 run`: load a core image (or boot from cards, tape or drum), run to a stop, report.

import type { Command } from 'commander';
import type { StopReason } from '../cpu/cpu.ts';
import { formatAddr, formatSigned } from '../cpu/word.ts';
import { loadWords, parseImage } from '../machine/image.ts';
import { dumpMachine, parseRanges } from './dump.ts';
import { addMachineOptions, machineFromOptions, type MachineCliOptions } from './setup.ts';
import { guarded, style } from './style.ts';
import { readText } from '../devices/fileErrors.ts';

interface RunOptions extends MachineCliOptions {
  load?: string;
  start?: string;
  maxInstructions: string;
  dump?: string;
  dumpMem?: string;
}

/** Instructions per call into the CPU: small enough to notice Ctrl-C promptly. */
const SLICE = 2_000_000;

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('run a 704 program: load a core image or boot from a unit, run to a stop')
    .option('--load <image>', 'octal core image to load (lines: address word word ...)')
    .option('--start <octal>', "start address (octal) for a loaded image (default: the image's `# start` line, else 0)")
    .option('--max-instructions <n>', 'stop after this many instructions', '100000000')
    .option('--dump <format>', 'print the machine state at the stop: json')
    .option('--dump-mem <ranges>', 'memory to include in the dump: A-B[,C-D] (octal)');
  addMachineOptions(cmd);
  cmd.action(guarded(runCommand));
}

function runCommand(opts: RunOptions): void {
  if (opts.dump !== undefined && opts.dump !== 'json') throw new Error(`--dump: unknown format "${opts.dump}" (only json)`);
  const limit = Number(opts.maxInstructions);
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`--max-instructions: "${opts.maxInstructions}" is not a whole number`);
  const ranges = opts.dumpMem ? parseRanges(opts.dumpMem) : [];
  const session = machineFromOptions(opts);
  const m = session.machine;
  if (opts.load) {
    const image = parseImage(readText(opts.load, 'core image'), opts.load);
    loadWords(m.cpu.mem, m.cpu.addrMask, image.words, opts.load);
    if (image.start !== undefined) m.cpu.ic = image.start & m.cpu.addrMask; // --start overrides it
  }
  if (opts.start !== undefined) {
    if (!/^[0-7]{1,5}$/.test(opts.start)) throw new Error(`--start: "${opts.start}" is not an octal address`);
    m.cpu.ic = parseInt(opts.start, 8) & m.cpu.addrMask;
  }
  if (!opts.load && !opts.boot) throw new Error('nothing to run: give --load IMAGE or --boot cards|tapeN|drumN');
  session.boot();

  let interrupted = false;
  const onSigint = (): void => { interrupted = true; };
  process.on('SIGINT', onSigint);
  let stop: { reason: StopReason; message: string } = { reason: 'limit', message: '' };
  try {
    let left = limit;
    do {
      const n = Math.min(SLICE, left);
      const before = m.cpu.instructions;
      stop = m.run(n);
      left -= m.cpu.instructions - before;
    } while (stop.reason === 'limit' && left > 0 && !interrupted);
  } finally {
    process.off('SIGINT', onSigint);
    session.close();
  }

  if (opts.dump === 'json') {
    process.stdout.write(JSON.stringify(dumpMachine(m, stop.reason, ranges)) + '\n');
  } else {
    const cpu = m.cpu;
    const tag = stop.reason === 'halt' ? style.ok(stop.reason) : style.warn(stop.reason);
    process.stderr.write(`${tag}: ${interrupted ? 'interrupted' : stop.message}\n`);
    process.stderr.write(
      `IC ${style.addr(formatAddr(cpu.ic))}  AC ${cpu.acSign ? '-' : '+'}${cpu.acMag.toString(8).padStart(13, '0')}  MQ ${formatSigned(cpu.mq)}`
      + `  XR1 ${formatAddr(cpu.xr1)} XR2 ${formatAddr(cpu.xr2)} XR4 ${formatAddr(cpu.xr4)}\n`
      + `${cpu.instructions} instructions, ${cpu.cycles} cycles, ${(cpu.cycles * 12e-6).toFixed(6)} s of 704 time\n`,
    );
    for (const [a, b] of ranges) {
      for (let x = a; x <= b; x++) process.stderr.write(`${formatAddr(x)}  ${formatSigned(cpu.mem[x & cpu.addrMask]!)}\n`);
    }
  }
  process.exitCode = interrupted ? EXIT_INTERRUPTED : RUN_EXIT[stop.reason];
}

/** `run`'s exit code by stop (README, docs/machine.md): a script can tell a halt from a runaway. */
export const RUN_EXIT: Record<StopReason, number> = { halt: 0, error: 2, limit: 3, input: 4, breakpoint: 5 };
const EXIT_INTERRUPTED = 130;
