// The band reading against the reading forward on a large memory (docs/checkers-rote.md, "The band
// reading"): self-play from samuel-rote's six ACF ballots (seed 1) and from the million's probe (Tinsley's
// midgames after plies 21 and 27), the memory read only, as samuel-rote measures it, once for each KBAND
// (set at the console before the cards) and once without the memory: hits and look-ups by phase, plies
// gained (mean effective ply with the memory less without), 704 time a move, records read / passed over /
// dropped (KNRD, KNSKP, KNDRP). Not part of `npm run bench` (minutes of CPU: run it under nice):
//   nice -n 10 npx tsx bench/roteBand.ts MEMORY [KBAND=0,1] [STARTS=ballots,probe] [ROOTS=FILE]
// (ROOTS: the positions the program moved from with the memory, as FEN lines, for a look at what the memory holds.)

import { CheckersSession, type RoteSearch } from '../src/checkers/program/session.ts';
import { checkersSymbol } from '../src/checkers/program/deck.ts';
import { attachMemoryReadOnly } from '../src/checkers/match/match.ts';
import { setupCards } from '../src/checkers/notation/pdn.ts';
import { appendFileSync } from 'node:fs';
import { applyPath, parseFen, toFen } from '../src/checkers/notation/board.ts';
import { ACF_BALLOTS, ballotOrder, playable, readBallots, type Ballot } from '../src/checkers/selfplay/openings.ts';
import { phaseOf, type Phase } from '../src/reproduce/experiments/samuelRote.ts';
import { piecesOf } from '../src/checkers/notation/board.ts';
import { probeStarts } from '../src/reproduce/experiments/samuelRoteMillion.ts';

const [memory, ...rest] = process.argv.slice(2);
if (!memory) throw new Error('usage: bench/roteBand.ts MEMORY [KBAND=0,1] [STARTS=ballots,probe]');
const args = Object.fromEntries(rest.map((a) => a.split('=') as [string, string]));
const BANDS = (args.KBAND ?? '0,1').split(',').map(Number);
const STARTS = (args.STARTS ?? 'ballots,probe').split(',');
const sym = checkersSymbol;
const PHASES: Phase[] = ['opening', 'midgame', 'endgame'];

interface Tally { moves: number; seconds: number; lk: Record<Phase, number>; hit: Record<Phase, number>; ply: Record<Phase, number>; n: Record<Phase, number>; read: number; passed: number; dropped: number }
const per = (): Record<Phase, number> => ({ opening: 0, midgame: 0, endgame: 0 });
const zero = (): Tally => ({ moves: 0, seconds: 0, lk: per(), hit: per(), ply: per(), n: per(), read: 0, passed: 0, dropped: 0 });

/** One self-play game from `b`, the memory read only (or none), `words` set at the console. */
async function game(b: Ballot, mem: string | undefined, words: Record<string, number>, t: Tally): Promise<void> {
  const session = new CheckersSession([], false);
  await session.run();
  session.setDataWords(words);
  session.feed(...attachMemoryReadOnly(session, mem), ...setupCards(b.fen), '*SELF', '*END');
  session.setEndOfFile(true);
  let position = parseFen(b.fen);
  let pending: RoteSearch | null = null;
  let last = session.seconds;
  const r = await session.run((e) => {
    if (e.kind === 'game') last = e.at; // as samuel-rote: a move's time from the game's start, not *ROTE ON's count
    if (e.kind === 'rote' && e.search) pending = e.search;
    if (e.kind === 'move') {
      if (e.by === 'program') {
        const ph = phaseOf(piecesOf(position));
        const p = pending as RoteSearch | null;
        t.lk[ph] += p?.lookups ?? 0; t.hit[ph] += p?.hits ?? 0; t.ply[ph] += p?.ply ?? e.depth; t.n[ph]++;
        t.moves++; t.seconds += e.at - last;
        if (mem && args.ROOTS) appendFileSync(args.ROOTS, `${toFen(position)}\n`);
      }
      pending = null; last = e.at;
      position = applyPath(position, e.path);
    }
  });
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  const m = session.machine.cpu.mem;
  if (mem) { t.read += m[sym('KNRD')]!; t.passed += m[sym('KNSKP')]!; t.dropped += m[sym('KNDRP')]!; }
}

for (const which of STARTS) {
  const starts = which === 'probe' ? probeStarts(false) : ballotOrder(playable(readBallots(ACF_BALLOTS)), 1).slice(0, 6);
  const without = zero();
  for (const b of starts) await game(b, undefined, {}, without);
  const meanPly = (t: Tally, ph: Phase): number => t.ply[ph] / Math.max(1, t.n[ph]);
  console.log(`${which} (${starts.length} starts): without the memory ${(without.seconds / without.moves).toFixed(1)} s a move`);
  for (const band of BANDS) {
    const t = zero();
    for (const b of starts) await game(b, memory, { KBAND: band }, t);
    const row = PHASES.map((ph) => `${ph} ${t.hit[ph]}/${t.lk[ph]} (+${(meanPly(t, ph) - meanPly(without, ph)).toFixed(2)} ply)`).join(', ');
    console.log(`  ${band ? `band ${band}` : 'reading forward'}: ${row}; ${t.moves} moves, ${(t.seconds / t.moves).toFixed(1)} s a move; records read ${t.read}, passed over ${t.passed}, dropped ${t.dropped}`);
  }
}
