// `samuel704 learning show` and `learning plot`: what the learning tape and a learning session's
// journal hold, as tables and pictures.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACF } from '../data.ts';
import { coefficientText, namedState, registerLearningCommands } from '../../src/checkers/learning/learningCli.ts';
import { loadJournal } from '../../src/checkers/selfplay/journal.ts';
import { readLearningTape, writeLearningTape } from '../../src/checkers/learning/learningTape.ts';
import { TERM_NAMES } from '../../src/checkers/learning/termNames.ts';
import { runCli } from '../cliCapture.ts';
import { readPng } from './pngRead.ts';
import { learningGames, termScene } from '../../src/checkers/learning/learningCharts.ts';

const dir = mkdtempSync(join(tmpdir(), 'checkers-learning-'));
const learning = (...a: string[]) => runCli(registerLearningCommands, ['learning', ...a]);

describe('term names', () => {
  it("are the program's PNM table (asm/checkers/terms.sap), term 1 first", () => {
    const src = readFileSync('asm/checkers/terms.sap', 'utf8');
    const table = src.slice(src.indexOf('PNMLO'), src.indexOf('PNM    EQU'));
    const names = [...table.matchAll(/BCD 1(.{1,6}?) +(\d+)\n/g)].map((m) => [Number(m[2]), m[1]!.trim()] as const);
    expect(names).toHaveLength(38);
    for (const [k, name] of names) expect(TERM_NAMES[k - 1], `term ${k}`).toBe(name);
  });
});

describe('samuel704 learning show', () => {
  it("prints every Alpha slot (largest correlation first), Beta's 16, the tallies and the reserve of tapes/learning.tap", async () => {
    const s = readLearningTape('tapes/learning.tap').state!;
    const r = await learning('show');
    expect(r.code, r.err).toBeUndefined();
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`learning tape tapes/learning.tap: ${s.games} learning games`);
    expect(r.out).toContain(`Alpha won ${s.wins}, lost ${s.losses}, drew ${s.draws}`);
    expect(r.out).toContain(`correlation adjustments ${s.adjustments}, terms replaced ${s.replaced}, black marks ${s.blackMarks}; Alpha plays ${s.alphaNext} next`);
    const alphaRows = lines.slice(lines.findIndex((l) => l.startsWith('TERM    CORR  SIGN  POWER')) + 1).slice(0, 16);
    // Appendix C's columns: term, correlation, sign, power of 2, times adjusted; then slot, low tallies
    const rows = alphaRows.map((l) => [l.slice(0, 6).trim(), ...l.slice(6).trim().split(/\s+/)]);
    expect(rows.map((x) => Number(x.at(-2))).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const corr = rows.map((x) => Number(x[1]));
    expect(corr).toEqual([...corr].sort((a, b) => b - a));
    for (const row of rows) {
      const slot = s.alpha[Number(row.at(-2)) - 1]!;
      const c = slot.coefficient;
      const signed = c === 0 ? [] : [c > 0 ? '+' : '-'];
      expect(row).toEqual([TERM_NAMES[slot.term - 1], expect.any(String), ...signed, c === 0 ? 'NONE' : String(Math.log2(Math.abs(c))), String(slot.timesAdjusted), row.at(-2), String(slot.lowTallies)]);
    }
    const reserve = lines[lines.findIndex((l) => l.startsWith('reserve')) + 1]!;
    expect(reserve.split(', ')).toEqual(s.reserve.map((k) => TERM_NAMES[k - 1]));
    expect(new Set([...s.alpha.map((a) => a.term), ...s.reserve]).size).toBe(38); // each term once, in play or in reserve
  });

  it('--json: the decoded tape with names', async () => {
    const r = await learning('show', 'tapes/learning.tap', '--json');
    expect(r.code, r.err).toBeUndefined();
    const j = JSON.parse(r.out);
    expect(j).toEqual({ file: 'tapes/learning.tap', ...namedState(readLearningTape('tapes/learning.tap').state!) });
    expect(j.alpha[0]).toMatchObject({ slot: 1, name: TERM_NAMES[j.alpha[0].term - 1] });
  });

  it('powers above 2^6, as Appendix C prints them, from a learning state of the new program', async () => {
    const st = readLearningTape('tapes/learning.tap').state!;
    const powers = [18, 16, 14, 13, 11, 8, 8, 8, 6, 5, 5, 4, 3, 2, 1, 0];
    const custom = { ...st, alpha: st.alpha.map((a, i) => ({ ...a, correlation: (40.5 - 2 * i) / 100, coefficient: (i % 3 ? 1 : -1) * 2 ** powers[i]!, power: powers[i]! })) };
    const file = join(dir, 'powers.tap');
    writeLearningTape(file, custom);
    const r = await learning('show', file);
    expect(r.code, r.err).toBeUndefined();
    const head = r.out.split('\n').findIndex((l) => l.startsWith('TERM    CORR'));
    const first = r.out.split('\n')[head + 1]!;
    expect(first.slice(0, 16)).toBe(`${TERM_NAMES[custom.alpha[0]!.term - 1]!.padEnd(6)}  0.40   -`); // 0.405 truncated, as the 704 prints it
    expect(r.out.split('\n').slice(head + 1, head + 17).map((l) => Number(l.slice(19, 25)))).toEqual(powers);
  });

  it('coefficients as Samuel writes them', () => {
    expect([64, -64, 1, 0, -2, 12].map(coefficientText)).toEqual(['+2^6', '-2^6', '+2^0', '0', '-2^1', '12']);
  });

  it('a tape that is not a learning tape, or no tape, is an error', async () => {
    const r = await learning('show', 'tapes/memory.tap');
    expect(r.code).toBe(1);
    expect(r.err).toContain('tapes/memory.tap is not a learning tape: the record does not start with BCD LEARNT');
    expect((await learning('show', join(dir, 'none.tap'))).code).toBe(1);
  });
});

describe('samuel704 learning plot', () => {
  const state = join(dir, 's');
  beforeAll(() => {
    const play = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'selfplay', '--games', '3', '--state', state, '--learn', '--openings', ACF, '--seed', '4'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(play.status, play.stderr).toBe(0);
  });

  it("the terminal chart names the last game's leading terms; Alpha's verdicts counted by block; PNG and SVG files", async () => {
    const j = loadJournal(state)!;
    const last = j.games[2]!.learning!;
    const png = join(dir, 'fig4.png');
    const svg = join(dir, 'wins.svg');
    const r = await learning('plot', '--state', state, '--out', png, '--wins', svg);
    expect(r.code, r.err).toBeUndefined();
    expect(r.out).toContain(last.terms.slice(0, 6).map((t, i) => `${i + 1} ${t.name}`).join('  '));
    const top = Math.max(...j.games.flatMap((g) => g.learning!.terms.map((t) => t.power ?? 0)));
    expect(r.out).toMatch(new RegExp(`^ *2\\^${top} \\|`, 'm'));
    for (const g of j.games) {
      const w = g.learning!.alphaResult;
      expect(r.out).toMatch(new RegExp(`^ +${g.round}  W +${+(w === 'won')} .*L +${+(w === 'lost')} .*D +${+(w === 'drawn')}`, 'm'));
    }
    const p = readPng(readFileSync(png));
    expect([p.width, p.height]).toEqual([1280, 2 * termScene(learningGames(j.games), 'coefficients', 'games').height]);
    expect(r.out).toContain(`${png}: ${readFileSync(png).length} bytes`);
    const wins = readFileSync(svg, 'utf8');
    expect(wins).toContain("<title>Alpha&#39;s results per block of learning games</title>");
    expect(wins.match(/<rect [^>]*><title>/g)).toHaveLength(3); // one bar a game
  });

  it('--along plies: each point at the plies played to the end of its game; --measure correlations', async () => {
    const j = loadJournal(state)!;
    const out = join(dir, 'corr.svg');
    const r = await learning('plot', '--state', state, '--along', 'plies', '--measure', 'correlations', '--out', out);
    expect(r.code, r.err).toBeUndefined();
    const text = readFileSync(out, 'utf8');
    let plies = 0;
    const shown = j.games[2]!.learning!.terms.slice(0, 6);
    for (const g of j.games) {
      plies += g.moves.length;
      for (const { name } of shown) {
        const t = g.learning!.terms.find((u) => u.name === name);
        const value = t ? (t.sign === '-' ? -t.correlation : t.correlation).toFixed(2) : 'not among the 12 leading terms';
        expect(text).toContain(`<title>learning game ${g.learning!.game} (${plies} plies): ${name} ${value}</title>`);
      }
    }
  });

  it('--along moves: the tables the 704 printed every n Alpha moves (selfplay --print-every), then each game\'s last', async () => {
    const every = join(dir, 'every');
    const play = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'selfplay', '--games', '2', '--state', every, '--learn', '--print-every', '10', '--openings', ACF, '--seed', '4'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(play.status, play.stderr).toBe(0);
    const j = loadJournal(every)!;
    expect(j.settings.printEvery).toBe(10);
    const out = join(dir, 'moves.svg');
    const r = await learning('plot', '--state', every, '--along', 'moves', '--out', out);
    expect(r.code, r.err).toBeUndefined();
    expect(r.out).toContain("coefficients of the leading terms over Alpha's moves");
    const text = readFileSync(out, 'utf8');
    let before = 0;
    for (const g of j.games) {
      // Alpha's moves in the game, counted from the moves the 704 made and Alpha's colour
      const alpha = g.moves.filter((_, i) => (i % 2 === 0 ? g.first : g.first === 'black' ? 'white' : 'black') === g.learning!.alpha).length;
      const during = g.learning!.during!;
      expect(during.map((d) => d.move)).toEqual(Array.from({ length: Math.floor(alpha / 10) }, (_, i) => 10 * (i + 1)));
      for (const d of during) {
        expect(d.terms).toHaveLength(12);
        expect(text).toContain(`<title>learning game ${g.learning!.game} move ${d.move} (Alpha&#39;s move ${before + d.move}): `);
      }
      before += alpha;
      expect(text).toContain(`<title>learning game ${g.learning!.game} end (Alpha&#39;s move ${before}): `);
    }
  });

  it('bad options and sessions without learning are errors, and nothing is written', async () => {
    const bad = join(dir, 'x.gif');
    const r1 = await learning('plot', '--state', state, '--out', bad);
    expect([r1.code, r1.err.includes('written as .svg or .png'), r1.out, existsSync(bad)]).toEqual([1, true, '', false]);
    expect((await learning('plot', '--state', state, '--measure', 'tallies')).err).toContain('--measure tallies: one of coefficients, correlations');
    expect((await learning('plot', '--state', join(dir, 'nothing'))).err).toContain('holds no self-play session');
    const plain = join(dir, 'plain');
    const play = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'selfplay', '--games', '1', '--state', plain], { encoding: 'utf8' });
    expect(play.status, play.stderr).toBe(0);
    expect((await learning('plot', '--state', plain)).err).toContain('no learning games in the journal');
  });
});
