// Reading forward against the key (docs/checkers-rote.md, samuel-rote-million, "Reading forward
// against the key"): does a coarser key (KMQ1/KMQ2, the moments in buckets of 2^q) or more records a move (KRPM)
// let the look-ups reach the boards the memory holds? For each key a memory is book-learnt from
// Tinsley's games 1..LEARN (as samuel-rote's book step: `*ROTE ON`, the games in book mode, the
// switches set at the console before the cards are read, so KINIT builds the key from them); then
// Tinsley's games REPLAY (a list; by default the first two learnt) are replayed in book mode on that
// memory read only, one 704 run a game, for each KRPM: look-ups and hits by phase (the pieces on the
// board searched: 20+ opening, 11-19 midgame, 10- endgame), records read into the pool / passed over
// / dropped, boards culled (KNRD, KNSKP, KNDRP, KNCUL after the run) and 704 time a move; and for
// each memory the boards and records of N down to N-2 pieces (what a ply-3 look-up may need).
// Not part of `npm run bench` (minutes of CPU: run it under nice):
//   nice -n 10 npx tsx bench/roteReading.ts [LEARN=12] [REPLAY=1,2] [KEYS=0/0,2/2,4/4] [KRPM=4,16,1000] [KBAND=0,1] [HELDOUT=1] [KRLIM=160] [KEEP=DIR] [MEMORY=TAPE]
// (KEEP: the memories are left in DIR, an existing folder, not thrown away. MEMORY=TAPE: no learning, the
// games replayed on that memory, a tape or a set, read only - keyed as KEYS says.)
// (KRPM 1000 also sets KPDEP 1000 in the reading forward: every record read. KBAND=1: the band reading, the
// records a ply-3 look-up needs most, this search's band and the next's; KRPM is then not used.) Each key: the REPLAY games' boards alone, then
// joined into the memory of games 1..LEARN, so the same boards are sought on a small and a large tape;
// HELDOUT=1 adds the memory of games 1..LEARN less the replayed games (what other games' boards give).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckersSession, type RoteSearch } from '../src/checkers/program/session.ts';
import { checkersSymbol } from '../src/checkers/program/deck.ts';
import { attachMemoryTapes, readMemoryTape } from '../src/checkers/rote/memoryTape.ts';
import { attachMemoryReadOnly } from '../src/checkers/match/match.ts';
import { bookCards, parsePdn } from '../src/checkers/notation/pdn.ts';
import { applyPath, parseFen, startPosition, type Position } from '../src/checkers/notation/board.ts';
import { packageRoot } from '../src/host/stateFolder.ts';
import { phaseOf, type Phase } from '../src/reproduce/experiments/samuelRote.ts';
import { piecesOf } from '../src/checkers/notation/board.ts';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=') as [string, string]));
const LEARN = Number(args.LEARN ?? 12);
const REPLAY = (args.REPLAY ?? '1,2').split(',').map(Number);
const KEYS = (args.KEYS ?? '0/0,2/2,4/4').split(',').map((k) => k.split('/').map(Number) as [number, number]);
const RPMS = (args.KRPM ?? '4,16,1000').split(',').map(Number);
/** KBAND: 0 the reading forward (KRPM records read a move); not 0 the band reading (this search's band and the next's). */
const BANDS = (args.KBAND ?? '0').split(',').map(Number);
/** KRLIM (boards a record keeps, culling) for learning and replay alike: none given, the deck's 160. */
const LIM: Record<string, number> = args.KRLIM ? { KRLIM: Number(args.KRLIM) } : {};

const sym = checkersSymbol;
const games = parsePdn(readFileSync(join(packageRoot(), 'data', 'tinsley.pdn'), 'latin1'), 'tinsley.pdn').games;
const game = (n: number) => games[n - 1]!;

interface Tally { moves: number; seconds: number; lk: Record<Phase, number>; hit: Record<Phase, number>; read: number; passed: number; dropped: number; culled: number }
const zero = (): Tally => ({ moves: 0, seconds: 0, lk: { opening: 0, midgame: 0, endgame: 0 }, hit: { opening: 0, midgame: 0, endgame: 0 }, read: 0, passed: 0, dropped: 0, culled: 0 });

/** A 704 run of `cards` with `words` set at the console; `memory` read only, or learnt into when `learn`. */
async function run(cards: string[], words: Record<string, number>, memory: string, learn: boolean, t: Tally, start?: Position): Promise<void> {
  const session = new CheckersSession([], false);
  await session.run();
  session.setDataWords(words);
  const tapes = learn ? attachMemoryTapes(session.machine.io, memory) : null;
  session.feed(...(learn ? ['*ROTE ON'] : attachMemoryReadOnly(session, memory)), ...cards, ...(learn ? ['*ROTE OFF'] : []), '*END');
  session.setEndOfFile(true);
  let position = start ?? startPosition();
  let pending: RoteSearch | null = null;
  const t0 = session.seconds;
  const r = await session.run((e) => {
    if (e.kind === 'rote' && e.search) pending = e.search;
    if (e.kind === 'move') {
      const p = pending as RoteSearch | null;
      if (p) {
        const ph = phaseOf(piecesOf(position));
        t.lk[ph] += p.lookups;
        t.hit[ph] += p.hits;
        t.moves++;
      }
      pending = null;
      position = applyPath(position, e.path);
    }
  });
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  t.seconds += session.seconds - t0;
  const mem = session.machine.cpu.mem;
  t.read += mem[sym('KNRD')]!;
  t.passed += mem[sym('KNSKP')]!;
  t.dropped += mem[sym('KNDRP')]!;
  t.culled += mem[sym('KNCUL')]!;
  tapes?.finish(session.machine.printer.lines.join('\n'));
}

const dir = args.KEEP ?? mkdtempSync(join(tmpdir(), 'rotereading-'));
try {
  console.log(`${args.KRLIM ? `KRLIM ${args.KRLIM}: ` : ''}memory book-learnt from Tinsley's games 1-${LEARN}; replayed in book mode, read only: games ${REPLAY.join(', ')}`);
  for (const [q1, q2] of KEYS) {
    // the replayed games' boards alone, then joined into the memory of games 1..LEARN: equal boards, each key
    const all = Array.from({ length: Math.min(LEARN, games.length) }, (_, i) => i + 1);
    const memories: [string, number[]][] = args.MEMORY ? [[args.MEMORY, []]] : [['alone', REPLAY], [`games 1-${all.length}`, all], [`games 1-${all.length} less the replayed (held out)`, all.filter((g) => !REPLAY.includes(g))]];
    for (const [label, learnGames] of memories) {
      if (label.includes('held out') && !args.HELDOUT) continue;
      const memory = args.MEMORY ?? join(dir, `memory-${q1}-${q2}-${label.length}-${learnGames.length}.tap`);
      const learnt = zero();
      const w0 = performance.now();
      if (!args.MEMORY) await run(learnGames.flatMap((g) => bookCards(game(g))), { KMQ1: q1, KMQ2: q2, ...LIM }, memory, true, learnt);
      const recs = readMemoryTape(memory).records;
      const boards = recs.reduce((n, r) => n + r.boards.length, 0);
      const sizes = recs.map((r) => r.boards.length).sort((a, b) => b - a);
      console.log(`KMQ1/KMQ2 ${q1}/${q2}, ${label}: ${boards} boards in ${recs.length} records (${(boards / recs.length).toFixed(2)} a record, largest ${sizes.slice(0, 3).join(', ')}); learning ${learnt.moves} moves, culled ${learnt.culled}, ${((performance.now() - w0) / 1000).toFixed(0)} s wall`);
      // what a ply-3 look-up at N pieces may need (records of N down to N-2 pieces, KPDEP 2) against the pool's KPCAP boards
      const window = [22, 18, 16, 14, 12].map((n) => {
        const rs = recs.filter((r) => r.fields.pieces <= n && r.fields.pieces >= n - 2);
        return `N=${n} ${rs.reduce((b, r) => b + r.boards.length, 0)} boards/${rs.length} records`;
      });
      console.log(`  pieces N..N-2: ${window.join(', ')} (the pool: KPCAP, 800 in the deck)`);
      for (const rpm of RPMS) for (const band of BANDS) {
        const t = zero();
        const pdep: Record<string, number> = rpm >= 1000 && !band ? { KPDEP: 1000 } : {};
        for (const g of REPLAY) await run(bookCards(game(g)), { KMQ1: q1, KMQ2: q2, ...LIM, KRPM: rpm, KBAND: band, ...pdep }, memory, false, t, game(g).fen ? parseFen(game(g).fen!) : undefined);
        const ph = (p: Phase): string => `${t.hit[p]}/${t.lk[p]}`;
        console.log(`  ${band ? `band ${band}` : `KRPM ${String(rpm).padStart(4)}`}: hits/look-ups opening ${ph('opening')}, midgame ${ph('midgame')}, endgame ${ph('endgame')}; records read ${t.read}, passed over ${t.passed}, dropped ${t.dropped}, culled ${t.culled}; ${t.moves} moves, 704 time ${(t.seconds / Math.max(1, t.moves)).toFixed(1)} s a move`);
      }
    }
  }
} finally {
  if (!args.KEEP) rmSync(dir, { recursive: true, force: true });
}
