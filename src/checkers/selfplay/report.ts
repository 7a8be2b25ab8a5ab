// `samuel704 report --state DIR`: one self-contained HTML page of a self-play session (inline
// CSS and SVG, no external assets) from its journal: settings, results, wins per block of games,
// the rote-learning curves, the learning curves, each game's final position and the games' PDN.
// `--svg DIR` and `--png DIR` also write the pictures as files; both are drawn from the same scenes
// (src/pictures/) as the page's inline SVG.

import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { guarded } from '../../cli/style.ts';
import { writePicture, type PictureFormat } from '../../pictures/file.ts';
import type { Scene } from '../../pictures/scene.ts';
import { escapeXml as esc, sceneSvg } from '../../pictures/svg.ts';
import { parseFen } from '../notation/board.ts';
import { blockLabel, blockSize, boardScene, countBlocks, linesScene, stackedBarsScene, type Block } from '../../host/charts.ts';
import { alphaScene, learningGames, termScene } from '../learning/learningCharts.ts';
import { gamePdn, loadJournal, tally, type Journal, type JournalGame } from './journal.ts';
import { writePdn } from '../notation/pdn.ts';
import { duration } from '../../host/progress.ts';
import { makeFolder } from '../../host/makeFolder.ts';

const COLOURS = { black: '#333333', white: '#c8b27a', drawn: '#7a9cc8', boards: '#6b8e4e', hits: '#c0392b', gained: '#8e44ad', plies: '#2c7fb8' };

export interface ReportPictures {
  blocks: Scene;
  plies: Scene;
  boards: Scene | null;
  hits: Scene | null;
  /** With learning: Alpha's results per block, the leading terms' coefficients and correlations over the games. */
  alpha: Scene | null;
  coefficients: Scene | null;
  correlations: Scene | null;
  finals: { game: JournalGame; scene: Scene }[];
}

/** Stacked bars of counts per block, one series a category. */
const blockChart = (blocks: readonly Block[], names: readonly string[], colours: readonly string[], title: string): Scene =>
  stackedBarsScene(blocks.map(blockLabel), names.map((name, i) => ({ name, values: blocks.map((b) => b.counts[i]!), color: colours[i]! })), title);

/** The session's pictures. */
export function reportPictures(j: Journal): ReportPictures {
  const size = blockSize(j.games.length);
  const rote = j.games.some((g) => g.rote);
  const learnt = learningGames(j.games);
  const r = (f: (g: JournalGame) => number | null): number[] => j.games.map((g) => (g.rote ? f(g) ?? 0 : 0));
  return {
    blocks: blockChart(countBlocks(j.games.map((g) => g.winner), size, ['black', 'white', null]), ['Black won', 'White won', 'drawn'], [COLOURS.black, COLOURS.white, COLOURS.drawn], `results per block of ${size} games`),
    plies: linesScene([{ name: 'plies', values: j.games.map((g) => g.moves.length), color: COLOURS.plies }], 'length of each game', { yName: 'plies' }),
    boards: rote ? linesScene([{ name: 'boards on the memory tape after the game', values: r((g) => g.rote!.boardsAfter), color: COLOURS.boards }], 'boards on the memory tape', { yName: 'boards' }) : null,
    hits: rote ? linesScene([
      { name: 'rote hits', values: r((g) => g.rote!.hits), color: COLOURS.hits },
      { name: 'plies gained', values: r((g) => g.rote!.pliesGained), color: COLOURS.gained },
    ], 'rote hits per game', { yName: 'a game' }) : null,
    alpha: learnt.length ? alphaScene(learnt) : null,
    coefficients: learnt.length ? termScene(learnt, 'coefficients', 'games') : null,
    correlations: learnt.length ? termScene(learnt, 'correlations', 'games') : null,
    finals: j.games.map((g) => ({ game: g, scene: boardScene(parseFen(g.finalFen), { size: 160, title: `game ${g.round}: final position, ${g.over}` }) })),
  };
}

/** An ISO time as people read it: 26 Nov 2026, 06:38 UTC. */
export const when = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.getUTCDate()} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()}, ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;
};

const row = (cells: readonly (string | number)[], tag = 'td'): string => `<tr>${cells.map((c) => `<${tag}>${typeof c === 'number' ? c : esc(c)}</${tag}>`).join('')}</tr>`;

export function reportHtml(j: Journal, title: string): string {
  const pictures = reportPictures(j);
  const svg = (s: Scene | null): string | null => (s ? sceneSvg(s) : null);
  const p = { ...pictures, boards: svg(pictures.boards), hits: svg(pictures.hits), alpha: svg(pictures.alpha), coefficients: svg(pictures.coefficients), correlations: svg(pictures.correlations) };
  const s = j.settings;
  const t = tally(j.games);
  const n = j.games.length;
  const settings = [
    ['games', `${n} of ${s.games} played`],
    ['start', s.openings ? `ACF three-move ballots from ${s.openings}${s.barred ? ' (barred included)' : ''}, seed ${s.seed}` : s.fen ? `FEN ${s.fen}` : 'the standard start'],
    ['rote learning', s.rote ? `on, memory tape ${s.memory ?? 'memory.tap in the session directory'}` : 'off'],
    ['generalization learning', s.learn ? `on (*LEARN TAPE), learning tape ${s.learning ?? 'learning.tap in the session directory'}` : 'off'],
    ['created', when(j.created)], ['updated', when(j.updated)], ['runs stopped early', String(j.interruptions)],
  ];
  const games = j.games.map((g) => row([
    g.round, g.ballot ? `${g.ballot.number} ${g.ballot.moves.join(' ')}` : g.fen ? 'set-up' : 'start', g.ballot?.name ?? '', g.result, g.over.replace(/^GAME OVER - /, ''),
    g.moves.length, duration(g.seconds704), g.rote ? `${g.rote.hits} / ${g.rote.lookups}` : '', g.rote?.boardsAfter ?? '',
  ])).join('\n');
  const avg = (f: (g: JournalGame) => number): string => (n ? (j.games.reduce((a, g) => a + f(g), 0) / n).toFixed(1) : '-');
  const rote = p.boards && p.hits
    ? `<p>From the program's printer lines: <code>ROTE MERGE … BOARDS</code> after each game, and the game's <code>ROTE TOTALS LOOK-UPS … HITS … PLIES GAINED …</code>.</p>\n<figure>${p.boards}</figure>\n<figure>${p.hits}</figure>`
    : '<p>Rote learning was off in this session.</p>';
  const learnt = learningGames(j.games);
  const lastLearn = learnt[learnt.length - 1]?.learning;
  const learning = lastLearn && p.alpha && p.coefficients && p.correlations
    ? `<p>From the program's learning lines after each game: Alpha's verdict and its table of the 12 leading terms (coefficients ±2<sup>p</sup> drawn on a scale of powers of two, as in Samuel's Fig. 4; a term not in a game's table is drawn at 0). Alpha won ${learnt.filter((g) => g.learning!.alphaResult === 'won').length}, lost ${learnt.filter((g) => g.learning!.alphaResult === 'lost').length}, drew ${learnt.filter((g) => g.learning!.alphaResult === 'drawn').length} of ${learnt.length} learning games.</p>
<figure>${p.alpha}</figure>
<figure>${p.coefficients}</figure>
<figure>${p.correlations}</figure>
<h3>After learning game ${lastLearn.game}: adjustments ${lastLearn.adjustments}, terms replaced ${lastLearn.replaced}, black marks ${lastLearn.blackMarks}</h3>
<table>
${row(['term', 'correlation', 'sign', 'power', 'times adjusted'], 'th')}
${lastLearn.terms.map((t) => row([t.name, t.correlation.toFixed(2), t.sign ?? '', t.power === null ? 'NONE' : t.power, t.adjusted])).join('\n')}
</table>`
    : '<p>Generalization learning was off in this session.</p>';
  const finals = p.finals.map(({ game: g, scene }) => `<figure class="board">${sceneSvg(scene)}<figcaption>game ${g.round} ${esc(g.result)}<br/>${esc(g.reason.toLowerCase())}</figcaption></figure>`).join('\n');
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
figure svg { width: 100%; max-width: 60em; height: auto; }
figure.board { display: inline-block; margin: 0.4em; text-align: center; font-size: 0.8em; }
figure.board svg { width: 160px; }
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
<figure>${sceneSvg(p.plies)}</figure>
</section>
<section id="blocks">
<h2>Wins per block of games</h2>
<figure>${sceneSvg(p.blocks)}</figure>
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

/** The pictures as files NAME.svg or NAME.png: blocks, plies, rote-boards, rote-hits, alpha, coefficients, correlations, game-N. */
function writePictureFiles(dir: string, p: ReportPictures, format: PictureFormat): string[] {
  makeFolder(dir);
  const files: [string, Scene | null][] = [['blocks', p.blocks], ['plies', p.plies], ['rote-boards', p.boards], ['rote-hits', p.hits],
    ['alpha', p.alpha], ['coefficients', p.coefficients], ['correlations', p.correlations],
    ...p.finals.map(({ game, scene }): [string, Scene] => [`game-${game.round}`, scene])];
  return files.flatMap(([name, scene]) => {
    if (scene === null) return [];
    writePicture(join(dir, `${name}.${format}`), scene);
    return [`${name}.${format}`];
  });
}

export function registerReportCommand(program: Command): void {
  program
    .command('report')
    .description('an HTML page of a self-play session (selfplay --state DIR): settings, results, curves, final positions, PDN')
    .requiredOption('--state <dir>', 'the session directory')
    .option('-o, --output <file>', 'the page (default DIR/report.html)')
    .option('--svg <dir>', 'also write the pictures as SVG files there')
    .option('--png <dir>', 'also write the pictures as PNG files there')
    .action(guarded((opts: { state: string; output?: string; svg?: string; png?: string }) => {
      const j = loadJournal(opts.state);
      if (!j) throw new Error(`${opts.state} holds no self-play session (no session.json)`);
      const file = opts.output ?? join(opts.state, 'report.html');
      writeFileAtomic(file, reportHtml(j, `samuel704 self-play: ${resolve(opts.state)}`));
      process.stdout.write(`${file}: ${j.games.length} games\n`);
      for (const format of ['svg', 'png'] as const) {
        const to = opts[format];
        if (to) process.stdout.write(`${to}: ${writePictureFiles(to, reportPictures(j), format).join(' ')}\n`);
      }
    }));
}
