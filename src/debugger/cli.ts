// `samuel704 debug`: the machine options of `run`, a program from a core image or from SAP
// sources assembled here, symbols, then the REPL on a terminal or a script (--script FILE, or
// commands piped to standard input).

import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { assemble, formatDiagnostic } from '../asm/assembler.ts';
import type { SymbolMap } from '../asm/output.ts';
import { readSources } from '../asm/sources.ts';
import { loadWords, parseImage } from '../machine/image.ts';
import { addMachineOptions, machineFromOptions, type MachineCliOptions } from '../cli/setup.ts';
import { guarded, style } from '../cli/style.ts';
import { Commands } from './commands.ts';
import { DebugEngine } from './engine.ts';
import { disasm, whereLine } from './format.ts';
import { runInteractive, runScript } from './repl.ts';
import { Symbols } from './symbols.ts';
import { readText } from '../devices/fileErrors.ts';

interface DebugOptions extends MachineCliOptions {
  load?: string;
  start?: string;
  symbols?: string;
  script?: string;
  history?: string;
}

export function registerDebug(program: Command): void {
  const cmd = program
    .command('debug')
    .description('debug a 704 program: breakpoints, stepping, watches, history, trace (SAP sources are assembled first)')
    .argument('[sources...]', 'SAP source files to assemble and load, symbols included')
    .option('--load <image>', 'octal core image to load (as for run)')
    .option('--start <octal>', 'start address (octal); default: the END card of the sources or the symbol map')
    .option('--symbols <file.json>', 'symbol map written by `asm --symbols`, for --load')
    .option('--script <file>', 'run the debugger commands in FILE (- for standard input), echoing each, then quit')
    .option('--history <n>', 'keep the last N instructions from the start (see the history command)');
  addMachineOptions(cmd);
  cmd.action(guarded(debugCommand));
}

async function debugCommand(sources: string[], opts: DebugOptions): Promise<void> {
  const session = machineFromOptions(opts);
  const m = session.machine;
  let symbols = new Symbols();
  let start: number | undefined;

  if (sources.length > 0) {
    if (opts.load || opts.symbols) throw new Error('give SAP sources, or --load with --symbols, not both');
    const bad = sources.find((f) => !/\.sap$/i.test(f));
    if (bad) throw new Error(`${bad}: debug assembles .sap sources; load an image with --load`);
    const result = assemble(readSources(sources), { loader: false });
    for (const d of result.diagnostics) {
      process.stderr.write(`${formatDiagnostic(d, (sev, s) => (sev === 'error' ? style.error(s) : style.warn(s)))}\n`);
    }
    if (result.errors.length > 0) throw new Error(`${result.errors.length} assembly error${result.errors.length === 1 ? '' : 's'}`);
    loadWords(m.cpu.mem, m.cpu.addrMask, result.image, sources.join(' '));
    symbols = Symbols.fromAssembly(result);
    start = result.start;
  }
  if (opts.load) {
    const image = parseImage(readText(opts.load, 'core image'), opts.load);
    loadWords(m.cpu.mem, m.cpu.addrMask, image.words, opts.load);
    start = image.start ?? start;
  }
  if (opts.symbols) {
    const map = JSON.parse(readText(opts.symbols, 'symbol map')) as SymbolMap;
    symbols = new Symbols(map, labelsFromSources(map));
    if (map.start !== undefined) start = parseInt(map.start, 8);
  }
  if (opts.start !== undefined) {
    if (!/^[0-7]{1,5}$/.test(opts.start)) throw new Error(`--start: "${opts.start}" is not an octal address`);
    start = parseInt(opts.start, 8);
  }
  if (start !== undefined) m.cpu.ic = start & m.cpu.addrMask;
  let historySize = 0;
  if (opts.history !== undefined) {
    historySize = Number(opts.history);
    if (!Number.isSafeInteger(historySize) || historySize < 1) throw new Error(`--history: "${opts.history}" is not a positive whole number`);
  }
  session.boot();

  m.describeWord = (w) => disasm(w, symbols);
  const engine = new DebugEngine(m, symbols);
  if (historySize) engine.setHistory(historySize);
  const write = (text: string): void => { process.stdout.write(`${text}\n`); };
  const commands = new Commands(engine, { write, close: () => session.close() });

  write(`samuel704 debugger: ${symbols.size} symbols, ${m.cpu.mem.length / 1024}K core; \`help\` lists the commands`);
  write(whereLine(m.cpu, symbols));
  const script = opts.script ?? (process.stdin.isTTY ? undefined : '-');
  if (script === undefined) {
    await runInteractive(commands);
    return;
  }
  const text = readFileSync(script === '-' ? 0 : script, 'utf8');
  let ok: boolean;
  try {
    ok = await runScript(commands, text.split(/\r?\n/), write);
  } finally {
    commands.close();
  }
  if (!ok) process.exitCode = 1;
}

/**
 * The symbols written in the location field (columns 1-6) of the cards that loaded words, read
 * from the sources the map names when they are at hand: the map alone cannot tell a label from
 * an EQU of the same value.
 */
function labelsFromSources(map: SymbolMap): Set<string> {
  const texts = new Map<string, string[] | undefined>();
  const labels = new Set<string>();
  for (const [octal, { file, line }] of Object.entries(map.lines)) {
    if (!texts.has(file)) texts.set(file, existsSync(file) ? readFileSync(file, 'utf8').split(/\r?\n/) : undefined);
    const label = texts.get(file)?.[line - 1]?.split('\t')[0]!.slice(0, 6).replace(/ /g, '').toUpperCase();
    if (label && map.symbols[label] === octal) labels.add(label);
  }
  return labels;
}
