// Machine options shared by `run` and `debug`: core size, units and their files, console switches,
// and which LOAD button to press.

import type { Command } from 'commander';
import { Drum } from '../devices/drum.ts';
import { TapeUnit } from '../devices/tape.ts';
import { Machine } from '../machine/machine.ts';

export interface MachineCliOptions {
  core: string;
  cards?: string[];
  readerEof?: boolean;
  punch?: string;
  printer?: string;
  tape?: string[];
  drum?: string[];
  boot?: string;
  sense?: string;
  keys?: string;
  strict?: boolean;
}

/** A configured machine plus what to do at the start and the end of a run. */
export interface MachineSession {
  machine: Machine;
  /** Press the LOAD button named by --boot (if any). */
  boot(): void;
  /** Finish every unit: write punch, printer, tape and drum files atomically. */
  close(): void;
}

const collect = (v: string, prev: string[] = []): string[] => [...prev, v];

export function addMachineOptions(cmd: Command): Command {
  return cmd
    .option('--core <size>', 'core size: 4k, 8k or 32k', '32k')
    .option('--cards <deck>', 'card deck for the reader (.cbn or text, one card a line); repeatable', collect)
    .option('--reader-eof', 'the reader signals end of file after the last card (else the run stops for input)')
    .option('--punch <deck>', 'punch into this deck (.cbn, else text)')
    .option('--printer <file>', 'print to this file, or - for standard output')
    .option('--tape <N=FILE[:ro]>', 'attach a tape image (.tap or .p7b) to unit N (1-10); repeatable', collect)
    .option('--drum <[N=]FILE>', 'attach a drum image to logical drum N (1-8), or without N the whole 733 unit; repeatable', collect)
    .option('--boot <unit>', 'press LOAD CARDS, LOAD TAPE or LOAD DRUM: cards, tapeN, drumN (the 704 reads tape 1, drum 1)')
    .option('--sense <switches>', 'sense switches that are down, e.g. 1,3')
    .option('--keys <octal>', 'entry keys (octal, 12 digits)')
    .option('--strict', 'stop with an error on a code IBM did not assign, instead of doing what the 704 did with it');
}

const CORE: Record<string, number> = { '4k': 4096, '8k': 8192, '32k': 32768 };

export function machineFromOptions(opts: MachineCliOptions): MachineSession {
  const coreWords = CORE[opts.core.toLowerCase()];
  if (coreWords === undefined) throw new Error(`--core: "${opts.core}" is not 4k, 8k or 32k`);
  const toStdout = opts.printer === '-';
  const machine = new Machine({
    coreWords,
    printer: toStdout ? { onLine: (text, again) => { if (!again) process.stdout.write(text + '\n'); } } : {},
  });
  const cpu = machine.cpu;
  cpu.strict = opts.strict ?? false;
  if (opts.printer && !toStdout) machine.printer.attach(opts.printer);
  for (const deck of opts.cards ?? []) machine.reader.feedFile(deck);
  machine.reader.setEndOfFile(opts.readerEof ?? false);
  if (opts.punch) machine.punch.attach(opts.punch);
  if (opts.sense) {
    for (const s of opts.sense.split(',')) {
      const n = Number(s);
      if (!Number.isInteger(n) || n < 1 || n > 6) throw new Error(`--sense: "${s}" is not a sense switch 1-6`);
      cpu.senseSwitches |= 1 << (n - 1);
    }
  }
  if (opts.keys !== undefined) {
    if (!/^[0-7]{1,12}$/.test(opts.keys)) throw new Error(`--keys: "${opts.keys}" is not up to 12 octal digits`);
    cpu.keys = parseInt(opts.keys, 8);
  }
  const tapes = (opts.tape ?? []).map((spec) => attachTape(machine, spec));
  let drum: Drum | null = null;
  if (opts.drum) {
    drum = new Drum();
    for (const spec of opts.drum) {
      const m = /^(?:(\d+)=)?(.+)$/.exec(spec)!;
      const n = m[1] === undefined ? 0 : Number(m[1]);
      if (n < 0 || n > 8) throw new Error(`--drum: ${n} is not a logical drum 1-8`);
      drum.attach(m[2]!, n);
    }
    // One 733 unit answers at all eight drum addresses (0301-0310).
    for (let n = 1; n <= 8; n++) machine.io.attachDrum(n, drum);
  }
  const boot = opts.boot === undefined ? undefined : bootAddress(opts.boot);
  return {
    machine,
    boot() {
      if (boot !== undefined) machine.load(boot);
    },
    close() {
      machine.printer.close();
      machine.punch.detach();
      for (const t of tapes) t.detach();
      drum?.detach();
    },
  };
}

/**
 * The unit a LOAD button reads: the reader, or like SIMH's `boot mtN` any tape (binary mode) or
 * drum; the 704's own LOAD TAPE and LOAD DRUM read tape 1 and drum 1 (ibm704.md §7.1).
 */
export function bootAddress(text: string): number {
  const m = /^(?:(cards)|tape(\d+)|drum(\d))$/i.exec(text);
  const tape = Number(m?.[2]), drum = Number(m?.[3]);
  if (m?.[1]) return 0o321;
  if (tape >= 1 && tape <= 10) return 0o220 + tape;
  if (drum >= 1 && drum <= 8) return 0o300 + drum;
  throw new Error(`--boot: "${text}" is not cards, tapeN (1-10) or drumN (1-8)`);
}

/** `N=FILE[:ro]`: mount a tape image on unit N (1-10); a missing file starts a blank tape. */
function attachTape(machine: Machine, spec: string): TapeUnit {
  const m = /^(\d+)=(.+?)(:ro)?$/.exec(spec);
  if (!m) throw new Error(`--tape: "${spec}" is not N=FILE or N=FILE:ro`);
  const n = Number(m[1]);
  if (n < 1 || n > 10) throw new Error(`--tape: unit ${n} is not a tape unit 1-10`);
  const unit = new TapeUnit(n);
  unit.attach(m[2]!, { readOnly: m[3] !== undefined });
  machine.io.attachTape(n, unit);
  return unit;
}
