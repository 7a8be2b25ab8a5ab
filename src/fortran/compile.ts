// FORTRAN II on our 704, set up as rhobbie's F2.cmd/F2.xml and Run.cmd/Run.xml set it up for
// Sim704: the source deck is punched from text, the system tape is mounted on tape 1 (a copy: the
// run never writes the user's tape), tapes 2-4 and drums 1-4 are scratch, sense switches 2, 3 and
// 5 are down as F2.xml has them (the operator's manual, pp. 29-39, gives their meanings), LOAD
// TAPE. The compiler halts when the reader is empty (START gives end of file), then at HTR 77777
// at 00035 when done. The object deck, with blank cards taken out, then
// loads with LOAD CARDS on a 32K machine, with the program's data cards behind it.

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardToWords, DECK_EOF, parseTextLine, wordsToCard, type Card as PunchCard } from '../devices/cards.ts';
import { cleanDeck, type Card } from './binaryCards.ts';
import { runSim704, type Sim704Config } from './sim704Config.ts';

export interface FortranRun {
  /** The compiler's printer: the source listing and its messages. */
  readonly listing: string[];
  /** How the compilation ended. */
  readonly compileEnd: string;
  readonly compileCycles: number;
  /** The object deck's cards (24 words each); empty when nothing was punched. */
  readonly objectDeck: readonly Card[];
  /** The program's printer output, when it ran. */
  readonly output?: string[];
  readonly runEnd?: string;
  readonly runCycles?: number;
}

/**
 * Cards punched from text lines as a keypunch would: upper case, a tab to the next multiple of 8
 * columns, at most 80 columns; a character the 026 cannot punch is an error at its line and column.
 */
export function punchSource(text: string, file: string): PunchCard[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line, i) => {
    const card = parseTextLine(line.toUpperCase(), file, i + 1);
    if (card === DECK_EOF) throw new Error(`${file}:${i + 1}:1: a lone ~ is not a card`);
    return card;
  });
}

export interface FortranOptions {
  /** The FORTRAN II system tape (8K unless coreWords says 4096). */
  readonly systemTape: string;
  readonly source: string;
  readonly sourceName: string;
  /** Data cards read by the program's READ statements. */
  readonly data?: string;
  readonly dataName?: string;
  readonly coreWords?: 4096 | 8192;
  /** Compile only. */
  readonly compileOnly?: boolean;
  /** Instructions each run may take before it is called a runaway. */
  readonly limit?: number;
}

export function fortran(options: FortranOptions): FortranRun {
  const scratch = mkdtempSync(join(tmpdir(), 'samuel704-fortran-'));
  try {
    // no suffix: the tape's format (SIMH .tap, or P7B as Sim704 writes it) is told by its content
    copyFileSync(options.systemTape, join(scratch, 'system'));
    const compile: Sim704Config = {
      tapes: ['system', 'mt2.tap', 'mt3.tap', 'mt4.tap'],
      drums: ['drm1.drm', 'drm2.drm', 'drm3.drm', 'drm4.drm'],
      coreWords: options.coreWords ?? 8192,
      boot: 'MT',
      switches: [false, true, true, false, true, false],
      exitOnHalt: 2,
    };
    const c = runSim704(compile, punchSource(options.source, options.sourceName), (n) => join(scratch, n), options.limit);
    const objectDeck = cleanDeck(c.machine.punch.deck().filter((x): x is PunchCard => x !== 'eof').map(cardToWords));
    const compiled = { listing: [...c.machine.printer.lines], compileEnd: c.end, compileCycles: c.cycles, objectDeck };
    if (options.compileOnly || objectDeck.length === 0) return compiled;
    const run: Sim704Config = {
      tapes: Array.from({ length: 10 }, (_, i) => `run${i + 1}.tap`),
      drums: [],
      coreWords: 32768,
      boot: 'CRD',
      switches: [],
      exitOnHalt: 1,
    };
    const deck = [...objectDeck.map((w) => wordsToCard(w)), ...(options.data ? punchSource(options.data, options.dataName ?? 'data') : [])];
    const r = runSim704(run, deck, (n) => join(scratch, n), options.limit);
    return { ...compiled, output: [...r.machine.printer.lines], runEnd: r.end, runCycles: r.cycles };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
