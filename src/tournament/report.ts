// What a tournament leaves behind: the PDN of every game, and an HTML page with the standings, the
// pair results and a bar chart of the points (inline SVG, no external assets).

import { resultFor } from '../checkers/selfplay/journal.ts';
import { GIVEAWAY_TAG, writePdn, type PdnOut } from '../checkers/notation/pdn.ts';
import { parseFen } from '../checkers/notation/board.ts';
import { stackedBarsScene } from '../host/charts.ts';
import { escapeXml as esc, sceneSvg } from '../pictures/svg.ts';
import type { GameJob, GameRecord } from './game.ts';
import { half, ranked, type PairResult, type Standing } from './standings.ts';

export function tournamentPdn(event: string, jobs: readonly GameJob[], records: readonly GameRecord[]): string {
  const games: PdnOut[] = records.map((r) => {
    const job = jobs[r.index]!;
    const result = resultFor(r.winner);
    return {
      tags: [['Event', event], ['Round', String(r.index + 1)], ['Black', job.black.name], ['White', job.white.name], ['Result', result],
        ...(job.giveaway ? [GIVEAWAY_TAG] : []), ['Opening', job.opening], ['SetUp', '1'], ['FEN', job.fen]],
      moves: r.moves, result, first: parseFen(job.fen).toMove, comment: r.reason,
    };
  });
  return writePdn(games);
}

const CSS = 'body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}td:nth-child(2),th:nth-child(2){text-align:left}';

export function tournamentHtml(title: string, names: readonly string[], s: { table: Standing[]; pairs: PairResult[] }, notes: readonly string[]): string {
  const row = (cells: (string | number)[]): string => `<tr>${cells.map((c) => `<td>${esc(String(c))}</td>`).join('')}</tr>`;
  const head = (cells: string[]): string => `<tr>${cells.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>`;
  const byGames = ranked(s.table, 'games');
  const chart = stackedBarsScene(byGames.map((r) => names[r.player]!), [
    { name: 'won', values: byGames.map((r) => r.won), color: '#2a7' },
    { name: 'drawn', values: byGames.map((r) => r.drawn), color: '#bbb' },
    { name: 'lost', values: byGames.map((r) => r.lost), color: '#c44' },
  ], 'games won, drawn and lost');
  const f = (x: number, k: number): string => (Number.isNaN(x) ? '-' : Number.isFinite(x) ? x.toFixed(k) : x > 0 ? '+∞' : '−∞');
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${CSS}</style></head><body>`,
    `<h1>${esc(title)}</h1>`, ...notes.map((n) => `<p>${esc(n)}</p>`),
    '<h2>By games</h2><table>', head(['#', 'player', 'games', 'won', 'drawn', 'lost', 'points', '%']),
    ...byGames.map((r, i) => row([i + 1, names[r.player]!, r.games, r.won, r.drawn, r.lost, half(r.points), r.games ? ((100 * r.points) / r.games).toFixed(1) : '-'])),
    '</table>', `<figure>${sceneSvg(chart)}</figure>`,
    '<h2>By matches between pairs</h2><table>', head(['#', 'player', 'matches', 'won', 'drawn', 'lost', 'points']),
    ...ranked(s.table, 'clashes').map((r, i) => row([i + 1, names[r.player]!, r.clashes.won + r.clashes.drawn + r.clashes.lost, r.clashes.won, r.clashes.drawn, r.clashes.lost, half(r.clashes.points)])),
    '</table><h2>Pairs</h2><table>', head(['', 'pair', 'score', 'games', 'opening pairs', 't', 'p']),
    ...s.pairs.map((p, i) => row([i + 1, `${names[p.a]} – ${names[p.b]}`, `${half(p.pointsA)} – ${half(p.pointsB)}`, p.games, p.test.n, f(p.test.t, 2), f(p.test.p, 3)])),
    '</table></body></html>',
  ].join('\n');
}
