// Two kings against one learnt by rote, pass by pass (src/checkers/rote/kingsEnding.ts;
// docs/checkers-rote.md, "Two kings against one: passes of one-move self-play"), with the exact
// values beside the 704's (bench/endgames.ts: the exact values only judge, they choose nothing).
// Each pass: one move by the 704 from every position of the ending; then what the memory holds of
// the ending and the test game B:WK1:BK14,K19 (on a copy), with the look-ups and hits of each
// side's searches. WORD=VALUE sets a data word at the console for the passes and the test (KRPM=1000).
// Not part of `npm run bench`:
//   npx tsx bench/roteKings.ts WORKDIR [passes] [WORD=VALUE ...]

import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { key, solve } from './endgames.ts';
import { parseFen, type Position } from '../test/checkers/reference.ts';
import { KINGS_TEST, kingsEndingStarts, kingsHeld, kingsPass, kingsTest, type KingsRun } from '../src/checkers/rote/kingsEnding.ts';

const exactValues = new Map<string, number | null>();
/** The exact value of a position (plies, + a win for the side to move), solved once per closed set. */
function exactValue(p: Position): number | null {
  const k = key(p);
  if (!exactValues.has(k)) {
    const s = solve(p);
    for (const q of s.reached.keys()) exactValues.set(q, s.values.get(q) ?? null);
  }
  return exactValues.get(k) ?? null;
}

const bySide = (r: KingsRun, side: 'black' | 'white'): string => {
  const s = r.searches.filter((x) => x.side === side);
  return `${side} ${s.length} searches, ${s.reduce((a, x) => a + x.hits, 0)} hits of ${s.reduce((a, x) => a + x.lookups, 0)} look-ups`;
};

const args = process.argv.slice(2);
const [work, passesText = '6'] = args.filter((a) => !a.includes('='));
if (!work) throw new Error('usage: npx tsx bench/roteKings.ts WORKDIR [passes] [WORD=VALUE ...]');
const words: Record<string, number> = Object.fromEntries(args.filter((a) => a.includes('=')).map((a) => [a.split('=')[0]!, Number(a.split('=')[1])]));
mkdirSync(work, { recursive: true });
const memory = join(work, 'memory.tap');
const starts = kingsEndingStarts();
console.log(`${KINGS_TEST}: exact win in ${solve(parseFen(KINGS_TEST)).value} plies; ${starts.length} starts a pass; words ${JSON.stringify(words)}`);
for (let pass = 1; pass <= Number(passesText); pass++) {
  const r = await kingsPass(memory, starts, words);
  const h = kingsHeld(memory);
  const exact = h.list.map((b) => exactValue(parseFen(b.fen)));
  const sureRight = h.list.filter((b, i) => (b.score > 2 ** 30 - 64 && (exact[i] ?? 0) > 0) || (b.score < -(2 ** 30 - 64) && (exact[i] ?? 0) < 0)).length;
  const copy = join(work, 'test.tap');
  copyFileSync(memory, copy);
  const t = await kingsTest(copy, words);
  rmSync(copy, { force: true });
  const g = t.games[0]!;
  console.log(`pass ${pass}: ${r.games.length} games, ${r.moves} moves, ${r.hits} hits of ${r.lookups} look-ups, ${r.merges} merges, 704 time ${r.seconds.toFixed(0)} s, wall ${r.wallSeconds.toFixed(1)} s`);
  console.log(`  memory: ${h.boards} boards of the ending in ${h.records} records (largest ${h.largestRecord}; ${h.kingsToMove} kings to move, ${h.loneToMove} the lone king, its first record the ${h.firstLoneRecord}th of ${h.threePieceRecords} of three pieces); sure wins ${h.sureWins}, sure losses ${h.sureLosses} (${sureRight} agree with the exact value); exact wins ${exact.filter((v) => v !== null && v > 0).length}, losses ${exact.filter((v) => v !== null && v < 0).length}; ages ${Math.min(...h.list.map((b) => b.age))}-${Math.max(...h.list.map((b) => b.age))}`);
  console.log(`  test ${KINGS_TEST}: ${g.over} after ${g.moves.length} plies (${bySide(t, 'black')}; ${bySide(t, 'white')}): ${g.moves.join(' ')}`);
  writeFileSync(join(work, `pass-${pass}.json`), JSON.stringify({ pass, words, run: { ...r, games: r.games.length, searches: undefined }, held: { ...h, list: undefined }, test: { over: g.over, plies: g.moves.length, moves: g.moves, searches: t.searches } }, null, 1));
}
