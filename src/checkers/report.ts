// `samuel704 report --state DIR`: one self-contained HTML page of a self-play session (inline
// CSS and SVG, no external assets) from its journal: settings, results, wins per block of games,
// the rote-learning curves, each game's final position and the games' PDN. `--svg DIR` also
// writes the pictures as SVG files.

import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { guarded } from '../cli/style.ts';
import { parseFen } from './board.ts';
import { blockLabel, blockSize, countBlocks, escapeXml as esc, svgBoard, svgLines, svgStackedBars, type Block, type Series } from './charts.ts';
import { coefficient, signedCorrelation, type LearnTerm } from './learnPrint.ts';
import { gamePdn, loadJournal, tally, type Journal, type JournalGame } from './journal.ts';
import { writePdn } from './pdn.ts';
import { duration } from './progress.ts';

const COLOURS = { black: '#333333', white: '#c8b27a', drawn: '#7a9cc8', boards: '#6b8e4e', hits: '#c0392b', gained: '#8e44ad', plies: '#2c7fb8' };

export interface ReportPictures {
  blocks: string;
  plies: string;
  boards: string | null;
  hits: string | null;
  /** With learning: Alpha's results per block, the leading terms' coefficients and correlations over the games. */
  alpha: string | null;
  coefficients: string | null;
  correlations: string | null;
  finals: { game: JournalGame; svg: string }[];
}

const PALETTE = ['#c0392b', '#2c7fb8', '#27ae60', '#8e44ad', '#d35400', '#16a085', '#7f8c8d', '#b7950b'];

/** Stacked bars of counts per block, one series a category. */
const blockChart = (blocks: readonly Block[], names: readonly string[], colours: readonly string[], title: string): string =>
  svgStackedBars(blocks.map(blockLabel), names.map((name, i) => ({ name, values: blocks.map((b) => b.counts[i]!), color: colours[i]! })), title);

/** The leading terms of the last learning game (up to 6), each a line over the learning games (0 when not in the table). */
function termSeries(games: readonly JournalGame[], value: (t: LearnTerm) => number): Series[] {
  const last = games[games.length - 1]?.learning?.terms ?? [];
  return last.slice(0, 6).map((t, i) => ({
    name: t.name, color: PALETTE[i % PALETTE.length]!,
    values: games.map((g) => {
      const x = g.learning!.terms.find((u) => u.name === t.name);
      return x ? value(x) : 0;
    }),
  }));
}

/** The session's pictures as SVG text. */
export function reportPictures(j: Journal): ReportPictures {
  const size = blockSize(j.games.length);
  const rote = j.games.some((g) => g.rote);
  const learnt = j.games.filter((g) => g.learning?.alphaResult);
  const r = (f: (g: JournalGame) => number | null): number[] => j.games.map((g) => (g.rote ? f(g) ?? 0 : 0));
  return {
    blocks: blockChart(countBlocks(j.games.map((g) => g.winner), size, ['black', 'white', null]), ['Black won', 'White won', 'drawn'], [COLOURS.black, COLOURS.white, COLOURS.drawn], `results per block of ${size} games`),
    plies: svgLines([{ name: 'plies', values: j.games.map((g) => g.moves.length), color: COLOURS.plies }], 'plies per game'),
    boards: rote ? svgLines([{ name: 'boards on the memory tape after the game', values: r((g) => g.rote!.boardsAfter), color: COLOURS.boards }], 'boards on tape') : null,
    hits: rote ? svgLines([
      { name: 'rote hits', values: r((g) => g.rote!.hits), color: COLOURS.hits },
      { name: 'plies gained', values: r((g) => g.rote!.pliesGained), color: COLOURS.gained },
    ], 'rote hits per game') : null,
    alpha: learnt.length ? blockChart(countBlocks(learnt.map((g) => g.learning!.alphaResult), blockSize(learnt.length), ['won', 'lost', 'drawn']), ['Alpha won', 'Alpha lost', 'drawn'], [COLOURS.boards, COLOURS.hits, COLOURS.drawn], "Alpha's results per block of learning games") : null,
    coefficients: learnt.length ? svgLines(termSeries(learnt, coefficient), 'coefficients of the leading terms') : null,
    correlations: learnt.length ? svgLines(termSeries(learnt, signedCorrelation), 'correlation coefficients of the leading terms') : null,
    finals: j.games.map((g) => ({ game: g, svg: svgBoard(parseFen(g.finalFen), { size: 160, title: `game ${g.round}: final position, ${g.over}` }) })),
  };
}

const row = (cells: readonly (string | number)[], tag = 'td'): string => `<tr>${cells.map((c) => `<${tag}>${typeof c === 'number' ? c : esc(c)}</${tag}>`).join('')}</tr>`;

export function reportHtml(j: Journal, title: string): string {
  const p = reportPictures(j);
  const s = j.settings;
  const t = tally(j.games);
  const n = j.games.length;
  const settings = [
    ['games', `${n} of ${s.games} played`],
    ['start', s.openings ? `ACF three-move ballots from ${s.openings}${s.barred ? ' (barred included)' : ''}, seed ${s.seed}` : s.fen ? `FEN ${s.fen}` : 'the standard start'],
    ['rote learning', s.rote ? `on, memory tape ${s.memory ?? 'memory.tap in the session directory'}` : 'off'],
    ['generalization learning', s.learn ? `on (*LEARN TAPE), learning tape ${s.learning ?? 'learning.tap in the session directory'}` : 'off'],
    ['created', j.created], ['updated', j.updated], ['runs stopped early', String(j.interruptions)],
  ];
  const games = j.games.map((g) => row([
    g.round, g.ballot ? `${g.ballot.number} ${g.ballot.moves.join(' ')}` : g.fen ? 'set-up' : 'start', g.ballot?.name ?? '', g.result, g.over.replace(/^GAME OVER - /, ''),
    g.moves.length, duration(g.seconds704), g.rote ? `${g.rote.hits} / ${g.rote.lookups}` : '', g.rote?.boardsAfter ?? '',
  ])).join('\n');
  const avg = (f: (g: JournalGame) => number): string => (n ? (j.games.reduce((a, g) => a + f(g), 0) / n).toFixed(1) : '-');
  const rote = p.boards && p.hits
    ? `<p>From the program's printer lines: <code>ROTE MERGE … BOARDS</code> after each game, and the game's <code>ROTE TOTALS LOOK-UPS … HITS … PLIES GAINED …</code>.</p>\n<figure>${p.boards}</figure>\n<figure>${p.hits}</figure>`
    : '<p>Rote learning was off in this session.</p>';
  const learnt = j.games.filter((g) => g.learning?.alphaResult);
  const lastLearn = learnt[learnt.length - 1]?.learning;
  const learning = lastLearn && p.alpha && p.coefficients && p.correlations
    ? `<p>From the program's learning lines after each game: Alpha's verdict and its table of the 12 leading terms. Alpha won ${learnt.filter((g) => g.learning!.alphaResult === 'won').length}, lost ${learnt.filter((g) => g.learning!.alphaResult === 'lost').length}, drew ${learnt.filter((g) => g.learning!.alphaResult === 'drawn').length} of ${learnt.length} learning games.</p>
<figure>${p.alpha}</figure>
<figure>${p.coefficients}</figure>
<figure>${p.correlations}</figure>
<h3>After learning game ${lastLearn.game}: adjustments ${lastLearn.adjustments}, terms replaced ${lastLearn.replaced}, black marks ${lastLearn.blackMarks}</h3>
<table>
${row(['term', 'correlation', 'sign', 'power', 'times adjusted'], 'th')}
${lastLearn.terms.map((t) => row([t.name, t.correlation.toFixed(2), t.sign ?? '', t.power === null ? 'NONE' : t.power, t.adjusted])).join('\n')}
</table>`
    : '<p>Generalization learning was off in this session.</p>';
  const finals = p.finals.map(({ game: g, svg }) => `<figure class="board">${svg}<figcaption>game ${g.round} ${esc(g.result)}<br/>${esc(g.reason.toLowerCase())}</figcaption></figure>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #222; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.2em 0.6em; text-align: left; }
figure { margin: 1em 0; }
figure.board { display: inline-block; margin: 0.4em; text-align: center; font-size: 0.8em; }
pre { background: #f6f6f6; padding: 1em; overflow: auto; font-size: 0.85em; }
</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p>Every move, result and learning figure here is a line the emulated IBM 704 printed; the host only fed cards and drew the pictures.</p>
<section id="settings">
<h2>Settings</h2>
<table>
${settings.map(([k, v]) => row([k!, v!], 'td')).join('\n')}
</table>
</section>
<section id="results">
<h2>Results</h2>
<p>${n} games: Black won ${t.black}, White won ${t.white}, drawn ${t.drawn}. ${avg((g) => g.moves.length)} plies a game; 704 time ${n ? duration(j.games.reduce((a, g) => a + g.seconds704, 0) / n) : '-'} a game.</p>
<table>
${row(['game', 'ballot', 'opening', 'result', 'how', 'plies', '704 time', 'rote hits / look-ups', 'boards on tape'], 'th')}
${games}
</table>
<figure>${p.plies}</figure>
</section>
<section id="blocks">
<h2>Wins per block of games</h2>
<figure>${p.blocks}</figure>
</section>
<section id="rote">
<h2>Rote learning</h2>
${rote}
</section>
<section id="learning">
<h2>Generalization learning</h2>
${learning}
</section>
<section id="positions">
<h2>Final positions</h2>
${finals}
</section>
<section id="pdn">
<h2>Games (PDN)</h2>
<pre>${esc(writePdn(j.games.map(gamePdn)))}</pre>
</section>
</body>
</html>
`;
}

/** The pictures as files: blocks.svg, plies.svg, rote-boards.svg, rote-hits.svg, alpha.svg, coefficients.svg, correlations.svg, game-N.svg. */
function writeSvgFiles(dir: string, p: ReportPictures): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string | null][] = [['blocks.svg', p.blocks], ['plies.svg', p.plies], ['rote-boards.svg', p.boards], ['rote-hits.svg', p.hits],
    ['alpha.svg', p.alpha], ['coefficients.svg', p.coefficients], ['correlations.svg', p.correlations],
    ...p.finals.map(({ game, svg }): [string, string] => [`game-${game.round}.svg`, svg])];
  return files.flatMap(([name, svg]) => {
    if (svg === null) return [];
    writeFileAtomic(join(dir, name), `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`);
    return [name];
  });
}

export function registerReportCommand(program: Command): void {
  program
    .command('report')
    .description('an HTML page of a self-play session (selfplay --state DIR): settings, results, curves, final positions, PDN')
    .requiredOption('--state <dir>', 'the session directory')
    .option('-o, --output <file>', 'the page (default DIR/report.html)')
    .option('--svg <dir>', 'also write the pictures as SVG files there')
    .action(guarded((opts: { state: string; output?: string; svg?: string }) => {
      const j = loadJournal(opts.state);
      if (!j) throw new Error(`${opts.state} holds no self-play session (no session.json)`);
      const file = opts.output ?? join(opts.state, 'report.html');
      writeFileAtomic(file, reportHtml(j, `samuel704 self-play: ${resolve(opts.state)}`));
      process.stdout.write(`${file}: ${j.games.length} games\n`);
      if (opts.svg) process.stdout.write(`${opts.svg}: ${writeSvgFiles(opts.svg, reportPictures(j)).join(' ')}\n`);
    }));
}
