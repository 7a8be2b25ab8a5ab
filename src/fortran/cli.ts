// `samuel704 fortran PROGRAM.f --tape F2_8k.tap` compiles a FORTRAN II program from cards on our
// 704 and runs it; `samuel704 fortran-build MKF2` builds the system tapes from the public sources
// (registered by src/cli/commands.ts). docs/fortran.md tells both.

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { readText } from '../devices/fileErrors.ts';
import { CYCLE_US } from '../devices/timing.ts';
import { fail, guarded, style } from '../cli/style.ts';
import { writeCbn } from '../asm/output.ts';
import { cardToWords, DECK_EOF, readDeckFile, type Card } from '../devices/cards.ts';
import { fortran } from './compile.ts';
import { buildFortran } from './mkf2.ts';

/** Where fortran-build puts its work and tapes unless told otherwise. */
const BUILD_DIR = '.local/fortran';
const seconds704 = (cycles: number): string => `${(cycles * CYCLE_US * 1e-6).toFixed(1)} s of 704 time`;

interface FortranOptions {
  tape?: string;
  data?: string;
  listing?: string;
  printer?: string;
  object?: string;
  core: string;
  compileOnly?: boolean;
}

interface BuildOptions {
  out: string;
  uasap?: string;
  alignPages?: boolean;
}

export function registerFortranCommands(program: Command): void {
  program
    .command('fortran')
    .description('compile a FORTRAN II program from cards on the 704 and run it (listing and output on the printer)')
    .argument('<program>', 'FORTRAN II source, one card a line (columns as punched)')
    .option('--tape <file>', `the FORTRAN II system tape (made by fortran-build, or Sim704's; default: fortran-build's in ${BUILD_DIR})`)
    .option('--data <file>', 'data cards behind the object deck, read by READ')
    .option('--listing <file>', 'write the compiler\'s printer here (default: standard output)')
    .option('--printer <file>', 'write the program\'s printer here (default: standard output)')
    .option('--object <deck.cbn>', 'also keep the object deck the compiler punched')
    .option('--core <size>', 'the compiling machine\'s core: 8k with the 8K system tape, 4k with the 4K one', '8k')
    .option('--compile-only', 'compile, do not run')
    .action(guarded(fortranCommand));
  program
    .command('fortran-build')
    .description('build the FORTRAN II system tapes on the 704 from the public sources (rhobbie/Mkf2)')
    .argument('<mkf2>', 'folder holding Mkf2 (MKFORT2/, F2_4K/, F2_8K/ ...)')
    .option('--out <dir>', 'where the tapes and work files go', BUILD_DIR)
    .option('--uasap <deck.cbn>', 'UA SAP 3\'s binary deck: run UA SAP on the 704 for the assembly steps (else our assembler does them)')
    .option('--align-pages', 'name FORTRAN II\'s pieces by aligning its listing with the scripts even when FORT2.TXT is there (docs/fortran.md)')
    .action(guarded(buildCommand));
}

function fortranCommand(file: string, opts: FortranOptions): void {
  const core = { '4k': 4096, '8k': 8192 }[opts.core.toLowerCase()] as 4096 | 8192 | undefined;
  if (core === undefined) throw new Error(`--core: "${opts.core}" is not 4k or 8k`);
  const tape = opts.tape ?? join(BUILD_DIR, `f2_${opts.core.toLowerCase()}`, `f2_${opts.core.toLowerCase()}.tap`);
  if (!existsSync(tape)) throw new Error(`${tape}: no such system tape (samuel704 fortran-build makes one; --tape names another)`);
  const started = performance.now();
  const r = fortran({
    systemTape: tape,
    source: readText(file, 'FORTRAN source'),
    sourceName: file,
    ...(opts.data ? { data: readText(opts.data, 'data deck'), dataName: opts.data } : {}),
    coreWords: core,
    compileOnly: opts.compileOnly === true,
  });
  const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join('');
  if (opts.listing) writeFileAtomic(opts.listing, text(r.listing));
  else process.stdout.write(text(r.listing));
  if (opts.object && r.objectDeck.length > 0) writeCbn(opts.object, r.objectDeck.map((c) => [...c]));
  const times = [`compile ${seconds704(r.compileCycles)}`];
  if (!/^HTR at 00035\b/.test(r.compileEnd)) {
    // 00035 is where FORTRAN II stops after a good compilation; elsewhere it stopped on an error
    fail(`${file}: FORTRAN II did not finish the compilation (${r.compileEnd}); the listing shows why`);
    return;
  }
  if (r.output) {
    if (opts.printer) writeFileAtomic(opts.printer, text(r.output));
    else process.stdout.write(text(r.output));
    times.push(`run ${seconds704(r.runCycles ?? 0)} (${r.runEnd})`);
  }
  process.stderr.write(style.dim(`${times.join(', ')}; ${((performance.now() - started) / 1000).toFixed(1)} s wall\n`));
}

function buildCommand(source: string, opts: BuildOptions): void {
  if (!existsSync(resolve(source, 'MKFORT2'))) throw new Error(`${source}: no MKFORT2 folder; name the folder holding rhobbie/Mkf2`);
  const started = performance.now();
  const uasapDeck = opts.uasap ? readDeckFile(opts.uasap).filter((c): c is Card => c !== DECK_EOF).map(cardToWords) : undefined;
  const r = buildFortran({
    source,
    work: opts.out,
    ...(uasapDeck ? { uasapDeck } : {}),
    alignPages: opts.alignPages === true,
    onStep: (s) => {
      if (s.end !== undefined) process.stderr.write(style.dim(`${s.script}: ${s.line}: ${s.end}${s.cycles !== undefined ? `, ${seconds704(s.cycles)}` : ''}\n`));
    },
  });
  if (r.pagesFrom === 'alignment') process.stderr.write(style.warn('FORT2.TXT is not in the folder: FORTRAN II\'s pieces were named by aligning our listing with the scripts (docs/fortran.md)\n'));
  process.stdout.write(`${r.tapes.join('\n')}\n`);
  process.stderr.write(`built by ${r.assembler} and the 704 in ${seconds704(r.cycles)}, ${((performance.now() - started) / 1000).toFixed(1)} s wall\n`);
}
