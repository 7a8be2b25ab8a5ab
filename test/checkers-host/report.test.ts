// `samuel704 report`: the HTML page of a self-play session, and its pictures as SVG and PNG files.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACF } from '../data.ts';
import { parseFen } from '../../src/checkers/notation/board.ts';
import { boardScene, linesScene, sparkline, stackedBarsScene, terminalPlot } from '../../src/host/charts.ts';
import { sceneSvg } from '../../src/pictures/svg.ts';
import { reportPictures } from '../../src/checkers/selfplay/report.ts';
import { readPng } from './pngRead.ts';
import { loadJournal } from '../../src/checkers/selfplay/journal.ts';
import { readLearningTape } from '../../src/checkers/learning/learningTape.ts';
import { coefficient, newLearnStats, takeLearnLine } from '../../src/checkers/learning/learnPrint.ts';

const dir = mkdtempSync(join(tmpdir(), 'checkers-report-'));
const cli = (a: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...a], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

/** Well-formed XML (tags nest and close, attributes quoted, entities known); returns the problem or null. */
function xmlProblem(xml: string): string | null {
  const stack: string[] = [];
  const re = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<\?xml[^>]*\?>|([<>])/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    if (m[5]) return `a stray "${m[5]}" at ${m.index}`;
    if (m[0].startsWith('<?')) continue;
    const [, close, name, , selfClose] = m;
    if (close) {
      if (stack.pop() !== name) return `</${name}> at ${m.index} closes nothing open`;
    } else if (!selfClose) stack.push(name!);
  }
  if (/&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/.test(xml)) return 'a bare &';
  return stack.length ? `<${stack.join('><')}> not closed` : null;
}

const svgsOf = (html: string): string[] => html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];

describe('SVG pictures', () => {
  it('a board: 64 squares, a piece a circle, kings ringed; well-formed', () => {
    const svg = sceneSvg(boardScene(parseFen('W:W18,K22:B1,2,K3'), { title: 'a <test> & more' }));
    expect(xmlProblem(svg)).toBeNull();
    expect(svg.match(/<rect /g)).toHaveLength(64);
    expect(svg.match(/<circle /g)).toHaveLength(5 + 2); // five pieces, two king rings
    expect(svg).toContain('<title>a &#60;test&#62; &#38; more</title>');
  });

  it('bars and lines are well-formed, also with nothing to draw', () => {
    for (const svg of [
      stackedBarsScene(['1-2', '3-4'], [{ name: 'a', values: [1, 2], color: '#000' }, { name: 'b', values: [1, 0], color: '#fff' }], 'bars'),
      linesScene([{ name: 'x', values: [0, 3, 1], color: '#f00' }], 'lines'),
      linesScene([{ name: 'x', values: [], color: '#f00' }], 'empty'),
      stackedBarsScene([], [], 'empty'),
    ].map(sceneSvg)) expect(xmlProblem(svg), svg).toBeNull();
  });

  it('sparklines: unicode at a terminal, ASCII otherwise', () => {
    expect(sparkline([0, 1, 2, 4], false)).toBe('▁▃▅█');
    expect(sparkline([0, 1, 2, 4], true)).toBe('_.=#');
    expect(sparkline([0, 0], true)).toBe('__');
    // with a negative value the ramp runs from -M to +M: the sign shows (a coefficient going -64 to +64)
    expect(sparkline([-64, 0, 64], false)).toBe('▁▅█');
    expect(sparkline([-64, 64], false)).not.toBe(sparkline([64, 64], false));
    expect(sparkline([-4, 4], true)).toBe('_#');
  });

  it('a terminal plot names the curves that meet where it prints *', () => {
    const lines = terminalPlot([{ name: 'EXCH', values: [1, 5, 3], color: '#ff0000' }, { name: 'NODE', values: [2, 5, 1], color: '#00ff00' }], { plain: true, width: 9, height: 5 });
    expect(lines.filter((l) => l.includes('*'))).toHaveLength(2); // the plot row and the line naming them
    expect(lines[lines.length - 1]).toBe('* where curves meet (x: curves at y): 2: EXCH NODE at 5');
  });
});

describe('learning lines', () => {
  it('the end-of-game lines of docs/checkers-learning.md to figures', () => {
    const s = newLearnStats();
    const lines = [
      'ALPHA PLAYS WHITE - LEARNING GAME 3', 'ALPHA LOSES - BLACK MARK 2', 'ALPHA AFTER GAME 3 - ADJUSTMENTS 819 REPLACED 8 BLACK MARKS 1',
      'TERM    CORR  SIGN POWER  ADJUSTED', 'EXCH    0.38   -   6      29', 'HOLE    0.31   +   6      36', 'MOC 4   0.00       NONE   0',
      'DISCARDED MOVE   ADJUSTED 0', 'LEARN TAPE 4 WRITTEN - GAMES 3',
    ];
    expect(lines.map((l) => takeLearnLine(s, l))).toEqual(lines.map(() => true));
    expect(takeLearnLine(s, 'GAME OVER - BLACK WINS - WHITE CANNOT MOVE')).toBe(false);
    expect(s).toMatchObject({ game: 3, alpha: 'white', alphaResult: 'lost', adjustments: 819, replaced: 8, blackMarks: 1, discarded: [{ name: 'MOVE', adjusted: 0 }] });
    expect(s.terms).toEqual([
      { name: 'EXCH', correlation: 0.38, sign: '-', power: 6, adjusted: 29 },
      { name: 'HOLE', correlation: 0.31, sign: '+', power: 6, adjusted: 36 },
      { name: 'MOC 4', correlation: 0, sign: null, power: null, adjusted: 0 },
    ]);
    expect(s.terms.map(coefficient)).toEqual([-64, 64, 0]);
  });
});

describe('samuel704 report', () => {
  it('writes a self-contained page of a session: settings, results, blocks, rote curves, final boards, PDN', () => {
    const state = join(dir, 's');
    const play = cli(['selfplay', '--openings', ACF, '--seed', '2', '--games', '2', '--state', state, '--rote']);
    expect(play.status, play.stderr).toBe(0);
    const svgDir = join(dir, 'svg');
    const r = cli(['report', '--state', state, '--svg', svgDir]);
    expect(r.status, r.stderr).toBe(0);
    const file = join(state, 'report.html');
    expect(r.stdout).toBe(`${file}: 2 games\n${svgDir}: blocks.svg plies.svg rote-boards.svg rote-hits.svg game-1.svg game-2.svg\n`);
    const html = readFileSync(file, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(xmlProblem(html.replace(/^<!DOCTYPE html>\n/, '').replace(/<meta charset="utf-8">/, '<meta charset="utf-8"/>'))).toBeNull();
    for (const id of ['settings', 'results', 'blocks', 'rote', 'positions', 'pdn']) expect(html).toContain(`<section id="${id}">`);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//); // nothing fetched from elsewhere
    const j = loadJournal(state)!;
    const svgs = svgsOf(html);
    expect(svgs).toHaveLength(4 + 2); // plies, blocks, boards on tape, hits; two final positions
    for (const svg of svgs) expect(xmlProblem(svg)).toBeNull();
    for (const g of j.games) {
      expect(html).toContain(`<td>${g.round}</td><td>${g.ballot!.number} ${g.ballot!.moves.join(' ')}</td>`);
      expect(html).toContain(`[FEN &#34;${g.fen}&#34;]`);
    }
    expect(html).toContain(`title>game 1: final position, ${j.games[0]!.over}</title>`);
    expect(readdirSync(svgDir).sort()).toEqual(['blocks.svg', 'game-1.svg', 'game-2.svg', 'plies.svg', 'rote-boards.svg', 'rote-hits.svg']);
    for (const f of readdirSync(svgDir)) expect(xmlProblem(readFileSync(join(svgDir, f), 'utf8')), f).toBeNull();
  });

  it('says so when the directory holds no session', () => {
    const r = cli(['report', '--state', join(dir, 'none')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('holds no self-play session');
  });

  it("a learning session (--learn): Alpha's verdicts and tables in the journal, agreeing with the learning tape; curves in the page", () => {
    const state = join(dir, 'learn');
    const play = cli(['selfplay', '--games', '2', '--state', state, '--learn']);
    expect(play.status, play.stderr).toBe(0);
    expect(play.stdout).toMatch(/\nALPHA AFTER GAME 2 - ADJUSTMENTS \d+ REPLACED \d+ BLACK MARKS \d+\n/);
    expect(play.stdout).toContain("Alpha's leading terms after learning game 2");
    const j = loadJournal(state)!;
    expect(j.settings.learn).toBe(true);
    // series 1 from the start position: Alpha plays White in games 1-14 (Samuel 1959, the first series; learn.sap)
    expect(j.games.map((g) => [g.learning!.game, g.learning!.alpha])).toEqual([[1, 'white'], [2, 'white']]);
    for (const g of j.games) {
      const l = g.learning!;
      expect(l.alphaResult).toBe(g.winner === null ? 'drawn' : g.winner === l.alpha ? 'won' : 'lost');
      expect(l.terms).toHaveLength(12);
    }
    const tape = readLearningTape(join(state, 'learning.tap'));
    expect(tape.complete).toBe(true);
    const st = tape.state!;
    const last = j.games[1]!.learning!;
    expect([st.games, st.adjustments, st.replaced, st.blackMarks]).toEqual([2, last.adjustments, last.replaced, last.blackMarks]);
    expect(st.wins + st.losses + st.draws).toBe(2);
    // every printed leading term is one of Alpha's slots on the tape: coefficient and times adjusted
    for (const t of last.terms) expect(st.alpha.some((a) => a.coefficient === coefficient(t) && a.timesAdjusted === t.adjusted), t.name).toBe(true);

    const pngDir = join(dir, 'png');
    const r = cli(['report', '--state', state, '--png', pngDir]);
    expect(r.status, r.stderr).toBe(0);
    const pngs = ['blocks', 'plies', 'alpha', 'coefficients', 'correlations', 'game-1', 'game-2'].map((n) => `${n}.png`);
    expect(r.stdout).toBe(`${join(state, 'report.html')}: 2 games\n${pngDir}: ${pngs.join(' ')}\n`);
    const scenes = reportPictures(loadJournal(state)!);
    const heights: Record<string, number> = { blocks: scenes.blocks.height, plies: scenes.plies.height, alpha: scenes.alpha!.height, coefficients: scenes.coefficients!.height, correlations: scenes.correlations!.height };
    for (const f of pngs) {
      const png = readPng(readFileSync(join(pngDir, f)));
      // twice the scene's size: 640 wide, as tall as its title, legend rows and plot need
      expect([png.width, png.height], f).toEqual(f.startsWith('game-') ? [320, 320] : [1280, 2 * heights[f.replace('.png', '')]!]);
    }
    const html = readFileSync(join(state, 'report.html'), 'utf8');
    expect(html).toContain('<section id="learning">');
    expect(html).toContain('<title>Alpha&#39;s coefficients of the leading terms</title>');
    expect(html).toContain(`<h3>After learning game 2: adjustments ${last.adjustments}, terms replaced ${last.replaced}, black marks ${last.blackMarks}</h3>`);
    const svgs = svgsOf(html);
    expect(svgs).toHaveLength(2 + 3 + 2); // plies, blocks; Alpha's blocks, coefficients, correlations; two boards
    for (const svg of svgs) expect(xmlProblem(svg)).toBeNull();
  });
});
