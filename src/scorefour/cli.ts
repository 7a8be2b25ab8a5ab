// `samuel704 scorefour play|selfplay|learn|contest`: Broeker's Score-Four on the emulated 704.
// The 704 chooses, checks and scores every move; this module feeds it cards, reads its printer,
// draws the cube and, for contests, runs many 704s at once and does Broeker's statistics.

import { existsSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { guarded, style } from '../cli/style.ts';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { readText } from '../devices/fileErrors.ts';
import { onInterrupt } from '../host/interrupt.ts';
import { takeLock } from '../host/lock.ts';
import { linesScene } from '../host/charts.ts';
import { duration, Progress } from '../host/progress.ts';
import { writePicture } from '../pictures/file.ts';
import { parsePlayer, playerCode, settingCards, type Learnt, type Player, type Tournament } from './contest.ts';
import { ContestRunner, defaultWorkers } from './contestRunner.ts';
import { cubeScene, cubeText } from './cube.ts';
import { ended, goOn, openJournal, saveJournal, type LearnSettings } from './learnJournal.ts';
import { cellOf, ScorefourSession, type Cube, type Event } from './program/session.ts';
import { attachTrapsTape, checkTrapsTape, TRAPS_TAPE_CARDS } from './trapsTape.ts';
import { imageDigest } from '../host/tapePair.ts';

const out = (s: string): void => void process.stdout.write(s + '\n');

interface GameOptions {
  depth: string;
  gravity?: boolean;
  picture?: string;
}

const int = (name: string, v: string, lo: number, hi: number): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < lo || n > hi) throw new Error(`${name}: "${v}" is not a whole number from ${lo} to ${hi}`);
  return n;
};

const coefOf = (name: string, v: string): number[] => {
  const c = v.split(',').map((s) => int(name, s.trim(), 1, 9999));
  if (c.length !== 3) throw new Error(`${name}: "${v}" is not three coefficients c1,c2,c3`);
  return c;
};

/** The cards that set up the 704 before a game. */
const setupCards = (o: GameOptions): string[] => [`DEPTH ${int('--depth', o.depth, 1, 8)}`, `GRAVITY ${o.gravity ? 'ON' : 'OFF'}`];

/**
 * `--traps FILE`: `run` with the traps tape FILE mounted for the card TRAPS TAPE (one writer at a
 * time, host/lock.ts), the new tape put in place after the run (or after a Ctrl-C), and said so.
 */
async function withTrapsTape<T extends { lines: string[] }>(file: string | undefined, s: () => ScorefourSession, run: (s: ScorefourSession) => Promise<T>): Promise<T> {
  if (!file) return run(s());
  const lock = takeLock(`${file}.lock`, `traps tape ${file}`);
  try {
    const session = s();
    const tapes = attachTrapsTape(session.machine.io, file);
    if (tapes.discarded) out(style.dim(`removed ${tapes.discarded}`));
    const r = await run(session);
    const swap = tapes.finish(r.lines.join('\n'));
    out(style.dim(swap.installed ? `traps tape ${file}: ${swap.reason}` : `traps tape ${file} left as it was (${swap.reason})`));
    return r;
  } finally {
    lock.release();
  }
}

/** Shows a game's events as they come: each move with the cube the 704 printed after it. */
function gameShow(onCube: (c: Cube, last: number) => void): (e: Event) => void {
  let last = -1;
  return (e) => {
    switch (e.kind) {
      case 'move':
        last = cellOf(e.cell);
        out(`${style.head(`move ${e.n}`)} ${e.side} ${style.reg(e.cell)}${e.by === 'program' ? style.dim(`  value ${e.value}, ${e.nodes} moves searched`) : ''}`);
        break;
      case 'cube': onCube(e.cube, last); break;
      case 'over': out(style.ok(e.winner ? `${e.winner} wins` : 'drawn')); break;
      case 'illegal': out(style.error(`the 704 rejects ${e.card}: the cell is taken (or, with gravity, not resting on a stone)`) + ' - enter another move'); break;
      case 'bad': out(style.error(`the 704 cannot read "${e.card}"`) + ' - a move is layer, column, row: 2C3'); break;
      case 'game': case 'banner': case 'end': break;
      default: if ('text' in e) out(style.dim(e.text));
    }
  };
}

interface PlayOptions extends GameOptions {
  side: string;
  coef: string;
  aggression?: boolean;
  stage1: string;
}

async function play(o: PlayOptions): Promise<void> {
  const side = o.side.toUpperCase();
  if (side !== 'X' && side !== 'O') throw new Error(`--side: "${o.side}" is not x or o`);
  const program = side === 'X' ? 'O' : 'X';
  const level = int('--stage1', o.stage1, 0, 2);
  const heuristic = { aggression: o.aggression === true, ...(level ? { stage1: level as 1 | 2 } : {}) };
  const s = new ScorefourSession(['BOARD ON', ...setupCards(o), ...settingCards(program, coefOf('--coef', o.coef), heuristic), `GAME ${program}`], false);
  out(style.dim(`You play ${side} (X moves first), the 704 plays ${program}. A move is layer 1-4, column A-D, row 1-4, e.g. 2C3; quit stops.`));
  let cube: Cube = new Array<string>(64).fill('.');
  let lastCell = -1;
  let over = false;
  const shown = gameShow((c, l) => { cube = c; lastCell = l; out(cubeText(c, l)); });
  const show = (e: Event): void => { if (e.kind === 'over') over = true; shown(e); };
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY === true });
  const lines = rl[Symbol.asyncIterator]();
  try {
    if (side === 'X') out(cubeText(cube));
    for (;;) {
      const r = s.run((ev) => ev.forEach(show));
      if (r.stop !== 'input' || over) break;
      process.stdout.write(`your move (${side}): `);
      const next = await lines.next();
      const text = next.done ? 'quit' : String(next.value).trim().toUpperCase();
      if (process.stdin.isTTY !== true) out(text); // a piped transcript reads like a typed one
      if (text === 'QUIT') break;
      s.feed(text === '' ? ' ' : text);
    }
  } finally {
    rl.close();
  }
  if (o.picture) writePicture(o.picture, cubeScene(cube, { title: 'Score-Four on the 704', last: lastCell }));
}

interface SelfplayOptions extends GameOptions {
  games: string;
  coefX: string;
  coefO: string;
  aggrX?: boolean;
  aggrO?: boolean;
  quiet?: boolean;
  stage1: string;
  traps?: string;
}

async function selfplay(o: SelfplayOptions): Promise<void> {
  const games = int('--games', o.games, 1, 10000);
  const level = int('--stage1', o.stage1, 0, 2);
  const cards = [o.quiet ? 'BOARD OFF' : 'BOARD ON', ...setupCards(o), `COEF X ${coefOf('--coef-x', o.coefX).join(' ')}`, `COEF O ${coefOf('--coef-o', o.coefO).join(' ')}`,
    `AGGR X ${o.aggrX ? 'ON' : 'OFF'}`, `AGGR O ${o.aggrO ? 'ON' : 'OFF'}`, `STAGE1 X ${level}`, `STAGE1 O ${level}`, ...(o.traps ? TRAPS_TAPE_CARDS : []), ...Array<string>(games).fill('GAME XO')];
  await withTrapsTape(o.traps, () => new ScorefourSession(cards, true), async (s) => selfplayRun(s, games, o));
}

function selfplayRun(s: ScorefourSession, games: number, o: SelfplayOptions): { lines: string[] } {
  const tally = { X: 0, O: 0, drawn: 0 };
  let cube: Cube | null = null;
  let last = -1;
  const show = gameShow((c, l) => { cube = c; last = l; if (!o.quiet) out(cubeText(c, l)); });
  const t0 = performance.now();
  const r = s.run((ev) => ev.forEach((e) => {
    if (e.kind === 'over') tally[e.winner ?? 'drawn']++;
    if (!o.quiet || e.kind === 'over' || (e.kind === 'other' && e.text.startsWith('TRAPS LEARNT'))) show(e);
  }));
  if (r.stop !== 'halt') throw new Error(`the 704 stopped: ${r.message}`);
  out(`${games} game(s): X won ${tally.X}, O won ${tally.O}, drawn ${tally.drawn}; ${duration(s.seconds)} of 704 time, ${duration((performance.now() - t0) / 1000)} here`);
  if (o.picture && cube) out(`the last cube: ${o.picture} (${writePicture(o.picture, cubeScene(cube, { title: 'Score-Four self-play on the 704', last }))} bytes)`);
  return r;
}

interface LearnOptions {
  picture?: string;
  version: string;
  series: string;
  step: string;
  coef: string;
  aggression?: boolean;
  stage1: string;
  depth: string;
  state?: string;
  traps?: string;
}

function learnSettings(o: LearnOptions): LearnSettings {
  const version = o.version.toUpperCase();
  if (version !== 'A' && version !== 'B') throw new Error(`the version: "${o.version}" is not A or B`);
  return {
    version, series: int('--series', o.series, 1, 9999), step: int('--step', o.step, 1, 99), depth: int('--depth', o.depth, 1, 8),
    coef: coefOf('--coef', o.coef), aggression: o.aggression === true, stage1: int('--stage1', o.stage1, 0, 2),
  };
}

async function learn(o: LearnOptions): Promise<void> {
  const settings = learnSettings(o);
  const lock = o.state ? takeLock(`${o.state}.lock`, `learning journal ${o.state}`) : null;
  try {
    await learnRun(settings, o);
  } finally {
    lock?.release();
  }
}

async function learnRun(settings: LearnSettings, o: LearnOptions): Promise<void> {
  const { version, series } = settings;
  const journal = o.state ? openJournal(o.state, settings) : { settings, series: [] };
  const curve: number[][] = [settings.coef, ...journal.series.map((e) => e.coef)];
  const report = (l: { coef: number[]; series: number; games: number }): void => out(style.ok(`learnt (version ${version}): ${l.coef.join(' ')} after ${l.series} series, ${l.games} games`));
  const next = goOn(journal);
  if (!next) {
    report(ended(journal));
  } else {
    if (journal.series.length) out(style.dim(`going on from ${o.state}: ${journal.series.length} series done, coefficients ${next.coef.join(' ')}`));
    const heuristic = { aggression: settings.aggression, ...(settings.stage1 ? { stage1: settings.stage1 as 1 | 2 } : {}) };
    const cards = ['BOARD OFF', `DEPTH ${settings.depth}`, `STEP ${settings.step}`, ...settingCards('X', next.coef, heuristic), ...(o.traps ? TRAPS_TAPE_CARDS : []), ...next.resume, `LEARN ${version} ${series}`];
    await withTrapsTape(o.traps, () => new ScorefourSession(cards, true), async (s) => {
      const bar = new Progress(series, 'series').resumeFrom(journal.series.length);
      const stopInterrupt = onInterrupt(() => s.interrupt());
      try {
        const r = await s.runYielding((ev) => ev.forEach((e) => {
          if (e.kind === 'series') {
            curve.push(e.coef);
            journal.series.push({ n: e.n, coef: e.coef, ...(e.factor !== undefined ? { factor: e.factor } : {}) });
            if (o.state) saveJournal(o.state, journal);
            bar.note(`series ${e.n}: ${e.coef.join(' ')}${e.factor !== undefined ? style.dim(`  factor 0.${String(e.factor).padStart(2, '0')}`) : ''}`);
            bar.update(e.n);
          }
          if (e.kind === 'learned') {
            bar.clear();
            journal.learned = { coef: e.coef, series: e.series, games: e.games };
            if (o.state) saveJournal(o.state, journal);
            report(journal.learned);
          }
        }));
        bar.clear();
        if (r.message === 'interrupted') {
          out(style.dim(o.state ? `stopped after series ${journal.series.at(-1)?.n ?? 0}; run the same command again to go on` : 'stopped (with --state FILE a run goes on where it stopped)'));
          return r;
        }
        if (r.stop !== 'halt') throw new Error(`the 704 stopped: ${r.message}`);
        out(style.dim(`${duration(s.seconds)} of 704 time`));
        return r;
      } finally {
        stopInterrupt();
      }
    });
  }
  if (o.picture) {
    const lines = ['c1 (one stone)', 'c2 (two)', 'c3 (three)'].map((name, k) => ({ name, values: curve.map((c) => c[k]!), color: ['#2e5c9a', '#c0392b', '#27ae60'][k]! }));
    const scene = linesScene(lines, `Findler's learning, version ${version}, on the 704: the coefficients after each series`, { x: curve.map((_, i) => i), xName: 'series', tip: (sr, i) => `series ${i}: ${sr.name} ${sr.values[i]}` });
    out(`the coefficients drawn: ${o.picture} (${writePicture(o.picture, scene)} bytes)`);
  }
}

interface ContestOptions {
  tournaments: string;
  series: string;
  step: string;
  depth: string;
  workers: string;
  json?: string;
  state?: string;
  traps?: string;
}

interface ContestState {
  contest: string;
  learning: { key: string; learnt: Learnt }[];
  tournaments: [number, Tournament][];
}

/** Written to a new file and renamed over the old (atomicFile.ts), so a kill never leaves half a state. */
const saveState = (file: string, s: ContestState): void => writeFileAtomic(file, JSON.stringify(s));

/** The saved contest, or null; a damaged file is named, never replaced. */
function loadState(file: string): ContestState | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readText(file, 'the contest state')) as ContestState;
  } catch (e) {
    if (e instanceof SyntaxError) throw new Error(`${file}: not a contest state (${e.message}); it is left as it is - name another --state file`);
    throw e;
  }
}

async function contest(first: string, second: string, o: ContestOptions): Promise<void> {
  const [p1, p2] = [parsePlayer(first), parsePlayer(second)];
  const tournaments = int('--tournaments', o.tournaments, 2, 125);
  const setup = { tournaments, series: int('--series', o.series, 1, 9999), step: int('--step', o.step, 1, 99), depth: int('--depth', o.depth, 1, 8) };
  // the tape is checked here, before any worker starts, and named in the key by its contents
  if (o.traps) checkTrapsTape(o.traps);
  const contestKey = `${playerCode(p1)} vs ${playerCode(p2)} ${JSON.stringify(setup)}${o.traps ? ` traps ${imageDigest(o.traps)}` : ''}`;
  // one writer per state file (host/lock.ts): two contests on one file would lose tournaments
  const lock = o.state ? takeLock(`${o.state}.lock`, `contest state ${o.state}`) : null;
  try {
    await playContest(p1, p2, setup, contestKey, o);
  } finally {
    lock?.release();
  }
}

type ContestSetup = { tournaments: number; series: number; step: number; depth: number };

async function playContest(p1: Player, p2: Player, setup: ContestSetup, contestKey: string, o: ContestOptions): Promise<void> {
  const tournaments = setup.tournaments;
  const state: ContestState = (o.state ? loadState(o.state) : null) ?? { contest: contestKey, learning: [], tournaments: [] };
  if (state.contest !== contestKey) throw new Error(`${o.state} holds another contest (${state.contest}); name a new state file`);
  if (state.tournaments.length) out(style.dim(`going on from ${o.state}: ${state.tournaments.length} of ${tournaments} tournaments played`));
  const runner = new ContestRunner({ ...setup, workers: int('--workers', o.workers, 1, 256), ...(o.traps ? { traps: o.traps } : {}) }, state.learning);
  const bar = new Progress(tournaments, 'tournaments').resumeFrom(state.tournaments.length);
  const t0 = performance.now();
  const stateFile = o.state;
  try {
    const r = await runner.contest(p1, p2, (i, t, d) => {
      bar.update(d);
      if (!stateFile) return;
      state.tournaments.push([i, t]);
      void runner.learning().then((l) => { state.learning = l; saveState(stateFile, state); });
    }, new Map(state.tournaments));
    bar.clear();
    const name = `${playerCode(p1)} vs ${playerCode(p2)}`;
    out(`${style.head(name)}: ${r.n} tournaments, average score ${r.mean.toFixed(2)}, t = ${r.t.toFixed(3)} (${r.verdict}; positive favours ${playerCode(p1)})`);
    const hist = [-8, -4, 0, 4, 8].map((d) => `${d > 0 ? '+' : ''}${d}: ${r.d.filter((x) => x === d).length}`).join('  ');
    out(style.dim(`tournament scores ${hist}; ${duration(r.seconds)} of 704 time, ${duration((performance.now() - t0) / 1000)} here`));
    if (o.json) writeFileSync(o.json, JSON.stringify({ first: playerCode(p1), second: playerCode(p2), ...r, learning: await runner.learning() }, null, 1));
  } finally {
    await runner.close();
  }
}

export function registerScorefourCommands(program: Command): void {
  const cmd = program.command('scorefour').description("Broeker's Score-Four (1989) on the 704: 4x4x4, POLY with aggression, Findler's learning (docs/scorefour.md)");
  const game = (c: Command): Command => c
    .option('--depth <n>', 'look-ahead plies (Broeker: 2)', '2')
    .option('--gravity', 'bead-and-peg gravity: a cell only on layer 1 or on a taken cell (Broeker: none)')
    .option('--picture <file>', 'draw the last cube as SVG or PNG (by the name)');
  game(cmd.command('play').description('play the 704: you type move cards, the 704 rejects illegal ones'))
    .option('--side <x|o>', 'the side you play (X moves first)', 'x')
    .option('--coef <c1,c2,c3>', "the 704's POLY coefficients", '100,200,300')
    .option('--aggression', "the 704 uses Findler's aggression factor")
    .option('--stage1 <level>', "the 704 uses Stage 1's pattern tables above POLY: 1 level 1, 2 levels 1 and 2 (Broeker 3.2)", '0')
    .action(guarded((o: PlayOptions) => play(o)));
  game(cmd.command('selfplay').description('the 704 plays itself'))
    .option('--games <n>', 'how many games', '1')
    .option('--coef-x <c1,c2,c3>', "X's POLY coefficients", '100,200,300')
    .option('--coef-o <c1,c2,c3>', "O's POLY coefficients", '100,200,300')
    .option('--aggr-x', 'X uses aggression')
    .option('--aggr-o', 'O uses aggression')
    .option('--quiet', 'only the results, no cubes')
    .option('--stage1 <level>', "both sides use Stage 1's pattern tables above POLY: 1 level 1, 2 levels 1 and 2 (Broeker 3.2)", '0')
    .option('--traps <file>', "a traps tape: Stage 1's level-1 table read from it (a missing file: an empty table), traps learnt from lost games, the new table swapped in after the run (Broeker 3.2)")
    .action(guarded((o: SelfplayOptions) => selfplay(o)));
  /** What learning runs take: series, step, depth. */
  const learning = (c: Command): Command => c
    .option('--series <n>', 'at most this many series a learning run (Broeker: 125)', '125')
    .option('--step <p>', "version A's change in per cent (Findler gives none)", '5')
    .option('--depth <n>', 'look-ahead plies', '2');
  // the version is an argument: the program's own --version would take an option of that name
  learning(cmd.command('learn [version]').description("Findler's polynomial learning by self-play on the 704, version A (4-game tournaments, outcome patterns) or B (2-game tournaments, falling factor; the default) (Broeker 3.3)"))
    .option('--coef <c1,c2,c3>', 'the starting coefficients', '100,200,300')
    .option('--aggression', 'both players use aggression')
    .option('--stage1 <level>', "both players use Stage 1's pattern tables above POLY: 1 level 1, 2 levels 1 and 2 (Broeker 3.2)", '0')
    .option('--picture <file>', 'draw the coefficients after each series (SVG or PNG by the name)')
    .option('--state <file>', 'a journal of the run, kept after each series; run again with it to go on after Ctrl-C or a kill')
    .option('--traps <file>', "a traps tape: Stage 1's level-1 table read from it (a missing file: an empty table), traps learnt from lost games, the new table swapped in after the run (Broeker 3.2)")
    .action(guarded((version: string | undefined, o: Omit<LearnOptions, 'version'>) => learn({ ...o, version: version ?? 'B' })));
  learning(cmd.command('contest <first> <second>').description("Broeker's contest: 2-game tournaments on his 5x5x5 grid, Fig. 8 scores, paired t; players P, A, P1, A1, P2, A2 (Stage 1 above POLY), each with .A or .B (learnt), 1, 2 (Stage 1 alone), S2, S2A (Stage 2; the pattern tables are slow)"))
    .option('--tournaments <n>', 'tournaments (grid vectors spread over the grid; Broeker: 125)', '125')
    .option('--workers <n>', 'worker threads, each with its own 704', String(defaultWorkers()))
    .option('--json <file>', 'save every tournament score and learning run')
    .option('--state <file>', 'keep each finished tournament and learning run here; run again with it to go on after Ctrl-C or a kill')
    .option('--traps <file>', "a traps tape (selfplay|learn --traps): the pattern players' level-1 table, only read")
    .action(guarded((a: string, b: string, o: ContestOptions) => contest(a, b, o)));
}
