// The debugger commands 704 users know from SIMH: `boot`, `set` and `show`, `do FILE` (a script),
// `save FILE` / `restore FILE` (the machine to a file and back), and `d` / `e` for deposit and
// examine (aliases in commands.ts). They are spelled as in SIMH where the 704 has the thing, and
// each says what it maps to; `set` and `show` hand over to the debugger's own commands.

import { readFileSync } from 'node:fs';
import { formatAddr, formatSigned, parseWord } from '../cpu/word.ts';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { bootAddress } from '../cli/setup.ts';
import type { Snapshot } from '../machine/machine.ts';
import type { Arg, Call, CommandDef, Commands } from './commands.ts';
import { CommandError } from './commands.ts';
import { whereLine } from './format.ts';

/** `show X` runs the debugger command on the right; `set X ...` the same with arguments. */
const SHOW: Record<string, string> = {
  cpu: 'regs', registers: 'regs', break: 'break', breakpoints: 'break', units: 'attach', devices: 'attach',
  sense: 'sense', switches: 'sense', keys: 'keys', lights: 'lights', time: 'time', history: 'history', snapshots: 'snapshot', printer: 'printer',
};
const SET: Record<string, string> = { sense: 'sense', switch: 'sense', keys: 'keys', history: 'history', trace: 'trace' };

/** SIMH's unit names for the LOAD buttons: cdr (the reader), mtN / tapeN, drN / drumN. */
function bootUnit(a: Arg): number {
  const t = a.text.toLowerCase().replace(/^cdr0?$|^reader$/, 'cards').replace(/^mt[a-z]?(\d+)$/, 'tape$1').replace(/^dr(\d)$/, 'drum$1');
  try {
    return bootAddress(t);
  } catch {
    throw new CommandError(`"${a.text}" is not a unit to boot: cards (cdr), tapeN (mtN, 1-10) or drumN (1-8)`, a.column);
  }
}

const FORMAT = 'samuel704 machine';

/** The machine as a file: registers and every non-zero word of core (units are not saved). */
export function machineText(s: Snapshot): string {
  const memory: Record<string, string> = {};
  s.mem.forEach((w, a) => {
    if (w !== 0) memory[formatAddr(a)] = formatSigned(w);
  });
  return `${JSON.stringify({ format: FORMAT, version: 1, core: s.mem.length, registers: s.regs, memory }, null, 1)}\n`;
}

/** A machine file read back as a snapshot for a machine of `core` words. */
export function machineFromText(text: string, file: string, core: number): Snapshot {
  let j: { format?: string; version?: number; core?: number; registers?: Record<string, number | boolean>; memory?: Record<string, string> };
  try {
    j = JSON.parse(text) as typeof j;
  } catch (e) {
    throw new CommandError(`${file}: not a saved machine (${(e as Error).message})`);
  }
  if (j.format !== FORMAT || j.version !== 1 || !j.registers || !j.memory) throw new CommandError(`${file}: not a saved machine (no "${FORMAT}" format, version 1)`);
  if (j.core !== core) throw new CommandError(`${file}: saved from a machine of ${j.core} words of core, this one has ${core} (--core)`);
  const mem = new Float64Array(core);
  for (const [a, w] of Object.entries(j.memory)) {
    const address = parseInt(a, 8);
    if (!/^[0-7]{5}$/.test(a) || address >= core) throw new CommandError(`${file}: "${a}" is not an address of this core`);
    try {
      mem[address] = parseWord(w);
    } catch {
      throw new CommandError(`${file}: at ${a}, "${w}" is not a word (a sign and 12 octal digits)`);
    }
  }
  return { mem, regs: j.registers };
}

/** A file's text; a file that cannot be read is the command's error. */
function readText(file: string, command: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CommandError(`${command}: ${(e as Error).message}`);
  }
}

const fileArg = (c: Call, usage: string): Arg => {
  const a = c.args[0];
  if (!a || c.args.length > 1) throw new CommandError(`usage: ${usage}`, a ? c.args[1]!.column : c.line.length + 1);
  return a;
};

/** Hand `set`/`show` over to the command `name` with the arguments after the first. */
function handOver(c: Call, d: Commands, table: Record<string, string>, verb: string): Promise<string> {
  const what = c.args[0];
  const names = Object.keys(table).join(', ');
  if (!what) throw new CommandError(`${verb} what? ${names}`, c.line.length + 1);
  const name = table[what.text.toLowerCase()];
  if (!name) throw new CommandError(`${verb} ${what.text}: not known here (${names})`, what.column);
  const rest = c.args[1] ? c.line.slice(c.args[1].column - 1) : '';
  return d.runOrThrow(`${name} ${rest}`.trimEnd());
}

export const SIMH_COMMANDS: readonly CommandDef[] = [
  {
    name: 'boot', usage: 'boot cards|tapeN|drumN', summary: 'press LOAD CARDS, LOAD TAPE or LOAD DRUM (SIMH: boot cdr, boot mtN)',
    details: 'The machine reads the unit\'s first record into 0 and 1 and goes on at 0, as `run --boot` does;\n'
      + 'the 704\'s own buttons read tape 1 and drum 1, other units as SIMH\'s boot allows.',
    complete: (i) => (i === 0 ? ['cards', 'tape1', 'drum1'] : undefined),
    run: (c, d) => {
      const unit = fileArg(c, 'boot cards|tapeN|drumN');
      d.engine.machine.load(bootUnit(unit));
      return `LOAD pressed: ${unit.text}\n${whereLine(d.engine.machine.cpu, d.engine.symbols)}`;
    },
  },
  {
    name: 'show', usage: `show ${Object.keys(SHOW).join('|')}`, summary: 'SIMH\'s show: cpu (regs), units (attach), break, sense, keys, ...',
    complete: (i) => (i === 0 ? Object.keys(SHOW) : undefined),
    run: (c, d) => handOver({ ...c, args: c.args.slice(0, 1) }, d, SHOW, 'show'),
  },
  {
    name: 'set', usage: `set ${Object.keys(SET).join('|')} ...`, summary: 'SIMH\'s set: set sense 2 on, set keys 777, set history on 100, set trace on',
    complete: (i) => (i === 0 ? Object.keys(SET) : undefined),
    run: (c, d) => handOver(c, d, SET, 'set'),
  },
  {
    name: 'do', usage: 'do FILE', summary: 'run the commands of FILE, echoing each (SIMH\'s do); stops at the first that fails',
    run: async (c, d) => {
      const file = fileArg(c, 'do FILE').text;
      const text = readText(file, 'do');
      const out: string[] = [];
      for (const [i, line] of text.split(/\r?\n/).entries()) {
        if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
        const r = await d.run(line);
        out.push(`(${file}:${i + 1}) ${line}`, ...(r.text ? [r.text] : []));
        if (!r.ok) throw new CommandError(`${out.join('\n')}\n${file}:${i + 1}: stopped here`);
        if (r.quit) break;
      }
      return out.join('\n');
    },
  },
  {
    name: 'save', usage: 'save FILE', summary: 'write the machine (core, registers, indicators, switches, counts) to FILE; units are not saved',
    run: (c, d) => {
      const file = fileArg(c, 'save FILE').text;
      writeFileAtomic(file, machineText(d.engine.machine.snapshot()));
      return `saved the machine to ${file}`;
    },
  },
  {
    name: 'restore', usage: 'restore FILE', summary: 'read back a machine `save` wrote (the same core size); units keep their state',
    run: (c, d) => {
      const file = fileArg(c, 'restore FILE').text;
      const text = readText(file, 'restore');
      const m = d.engine.machine;
      m.restore(machineFromText(text, file, m.cpu.mem.length));
      d.engine.refreshWatches();
      return `restored the machine from ${file}\n${whereLine(m.cpu, d.engine.symbols)}`;
    },
  },
];
