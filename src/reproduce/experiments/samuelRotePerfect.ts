// Perfect reading for `reproduce samuel-rote-million` (docs/checkers-rote.md, "Perfect reading:
// what the memory could give"). Samuel based his factor of 20 on "the frequency with which the saved
// boards are utilized during normal play (these figures being tabulated automatically)". Here that
// frequency is measured with the reading of the tape taken out of the question, at each memory size:
// 1. Utilisation: the boards the program's searches look up (KLOOK traced in the 704, by move:
//    checkers/rote/perfectReading.ts), against the boards each memory holds - the share of look-ups
//    a perfectly read memory would answer, by phase.
// 2. Play: for each move, a small memory of exactly the looked-up boards that memory holds (their
//    stored words), read whole before the search, and the 704's one move again with it: hits,
//    plies gained, the move changed, and agreement with the master's move (Tinsley's positions).
// Three sets of positions: Tinsley's games after plies 21 and 27 (no growth game starts there; one
// move each, Tinsley's next move the book move), and the positions moved from in the probe's and
// the ballots' self-play games (look-ups as played, with rote learning on).
// The traces and each size's figures are kept in the work folder (perfect.json): a later run
// measures only a copy not measured yet.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { packageRoot } from '../../host/stateFolder.ts';
import { applyPath, other, parseFen, pathText, toFen, type Side } from '../../checkers/notation/board.ts';
import { parsePdn, setupCards } from '../../checkers/notation/pdn.ts';
import { readText } from '../../devices/fileErrors.ts';
import { ballotOrder, type Ballot } from '../../checkers/selfplay/openings.ts';
import { MemoryIndex, memoryEntries, oneMove, perMoveMemory, readAll, sameMove, traceLookups, traceMoves, traceRun, type TracedSearch } from '../../checkers/rote/perfectReading.ts';
import { CheckersSession } from '../../checkers/program/session.ts';
import { Program704 } from '../../checkers/match/match.ts';
import { mountMemoryReadOnly } from '../../checkers/rote/memorySet.ts';
import { writeTapeFile } from '../../devices/tapeImage.ts';
import { phaseOf, type Phase } from './samuelRote.ts';

export const PHASES: Phase[] = ['opening', 'midgame', 'endgame'];
export type PerfectSet = 'tinsley' | 'probe' | 'ballots';
export const SETS: PerfectSet[] = ['tinsley', 'probe', 'ballots'];

/** A position of Tinsley's games and the master's next move. */
export interface BookPosition { fen: string; name: string; book: number[] }

/** Positions of Tinsley's games after each of `plies` (games going on 10 plies past it, each position once), with the move played next, in seed-`seed` order. */
export function bookPositions(plies: readonly number[], seed: number): BookPosition[] {
  const file = join(packageRoot(), 'data', 'tinsley.pdn');
  const { games } = parsePdn(readText(file, 'PDN file'), file);
  const seen = new Set<string>();
  const out: BookPosition[] = [];
  for (const k of plies) for (const g of games) {
    if (g.moves.length < k + 10) continue;
    let p = g.start;
    for (const m of g.moves.slice(0, k)) p = applyPath(p, m.path);
    const fen = toFen(p);
    if (seen.has(fen)) continue;
    seen.add(fen);
    out.push({ fen, name: `game ${g.index} ply ${k}`, book: g.moves[k]!.path });
  }
  // the same order as the probe's starts (ballotOrder over numbered starts)
  const numbered = out.map((b, i) => ({ number: i + 1, moves: ['book'], status: 'book', name: b.name, fen: b.fen }));
  return ballotOrder(numbered, seed).map((b) => out[b.number - 1]!);
}

/** What the traces found once (the program's look-ups do not depend on the memory measured). */
export interface PerfectTraces {
  /** One move from each of Tinsley's positions, from a memory that holds nothing. */
  tinsley: (TracedSearch & { book: number[] })[];
  /** The self-play games' moves as played (rote learning on, an empty memory), by set. */
  games: Record<'probe' | 'ballots', TracedSearch[]>;
  /** One move from each position the games moved from, from a memory that holds nothing (the play's baseline). */
  gamesOneMove: Record<'probe' | 'ballots', TracedSearch[]>;
}

export interface Utilisation { moves: number; lookups: number; held: number; movesHeld: number }
export interface PlayEffect {
  /** Positions measured, and those whose memory held a looked-up board (the 704 moved again with it). */
  positions: number; replayed: number;
  /** Boards in those memories, look-ups and hits of the replays. */
  boards: number; lookups: number; hits: number;
  /** Sum of the effective plies without and with (ROTE ... SAVED PLY). */
  plyWithout: number; plyWith: number;
  changed: number;
  /** Tinsley's positions: the master's move played without / with; b the moves agreeing only with, c only without. */
  agreeWithout: number; agreeWith: number; b: number; c: number;
}
export interface SizeResult { boards: number; file: string; util: Record<PerfectSet, Record<Phase, Utilisation>>; play: Record<PerfectSet, Record<Phase, PlayEffect>> }
/** A match game of the memory side: its points (null unfinished), moves, the boards its searches looked up, its hits. */
export interface MatchPlayed { points: number | null; moves: string[]; lookups: string[]; hits: number }
/** The match with a perfectly read memory at one size: pair scores (probe starts, then ballots), and by game against the baseline. */
export interface MatchResult { boards: number; file: string; pairs: number[]; changed: number; better: number; worse: number; memoryBoards: number; hits: number; lookups: number }
interface PerfectJournal { version: number; traces?: PerfectTraces; sizes: SizeResult[]; matchBase?: Record<string, MatchPlayed>; matches?: MatchResult[] }

/**
 * One match game: our 704, rote learning on `memory` (read only, read whole before its first search:
 * readAll), plays `side` from `fen` against the 704 without a memory (samuel-rote's match); its
 * look-ups traced.
 */
export async function perfectMatchGame(fen: string, side: Side, memory: string): Promise<MatchPlayed> {
  const opponent = new Program704({});
  await opponent.start(fen, other(side));
  const session = new CheckersSession([], false);
  await session.run();
  session.setDataWords(readAll());
  mountMemoryReadOnly(session.machine.io, memory);
  const trace = traceLookups(session);
  session.feed('*ROTE ON', ...setupCards(fen), `*PLAY ${side.toUpperCase()}`);
  const p: MatchPlayed = { points: null, moves: [], lookups: [], hits: 0 };
  let winner: Side | null | undefined;
  for (;;) {
    const r = await session.run((e) => {
      if (e.kind === 'move') {
        p.moves.push(e.path.join('-'));
        opponent.played(e.path, e.side);
      }
      if (e.kind === 'rote' && e.search) p.hits += e.search.hits;
      if (e.kind === 'game-over') winner = e.winner;
    });
    if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
    if (winner !== undefined || r.stop !== 'input') break;
    const move = await opponent.move();
    session.feed(move ? pathText(move) : '*CONCEDE');
  }
  trace.stop();
  p.lookups = trace.searches.flat();
  if (winner !== undefined) p.points = winner === null ? 0.5 : winner === side ? 1 : 0;
  return p;
}

/** Rounds of remaking a game's memory from its look-ups (a game that changes looks up other boards). */
const MATCH_ROUNDS = 3;
const SIDES: Side[] = ['black', 'white'];
const gameKey = (b: Ballot, side: Side): string => `${b.fen} ${side}`;

/** The match at one size: each game on a memory of the boards its look-ups meet on the copy, remade until no new one is held (MATCH_ROUNDS). */
async function measureMatch(base: Record<string, MatchPlayed>, starts: Ballot[], memory: string, copy: { boards: number; file: string }): Promise<MatchResult> {
  const index = new MemoryIndex(memory);
  const dir = mkdtempSync(join(tmpdir(), 'perfect-match-'));
  try {
    const tape = join(dir, 'game.tap');
    const res: MatchResult = { boards: copy.boards, file: copy.file, pairs: [], changed: 0, better: 0, worse: 0, memoryBoards: 0, hits: 0, lookups: 0 };
    for (const b of starts) {
      let pair = 0;
      for (const side of SIDES) {
        const g0 = base[gameKey(b, side)]!;
        const looked = new Set(g0.lookups);
        let held = perMoveMemory(index, [...looked], tape);
        let g = g0;
        for (let r = 0; r < MATCH_ROUNDS && held > 0; r++) {
          g = await perfectMatchGame(b.fen, side, tape);
          for (const l of g.lookups) looked.add(l);
          const now = perMoveMemory(index, [...looked], tape);
          if (now === held) break;
          held = now;
        }
        res.memoryBoards += held;
        res.hits += g.hits;
        res.lookups += g.lookups.length;
        if (g.moves.join() !== g0.moves.join()) res.changed++;
        const d = (g.points ?? 0.5) - (g0.points ?? 0.5);
        if (d > 0) res.better++;
        if (d < 0) res.worse++;
        pair += g.points ?? 0.5;
      }
      res.pairs.push(pair);
    }
    return res;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const VERSION = 1;
const path = (dir: string): string => join(dir, 'perfect.json');

/** The traces: Tinsley's positions one move each, the probe's and the ballots' games as played. */
async function trace(tinsley: BookPosition[], probe: Ballot[], ballots: Ballot[], log: (l: string) => void): Promise<PerfectTraces> {
  const t = await traceMoves(tinsley.map((b) => b.fen));
  if (t.length !== tinsley.length) throw new Error(`traced ${t.length} moves from ${tinsley.length} positions`);
  log(`perfect reading: traced one move from each of ${t.length} of Tinsley's positions (${t.reduce((s, x) => s + x.lookups.length, 0)} look-ups)`);
  const games = { probe: [] as TracedSearch[], ballots: [] as TracedSearch[] };
  const gamesOneMove = { probe: [] as TracedSearch[], ballots: [] as TracedSearch[] };
  for (const [set, starts] of [['probe', probe], ['ballots', ballots]] as const) {
    for (const b of starts) games[set].push(...await traceRun([...setupCards(b.fen), '*SELF'], {}, null, [parseFen(b.fen)]));
    gamesOneMove[set] = await traceMoves(games[set].map((s) => s.fen));
    log(`perfect reading: traced the ${set} games (${starts.length}, ${games[set].length} moves, ${games[set].reduce((s, x) => s + x.lookups.length, 0)} look-ups)`);
  }
  return { tinsley: t.map((s, i) => ({ ...s, book: tinsley[i]!.book })), games, gamesOneMove };
}

const zeroUtil = (): Utilisation => ({ moves: 0, lookups: 0, held: 0, movesHeld: 0 });
const zeroPlay = (): PlayEffect => ({ positions: 0, replayed: 0, boards: 0, lookups: 0, hits: 0, plyWithout: 0, plyWith: 0, changed: 0, agreeWithout: 0, agreeWith: 0, b: 0, c: 0 });
const byPhase = <T>(f: () => T): Record<Phase, T> => ({ opening: f(), midgame: f(), endgame: f() });

/** One memory size: utilisation of each set, and the play with per-move memories. */
async function measureSize(t: PerfectTraces, memory: string, copy: { boards: number; file: string }, log: (l: string) => void): Promise<SizeResult> {
  const index = new MemoryIndex(memory);
  const util = { tinsley: byPhase(zeroUtil), probe: byPhase(zeroUtil), ballots: byPhase(zeroUtil) };
  const play = { tinsley: byPhase(zeroPlay), probe: byPhase(zeroPlay), ballots: byPhase(zeroPlay) };
  const used = (set: PerfectSet, s: TracedSearch): void => {
    const u = util[set][phaseOf(s.pieces)];
    const held = s.lookups.filter((l) => index.find(l)).length;
    u.moves++;
    u.lookups += s.lookups.length;
    u.held += held;
    if (held) u.movesHeld++;
  };
  for (const s of t.tinsley) used('tinsley', s);
  for (const set of ['probe', 'ballots'] as const) for (const s of t.games[set]) used(set, s);
  const dir = mkdtempSync(join(tmpdir(), 'perfect-size-'));
  try {
    const tape = join(dir, 'move.tap');
    const moves: [PerfectSet, TracedSearch & { book?: number[] }][] = [...t.tinsley.map((s) => ['tinsley', s] as [PerfectSet, TracedSearch & { book?: number[] }]), ...t.gamesOneMove.probe.map((s) => ['probe', s] as [PerfectSet, TracedSearch]), ...t.gamesOneMove.ballots.map((s) => ['ballots', s] as [PerfectSet, TracedSearch])];
    let done = 0;
    for (const [set, s] of moves) {
      const p = play[set][phaseOf(s.pieces)];
      p.positions++;
      const agreeWithout = s.book ? sameMove(s.fen, s.path, s.book) : false;
      if (agreeWithout) p.agreeWithout++;
      const boards = perMoveMemory(index, s.lookups, tape);
      let w: TracedSearch = s;
      if (boards > 0) {
        w = await oneMove(s.fen, tape);
        p.replayed++;
        p.boards += boards;
        p.lookups += w.lookups.length;
        p.hits += w.hits;
      }
      p.plyWithout += s.savedPly;
      p.plyWith += w.savedPly;
      if (!sameMove(s.fen, s.path, w.path)) p.changed++;
      const agreeWith = s.book ? sameMove(s.fen, w.path, s.book) : false;
      if (agreeWith) p.agreeWith++;
      if (agreeWith && !agreeWithout) p.b++;
      if (agreeWithout && !agreeWith) p.c++;
      if (++done % 200 === 0) log(`perfect reading at ${copy.boards} boards: ${done} of ${moves.length} moves`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { boards: copy.boards, file: copy.file, util, play };
}

/** The traces and each copy's figures, from the journal where they are there; the rest measured and journalled. */
export async function perfectReading(workDir: string, copies: { boards: number; file: string }[], starts: { tinsley: BookPosition[]; probe: Ballot[]; ballots: Ballot[] }, log: (l: string) => void): Promise<{ sizes: SizeResult[]; base: MatchPlayed[]; matches: MatchResult[] }> {
  let j: PerfectJournal = existsSync(path(workDir)) ? JSON.parse(readFileSync(path(workDir), 'utf8')) as PerfectJournal : { version: VERSION, sizes: [] };
  if (j.version !== VERSION || (j.traces && j.traces.tinsley.length !== starts.tinsley.length)) j = { version: VERSION, sizes: [] };
  if (!j.traces) {
    j.traces = await trace(starts.tinsley, starts.probe, starts.ballots, log);
    writeFileAtomic(path(workDir), JSON.stringify(j));
  }
  const out: SizeResult[] = [];
  for (const c of copies) {
    let r = j.sizes.find((s) => s.file === c.file && s.boards === c.boards);
    if (!r) {
      const w0 = performance.now();
      r = await measureSize(j.traces, join(workDir, c.file), c, log);
      j.sizes = [...j.sizes.filter((s) => s.file !== c.file), r];
      writeFileAtomic(path(workDir), JSON.stringify(j));
      log(`perfect reading at ${c.boards} boards: measured in ${((performance.now() - w0) / 1000).toFixed(0)} s`);
    }
    out.push(r);
  }
  // the match, games played out: the baseline (a memory that holds nothing) once, then each copy
  const matchStarts = [...starts.probe, ...starts.ballots];
  if (!j.matchBase || matchStarts.some((b) => SIDES.some((s) => !j.matchBase![gameKey(b, s)]))) {
    const dir = mkdtempSync(join(tmpdir(), 'perfect-empty-'));
    try {
      const empty = join(dir, 'empty.tap');
      writeTapeFile(empty, memoryEntries([], 0));
      j.matchBase = {};
      for (const b of matchStarts) for (const side of SIDES) j.matchBase[gameKey(b, side)] = await perfectMatchGame(b.fen, side, empty);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    j.matches = [];
    writeFileAtomic(path(workDir), JSON.stringify(j));
    log(`perfect reading: the match's ${matchStarts.length * 2} games on a memory that holds nothing played`);
  }
  const matches: MatchResult[] = [];
  for (const c of copies) {
    let m = (j.matches ?? []).find((x) => x.file === c.file && x.boards === c.boards);
    if (!m) {
      const w0 = performance.now();
      m = await measureMatch(j.matchBase, matchStarts, join(workDir, c.file), c);
      j.matches = [...(j.matches ?? []).filter((x) => x.file !== c.file), m];
      writeFileAtomic(path(workDir), JSON.stringify(j));
      log(`perfect reading at ${c.boards} boards: the match in ${((performance.now() - w0) / 1000).toFixed(0)} s`);
    }
    matches.push(m);
  }
  const base = matchStarts.flatMap((b) => SIDES.map((s) => j.matchBase![gameKey(b, s)]!));
  return { sizes: out, base, matches };
}

// ---- the figures the report gives

/** Sum of a set's figures over phases (or one phase). */
export const utilOf = (r: SizeResult, sets: readonly PerfectSet[], phases: readonly Phase[] = PHASES): Utilisation => {
  const u = zeroUtil();
  for (const s of sets) for (const ph of phases) {
    const x = r.util[s][ph];
    u.moves += x.moves; u.lookups += x.lookups; u.held += x.held; u.movesHeld += x.movesHeld;
  }
  return u;
};
export const playOf = (r: SizeResult, sets: readonly PerfectSet[], phases: readonly Phase[] = PHASES): PlayEffect => {
  const p = zeroPlay();
  for (const s of sets) for (const ph of phases) {
    const x = r.play[s][ph];
    for (const k of Object.keys(p) as (keyof PlayEffect)[]) p[k] += x[k];
  }
  return p;
};

/** Least squares y = a + b ln x. */
export function logFit(xs: readonly number[], ys: readonly number[]): { a: number; b: number; at: (x: number) => number } {
  const lx = xs.map((x) => Math.log(x));
  const n = xs.length;
  const mx = lx.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  const sxx = lx.reduce((s, x) => s + (x - mx) ** 2, 0);
  const b = sxx > 0 ? lx.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) / sxx : 0;
  const a = my - b * mx;
  return { a, b, at: (x) => a + b * Math.log(x) };
}
