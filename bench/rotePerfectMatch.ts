// Perfect reading in a match (docs/checkers-rote.md, "Perfect reading: what the memory could give"):
// the program with a perfectly read memory against itself without one, colours reversed, from the
// probe's 6 starts (Tinsley after plies 21, 27) and the 6 ballots of reproduce samuel-rote-million,
// games played out. The memory side's memory is exactly the boards its searches in that game look
// up that a copy holds (traced in the 704), read whole at the start (KRPM = KPDEP = 1000); the game
// is played again on it, and the memory made again from the new game's look-ups, until no new board
// is held (at most ROUNDS). The baseline is the same side on a memory that holds nothing (rote
// learning on, its own game's boards only), as the million's match plays its memory side.
// Not part of `npm run bench` (minutes under nice):
//   nice -n 15 npx tsx bench/rotePerfectMatch.ts WORK=.local/reproduce/samuel-rote-million/work [COPIES=at-start,at-reached] [ROUNDS=3]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckersSession } from '../src/checkers/program/session.ts';
import { setupCards } from '../src/checkers/notation/pdn.ts';
import { other, type Side } from '../src/checkers/notation/board.ts';
import { capturedBy, Program704 } from '../src/checkers/match/match.ts';
import { mountMemoryReadOnly } from '../src/checkers/rote/memorySet.ts';
import { MemoryIndex, memoryEntries, perMoveMemory, READ_ALL, traceLookups } from '../src/checkers/rote/perfectReading.ts';
import { writeTapeFile } from '../src/devices/tapeImage.ts';
import { ACF_BALLOTS, ballotOrder, playable, readBallots, type Ballot } from '../src/checkers/selfplay/openings.ts';
import { bookPositions } from '../src/reproduce/experiments/samuelRotePerfect.ts';
import { mcnemarExact, pairedTest } from '../src/host/stats.ts';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=') as [string, string]));
const WORK = args.WORK ?? '.local/reproduce/samuel-rote-million/work';
const COPIES = (args.COPIES ?? 'at-start,at-reached').split(',');
const ROUNDS = Number(args.ROUNDS ?? 3);

const probe: Ballot[] = bookPositions([21, 27], 1).slice(0, 6).map((b, i) => ({ number: 1000 + i, moves: ['book'], status: 'book', name: `Tinsley ${b.name}`, fen: b.fen }));
const ballots = ballotOrder(playable(readBallots(ACF_BALLOTS)), 1).slice(0, 6);

interface Played { points: number | null; over: string; moves: string[]; lookups: string[]; hits: number }

/** One game: our 704 (rote learning on `memory`, read whole) plays `side` against the 704 without a memory. */
async function game(b: Ballot, side: Side, memory: string): Promise<Played> {
  const opponent = new Program704({});
  await opponent.start(b.fen, other(side));
  const session = new CheckersSession([], false);
  await session.run();
  session.setDataWords(READ_ALL);
  mountMemoryReadOnly(session.machine.io, memory);
  const trace = traceLookups(session);
  session.feed('*ROTE ON', ...setupCards(b.fen), `*PLAY ${side.toUpperCase()}`);
  const p: Played = { points: null, over: 'unfinished', moves: [], lookups: [], hits: 0 };
  let winner: Side | null | undefined;
  for (;;) {
    const r = await session.run((e) => {
      if (e.kind === 'move') {
        p.moves.push(e.path.join('-'));
        opponent.played(e.path, e.side);
      }
      if (e.kind === 'rote') {
        const m = /^ROTE LOOK-UPS (\d+) HITS (\d+)/.exec(e.text);
        if (m) p.hits += Number(m[2]);
      }
      if (e.kind === 'game-over') { p.over = e.text; winner = e.winner; }
    });
    if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
    if (winner !== undefined || r.stop !== 'input') break;
    const move = await opponent.move();
    session.feed(move ? move.join(capturedBy(move).length ? 'x' : '-') : '*CONCEDE');
  }
  trace.stop();
  p.lookups = trace.searches.flat();
  if (winner !== undefined) p.points = winner === null ? 0.5 : winner === side ? 1 : 0;
  return p;
}

const dir = mkdtempSync(join(tmpdir(), 'perfect-match-'));
try {
  const empty = join(dir, 'empty.tap');
  writeTapeFile(empty, memoryEntries([], 0));
  const starts = [...probe, ...ballots];
  const base = new Map<string, Played>();
  for (const b of starts) for (const side of ['black', 'white'] as const) base.set(`${b.number}${side}`, await game(b, side, empty));
  const pairs = (f: (b: Ballot, s: Side) => Played): number[] => starts.map((b) => (f(b, 'black').points ?? NaN) + (f(b, 'white').points ?? NaN));
  const baseScores = pairs((b, s) => base.get(`${b.number}${s}`)!);
  const t0 = pairedTest(baseScores, 1);
  console.log(`no memory (rote on, its own game's boards): pairs ${baseScores.join(' ')}; mean ${t0.mean.toFixed(3)} of 2, p = ${Number.isNaN(t0.p) ? '-' : t0.p.toFixed(3)}; hits ${[...base.values()].reduce((s, g) => s + g.hits, 0)} in ${[...base.values()].reduce((s, g) => s + g.lookups.length, 0)} look-ups`);
  for (const copy of COPIES) {
    const w0 = performance.now();
    const index = new MemoryIndex(join(WORK, copy));
    const played = new Map<string, Played>();
    let boards = 0;
    for (const b of starts) for (const side of ['black', 'white'] as const) {
      const g0 = base.get(`${b.number}${side}`)!;
      const looked = new Set(g0.lookups);
      const tape = join(dir, 'game.tap');
      let held = perMoveMemory(index, [...looked], tape);
      let g = g0;
      for (let r = 0; r < ROUNDS && held > 0; r++) {
        g = await game(b, side, tape);
        for (const l of g.lookups) looked.add(l);
        const now = perMoveMemory(index, [...looked], tape);
        if (now === held) break;
        held = now;
      }
      boards += held;
      played.set(`${b.number}${side}`, g);
    }
    const scores = pairs((b, s) => played.get(`${b.number}${s}`)!);
    const t = pairedTest(scores, 1);
    const changed = [...played.entries()].filter(([k, g]) => g.moves.join() !== base.get(k)!.moves.join()).length;
    // paired by game: points with the perfect memory against without
    let better = 0;
    let worse = 0;
    for (const [k, g] of played) {
      const d = (g.points ?? 0) - (base.get(k)!.points ?? 0);
      if (d > 0) better++;
      if (d < 0) worse++;
    }
    console.log(`${copy} (${index.size} boards): ${boards} boards in the 24 games' memories; ${changed} of 24 games changed; pairs ${scores.join(' ')}; mean ${t.mean.toFixed(3)} of 2, p = ${Number.isNaN(t.p) ? '-' : t.p.toFixed(3)}; games better ${better}, worse ${worse} than without (sign test p = ${mcnemarExact(better, worse).toFixed(3)}); hits ${[...played.values()].reduce((s, g) => s + g.hits, 0)} in ${[...played.values()].reduce((s, g) => s + g.lookups.length, 0)} look-ups (${((performance.now() - w0) / 1000).toFixed(0)} s)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
