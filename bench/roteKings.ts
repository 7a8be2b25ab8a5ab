// Two kings against one learnt by rote, pass by pass (src/checkers/rote/kingsEnding.ts;
// docs/checkers-rote.md, "Two kings against one: passes of one-move self-play"), with the exact
// values beside the 704's (bench/endgames.ts: the exact values only judge, they choose nothing).
// Each pass: one move by the 704 from every position of the ending; then what the memory holds of
// the ending and the test game B:WK1:BK14,K19 (on a copy), with the look-ups and hits of each
// side's searches, and the program (Black) against White's best defence by the exact values. WORD=VALUE sets a data word at the console for the passes and the test (KRPM=1000).
// Not part of `npm run bench`:
//   npx tsx bench/roteKings.ts WORKDIR [passes] [WORD=VALUE ...]

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { key, solve } from './endgames.ts';
import { legalMoves, parseFen, type Position } from '../test/checkers/reference.ts';
import { standardForm } from '../test/checkers/roteharness.ts';
import { readMemoryTape, SURE_SCORE } from '../src/checkers/rote/memoryTape.ts';
import { range } from '../src/checkers/rote/tapeJson.ts';
import { KINGS_TEST, kingsEndingStarts, kingsHeld, kingsPass, kingsTest, kingsTestAgainst, sideTotals, type KingsRun } from '../src/checkers/rote/kingsEnding.ts';

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

const pathOf = (m: { path: number[]; captures: unknown[] }): string => m.path.join(m.captures.length ? 'x' : '-');
/** White's best defence by the exact values: a win for White, else a draw, else the longest loss (the first such move in the list). */
function bestDefence(moves: string[]): string {
  let p = parseFen(KINGS_TEST);
  for (const mv of moves) p = legalMoves(p).find((m) => pathOf(m) === mv)!.result;
  const rank = (q: Position): number => { const v = exactValue(q); return v === null ? 0 : v > 0 ? v - 1000 : 1000 - v; }; // v: Black to move
  const ms = legalMoves(p);
  return pathOf(ms.reduce((best, m) => (rank(m.result) > rank(best.result) ? m : best)));
}

const bySide = (r: KingsRun, side: 'black' | 'white'): string => {
  const s = sideTotals(r, side);
  return `${side} ${s.searches} searches, ${s.hits} hits of ${s.lookups} look-ups`;
};

const args = process.argv.slice(2);
const [work, passesText = '6'] = args.filter((a) => !a.includes('='));
if (!work) throw new Error('usage: npx tsx bench/roteKings.ts WORKDIR [passes] [WORD=VALUE ...]');
const words: Record<string, number> = Object.fromEntries(args.filter((a) => a.includes('=')).map((a) => [a.split('=')[0]!, Number(a.split('=')[1])]));
mkdirSync(work, { recursive: true });
const memory = join(work, 'memory.tap');
const starts = kingsEndingStarts();
let lastTest: KingsRun | null = null; // the test game after the last pass, read again below
console.log(`${KINGS_TEST}: exact win in ${solve(parseFen(KINGS_TEST)).value} plies; ${starts.length} starts a pass; words ${JSON.stringify(words)}`);
for (let pass = 1; pass <= Number(passesText); pass++) {
  const r = await kingsPass(memory, starts, words);
  const h = kingsHeld(memory);
  const exact = h.list.map((b) => exactValue(parseFen(b.fen)));
  const [ages, plies] = [range(h.list.map((b) => b.age)), range(h.list.map((b) => b.ply))];
  const sureRight = h.list.filter((b, i) => (b.score > SURE_SCORE && (exact[i] ?? 0) > 0) || (b.score < -SURE_SCORE && (exact[i] ?? 0) < 0)).length;
  const byDistance = new Map<string, number>();
  h.list.forEach((b, i) => {
    if (Math.abs(b.score) <= SURE_SCORE) return;
    const d = `${b.score > 0 ? 'win' : 'loss'} ${exact[i] === null ? 'draw' : Math.abs(exact[i]!)}`;
    byDistance.set(d, (byDistance.get(d) ?? 0) + 1);
  });
  const t = await kingsTest(memory, words);
  lastTest = t;
  const g = t.games[0]!;
  console.log(`pass ${pass}: ${r.games.length} games, ${r.moves} moves, ${r.hits} hits of ${r.lookups} look-ups, ${r.merges} merges, 704 time ${r.seconds.toFixed(0)} s, wall ${r.wallSeconds.toFixed(1)} s`);
  console.log(`  memory: ${h.boards} boards of the ending in ${h.records} records (largest ${h.largestRecord}; ${h.kingsToMove} kings to move, ${h.loneToMove} the lone king, its first record the ${h.firstLoneRecord}th of ${h.threePieceRecords} of three pieces); sure wins ${h.sureWins}, sure losses ${h.sureLosses}, of them at the farthest, 63 plies (KPACK keeps one counted past 64 so) ${h.farWins} and ${h.farLosses}, wins and losses at the ordinary cap 2^20 - 65 (past 64 plies before session 8) ${h.cappedWins} and ${h.cappedLosses} (${sureRight} agree with the exact value); exact wins ${exact.filter((v) => v !== null && v > 0).length}, losses ${exact.filter((v) => v !== null && v < 0).length}; ages ${ages?.min}-${ages?.max}, effective plies ${plies?.min}-${plies?.max}`);
  console.log(`  sure scores by exact distance: ${[...byDistance].sort((a, b) => a[0].localeCompare(b[0]) || Number(a[0].split(' ')[1]) - Number(b[0].split(' ')[1])).map(([d, n]) => `${d}: ${n}`).join(', ')}`);
  console.log(`  test ${KINGS_TEST}: ${g.over} after ${g.moves.length} plies (${bySide(t, 'black')}; ${bySide(t, 'white')}): ${g.moves.join(' ')}`);
  const d = await kingsTestAgainst(memory, bestDefence, words);
  const dg = d.games[0]!;
  console.log(`  against best defence (the host plays White's exact best reply): ${dg.over} after ${dg.moves.length} plies (${bySide(d, 'black')}): ${dg.moves.join(' ')}`);
  writeFileSync(join(work, `pass-${pass}.json`), JSON.stringify({ pass, words, run: { ...r, games: r.games.length, searches: undefined }, held: { ...h, list: undefined }, test: { over: g.over, plies: g.moves.length, moves: g.moves, searches: t.searches } }, null, 1));
}

// What a search on the exact line would need in core: for each position of the best line with Black
// (the two kings) to move, the boards at ply 3 (every Black move, White reply, Black move: the lone
// king to move, where SNODE looks up), their keys, and the tape's records of those keys with their boards.
{
  const tape = readMemoryTape(memory).records;
  const byKey = new Map(tape.map((r, i) => [r.key, { index: i, boards: r.boards.length }]));
  const solved = solve(parseFen(KINGS_TEST));
  let pos = parseFen(KINGS_TEST);
  const rows: string[] = [];
  for (const [i, mv] of solved.line.entries()) {
    if (pos.blackToMove) {
      const boards = new Set<string>();
      const keys = new Set<number>();
      for (const a of legalMoves(pos)) for (const b of legalMoves(a.result)) for (const c of legalMoves(b.result)) {
        boards.add(key(c.result));
        keys.add(standardForm(c.result).key);
      }
      const recs = [...keys].map((k) => byKey.get(k)).filter((x) => x !== undefined);
      if (recs.length) rows.push(`ply ${i + 1}: ${boards.size} boards at ply 3, ${keys.size} keys, ${recs.length} records on tape (${recs.reduce((s, r) => s + r!.boards, 0)} boards; record numbers ${Math.min(...recs.map((r) => r!.index))}-${Math.max(...recs.map((r) => r!.index))} of ${tape.length})`);
    }
    pos = legalMoves(pos).find((m) => m.path.join(m.captures.length ? 'x' : '-') === mv)!.result;
  }
  console.log(`what Black's searches on the exact line look up at ply 3 (the pool holds at most 800 boards, the changes 400):\n  ${rows.join('\n  ')}`);
}

// The boards of the test game's line as the memory holds them (saved score and effective ply beside the exact value).
{
  const boards = new Map<string, { score: number; ply: number }>();
  for (const r of readMemoryTape(memory).records) for (const b of r.boards) boards.set(`${b.w1}/${b.w2}/${b.w3}`, { score: b.score, ply: b.ply });
  const t = lastTest ?? (await kingsTest(memory, words));
  let pos = parseFen(KINGS_TEST);
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const mv of ['', ...t.games[0]!.moves]) {
    if (mv) pos = legalMoves(pos).find((m) => m.path.join(m.captures.length ? 'x' : '-') === mv)!.result;
    const s = standardForm(pos);
    const k = `${s.w1}/${s.w2}/${s.w3}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const b = boards.get(k);
    rows.push(`${key(pos)}: saved ${b ? `${b.score} at ply ${b.ply}` : 'not on tape'}; exact ${exactValue(pos) ?? 'draw'}`);
  }
  console.log(`the test game's positions in the memory:\n  ${rows.join('\n  ')}`);
}

// How much of a search's quiet ply-3 boards the band reading has in core: over every start, the
// boards three quiet moves on whose key/2^10 is the search's band (the root seen by the other side,
// O changed, M1 one lower: rote.sap KFBD), and the keys those boards spread over.
{
  const tot: Record<string, { boards: number; inBand: number; keys: number; searches: number }> = {};
  for (const f of starts) {
    const root = parseFen(f);
    const band = Math.floor((standardForm({ ...root, blackToMove: !root.blackToMove }).key ^ 2 ** 20) / 1024) - 1;
    const keys = new Set<number>();
    const t = (tot[f[0]!] ??= { boards: 0, inBand: 0, keys: 0, searches: 0 });
    for (const a of legalMoves(root)) if (!a.captures.length) for (const b of legalMoves(a.result)) if (!b.captures.length) for (const c of legalMoves(b.result)) {
      if (c.captures.length) continue;
      const k = Math.floor(standardForm(c.result).key / 1024);
      keys.add(k);
      t.boards++;
      if (k === band) t.inBand++;
    }
    t.keys += keys.size;
    t.searches++;
  }
  for (const [side, t] of Object.entries(tot)) console.log(`band coverage, ${side === 'B' ? 'the kings' : 'the lone king'} to move: ${t.inBand} of ${t.boards} quiet ply-3 boards in the search's band (${((100 * t.inBand) / t.boards).toFixed(1)} %), ${(t.keys / t.searches).toFixed(1)} keys a search`);
}
