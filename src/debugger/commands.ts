// The debugger's commands: one table of names, usage, help and handlers. A handler takes the
// parsed line and returns the text to show; it throws CommandError (with the column of the bad
// argument) for anything it cannot do, and the session carries on. The REPL and script mode
// (repl.ts) both go through `Commands.run`.
//
// Addresses and words are octal expressions (expr.ts); counts (step 10, history 20) are decimal.

import { closeSync, openSync, writeSync } from 'node:fs';
import { BY_MNEMONIC } from '../cpu/opcodes.ts';
import { formatAddr, formatRaw, formatSigned, isNegative, magnitude, makeWord, or36 } from '../cpu/word.ts';
import { DECK_EOF, parseTextLine } from '../devices/cards.ts';
import { Drum } from '../devices/drum.ts';
import { DeviceError, ImageError } from '../devices/errors.ts';
import { FileError } from '../devices/fileErrors.ts';
import { TapeUnit } from '../devices/tape.ts';
import { style } from '../cli/style.ts';
import { drawBoard, type Colour } from './board.ts';
import { SIMH_COMMANDS } from './simh.ts';
import { DebugError, type DebugEngine, type RunResult, type WatchMode } from './engine.ts';
import { ExprError, parseExpr, REGISTERS, toAddress, toWord, type Expr, type Register } from './expr.ts';
import {
  EXAMINE_FORMATS, examineLine, formatAc, formatBits, instructionLine, registersText, stepLine, stopHeadline,
  traceEntry, whereLine, type ExamineFormat,
} from './format.ts';

/** A bad command or argument; `column` (1-based in the line) points at the culprit. */
export class CommandError extends Error {
  constructor(message: string, readonly column?: number) {
    super(message);
    this.name = 'CommandError';
  }
}

export interface Arg {
  readonly text: string;
  /** 1-based column of its first character in the line. */
  readonly column: number;
}

export interface Call {
  readonly line: string;
  /** The command word as typed. */
  readonly command: Arg;
  readonly args: readonly Arg[];
}

/** Everything on the line from argument i on, as typed (for conditions, values, card text). */
const rest = (c: Call, i: number): Arg => {
  const a = c.args[i];
  return a ? { text: c.line.slice(a.column - 1).trimEnd(), column: a.column } : { text: '', column: c.line.length + 1 };
};

type Completion = readonly string[] | 'symbols';

export interface CommandDef {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly usage: string;
  readonly summary: string;
  readonly details?: string;
  /** What to offer for argument i (0-based) when completing. */
  readonly complete?: (i: number) => Completion | undefined;
  readonly run: (c: Call, d: Commands) => string | Promise<string>;
}

export interface CommandResult {
  readonly text: string;
  readonly ok: boolean;
  readonly quit: boolean;
}

/** Where a session's output goes besides command results, and how its units are finished. */
export interface SessionIo {
  /** Trace lines while a run is in progress. */
  write(line: string): void;
  /** Write punch, printer, tape and drum files (at quit). */
  close(): void;
}

const EXPRESSION_HELP = `Expressions (addresses, words, conditions):
  144  77777        octal numbers: the debugger reads and shows addresses and words in octal
  #100              a decimal number (#100 = 144)
  LOOP  Q$X         symbols of the assembly, any case;  *  the IC
  %ac %mq %ic %xr1 %xr2 %xr4 %ov %instr %cycles   registers, as signed numbers
  [SUM]             the word at an address, as a signed number
  + - * / ( )       integer arithmetic;  == != < <= > >= && || !  compare (1 true, 0 false)
  Counts (step 10, dis A 20, history 50, printer 5, continue 1000) are decimal.
  Arguments are separated by blanks: write an expression without blanks, except after
  \`break A if\`, \`deposit A\` and \`print\`, which take the rest of the line.`;

const int = (a: Arg | undefined, what: string, fallback: number): number => {
  if (a === undefined) return fallback;
  if (!/^\d+$/.test(a.text)) throw new CommandError(`${what} "${a.text}" is not a decimal count`, a.column);
  return Number(a.text);
};

const COMMANDS: readonly CommandDef[] = [
  {
    name: 'step', aliases: ['s'], usage: 'step [N]', summary: 'run N instructions (default 1)',
    details: 'Stops early at a breakpoint, a watch or a stop of the machine.',
    run: async (c, d) => d.report(await d.engine.step(int(c.args[0], 'step', 1))),
  },
  {
    name: 'next', aliases: ['n'], usage: 'next', summary: 'step over a TSX: run until the call returns',
    details: 'At a TSX, runs until control comes back to one of the three words after it (704 routines\n'
      + 'return with TRA 1,4, 2,4 or 3,4), at the same depth if the routine calls itself from there.\n'
      + 'At any other instruction, one step.',
    run: async (_c, d) => d.report(await d.engine.next()),
  },
  {
    name: 'finish', usage: 'finish', summary: 'run until the current routine returns through XR4',
    details: 'TSX ROUTINE,4 leaves -L in XR4 (L = the TSX), so the call is taken to be at -XR4 and the run\n'
      + 'stops when control comes back to L+1, L+2 or L+3. A routine that has called another since it\n'
      + 'was entered has someone else\'s link in XR4 (it keeps its own in memory): finish then refuses,\n'
      + 'or stops at the wrong return; use break at the return instead.',
    run: async (_c, d) => {
      const call = d.engine.finishTarget();
      const r = await d.engine.finish();
      return `${style.dim(`(the call at ${formatAddr(call)})`)}\n${d.report(r)}`;
    },
  },
  {
    name: 'continue', aliases: ['c'], usage: 'continue [N]', summary: 'run until a breakpoint, watch or stop (at most N instructions)',
    details: 'Ctrl-C stops the run and returns to the prompt with the machine as it was.',
    run: async (c, d) => d.report(await d.engine.continue(int(c.args[0], 'continue', Infinity))),
  },
  {
    name: 'break', aliases: ['b'], usage: 'break [ADDR [if CONDITION]]', summary: 'set a breakpoint; alone, list breakpoints and watches',
    details: 'The machine stops before the instruction at ADDR runs. With a condition, it stops only when\n'
      + 'the condition is true there, e.g.  break LOOP if %xr1 == 3   break MAKMOV if [FA] != 0',
    complete: (i) => (i === 0 ? 'symbols' : i === 1 ? ['if'] : 'symbols'),
    run: (c, d) => {
      if (c.args.length === 0) return d.listStops();
      const address = d.address(c.args[0]!);
      let condition: { text: string; expr: Expr } | undefined;
      if (c.args.length > 1) {
        if (c.args[1]!.text.toLowerCase() !== 'if') throw new CommandError(`expected "if CONDITION" after the address, not "${c.args[1]!.text}"`, c.args[1]!.column);
        const cond = rest(c, 2);
        condition = { text: cond.text, expr: d.parse(cond) };
      }
      const bp = d.engine.addBreakpoint(address, condition);
      return `breakpoint ${bp.id} at ${d.name(address)}${condition ? ` if ${condition.text}` : ''}`;
    },
  },
  {
    name: 'watch', usage: 'watch [ADDR [read|write|access]]', summary: 'stop when a word is written (or read); alone, list',
    details: 'The machine stops after the instruction that wrote (or read) the word; write is the default.',
    complete: (i) => (i === 0 ? 'symbols' : i === 1 ? ['read', 'write', 'access'] : undefined),
    run: (c, d) => {
      if (c.args.length === 0) return d.listStops();
      const address = d.address(c.args[0]!);
      const modeArg = c.args[1];
      const mode = (modeArg?.text.toLowerCase() ?? 'write') as WatchMode;
      if (!['read', 'write', 'access'].includes(mode)) throw new CommandError(`"${modeArg!.text}" is not read, write or access`, modeArg!.column);
      d.noMore(c, 2);
      const w = d.engine.addWatch(address, mode);
      return `watch ${w.id} on ${d.name(address)} (${mode})`;
    },
  },
  {
    name: 'delete', usage: 'delete [N]', summary: 'delete breakpoint or watch N, or all of them',
    run: (c, d) => {
      d.noMore(c, 1);
      if (c.args.length === 0) {
        const n = d.engine.delete();
        return `deleted ${n} ${n === 1 ? 'breakpoint or watch' : 'breakpoints and watches'}`;
      }
      const id = int(c.args[0], 'delete', 0);
      d.engine.delete(id);
      return `deleted ${id}`;
    },
  },
  {
    name: 'regs', aliases: ['r'], usage: 'regs', summary: 'show the registers and indicators',
    run: (c, d) => {
      d.noMore(c, 0);
      return registersText(d.engine.machine.cpu, d.engine.symbols);
    },
  },
  {
    name: 'examine', aliases: ['x', 'e'], usage: 'examine A[..B] [/oct|/dec|/inst|/bcd|/float]', summary: 'show words of core',
    details: 'A..B is a range of addresses (A-B also, when both are plain octal numbers, as in --dump-mem).\n'
      + 'Without a format each word is shown in octal and as an instruction.',
    complete: (i) => (i === 0 ? 'symbols' : EXAMINE_FORMATS.map((f) => `/${f}`)),
    run: (c, d) => {
      const first = c.args[0];
      if (!first) throw new CommandError('examine what? give an address or a range A..B', c.line.length + 1);
      const fmtArg = c.args[1];
      let fmt: ExamineFormat | undefined;
      if (fmtArg) {
        fmt = fmtArg.text.slice(1).toLowerCase() as ExamineFormat;
        if (!fmtArg.text.startsWith('/') || !EXAMINE_FORMATS.includes(fmt)) {
          throw new CommandError(`"${fmtArg.text}" is not a format (${EXAMINE_FORMATS.map((f) => `/${f}`).join(' ')})`, fmtArg.column);
        }
      }
      d.noMore(c, 2);
      const [from, to] = d.range(first);
      const mem = d.engine.machine.cpu.mem;
      const out: string[] = [];
      for (let a = from; a <= to; a++) out.push(examineLine(a, mem[a]!, fmt, d.engine.symbols));
      return out.join('\n');
    },
  },
  {
    name: 'deposit', aliases: ['d'], usage: 'deposit ADDR|%REG VALUE', summary: 'store a word (or an instruction) in core or a register',
    details: 'VALUE is an expression (negative numbers become sign and magnitude; 12 octal digits are a raw\n'
      + 'word) or an instruction in SAP form with octal operands:  deposit LOOP CLA SUM,1\n'
      + 'Registers: %ac %mq %ic %xr1 %xr2 %xr4 %ov.',
    complete: () => 'symbols',
    run: (c, d) => {
      const target = c.args[0];
      if (!target || c.args.length < 2) throw new CommandError('usage: deposit ADDR|%REG VALUE', c.line.length + 1);
      const value = rest(c, 1);
      if (target.text.startsWith('%')) return d.setRegister(target, value);
      const address = d.address(target);
      const word = d.word(value);
      d.engine.machine.cpu.mem[address] = word;
      return examineLine(address, word, undefined, d.engine.symbols);
    },
  },
  {
    name: 'dis', usage: 'dis [A] [N]', summary: 'disassemble N words from A (default: around the IC)',
    details: '=> marks the IC, * a breakpoint; the source file and line are shown when known.',
    complete: (i) => (i === 0 ? 'symbols' : undefined),
    run: (c, d) => {
      const cpu = d.engine.machine.cpu;
      const n = int(c.args[1], 'dis', 12);
      d.noMore(c, 2);
      const from = c.args[0] ? d.address(c.args[0]) : Math.max(0, cpu.ic - 4);
      const out: string[] = [];
      for (let a = from; a < Math.min(from + n, cpu.mem.length); a++) {
        const marker = `${cpu.breakpoints[a] ? '*' : ' '}${a === cpu.ic ? '>' : ' '}`;
        out.push(instructionLine(a, cpu.mem[a]!, d.engine.symbols, marker === ' >' ? '=>' : marker));
      }
      return out.join('\n');
    },
  },
  {
    name: 'trace', usage: 'trace on [FILE] | trace off', summary: 'print (or write to FILE) every instruction as it runs',
    details: 'Each line shows the instruction and the registers after it. Tracing slows the machine.',
    complete: (i) => (i === 0 ? ['on', 'off'] : undefined),
    run: (c, d) => d.trace(c),
  },
  {
    name: 'history', usage: 'history [N] | history on [SIZE] | history off', summary: 'show the last N instructions run (registers before each)',
    details: 'History is off until `history on` (or --history SIZE), because it slows the machine; it then\n'
      + 'keeps the last SIZE instructions (default 1000).',
    complete: (i) => (i === 0 ? ['on', 'off'] : undefined),
    run: (c, d) => {
      const e = d.engine;
      const sub = c.args[0]?.text.toLowerCase();
      if (sub === 'on') {
        d.noMore(c, 2);
        e.setHistory(int(c.args[1], 'history size', 1000));
        return `history on: the last ${e.historySize} instructions are kept`;
      }
      if (sub === 'off') {
        d.noMore(c, 1);
        e.setHistory(0);
        return 'history off';
      }
      d.noMore(c, 1);
      if (e.historySize === 0) return 'history is off; `history on [SIZE]` keeps the last SIZE instructions from now on';
      const entries = e.history(int(c.args[0], 'history', 20));
      if (entries.length === 0) return 'no instructions run since history was turned on';
      return entries.map((h) => stepLine(h, e.symbols)).join('\n');
    },
  },
  {
    name: 'sense', usage: 'sense [N on|off]', summary: 'show or set the sense switches (on = down)',
    complete: (i) => (i === 0 ? ['1', '2', '3', '4', '5', '6'] : i === 1 ? ['on', 'off'] : undefined),
    run: (c, d) => {
      const cpu = d.engine.machine.cpu;
      if (c.args.length > 0) {
        const n = int(c.args[0], 'sense switch', 0);
        if (n < 1 || n > 6) throw new CommandError(`there are sense switches 1-6, not ${c.args[0]!.text}`, c.args[0]!.column);
        const state = c.args[1];
        if (!state || !['on', 'off'].includes(state.text.toLowerCase())) throw new CommandError('say on or off', state?.column ?? c.line.length + 1);
        d.noMore(c, 2);
        if (state.text.toLowerCase() === 'on') cpu.senseSwitches |= 1 << (n - 1);
        else cpu.senseSwitches &= ~(1 << (n - 1));
      }
      return `sense switches: ${formatBits(cpu.senseSwitches, 6)}`;
    },
  },
  {
    name: 'keys', usage: 'keys [VALUE]', summary: 'show or set the 36 entry keys',
    run: (c, d) => {
      const cpu = d.engine.machine.cpu;
      if (c.args.length > 0) cpu.keys = d.word(rest(c, 0));
      return `entry keys: ${formatRaw(cpu.keys)}`;
    },
  },
  {
    name: 'enter', usage: 'enter mq', summary: "press the console's ENTER MQ key: the MQ := the entry keys",
    details: 'The 704 cannot read its entry keys (ibm704.md §2): a program stops (HPR) and the operator\n'
      + 'sets the keys, presses ENTER MQ and START, and the program takes the MQ. The checkers program\n'
      + 'takes the opponent\'s move so with sense switch 1 down (docs/checkers-game.md, The console).',
    complete: (i) => (i === 0 ? ['mq'] : undefined),
    run: (c, d) => {
      const what = c.args[0];
      if (!what || what.text.toLowerCase() !== 'mq') throw new CommandError('say enter mq', what?.column ?? c.line.length + 1);
      d.noMore(c, 1);
      const cpu = d.engine.machine.cpu;
      cpu.mq = cpu.keys;
      return `MQ := entry keys ${formatRaw(cpu.keys)}`;
    },
  },
  {
    name: 'lights', usage: 'lights', summary: 'show the sense lights',
    run: (c, d) => {
      d.noMore(c, 0);
      return `sense lights: ${formatBits(d.engine.machine.cpu.senseLights, 4)}`;
    },
  },
  {
    name: 'attach', usage: 'attach [tape N FILE [ro] | drum FILE | reader DECK | punch FILE | printer FILE]',
    summary: 'mount tapes and drums, feed decks, send punch or printer output to a file; alone, list units',
    details: 'A drum file holds the 733 unit\'s eight logical drums (0301-0310). A tape or drum file that\n'
      + 'does not exist starts blank; written ones are saved at detach or quit. `attach reader DECK`\n'
      + 'puts the deck\'s cards (.cbn or text) behind those in the hopper.',
    complete: (i) => (i === 0 ? ['tape', 'drum', 'reader', 'punch', 'printer'] : i === 3 ? ['ro'] : undefined),
    run: (c, d) => d.attach(c),
  },
  {
    name: 'detach', usage: 'detach tape N | drum | punch | printer', summary: 'unload a tape or the drums, finish the punch or printer file',
    complete: (i) => (i === 0 ? ['tape', 'drum', 'punch', 'printer'] : undefined),
    run: (c, d) => d.detach(c),
  },
  {
    name: 'card', usage: 'card TEXT', summary: 'put a card with TEXT (from column 1) at the back of the reader\'s hopper',
    details: 'The text starts one blank after `card`. `card ~` queues an end of file; ~eor, ~eof, ~raw\n'
      + 'lines work as in text decks.',
    run: (c, d) => {
      const start = c.command.column + c.command.text.length; // index of the column after the blank
      const text = c.line.slice(start);
      const reader = d.engine.machine.reader;
      try {
        const item = parseTextLine(text, 'card', 1);
        reader.feed([item]);
        return `${item === DECK_EOF ? 'end of file' : 'card'} queued; ${reader.hopperCount} in the hopper`;
      } catch (e) {
        if (e instanceof ImageError && 'column' in e.where) throw new CommandError(e.problem, start + e.where.column);
        throw e;
      }
    },
  },
  {
    name: 'printer', usage: 'printer [N]', summary: 'show the last N lines printed (default 10)',
    run: (c, d) => {
      d.noMore(c, 1);
      const lines = d.engine.machine.printer.lines;
      if (lines.length === 0) return 'nothing printed yet';
      return lines.slice(-int(c.args[0], 'printer', 10)).map((l) => (l.startsWith('\f') ? `(new page) ${l.slice(1)}` : l)).join('\n');
    },
  },
  {
    name: 'time', usage: 'time', summary: 'instructions, cycles and 704 time, in all and in the last run',
    run: (c, d) => {
      d.noMore(c, 0);
      const cpu = d.engine.machine.cpu;
      const last = d.lastRun;
      return [
        `${plural(cpu.instructions, 'instruction')}, ${cpu.cycles} cycles = ${seconds(cpu.cycles)} of 704 time (12 µs a cycle)`,
        ...(last ? [`last run: ${plural(last.instructions, 'instruction')}, ${last.cycles} cycles = ${seconds(last.cycles)}`] : []),
      ].join('\n');
    },
  },
  {
    name: 'snapshot', usage: 'snapshot [save|load] [NAME]', summary: 'save or restore core and registers (units are not included)',
    complete: (i) => (i === 0 ? ['save', 'load'] : undefined),
    run: (c, d) => {
      const e = d.engine;
      d.noMore(c, 2);
      const sub = c.args[0];
      if (!sub) {
        if (e.snapshots.size === 0) return 'no snapshots';
        return [...e.snapshots].map(([n, s]) => `${n}: IC ${formatAddr(s.regs.ic as number)}, ${s.regs.instructions} instructions`).join('\n');
      }
      const name = c.args[1]?.text ?? 'default';
      switch (sub.text.toLowerCase()) {
        case 'save': e.saveSnapshot(name); return `saved snapshot ${name}`;
        case 'load': e.loadSnapshot(name); return `restored snapshot ${name}\n${whereLine(e.machine.cpu, e.symbols)}`;
        default: throw new CommandError(`"${sub.text}" is not save or load`, sub.column);
      }
    },
  },
  {
    name: 'board', usage: 'board [ADDR] [black|white]', summary: 'draw the checkerboard held in FA BA FP BP at ADDR (default FA)',
    details: 'The four words at ADDR..ADDR+3 are FA BA FP BP. The side to move is read from the men;\n'
      + 'with only kings on the board, say black or white.',
    complete: (i) => (i === 0 ? 'symbols' : i === 1 ? ['black', 'white'] : undefined),
    run: (c, d) => {
      const e = d.engine;
      let args = c.args;
      const last = args[args.length - 1];
      let side: Colour | undefined;
      if (last && /^(black|white)$/i.test(last.text)) {
        side = last.text.toLowerCase() as Colour;
        args = args.slice(0, -1);
      }
      d.noMore({ ...c, args }, 1);
      let address: number;
      if (args[0]) address = d.address(args[0]);
      else {
        const fa = e.symbols.value('FA');
        if (fa === undefined) throw new CommandError('no symbol FA: say where the board words are, e.g. board 1000', c.line.length + 1);
        address = fa;
      }
      const mem = e.machine.cpu.mem;
      const am = e.machine.cpu.addrMask;
      const words = { fa: mem[address]!, ba: mem[(address + 1) & am]!, fp: mem[(address + 2) & am]!, bp: mem[(address + 3) & am]! };
      return `board at ${d.name(address)}\n${drawBoard(words, side)}`;
    },
  },
  {
    name: 'print', aliases: ['p'], usage: 'print EXPR', summary: 'evaluate an expression: octal and decimal',
    complete: () => 'symbols',
    run: (c, d) => {
      const v = d.value(rest(c, 0));
      const sign = v < 0 || Object.is(v, -0) ? '-' : '';
      return `= ${sign}${Math.abs(v).toString(8)} (#${sign}${Math.abs(v)})`;
    },
  },
  ...SIMH_COMMANDS,
  {
    name: 'help', aliases: ['h', '?'], usage: 'help [COMMAND | expressions]', summary: 'list the commands, or explain one',
    complete: () => [...COMMANDS.map((x) => x.name), 'expressions'],
    run: (c, d) => {
      const topic = c.args[0];
      if (!topic) {
        const rows = COMMANDS.map((x) => (x.usage.length < 34 ? `  ${x.usage.padEnd(34)} ${x.summary}` : `  ${x.usage}\n  ${' '.repeat(34)} ${x.summary}`));
        return `${style.head('Commands')} (unique prefixes work; s n c b x r p h are short for step next continue break examine regs print help)\n${rows.join('\n')}\n\n${EXPRESSION_HELP}`;
      }
      if (topic.text.toLowerCase().startsWith('expr')) return EXPRESSION_HELP;
      const cmd = d.lookup(topic);
      const aliases = cmd.aliases?.length ? `  (also ${cmd.aliases.join(', ')})` : '';
      return `${style.head(cmd.usage)}${aliases}\n${cmd.summary}${cmd.details ? `\n${cmd.details}` : ''}`;
    },
  },
  {
    name: 'quit', aliases: ['q', 'exit'], usage: 'quit', summary: 'leave the debugger (Ctrl-D too); unit files are written',
    run: () => '',
  },
];

const seconds = (cycles: number): string => `${(cycles * 12e-6).toFixed(6)} s`;
const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Edits (insert, delete, change, swap two neighbours) from a to b: `stpe` is one from `step`. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The closest of `names` to `word`, if it is close enough to be a likely typo. */
function suggest(word: string, names: readonly string[]): string | undefined {
  let best: string | undefined, bestD = Infinity;
  for (const n of names) {
    const dist = editDistance(word.toLowerCase(), n.toLowerCase());
    if (dist < bestD) { best = n; bestD = dist; }
  }
  return bestD <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}

function splitArgs(line: string): Arg[] {
  return [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], column: m.index! + 1 }));
}

/** A session's command interpreter over one engine. */
export class Commands {
  /** Instructions and cycles of the last run command, for `time`. */
  lastRun: RunResult | null = null;
  private traceFile: { fd: number; path: string; buffer: string[] } | null = null;
  private readonly mounted = new Map<string, string>();

  constructor(readonly engine: DebugEngine, private readonly io: SessionIo) {}

  /** Run one line; errors become text with ok = false. */
  async run(line: string): Promise<CommandResult> {
    const [command, ...args] = splitArgs(line);
    if (!command) return { text: '', ok: true, quit: false };
    try {
      const cmd = this.lookup(command);
      const text = await cmd.run({ line, command, args }, this);
      return { text, ok: true, quit: cmd.name === 'quit' };
    } catch (e) {
      return { text: this.errorText(e, line), ok: false, quit: false };
    }
  }

  /** Run one line for another command (set, show): its text, or its error thrown on. */
  async runOrThrow(line: string): Promise<string> {
    const r = await this.run(line);
    if (!r.ok) throw new CommandError(r.text.replace(/^error: /, ''));
    return r.text;
  }

  /** Finish the session: flush the trace file and write the units' files. */
  close(): void {
    this.stopTrace();
    for (let n = 1; n <= 10; n++) this.unmount('tape', n);
    this.unmount('drum');
    this.io.close();
  }

  /** Completions for readline: candidates and the fragment they replace. */
  complete(line: string): [string[], string] {
    const args = splitArgs(line);
    const fresh = /\s$/.test(line) || line === '';
    if (args.length === 0 || (args.length === 1 && !fresh)) {
      const frag = args[0]?.text ?? '';
      const hits = COMMANDS.map((c) => c.name).filter((n) => n.startsWith(frag.toLowerCase()));
      return [hits.length === 1 ? [`${hits[0]} `] : hits, frag]; // a whole command goes on to its arguments
    }
    const cmd = this.find(args[0]!.text);
    const index = args.length - 1 - (fresh ? 0 : 1);
    const offer = cmd?.complete?.(index);
    if (!offer) return [[], ''];
    if (offer === 'symbols') {
      const frag = /[A-Za-z0-9.$]*$/.exec(line)![0];
      if (line.endsWith(`%${frag}`)) return [REGISTERS.filter((r) => r.startsWith(frag.toLowerCase())), frag];
      const lower = frag !== frag.toUpperCase();
      const hits = this.engine.symbols.names().filter((n) => n.toUpperCase().startsWith(frag.toUpperCase()));
      return [hits.map((n) => (lower ? n.toLowerCase() : n)), frag];
    }
    const frag = fresh ? '' : args[args.length - 1]!.text;
    return [offer.filter((o) => o.startsWith(frag.toLowerCase())), frag];
  }

  // ---- helpers for the handlers

  /** The command a word names: its name, an alias, or a unique prefix. */
  lookup(word: Arg): CommandDef {
    const cmd = this.find(word.text);
    if (cmd) return cmd;
    const w = word.text.toLowerCase();
    const prefixed = COMMANDS.filter((c) => c.name.startsWith(w));
    if (prefixed.length > 1) throw new CommandError(`"${word.text}" is ambiguous: ${prefixed.map((c) => c.name).join(', ')}`, word.column);
    const near = suggest(w, COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]));
    throw new CommandError(`unknown command "${word.text}"${near ? `; did you mean ${near}?` : ''} (help lists the commands)`, word.column);
  }

  private find(word: string): CommandDef | undefined {
    const w = word.toLowerCase();
    const exact = COMMANDS.find((c) => c.name === w || c.aliases?.includes(w));
    if (exact) return exact;
    const prefixed = COMMANDS.filter((c) => c.name.startsWith(w));
    return prefixed.length === 1 ? prefixed[0] : undefined;
  }

  parse(a: Arg): Expr {
    if (a.text === '') throw new CommandError('expected an expression', a.column);
    return parseExpr(a.text, a.column - 1);
  }

  value(a: Arg): number {
    return this.engine.evaluate(this.parse(a));
  }

  address(a: Arg): number {
    return toAddress(this.value(a), this.engine.machine.cpu.mem.length, a.column);
  }

  /** An instruction in SAP form (`CLA SUM,1`) or an expression, as a word. */
  word(a: Arg): number {
    const m = /^([A-Za-z]{3})(?:\s+(.*))?$/.exec(a.text);
    const def = m ? BY_MNEMONIC.get(m[1]!.toUpperCase()) : undefined;
    if (!m || !def || this.engine.symbols.value(m[1]!) !== undefined) return toWord(this.value(a), a.column);
    const operands = m[2] === undefined ? [] : m[2].split(',');
    let column = a.column + a.text.length - (m[2]?.length ?? 0);
    const fields: number[] = [];
    for (const part of operands) {
      fields.push(part.trim() === '' ? 0 : this.value({ text: part, column }));
      column += part.length + 1;
    }
    if (fields.length > 3) throw new CommandError('an instruction has at most address, tag and decrement', a.column);
    const [addr = 0, tg = 0, dec = 0] = fields;
    if (!Number.isInteger(tg) || tg < 0 || tg > 7) throw new CommandError(`tag ${tg.toString(8)} is not 0-7`, a.column);
    // SAP's way (pass2.ts): fields reduced to 15 bits and ORed into the operation's template.
    return or36(def.template, makeWord(0, dec & 0x7fff, tg, addr & 0x7fff));
  }

  /** `A`, `A..B`, or `A-B` with plain octal numbers: an inclusive range of addresses. */
  range(a: Arg): [number, number] {
    const plain = /^([0-7]+)-([0-7]+)$/.exec(a.text);
    const dots = a.text.indexOf('..');
    let from: number, to: number, toColumn: number;
    if (plain) {
      from = this.address({ text: plain[1]!, column: a.column });
      toColumn = a.column + plain[1]!.length + 1;
      to = this.address({ text: plain[2]!, column: toColumn });
    } else if (dots >= 0) {
      from = this.address({ text: a.text.slice(0, dots), column: a.column });
      toColumn = a.column + dots + 2;
      to = this.address({ text: a.text.slice(dots + 2), column: toColumn });
    } else {
      from = to = this.address(a);
      toColumn = a.column;
    }
    if (to < from) throw new CommandError(`the range ends (${formatAddr(to)}) before it starts (${formatAddr(from)})`, toColumn);
    if (to - from >= 0o10000) throw new CommandError(`the range has ${to - from + 1} words; show at most 4096 at a time`, toColumn);
    return [from, to];
  }

  noMore(c: Call, n: number): void {
    const extra = c.args[n];
    if (extra) throw new CommandError(`unexpected "${extra.text}"`, extra.column);
  }

  /** `01001 SUM` or `01005 SUM+4`. */
  name(address: number): string {
    const s = this.engine.symbols.describe(address);
    return s ? `${formatAddr(address)} ${s}` : formatAddr(address);
  }

  /** A stop: what happened, then where the machine is. */
  report(r: RunResult): string {
    this.lastRun = r;
    this.flushTrace();
    const head = stopHeadline(r, this.engine.symbols);
    const where = whereLine(this.engine.machine.cpu, this.engine.symbols);
    return head ? `${r.outcome === 'step' || r.outcome === 'returned' ? head : style.warn(head)}\n${where}` : where;
  }

  listStops(): string {
    const e = this.engine;
    const bps = e.listBreakpoints().map((b) => `${b.id}  break ${this.name(b.address)}${b.condition ? ` if ${b.condition.text}` : ''}  (hit ${plural(b.hits, 'time')})`);
    const ws = e.listWatches().map((w) => `${w.id}  watch ${this.name(w.address)} (${w.mode})`);
    return [...bps, ...ws].join('\n') || 'no breakpoints or watches';
  }

  setRegister(target: Arg, value: Arg): string {
    const name = target.text.slice(1).toLowerCase() as Register;
    const cpu = this.engine.machine.cpu;
    const w = this.word(value);
    switch (name) {
      case 'ac':
        cpu.acSign = isNegative(w) ? 1 : 0;
        cpu.acMag = magnitude(w);
        return `AC ${formatAc(cpu.acSign, cpu.acMag)}`;
      case 'mq':
        cpu.mq = w;
        return `MQ ${formatSigned(w)}`;
      case 'ov':
        cpu.acOverflow = w !== 0;
        return `AC overflow ${cpu.acOverflow ? 'on' : 'off'}`;
      case 'ic':
        cpu.ic = toAddress(w, cpu.mem.length, value.column);
        return whereLine(cpu, this.engine.symbols);
      case 'xr1':
      case 'xr2':
      case 'xr4':
        if (w > 0x7fff) throw new CommandError(`${w.toString(8)} does not fit in an index register (15 bits)`, value.column);
        cpu[name] = w;
        return `${name.toUpperCase()} ${formatAddr(w)}`;
      default:
        throw new CommandError(`cannot deposit into "${target.text}" (registers: %ac %mq %ic %xr1 %xr2 %xr4 %ov)`, target.column);
    }
  }

  // ---- tracing

  trace(c: Call): string {
    const sub = c.args[0]?.text.toLowerCase();
    const e = this.engine;
    if (sub === 'off') {
      this.noMore(c, 1);
      this.stopTrace();
      return 'trace off';
    }
    if (sub !== 'on') throw new CommandError('say trace on [FILE] or trace off', c.args[0]?.column ?? c.line.length + 1);
    this.noMore(c, 2);
    this.stopTrace();
    const path = c.args[1]?.text;
    const cpu = e.machine.cpu;
    let sink: (line: string) => void;
    if (path) {
      const file = { fd: openSync(path, 'w'), path, buffer: [] as string[] };
      this.traceFile = file;
      sink = (line) => {
        file.buffer.push(line);
        if (file.buffer.length >= 4096) this.flushTrace();
      };
    } else {
      sink = (line) => this.io.write(line);
    }
    e.setTracer((location) => sink(stepLine(traceEntry(cpu, location), e.symbols)));
    return path ? `tracing to ${path} (registers after each instruction)` : 'trace on (registers after each instruction)';
  }

  private flushTrace(): void {
    const f = this.traceFile;
    if (!f || f.buffer.length === 0) return;
    writeSync(f.fd, f.buffer.join('\n') + '\n');
    f.buffer.length = 0;
  }

  private stopTrace(): void {
    this.engine.setTracer(null);
    this.flushTrace();
    if (this.traceFile) closeSync(this.traceFile.fd);
    this.traceFile = null;
  }

  // ---- units

  attach(c: Call): string {
    const m = this.engine.machine;
    const kind = c.args[0]?.text.toLowerCase();
    if (!kind) return this.units();
    const needFile = (i: number): string => {
      const f = c.args[i];
      if (!f) throw new CommandError('which file?', c.line.length + 1);
      return f.text;
    };
    switch (kind) {
      case 'tape': {
        const n = this.unitNumber(c);
        const ro = c.args[3];
        if (ro && ro.text.toLowerCase() !== 'ro') throw new CommandError(`"${ro.text}" is not ro`, ro.column);
        this.noMore(c, 4);
        const file = needFile(2);
        const drive = new TapeUnit(n);
        drive.attach(file, { readOnly: ro !== undefined });
        this.unmount('tape', n);
        m.io.attachTape(n, drive);
        this.mounted.set(`tape ${n}`, file);
        return `tape ${n}: ${file}${ro ? ' (read only)' : ''}, ${drive.entries.length} records/marks`;
      }
      case 'drum': {
        // One 733 unit holds the eight logical drums 0301-0310, as --drum attaches it.
        this.noMore(c, 2);
        const file = needFile(1);
        const drum = new Drum();
        drum.attach(file);
        this.unmount('drum');
        for (let n = 1; n <= 8; n++) m.io.attachDrum(n, drum);
        this.mounted.set('drum', file);
        return `drums 1-8: ${file}`;
      }
      case 'reader': {
        this.noMore(c, 2);
        const n = m.reader.feedFile(needFile(1));
        return `fed ${plural(n, 'card')}; ${m.reader.hopperCount} in the hopper`;
      }
      case 'punch':
        this.noMore(c, 2);
        m.punch.attach(needFile(1));
        this.mounted.set('punch', c.args[1]!.text);
        return `punching into ${c.args[1]!.text}`;
      case 'printer':
        this.noMore(c, 2);
        m.printer.attach(needFile(1));
        this.mounted.set('printer', c.args[1]!.text);
        return `printing into ${c.args[1]!.text} as well`;
      default:
        throw new CommandError(`"${c.args[0]!.text}" is not tape, drum, reader, punch or printer`, c.args[0]!.column);
    }
  }

  detach(c: Call): string {
    const m = this.engine.machine;
    const kind = c.args[0]?.text.toLowerCase();
    switch (kind) {
      case 'tape': {
        const n = this.unitNumber(c);
        this.noMore(c, 2);
        if (!this.unmount('tape', n)) throw new CommandError(`tape ${n} is not attached`, c.args[1]!.column);
        return `tape ${n} detached`;
      }
      case 'drum':
        this.noMore(c, 1);
        if (!this.unmount('drum')) throw new CommandError('no drum is attached', c.args[0]!.column);
        return 'drums detached';
      case 'punch':
        this.noMore(c, 1);
        m.punch.detach();
        this.mounted.delete('punch');
        return 'punch file written';
      case 'printer':
        this.noMore(c, 1);
        m.printer.close();
        this.mounted.delete('printer');
        return 'printer file written';
      default:
        throw new CommandError('detach tape N, drum, punch or printer', c.args[0]?.column ?? c.line.length + 1);
    }
  }

  /** The tape unit number after `tape`. */
  private unitNumber(c: Call): number {
    const a = c.args[1];
    const n = int(a, 'tape', 0);
    if (n < 1 || n > 10) throw new CommandError('tapes are numbered 1-10', a?.column ?? c.line.length + 1);
    return n;
  }

  /** Take tape n or the drum unit off the machine, saving its file; false if none was there. */
  private unmount(kind: 'tape' | 'drum', n = 1): boolean {
    const io = this.engine.machine.io;
    const address = (kind === 'tape' ? 0o200 : 0o300) + n;
    const unit = io.unitAt(address);
    if (!unit) return false;
    if (unit instanceof TapeUnit || unit instanceof Drum) unit.detach();
    io.detach(address); // every address the unit answers at
    this.mounted.delete(kind === 'tape' ? `tape ${n}` : 'drum');
    return true;
  }

  private units(): string {
    const m = this.engine.machine;
    const file = (key: string): string => (this.mounted.has(key) ? ` (file ${this.mounted.get(key)})` : '');
    const out = [
      `reader: ${plural(m.reader.hopperCount, 'card')} in the hopper`,
      `punch: ${plural(m.punch.punched.length, 'card')} punched${file('punch')}`,
      `printer: ${plural(m.printer.lines.length, 'line')} printed${file('printer')}`,
    ];
    for (let n = 1; n <= 10; n++) {
      const t = m.io.unitAt(0o220 + n);
      if (t instanceof TapeUnit) out.push(`tape ${n}: ${t.entries.length} records/marks, at ${t.position}${file(`tape ${n}`)}`);
    }
    if (m.io.unitAt(0o301)) out.push(`drums 1-8: attached${file('drum')}`);
    return out.join('\n');
  }

  // ---- errors

  private errorText(e: unknown, line: string): string {
    let message: string, column: number | undefined;
    if (e instanceof CommandError || e instanceof ExprError) {
      message = e.message;
      column = e.column;
      if (e instanceof ExprError && /^unknown symbol (\S+)$/.test(e.message)) {
        const near = suggest(e.message.slice(15), this.engine.symbols.names());
        if (near) message += `; did you mean ${near}?`;
      }
    } else if (e instanceof DebugError || e instanceof ImageError || e instanceof DeviceError || e instanceof FileError || (e as NodeJS.ErrnoException).syscall !== undefined) {
      message = (e as Error).message; // the machine refused, or a unit's file could not be used
    } else {
      throw e;
    }
    const caret = column === undefined ? '' : `\n  ${line}\n  ${' '.repeat(column - 1)}^`;
    return `${style.error('error:')} ${message}${caret}`;
  }
}
