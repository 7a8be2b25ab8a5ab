// `samuel704 reproduce samuel-rote-million`: Samuel's conjecture (1959, "Rote-learning tests"):
// "a library tape containing at least 20 times the present number of board positions would be
// needed to improve the midgame play significantly". The memory of `samuel-rote` (53,000 boards,
// built here the same way when that experiment's work folder has none; the bundled memory for
// --quick) grows towards 20 × 53,000 = 1,060,000 boards (the "million") by rote self-play, all
// through the 704, and is measured as samuel-rote measures it at 53,000 boards, at 250,000 and at
// as many as were reached (a copy of the memory at each); the wall time, games and 704 time of
// each step are kept (the growth curve).
//
// How it grows (SAMUEL704_ROTE_GROW, docs/checkers-rote.md "reproduce samuel-rote-million"):
// * `join` (the default): streams. Each stream is a `selfplay --state stream --rote` session on a
//   reel of its own, from empty, over the next slice of the million's starts (positions of Tinsley's
//   games at plies the 53,000-board build did not use, and endgame starts); when it has played its
//   games the 704 joins its reel into the memory (`*ROTE JOIN`: one merge of the whole memory, in
//   which nothing is aged). A game's cost is then that of a small memory, and the memory is read
//   and written once a stream rather than once a game (Samuel merged "about once every 20 moves").
//   Decision: the growth forgets nothing. Samuel's ageing ("New board positions which remain unused
//   are soon forgotten") would cap the memory near 80,000 new boards (session 5: an unused board
//   lives ~2,500 self-play games); his conjecture is about a library tape 20 times larger, which he
//   could only have gathered by not forgetting it. The ordinary program keeps Samuel's ageing.
//   Streams play side by side, one a core (streamLanes), and join in the order of their slices.
// * `play`: one `selfplay --state grow --memory grow/memory` session on the whole memory, Samuel's
//   ageing in every game (the way of session 5, which levelled off near 103,000 boards).
// The memory is a set of 2,400-foot reels (memorySet.ts, about ten at a million boards). Resumable:
// the work folder's million.json journals the streams in progress, the curve and the copies.
// SAMUEL704_ROTE_MINUTES (wall minutes of growth in this run) stops the growth and measures what
// was reached; each copy's measurement is kept (measured-COPY.json) and not repeated.
// The verdict comes from the perfect reading (samuelRotePerfect.ts): the boards the searches look
// up, traced in the 704, against each copy, and each move again with exactly those it holds
// (journalled in perfect.json); beside it what Samuel's reading scheme reaches (the measurements).

import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { duration } from '../../host/progress.ts';
import { packageRoot } from '../../host/stateFolder.ts';
import { linesScene } from '../../host/charts.ts';
import { readTapeFile } from '../../devices/tapeImage.ts';
import { createMemorySet } from '../../checkers/rote/memorySet.ts';
import { joinMemoryTapes } from '../../checkers/rote/join.ts';
import { bookStarts, deviationStarts } from '../../checkers/selfplay/bookStarts.ts';
import { endgameStarts } from '../../checkers/selfplay/endgames.ts';
import { ACF_BALLOTS, ballotOrder, playable, readBallots, type Ballot } from '../../checkers/selfplay/openings.ts';
import { toFen } from '../../checkers/notation/board.ts';
import type { Experiment, Outcome, Row, RunContext, Section } from '../experiment.ts';
import { boardsOn, BOOK_PLIES, build, cli, ENDGAMES, measure, startsFile, type RoteStats } from './samuelRote.ts';
import { perfectSections, perfectVerdict } from './samuelRotePerfectReport.ts';
import { thousands } from '../verdict.ts';
import { allCores } from '../../tournament/pool.ts';
import { bookPositions, perfectReading } from './samuelRotePerfect.ts';
import { makeFolder } from '../../host/makeFolder.ts';

/** Samuel's "something over 53,000" boards, of which the conjecture asks 20 times. */
const SAMUEL_BOARDS = 53_000;
/** The growth's end: "at least 20 times" Samuel's 53,000 (1,060,000; the issue's "a million" is 18.9 times). */
const TARGET = 20 * SAMUEL_BOARDS;
const CHECKPOINTS = [53_000, 250_000];

export type Growth = 'join' | 'play';
export const growthMode = (): Growth => (process.env.SAMUEL704_ROTE_GROW === 'play' ? 'play' : 'join');

/**
 * The plies of Tinsley's games whose positions start the million's streams, by round: round 0 every
 * even ply from 8 to 50 but samuel-rote's (BOOK_PLIES), round 1 every odd ply from 9 to 51, later
 * rounds none: round r >= 2 starts instead one move off those positions (deviationStarts, the
 * (r - 2)th other legal move, ~13,000 starts). Each round has MILLION_ENDGAMES endgame starts of its
 * own seed. Decision: the program is deterministic, so a start played again from an empty reel plays
 * the same game and saves nothing new; round 0 (~11,000 starts, ~40 new boards a game) is about
 * 450,000 boards, so a million needs the later rounds; and those are midgames as well as endings,
 * since the conjecture is about the midgame (session 8: rounds of endings alone added no midgame
 * board a master's game meets). A round's file is written once: the run of sessions 6-9 wrote
 * rounds 2-17 (endings only) before deviation starts existed, and took its deviations from round 18.
 */
export const millionPlies = (round: number): number[] =>
  round === 0 ? Array.from({ length: 22 }, (_, i) => 8 + 2 * i).filter((k) => !BOOK_PLIES.includes(k)) : round === 1 ? Array.from({ length: 22 }, (_, i) => 9 + 2 * i).filter((k) => !PROBE_PLIES.includes(k)) : [];
/**
 * The plies of Tinsley's games whose positions the second measurement starts from: midgames near
 * the growth's (the same masters' games, other plies) that no growth or build plays. Decision: the
 * ACF ballots' games (samuel-rote's measurement) find no stored midgame board at any size, so the
 * memory is also measured where its midgame boards could be met: 6 such positions (seed-1 order).
 */
export const PROBE_PLIES = [21, 27];
export const MILLION_PLIES = millionPlies(0);
/** The plies whose masters' positions give the later rounds their deviation starts: rounds 0 and 1's. */
export const DEVIATION_PLIES = [...millionPlies(0), ...millionPlies(1)];
/** Endgame starts a round of the million's starts (seed 2026 + round: not samuel-rote's). */
const MILLION_ENDGAMES = 4000;

/** Games of one stream: about a thousandth of the memory, so its join (a merge of the whole memory) stays a fifth or less of the stream's time. */
export const streamGames = (boards: number, quick: boolean): number => (quick ? 3 : Math.min(400, Math.max(60, Math.round(boards / 1000))));

/** A point of the growth curve: the memory after a stream (or a batch), the growth's wall time, games and 704 time so far. */
export interface CurvePoint { boards: number; wallSeconds: number; games: number; seconds704: number }

interface Journal {
  games: number;
  /** Boards at the start and the wall seconds at each 100,000 crossed. */
  start: number;
  crossings: { boards: number; wallSeconds: number; games?: number; seconds704?: number }[];
  /** Checkpoint copies of the memory (boards -> file), measured at the end. */
  copies: { boards: number; file: string }[];
  wallSeconds: number;
  /** How it grows (absent: play, the way of a work folder begun in session 5). */
  mode?: Growth;
  curve?: CurvePoint[];
  seconds704?: number;
  /** join: streams done, the million's starts used (in their seed-7 order) and the streams in progress, in the order they join. */
  streams?: number;
  startsUsed?: number;
  queue?: Stream[];
  /** The one stream in progress of a work folder begun before streams ran side by side (taken into the queue). */
  stream?: Omit<Stream, 'folder' | 'starts'>;
}

/** A stream in progress: its games, its folder and starts file in the work folder, and once joined what it brought. */
export interface Stream { games: number; folder: string; starts: string; joined: boolean; seconds704: number; played: number; boards?: number }

/**
 * Streams side by side: each plays from an empty reel of its own, so they need nothing of each
 * other and join in the order of their slices, which grows the same memory as one at a time.
 * SAMUEL704_ROTE_STREAMS (default: the machine's cores).
 */
export const streamLanes = (): number => Math.max(1, Math.floor(Number(process.env.SAMUEL704_ROTE_STREAMS ?? allCores())) || 1);

/**
 * The streams to add to `queue` so that `lanes` are in progress: the next slices of the starts
 * after the `used` already joined and those queued, `games` each, numbered on from `done` streams.
 */
export function planStreams(queue: readonly Stream[], used: number, done: number, lanes: number, games: number): (Stream & { from: number })[] {
  let from = used + queue.reduce((n, s) => n + s.games, 0);
  const out: (Stream & { from: number })[] = [];
  for (let n = done + queue.length + 1; queue.length + out.length < lanes; n++, from += games) {
    out.push({ games, folder: `stream-${n}`, starts: `stream-${n}-starts.tsv`, joined: false, seconds704: 0, played: 0, from });
  }
  return out;
}

const load = (dir: string): Journal | null => (existsSync(join(dir, 'million.json')) ? JSON.parse(readFileSync(join(dir, 'million.json'), 'utf8')) as Journal : null);
const save = (dir: string, j: Journal): void => writeFileAtomic(join(dir, 'million.json'), JSON.stringify(j, null, 2));

/** Round `round` of the million's starts (Tinsley's positions at millionPlies(round), MILLION_ENDGAMES endings), written once, as ballot lines in seed-7 order. */
function millionStarts(dir: string, quick: boolean, round: number): string[] {
  const file = join(dir, round === 0 ? 'starts-million.tsv' : `starts-million-${round}.tsv`);
  if (!existsSync(file)) {
    const plies = quick ? [8 + round] : millionPlies(round);
    const tinsley = join(packageRoot(), 'data', 'tinsley.pdn');
    const book = plies.length
      ? bookStarts(tinsley, plies).map((s) => ['book', 'book', `Tinsley ${s.name}`, s.fen])
      : deviationStarts(tinsley, DEVIATION_PLIES, round - 2).map((s) => ['deviation', 'deviation', `Tinsley ${s.name}`, s.fen]);
    const ends = endgameStarts(quick ? 20 : MILLION_ENDGAMES, 2026 + round).map((p, i) => ['endgame', 'endgame', `endgame ${i + 1}`, toFen(p)]);
    writeFileAtomic(file, [...book, ...ends].map((f, i) => `${i + 1}\t${f.join('\t')}`).join('\n') + '\n');
  }
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
  const ok = new Set(playable(readBallots(file)).map((b) => b.number));
  return ballotOrder(lines.filter((l) => ok.has(Number(l.split('\t')[0]))), 7);
}

/** The starts from number `from` (0-based, over the rounds one after another) on, `n` of them. */
function startsSlice(dir: string, quick: boolean, from: number, n: number): string[] {
  const out: string[] = [];
  let [round, at] = [0, from];
  let starts = millionStarts(dir, quick, round);
  while (out.length < n) {
    if (at >= starts.length) {
      at -= starts.length;
      starts = millionStarts(dir, quick, ++round);
      continue;
    }
    out.push(starts[at++]!);
  }
  return out;
}

/** The 704 time of a selfplay session's games (its session.json). */
function sessionStats(dir: string): { games: number; seconds704: number } {
  const s = JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8')) as { games: { seconds704: number }[] };
  return { games: s.games.length, seconds704: s.games.reduce((t, g) => t + g.seconds704, 0) };
}

async function grow(ctx: RunContext): Promise<{ memory: string; j: Journal }> {
  const dir = ctx.workDir;
  const session = join(dir, 'grow');
  const tape = join(session, 'memory.tap'); // a work folder begun before sets: selfplay --rote's tape
  const memory = existsSync(tape) ? tape : join(session, 'memory');
  makeFolder(join(dir, 'logs'));
  let j = load(dir);
  if (!j) {
    // the 53,000-board memory: samuel-rote's, or built here the same way (--quick: the bundled memory)
    const sibling = join(dir, '..', '..', 'samuel-rote', 'work', 'memory.tap');
    const given = process.env.SAMUEL704_ROTE_MEMORY;
    const built = given ?? (existsSync(sibling) ? sibling : ctx.quick ? join(packageRoot(), 'tapes', 'memory.tap') : (await build({ ...ctx, workDir: join(dir, 'build') }, CHECKPOINTS[0]!)).tape);
    makeFolder(session);
    createMemorySet(memory, undefined, readTapeFile(built));
    j = { games: 0, start: boardsOn(memory), crossings: [], copies: [], wallSeconds: 0, mode: growthMode(), curve: [], seconds704: 0, streams: 0, startsUsed: 0 };
    j.curve!.push({ boards: j.start, wallSeconds: 0, games: 0, seconds704: 0 });
    j.copies.push({ boards: j.start, file: 'at-start' });
    cpSync(memory, join(dir, 'at-start'), { recursive: true });
    save(dir, j);
  }
  const mode = j.mode ?? 'play';
  j.curve ??= [];
  j.seconds704 ??= 0;
  const target = ctx.quick ? j.start + 100 : TARGET;
  const budget = Number(process.env.SAMUEL704_ROTE_MINUTES ?? Infinity) * 60;
  const began = Date.now();
  const runWall = (): number => (Date.now() - began) / 1000;
  let boards = boardsOn(memory);
  /** After a stream or a batch: the curve, the 100,000s crossed, the checkpoint copies, the journal, a progress line. */
  const step = (before: number, what: string): void => {
    const wall = j!.wallSeconds + runWall();
    const point = { boards, wallSeconds: wall, games: j!.games, seconds704: j!.seconds704! };
    j!.curve!.push(point);
    for (let b = Math.floor(before / 100_000) + 1; b <= Math.floor(boards / 100_000); b++) j!.crossings.push({ boards: b * 100_000, wallSeconds: wall, games: j!.games, seconds704: j!.seconds704 });
    for (const c of CHECKPOINTS) {
      if (before < c && boards >= c && !j!.copies.some((x) => x.boards >= c)) {
        const file = `at-${c}`;
        rmSync(join(dir, file), { recursive: true, force: true });
        cpSync(memory, join(dir, file), { recursive: true });
        j!.copies.push({ boards, file });
      }
    }
    save(dir, { ...j!, wallSeconds: wall });
    writeFileSync(join(dir, 'growth.tsv'), ['boards\twall_s\tgames\tseconds704', ...j!.curve!.map((p) => `${p.boards}\t${p.wallSeconds.toFixed(1)}\t${p.games}\t${p.seconds704.toFixed(0)}`)].join('\n') + '\n');
    const rate = (boards - j!.start) / Math.max(1, wall);
    const runRate = (boards - first) / Math.max(1, runWall());
    ctx.log(`${what}: ${boards} boards (+${boards - before}), ${j!.games} games, ${duration(wall)} of growth, ${(rate * 60).toFixed(0)} boards/min (this run ${(runRate * 60).toFixed(0)}), ${boards >= target ? 'target reached' : `ETA to ${target}: ${runRate > 0 ? duration((target - boards) / runRate) : '-'}`}`);
  };
  const first = boards;
  if (mode === 'play') {
    const starts = startsFile(dir);
    const batch = ctx.quick ? 4 : 20;
    while (boards < target && runWall() < budget) {
      const before = boards;
      const was = existsSync(join(session, 'session.json')) ? sessionStats(session).seconds704 : 0;
      j.games += batch;
      await cli(['selfplay', '--state', session, ...(memory === tape ? ['--rote'] : ['--memory', memory]), '--openings', starts, '--seed', '7', '--games', String(j.games), '--quiet'], join(dir, 'logs', 'selfplay.txt'));
      j.seconds704 += sessionStats(session).seconds704 - was;
      boards = boardsOn(memory);
      step(before, `${j.games} games`);
    }
  } else {
    // a work folder begun with one stream at a time: its stream in progress heads the queue
    j.queue ??= j.stream ? [{ ...j.stream, folder: 'stream', starts: 'stream-starts.tsv' }] : [];
    j.stream = undefined;
    const lanes = streamLanes();
    // streams begun before a stop are finished even past the target: their games are played work
    while (runWall() < budget && (boards < target || j.queue.length > 0)) {
      for (const s of boards < target ? planStreams(j.queue, j.startsUsed ?? 0, j.streams ?? 0, lanes, streamGames(boards, ctx.quick)) : []) {
        // a new stream: the next slice of the starts (round again when all are used), from an empty reel
        const { from, ...planned } = s;
        rmSync(join(dir, s.folder), { recursive: true, force: true });
        makeFolder(join(dir, s.folder));
        writeFileAtomic(join(dir, s.starts), startsSlice(dir, ctx.quick, from, s.games).join('\n') + '\n');
        j.queue.push(planned);
      }
      save(dir, { ...j, wallSeconds: j.wallSeconds + runWall() });
      // play side by side (a stream whose games were all played before a stop ends at once), then join one by one
      const plays = await Promise.allSettled(j.queue.filter((s) => !s.joined).map((s) => cli(['selfplay', '--state', join(dir, s.folder), '--rote', '--openings', join(dir, s.starts), '--seed', '7', '--games', String(s.games), '--quiet'], join(dir, 'logs', `${s.folder}.txt`))));
      const failed = plays.find((p): p is PromiseRejectedResult => p.status === 'rejected');
      if (failed) throw failed.reason; // after every stream has stopped: each keeps its session for the next run
      while (j.queue.length > 0) {
        const s = j.queue[0]!;
        const before = boards;
        if (!s.joined) {
          const played = sessionStats(join(dir, s.folder));
          const joined = await joinMemoryTapes(memory, join(dir, s.folder, 'memory.tap'));
          if (!joined.installed) throw new Error(`joining stream ${(j.streams ?? 0) + 1} into ${memory}: ${joined.reason}`);
          Object.assign(s, { joined: true, played: played.games, seconds704: played.seconds704 + joined.seconds, boards: Number(/^(\d+) boards/.exec(joined.reason)?.[1] ?? NaN) });
          save(dir, { ...j, wallSeconds: j.wallSeconds + runWall() });
        }
        j.games += s.played;
        j.seconds704 += s.seconds704;
        j.startsUsed = (j.startsUsed ?? 0) + s.games;
        j.streams = (j.streams ?? 0) + 1;
        j.queue.shift();
        rmSync(join(dir, s.folder), { recursive: true, force: true });
        rmSync(join(dir, s.starts), { force: true });
        boards = typeof s.boards === 'number' && Number.isFinite(s.boards) ? s.boards : boardsOn(memory); // the join's swap decoded the new memory whole: its count
        step(before, `stream ${j.streams} (${s.played} games)`);
      }
    }
  }
  j.wallSeconds += runWall();
  save(dir, j);
  return { memory, j };
}

/** The probe's starts: positions of Tinsley's games after PROBE_PLIES, 6 in seed-1 order (2 with --quick). */
export function probeStarts(quick: boolean): Ballot[] {
  const starts = bookStarts(join(packageRoot(), 'data', 'tinsley.pdn'), PROBE_PLIES).map((s, i) => ({ number: i + 1, moves: ['book'], status: 'book', name: `Tinsley ${s.name}`, fen: s.fen }));
  return ballotOrder(starts, 1).slice(0, quick ? 1 : 6);
}

/** A copy's measurement (`probe`: from the probe's starts), kept beside it so a later run does not repeat it. */
async function measured(ctx: RunContext, p: { boards: number; file: string }, wallSeconds: number, probe: boolean): Promise<Outcome & { stats: RoteStats }> {
  const keep = join(ctx.workDir, `measured-${probe ? 'probe-' : ''}${p.file}.json`);
  if (existsSync(keep)) {
    const o = JSON.parse(readFileSync(keep, 'utf8')) as Outcome & { stats: RoteStats; boards: number };
    if (o.boards === p.boards) return o;
  }
  const o = await measure({ ...ctx, log: (l) => ctx.log(`${p.boards} boards${probe ? ' (probe)' : ''}: ${l}`) }, join(ctx.workDir, p.file), wallSeconds, probe ? probeStarts(ctx.quick) : undefined);
  writeFileAtomic(keep, JSON.stringify({ ...o, boards: p.boards }, null, 1));
  return o;
}

export const samuelRoteMillion: Experiment = {
  name: 'samuel-rote-million',
  title: 'Samuel\'s conjecture: the rote memory grown towards a million boards, and the midgame',
  source: 'Samuel 1959, "Rote-learning tests" ("at least 20 times the present number of board positions ... to improve the midgame play")',
  expected: 'about 1.1 hours on the 2-core machine (session 20: 57,893 to 1,066,286 boards, 20 x 53,000, in 1 h 01 min of growth with two streams side by side, each 100,000 boards past 100,000 in 2.5-9.5 min; 1 h 05 min of wall time in one run); resumable; SAMUEL704_ROTE_MINUTES stops the growth and measures what was reached; measuring a new copy with its perfect reading 1-3 min',
  expectedQuick: '10-20 s',
  defaultSeeds: [1],
  async run(ctx) {
    const { memory, j } = await grow(ctx);
    const reached = boardsOn(memory);
    const reachedCopy = 'at-reached';
    if (!j.copies.some((c) => c.boards === reached)) {
      rmSync(join(ctx.workDir, reachedCopy), { recursive: true, force: true });
      cpSync(memory, join(ctx.workDir, reachedCopy), { recursive: true });
    }
    const points = j.copies.some((c) => c.boards === reached) ? j.copies : [...j.copies, { boards: reached, file: reachedCopy }];
    const sections: Section[] = [];
    const notes: string[] = [];
    const stats: RoteStats[] = [];
    const probes: RoteStats[] = [];
    for (const p of points) {
      const o = await measured(ctx, p, j.wallSeconds, false);
      stats.push(o.stats);
      for (const s of o.sections.slice(1)) sections.push({ title: `${thousands(p.boards)} boards - ${s.title}`, rows: s.rows });
      notes.push(...o.notes.slice(1).map((n) => `${p.boards} boards: ${n}`));
      const q = await measured(ctx, p, j.wallSeconds, true);
      probes.push(q.stats);
      for (const s of q.sections.slice(1)) sections.push({ title: `${thousands(p.boards)} boards, from Tinsley's midgames (plies ${PROBE_PLIES.join(', ')}) - ${s.title}`, rows: s.rows });
      notes.push(...q.notes.slice(2).map((n) => `${p.boards} boards, from Tinsley's midgames: ${n}`));
    }
    const curve = j.curve ?? [];
    // each 100,000 crossed, then the rest to the boards reached
    const lastCrossed = j.crossings.at(-1)?.boards ?? j.start;
    const steps = j.crossings.length > 0 && reached > lastCrossed
      ? [...j.crossings, { boards: reached, wallSeconds: j.wallSeconds, games: j.games, seconds704: j.seconds704 }]
      : j.crossings;
    const growthRows: Row[] = [
      { what: 'boards reached (from the samuel-rote memory)', paper: '"at least 20 times" 53,000', ours: `${thousands(reached)} (from ${thousands(j.start)}, ${j.games} self-play games, ${duration(j.wallSeconds)} of growth${j.seconds704 ? `, ${duration(j.seconds704)} of 704 time` : ''})`, verdict: reached >= TARGET ? 'same' : 'differs', note: reached >= TARGET ? undefined : `the growth was stopped before ${thousands(TARGET)} (20 × 53,000); run again to go on` },
      ...steps.map((c, i) => {
        const prev = i > 0 ? steps[i - 1]! : { boards: j.start, wallSeconds: 0, games: 0, seconds704: 0 };
        return { what: `${thousands(prev.boards)} to ${thousands(c.boards)} boards${i === j.crossings.length ? ' (reached)' : ''}`, paper: '"an inordinate amount of play and ... machine time"', ours: `${duration(c.wallSeconds - prev.wallSeconds)} of wall time${c.games !== undefined && prev.games !== undefined ? `, ${c.games - prev.games} games` : ''}${c.seconds704 !== undefined && prev.seconds704 !== undefined ? `, ${duration(c.seconds704 - prev.seconds704)} of 704 time` : ''}`, verdict: 'close' as const };
      }),
    ];
    if (!j.crossings.length) growthRows.push({ what: 'wall time of each 100,000 boards', paper: '"an inordinate amount of play and ... machine time"', ours: `none crossed; ${duration(j.wallSeconds)} of growth`, verdict: 'close' });
    sections.unshift({ title: `Growth (${j.mode === 'join' ? 'streams joined into the memory, nothing forgotten' : 'one session on the whole memory, Samuel\'s ageing'})`, rows: growthRows });
    // perfect reading: the boards the searches look up against each memory, and the play with them (samuelRotePerfect.ts)
    const quickTinsley = 12;
    const perfect = await perfectReading(ctx.workDir, points, {
      tinsley: bookPositions(PROBE_PLIES, ctx.seeds[0] ?? 1).slice(0, ctx.quick ? quickTinsley : undefined),
      probe: probeStarts(ctx.quick),
      ballots: ballotOrder(playable(readBallots(ACF_BALLOTS)), ctx.seeds[0] ?? 1).slice(0, ctx.quick ? 1 : 6),
    }, ctx.log);
    const perfectOut = perfectSections(perfect, SAMUEL_BOARDS);
    sections.push(...perfectOut.sections);
    // the verdict on the conjecture: from the perfect reading's figures, and what Samuel's reading scheme reaches
    const z = stats.at(-1)!;
    const zp = probes.at(-1)!;
    sections.push({ title: 'Samuel\'s conjecture', rows: perfectVerdict(perfect, SAMUEL_BOARDS, { hits: z.phases.midgame.hits + zp.phases.midgame.hits, lookups: z.phases.midgame.lookups + zp.phases.midgame.lookups, onMemory: (z.phases.midgame.onMemory ?? 0) + (zp.phases.midgame.onMemory ?? 0), moves: z.phases.midgame.moves + zp.phases.midgame.moves }) });
    const pictures = [...(curve.length > 1 ? [{
      name: 'growth',
      caption: 'The memory against the growth\'s wall time (minutes)',
      scene: linesScene([{ name: 'boards', values: curve.map((p) => p.boards), color: '#1f77b4' }], 'Boards on the memory tape', { x: curve.map((p) => Math.round(p.wallSeconds / 60)), xName: 'wall minutes of growth', yName: 'boards', tip: (_s, i) => `${Math.round(curve[i]!.wallSeconds / 60)} min: ${curve[i]!.boards} boards, ${curve[i]!.games} games` }),
    }] : []), ...perfectOut.pictures];
    writeFileSync(join(ctx.workDir, 'points.json'), JSON.stringify(points, null, 2));
    return {
      sections,
      pictures,
      notes: [
        j.mode === 'join'
          ? `Grown by streams of rote self-play, each from an empty reel over the next ${streamGames(j.start, ctx.quick)}-${streamGames(reached, ctx.quick)} of ${j.startsUsed} starts used: positions of Tinsley's games after plies ${MILLION_PLIES.join(', ')} (then the odd plies 9-51) and ${MILLION_ENDGAMES} endgame starts a round, in seed-7 order, then joined into the memory by the 704 (*ROTE JOIN, which ages nothing): the growth forgets nothing. The growth curve is growth.tsv in the work folder.`
          : `Self-play with rote learning from the ACF ballots, the positions of Tinsley's games after ${BOOK_PLIES.join(', ')} plies and ${ENDGAMES} endgame starts (2-6 pieces a side) in seed-7 order, on the whole memory (Samuel's ageing).`,
        'Each checkpoint measured as samuel-rote measures its memory.',
        ...perfectOut.notes,
        ...notes,
      ],
    };
  },
};
