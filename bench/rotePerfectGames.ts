// Perfect reading played out (docs/checkers-rote.md, "Perfect reading: what the memory could
// give"): the probe's and the ballots' self-play games (as reproduce samuel-rote-million measures
// them) played again on a memory of exactly the boards their searches look up that a memory holds,
// read whole at the start (KRPM = KPDEP = 1000; a game's boards fit the pool). A game that changes
// looks up other boards, so the memory is made again from the boards the new game looked up too,
// until no new one is held (at most ROUNDS times). Hits and plies gained by phase, against the games
// as played on a memory that holds nothing, and how many games changed.
// Not part of `npm run bench` (a minute or two a memory):
//   nice -n 15 npx tsx bench/rotePerfectGames.ts WORK=.local/reproduce/samuel-rote-million/work [COPIES=at-start,at-reached] [ROUNDS=4]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupCards } from '../src/checkers/notation/pdn.ts';
import { parseFen } from '../src/checkers/notation/board.ts';
import { MemoryIndex, perMoveMemory, readAll, traceRun, type TracedSearch } from '../src/checkers/rote/perfectReading.ts';
import { ACF_BALLOTS, ballotOrder, playable, readBallots, type Ballot } from '../src/checkers/selfplay/openings.ts';
import { phaseOf, type Phase } from '../src/reproduce/experiments/samuelRote.ts';
import { bookPositions } from '../src/reproduce/experiments/samuelRotePerfect.ts';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=') as [string, string]));
const WORK = args.WORK ?? '.local/reproduce/samuel-rote-million/work';
const COPIES = (args.COPIES ?? 'at-start,at-reached').split(',');
const ROUNDS = Number(args.ROUNDS ?? 4);

// the probe's starts (samuelRoteMillion.probeStarts: Tinsley after plies 21, 27 in seed-1 order, 6) and the ballots (seed 1, 6)
const probe: Ballot[] = bookPositions([21, 27], 1).slice(0, 6).map((b, i) => ({ number: i + 1, moves: ['book'], status: 'book', name: `Tinsley ${b.name}`, fen: b.fen }));
const ballots = ballotOrder(playable(readBallots(ACF_BALLOTS)), 1).slice(0, 6);

interface Game { searches: TracedSearch[]; over: string }
const play = async (b: Ballot, words: Record<string, number>, memory: string | null): Promise<Game> => {
  let over = 'unfinished';
  const searches = await traceRun([...setupCards(b.fen), '*SELF'], words, memory, [parseFen(b.fen)], (e) => { if (e.kind === 'game-over') over = e.text; });
  return { searches, over };
};

type Tally = Record<Phase, { moves: number; lookups: number; hits: number; ply: number }>;
const tally = (): Tally => ({ opening: { moves: 0, lookups: 0, hits: 0, ply: 0 }, midgame: { moves: 0, lookups: 0, hits: 0, ply: 0 }, endgame: { moves: 0, lookups: 0, hits: 0, ply: 0 } });
const add = (t: Tally, g: Game): void => {
  for (const s of g.searches) {
    const x = t[phaseOf(s.pieces)];
    x.moves++; x.lookups += s.lookups.length; x.hits += s.hits; x.ply += s.savedPly;
  }
};
const show = (t: Tally): string => (['opening', 'midgame', 'endgame'] as const).map((p) => `${p} ${t[p].hits}/${t[p].lookups} hits, ply ${(t[p].ply / Math.max(1, t[p].moves)).toFixed(2)} (${t[p].moves} moves)`).join('; ');

const dir = mkdtempSync(join(tmpdir(), 'perfect-games-'));
try {
  const base = new Map<Ballot, Game>(); // (some ballots have no name)
  for (const b of [...probe, ...ballots]) base.set(b, await play(b, {}, null));
  for (const copy of COPIES) {
    const w0 = performance.now();
    const index = new MemoryIndex(join(WORK, copy));
    for (const [set, starts] of [['probe', probe], ['ballots', ballots]] as const) {
      const without = tally();
      const withMem = tally();
      let changed = 0;
      let results = 0;
      let boardsSum = 0;
      const rounds: number[] = [];
      for (const b of starts) {
        const g0 = base.get(b)!;
        add(without, g0);
        const looked = new Set(g0.searches.flatMap((s) => s.lookups));
        const tape = join(dir, 'game.tap');
        let g = g0;
        let held = perMoveMemory(index, [...looked], tape);
        let r = 0;
        for (; r < ROUNDS && held > 0; r++) {
          g = await play(b, readAll(), tape);
          const before = looked.size;
          for (const s of g.searches) for (const l of s.lookups) looked.add(l);
          if (looked.size === before) { r++; break; }
          const now = perMoveMemory(index, [...looked], tape);
          if (now === held) { r++; break; }
          held = now;
        }
        rounds.push(r);
        boardsSum += held;
        add(withMem, g);
        if (g.searches.map((s) => s.path.join('-')).join() !== g0.searches.map((s) => s.path.join('-')).join()) changed++;
        if (g.over !== g0.over) results++;
      }
      console.log(`${copy} (${index.size} boards), ${set}: ${boardsSum} boards in the games' memories, ${rounds.join('/')} rounds; ${changed} of ${starts.length} games changed, ${results} results changed`);
      console.log(`  without: ${show(without)}`);
      console.log(`  with:    ${show(withMem)}`);
    }
    console.log(`  (${((performance.now() - w0) / 1000).toFixed(0)} s)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
