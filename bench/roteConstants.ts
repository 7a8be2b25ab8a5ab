// The rote constants that had no experiment of their own (docs/checkers-rote.md, "Ageing" table),
// measured on a built memory:
// * culling, KRLIM: the memory's record sizes, and how many boards each limit would cull;
// * reading forward, KRPM (records read a move) and KPDEP (read down to N-KPDEP pieces): self-play
//   games from positions of Tinsley's games (where the memory has boards to find) with the memory
//   read only, each setting set at the console before the cards are read: look-ups, hits, plies
//   gained and 704 time a move;
// * KGRM (a game end merges when fewer places are left): the same games with learning on a copy of
//   the memory: merges and 704 time a move.
// Not part of `npm run bench`:
//   npx tsx bench/roteConstants.ts MEMORY.tap [games]

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckersSession } from '../src/checkers/program/session.ts';
import { attachMemoryTapes, MERGE_COMPLETE, readMemoryTape } from '../src/checkers/rote/memoryTape.ts';
import { attachMemoryReadOnly } from '../src/checkers/match/match.ts';
import { setupCards } from '../src/checkers/notation/pdn.ts';
import { bookStarts } from '../src/checkers/selfplay/bookStarts.ts';
import { ballotOrder } from '../src/checkers/selfplay/openings.ts';

const [memory, nGames = '4'] = process.argv.slice(2);
if (!memory) throw new Error('usage: npx tsx bench/roteConstants.ts MEMORY.tap [games]');

// ---- culling: what each limit would cut from this memory's records
const sizes = readMemoryTape(memory).records.map((r) => r.boards.length).sort((a, b) => b - a);
const boards = sizes.reduce((a, b) => a + b, 0);
console.log(`${memory}: ${boards} boards in ${sizes.length} records; the largest ${sizes.slice(0, 8).join(', ')}; records over 20 boards ${sizes.filter((n) => n > 20).length}`);
for (const limit of [20, 40, 80, 160, 399]) {
  const culled = sizes.reduce((s, n) => s + Math.max(0, n - limit), 0);
  console.log(`  KRLIM ${String(limit).padStart(3)}: ${culled} boards culled (${((100 * culled) / boards).toFixed(1)} %), records cut ${sizes.filter((n) => n > limit).length}`);
}

// ---- games from masters' positions after 12 and 24 plies, seed-1 order (not the build's seed 7)
const starts = ballotOrder(bookStarts(join(import.meta.dirname, '..', 'data', 'tinsley.pdn'), [12, 24]), 1).slice(0, Number(nGames));
interface Tally { moves: number; lookups: number; hits: number; plies: number; seconds: number; merges: number }

/** Self-play games from `fens` in one 704 run with `words` set at the console; `learn`: on a copy of the memory, else read only. */
async function games(fens: string[], words: Record<string, number>, learn: boolean): Promise<Tally> {
  const session = new CheckersSession([], false);
  await session.run(); // the deck is loaded and waits for its first card: the console is free
  session.setDataWords(words);
  const dir = learn ? mkdtempSync(join(tmpdir(), 'roteconst-')) : null;
  try {
    let tapes = null;
    if (dir) {
      copyFileSync(memory!, join(dir, 'memory.tap'));
      tapes = attachMemoryTapes(session.machine.io, join(dir, 'memory.tap'));
    }
    session.feed(...(dir ? ['*ROTE ON'] : attachMemoryReadOnly(session, memory)), ...fens.flatMap((fen) => [...setupCards(fen), '*SELF']), '*ROTE OFF', '*END');
    session.setEndOfFile(true);
    const t: Tally = { moves: 0, lookups: 0, hits: 0, plies: 0, seconds: 0, merges: 0 };
    const t0 = session.seconds;
    const r = await session.run((e) => {
      if (e.kind === 'move') t.moves++;
      if (e.kind === 'rote') {
        const m = /^ROTE TOTALS LOOK-UPS (\d+) HITS (\d+) PLIES GAINED (\d+)/.exec(e.text);
        if (m) [t.lookups, t.hits, t.plies] = [Number(m[1]), Number(m[2]), Number(m[3])];
        if (MERGE_COMPLETE.test(e.text)) t.merges++;
      }
    });
    if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
    t.seconds = session.seconds - t0;
    tapes?.finish(session.machine.printer.lines.join('\n'));
    return t;
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

async function row(label: string, words: Record<string, number>, learn: boolean): Promise<void> {
  const sum: Tally = { moves: 0, lookups: 0, hits: 0, plies: 0, seconds: 0, merges: 0 };
  // read only: a run a game (a game's own merges would feed the next); learning: all in one run, as KGRM is about
  for (const fens of learn ? [starts.map((s) => s.fen)] : starts.map((s) => [s.fen])) {
    const t = await games(fens, words, learn);
    for (const k of Object.keys(sum) as (keyof Tally)[]) sum[k] += t[k];
  }
  console.log(`  ${label.padEnd(18)} ${sum.moves} moves, look-ups ${sum.lookups}, hits ${sum.hits} (${((100 * sum.hits) / Math.max(1, sum.lookups)).toFixed(2)} %), plies gained ${sum.plies}, merges ${sum.merges}, 704 time ${(sum.seconds / sum.moves).toFixed(1)} s a move`);
}

const only = process.env.ROWS; // 'reading' or 'merging': one part only
if (only !== 'merging') console.log(`reading forward, the memory read only (${starts.length} games from ${starts.map((s) => s.name).join('; ')}):`);
if (only !== 'merging') for (const [rpm, dep] of [[4, 2], [4, 1], [4, 4], [2, 2], [8, 2], [1000, 1000]] as const) await row(`KRPM ${rpm} KPDEP ${dep}`, { KRPM: rpm, KPDEP: dep }, false);
if (only !== 'reading') console.log('merging at a game end, learning on a copy of the memory, the games in one 704 run (selfplay runs the 704 once a game, so its *ROTE OFF merges at every game end whatever KGRM is):');
if (only !== 'reading') for (const grm of [0, 100, 200, 300, 0]) await row(`KGRM ${grm}`, { KGRM: grm }, true);
