// `samuel704 asm` and `samuel704 disasm` (registered by src/cli/index.ts).

import { writeFileAtomic } from '../devices/atomicFile.ts';
import type { Command } from 'commander';
import { disassemble } from '../cpu/disasm.ts';
import { formatAddr, formatSigned } from '../cpu/word.ts';
import { cardToWords, readDeckFile, type Card as PunchCard } from '../devices/cards.ts';
import { parseImage } from '../machine/image.ts';
import { fail, guarded, style } from '../cli/style.ts';
import { assemble } from './assembler.ts';
import { formatDiagnostic } from './diagnostics.ts';
import { imageText, symbolMap, writeCbn, type SymbolMap } from './output.ts';
import { readDeck } from './punch.ts';
import { readSources } from './sources.ts';
import { readFile, readText } from '../devices/fileErrors.ts';

interface AsmOptions {
  output?: string;
  listing?: string;
  image?: string;
  symbols?: string;
  loader: boolean;
  listAll?: boolean;
  writeOnError?: boolean;
}

interface DisasmOptions {
  symbols?: string;
  octal?: boolean;
}

export function registerAsmCommands(program: Command): void {
  program
    .command('asm')
    .description('assemble SAP source files (one deck, in order) with UA SAP 3 rules')
    .argument('<files...>', 'SAP source files')
    .option('-o, --output <deck.cbn>', 'write the bootable card deck (SIMH column binary)')
    .option('--listing <file>', 'write the listing (default: to standard output when no other output is asked for)')
    .option('--image <file.oct>', 'write the octal core image for `run --load`')
    .option('--symbols <file.json>', 'write the symbol map for the debugger')
    .option('--no-loader', 'punch the cards without the self-loading loader in front')
    .option('--list-all', 'also list ABS, FUL, REL, SPC, SKP, REP, WST, RST ... (UA SAP sense switch 2)')
    .option('--write-on-error', 'write the deck, image and symbols even when the assembly has errors (by default a failed assembly leaves them as they were)')
    .action(guarded(asmCommand));
  program
    .command('disasm')
    .description('disassemble an octal core image or a card deck (.cbn or text)')
    .argument('<file>', 'image (.oct) or deck')
    .option('--symbols <file.json>', 'name addresses from a symbol map written by asm')
    .option('--octal', 'write operands in octal (easier to read, not SAP)')
    .action(guarded(disasmCommand));
}

function asmCommand(files: string[], opts: AsmOptions): void {
  const sources = readSources(files);
  const result = assemble(sources, { loader: opts.loader, listAllCards: opts.listAll === true });
  for (const d of result.diagnostics) {
    process.stderr.write(`${formatDiagnostic(d, (sev, s) => (sev === 'error' ? style.error(s) : style.warn(s)))}\n`);
  }
  const n = result.errors.length;
  // a failed assembly leaves the previous good outputs in place (unless asked otherwise); the
  // listing, which shows the errors, is always written
  const write = n === 0 || opts.writeOnError === true;
  if (write && opts.output) writeCbn(opts.output, result.cards);
  if (write && opts.image) writeFileAtomic(opts.image, imageText(result, `assembled from ${files.join(' ')}`));
  if (write && opts.symbols) writeFileAtomic(opts.symbols, JSON.stringify(symbolMap(result), null, 2) + '\n');
  if (opts.listing) writeFileAtomic(opts.listing, result.listing);
  else if (!opts.output && !opts.image && !opts.symbols) process.stdout.write(result.listing);
  const kept = [opts.output, opts.image, opts.symbols].filter((f) => f !== undefined);
  if (n > 0) fail(`${n} error${n === 1 ? '' : 's'}${!write && kept.length ? `; nothing written to ${kept.join(', ')} (--write-on-error writes them anyway)` : ''}`);
}

function disasmCommand(file: string, opts: DisasmOptions): void {
  const map: SymbolMap | undefined = opts.symbols ? (JSON.parse(readText(opts.symbols, 'symbol map')) as SymbolMap) : undefined;
  const names = new Map<number, string>();
  for (const [name, v] of Object.entries(map?.symbols ?? {})) if (!names.has(parseInt(v, 8))) names.set(parseInt(v, 8), name);
  const options = { radix: opts.octal ? (8 as const) : (10 as const), symbol: (a: number) => names.get(a) };
  const out: string[] = [];
  const show = (words: Map<number, number>, located = true): void => {
    for (const a of [...words.keys()].sort((x, y) => x - y)) {
      const w = words.get(a)!;
      const label = located ? names.get(a) ?? '' : '';
      out.push(`${style.addr(located ? formatAddr(a) : `w${String(a).padStart(2, '0')}  `)} ${formatSigned(w)}  ${label.padEnd(6)} ${disassemble(w, options)}`);
    }
  };
  const text = readFile(file, 'image or deck');
  if (/\.oct$/i.test(file) || /^\s*(#|[0-7]{5}\s)/.test(text.subarray(0, 64).toString('latin1'))) {
    show(parseImage(text.toString('utf8'), file).words);
  } else {
    const cards = readDeckFile(file).filter((c): c is PunchCard => c !== 'eof').map((c) => [...cardToWords(c)]);
    const deck = readDeck(cards);
    for (const { index, words } of deck.other) {
      out.push(style.dim(`card ${index + 1} (not an absolute card):`));
      show(new Map(words.map((w, k) => [k, w])), false);
    }
    show(deck.image);
    if (deck.start !== undefined) out.push(style.dim(`transfer to ${formatAddr(deck.start)}`));
  }
  process.stdout.write(out.join('\n') + '\n');
}
