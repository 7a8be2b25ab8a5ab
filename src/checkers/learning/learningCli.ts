// `samuel704 learning show [FILE]`: the learning tape decoded - Alpha's and Beta's polynomials,
// the tallies, the reserve list - as a table like Samuel's Appendix C, or JSON.
// `samuel704 learning plot --state DIR`: the leading terms' coefficients (or correlations) over the
// learning games of a self-play session, like Samuel's Fig. 4, and Alpha's results per block - in
// the terminal, and as SVG or PNG. The host only reads what the 704 wrote; nothing here learns.

import chalk from 'chalk';
import type { Command } from 'commander';
import { guarded, style } from '../../cli/style.ts';
import { formatOf, writePicture } from '../../pictures/file.ts';
import { bar, blockLabel, terminalPlot } from '../../host/charts.ts';
import { loadJournal } from '../selfplay/journal.ts';
import { alphaBlocks, alphaScene, learningGames, termCurves, termScene, type Along, type Measure } from './learningCharts.ts';
import { readLearningTape, type LearningState } from './learningTape.ts';
import { termName } from './termNames.ts';

const out = (text = ''): void => {
  process.stdout.write(text + '\n');
};

/** A coefficient as Samuel writes them: ±2^p, or 0; a value that is not a power of two as it is. */
export function coefficientText(c: number): string {
  if (c === 0) return '0';
  const p = Math.log2(Math.abs(c));
  return Number.isInteger(p) ? `${c < 0 ? '-' : '+'}2^${p}` : String(c);
}

const signColour = (c: number, text: string): string => (c > 0 ? chalk.green(text) : c < 0 ? chalk.red(text) : chalk.dim(text));

/** The tape's state with the terms named, for --json. */
export function namedState(s: LearningState) {
  return {
    ...s,
    alpha: s.alpha.map((a, i) => ({ slot: i + 1, name: termName(a.term), ...a })),
    beta: s.beta.map((b, i) => ({ slot: i + 1, name: termName(b.term), ...b })),
    reserve: s.reserve.map((term) => ({ term, name: termName(term) })),
  };
}

/** Alpha's slots by the magnitude of the correlation, largest first, ties in slot order (as the 704 prints its table). */
const byCorrelation = (s: LearningState) => s.alpha.map((a, i) => ({ slot: i + 1, ...a })).sort((x, y) => Math.abs(y.correlation) - Math.abs(x.correlation) || x.slot - y.slot);

export function showLines(file: string, s: LearningState): string[] {
  const n = s.wins + s.losses + s.draws;
  const lines = [
    style.head(`learning tape ${file}`) + `: ${s.games} learning games`,
    `Alpha won ${chalk.green(String(s.wins))}, lost ${chalk.red(String(s.losses))}, drew ${s.draws}${n !== s.games ? style.warn(` (${n} verdicts for ${s.games} games)`) : ''}; since Beta last adopted: ${s.winsSinceAdoption} wins in ${s.gamesSinceAdoption} games`,
    `correlation adjustments ${s.adjustments}, terms replaced ${s.replaced}, black marks ${s.blackMarks}; Alpha plays ${s.alphaNext} next`,
    ...(s.combine ? [`*LEARN COMBINE: Alpha's polynomial unchanged for ${s.combine.gamesUnchanged} games; rote learning ${s.combine.saving ? 'saves' : 'does not save yet'}`] : []),
    '',
    style.head("Alpha's polynomial") + style.dim("  (Appendix C's form: largest correlation first; slot and low tallies beside)"),
    style.dim('TERM    CORR  SIGN  POWER  ADJUSTED  SLOT  LOW TALLIES'),
  ];
  for (const a of byCorrelation(s)) {
    const corr = (Math.floor((Math.abs(a.correlation) * 65536 * 100) / 65536) / 100).toFixed(2); // truncated, as the 704 prints it
    const sign = a.coefficient > 0 ? '+' : a.coefficient < 0 ? '-' : ' ';
    const power = a.coefficient === 0 ? 'NONE' : Number.isInteger(Math.log2(Math.abs(a.coefficient))) ? String(Math.log2(Math.abs(a.coefficient))) : String(Math.abs(a.coefficient));
    lines.push(`${termName(a.term).padEnd(6)}  ${corr}   ${signColour(a.coefficient, sign)}    ${signColour(a.coefficient, power.padStart(4))}  ${String(a.timesAdjusted).padStart(8)}  ${String(a.slot).padStart(4)}  ${String(a.lowTallies).padStart(11)}`);
  }
  lines.push('', style.head("Beta's polynomial") + style.dim('  (slot order)'), style.dim('SLOT TERM    COEFFICIENT'));
  s.beta.forEach((b, i) => lines.push(`${String(i + 1).padStart(4)} ${termName(b.term).padEnd(6)}  ${signColour(b.coefficient, coefficientText(b.coefficient).padStart(11))}`));
  lines.push('', style.head('reserve') + style.dim(`  (${s.reserve.length} terms, next to come in first)`), s.reserve.map(termName).join(', '));
  return lines;
}

/** Alpha's results per block as terminal bars: `    1-4  W   3 #########  L   0  D   1 ###`. */
export function alphaBlockLines(blocks: ReturnType<typeof alphaBlocks>, plain: boolean): string[] {
  const size = Math.max(1, ...blocks.map((b) => b.to - b.from + 1));
  const paint = [chalk.green, chalk.red, chalk.blue];
  return blocks.map((b) => `${blockLabel(b).padStart(9)}  ${b.counts.map((n, i) => `${'WLD'[i]} ${String(n).padStart(3)} ${paint[i]!(bar(n, size, 12, plain).padEnd(12))}`).join('  ').trimEnd()}`);
}

const MEASURES: readonly Measure[] = ['coefficients', 'correlations'];
const ALONG: readonly Along[] = ['games', 'plies', 'moves'];

function choice<T extends string>(what: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${what} ${value}: one of ${allowed.join(', ')}`);
  return value as T;
}

export function registerLearningCommands(program: Command): void {
  const learning = program.command('learning').description("generalization learning: the learning tape, and the curves of a session's learning");
  learning
    .command('show')
    .description("Alpha's and Beta's polynomials, the tallies and the reserve list of a learning tape (Appendix C)")
    .argument('[file]', 'the learning tape image', 'tapes/learning.tap')
    .option('--json', 'as JSON')
    .action(guarded((file: string, opts: { json?: boolean }) => {
      const tape = readLearningTape(file);
      if (!tape.state) throw new Error(`${file} is not a learning tape: ${tape.problems.join('; ')}`);
      if (opts.json) out(JSON.stringify({ file, ...namedState(tape.state) }, null, 1));
      else for (const l of showLines(file, tape.state)) out(l);
    }));
  learning
    .command('plot')
    .description("the leading terms' coefficients over a session's learning games (Fig. 4) and Alpha's results per block")
    .requiredOption('--state <dir>', 'the self-play session directory (selfplay --learn --state DIR)')
    .option('--measure <m>', `what to draw: ${MEASURES.join(' or ')}`, 'coefficients')
    .option('--along <x>', "the horizontal axis: games (learning games), plies (plies played) or moves (Alpha's moves, with the tables of selfplay --print-every)", 'games')
    .option('--out <file>', 'also write the curves as FILE.svg or FILE.png')
    .option('--wins <file>', "also write Alpha's results per block as FILE.svg or FILE.png")
    .action(guarded((opts: { state: string; measure: string; along: string; out?: string; wins?: string }) => {
      const measure = choice('--measure', opts.measure, MEASURES);
      const along = choice('--along', opts.along, ALONG);
      for (const f of [opts.out, opts.wins]) if (f) formatOf(f);
      const j = loadJournal(opts.state);
      if (!j) throw new Error(`${opts.state} holds no self-play session (no session.json)`);
      const games = learningGames(j.games);
      if (games.length === 0) throw new Error(`${opts.state}: no learning games in the journal (selfplay --learn)`);
      const plain = process.stdout.isTTY !== true;
      const c = termCurves(games, measure, along);
      out(style.head(`${measure} of the leading terms over ${c.xName}`) + style.dim(`  (${games.length} learning games; the ${c.series.length} leading terms after the last)`));
      for (const l of terminalPlot(c.series, { x: c.x, yTicks: c.yTicks, plain })) out(l);
      out(style.head("Alpha's results by block") + style.dim('  (W won, L lost, D drawn)'));
      for (const l of alphaBlockLines(alphaBlocks(games), plain)) out(l);
      if (opts.out) out(`${opts.out}: ${writePicture(opts.out, termScene(games, measure, along))} bytes`);
      if (opts.wins) out(`${opts.wins}: ${writePicture(opts.wins, alphaScene(games))} bytes`);
    }));
}
