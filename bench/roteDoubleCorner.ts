// Two kings against one in the double corner with a rote memory (docs/checkers-rote.md, "Two kings
// against one"): does the program win B:WK1:BK14,K19 (19 plies with best play, bench/endgames.ts)?
// What does the memory hold for the ending (its boards of two kings against one, each beside the
// exact value)? Then the ending learnt by rote self-play from its own starts (Samuel's program
// learned end positions): positions of the ending with the single king in a double corner, the
// quickest wins first (a saved win then lets a later search see one 3 plies further, Fig. 3), and
// the test again. Every move is the 704's (`samuel704 selfplay`); the exact values only judge.
// Not part of `npm run bench`:
//   npx tsx bench/roteDoubleCorner.ts MEMORY.tap WORKDIR [starts a distance]

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { key, solve } from './endgames.ts';
import { BLACK_KING, parseFen, toFen, WHITE_KING, type Position } from '../test/checkers/reference.ts';
import { boardFen, readMemoryTape, SURE_SCORE } from '../src/checkers/rote/memoryTape.ts';
import { ballotOrder } from '../src/checkers/selfplay/openings.ts';

const TEST = 'B:WK1:BK14,K19';
const [memory, work, perDistance = '6'] = process.argv.slice(2);
if (!memory || !work) throw new Error('usage: npx tsx bench/roteDoubleCorner.ts MEMORY.tap WORKDIR [starts a distance]');
mkdirSync(work, { recursive: true });
const learnt = join(work, 'memory.tap');
if (!existsSync(learnt)) copyFileSync(memory, learnt);
const cli = (args: string[]): string => execFileSync(process.execPath, [...process.execArgv, join(import.meta.dirname, '..', 'src', 'cli', 'index.ts'), ...args], { encoding: 'utf8', maxBuffer: 2 ** 28 });

const solved = solve(parseFen(TEST));
console.log(`${TEST}: Black wins in ${solved.value} plies with best play (${solved.positions} positions reachable): ${solved.line.join(' ')}`);
const only = (p: Position, kind: number): number[] => p.squares.flatMap((q, s) => (q === kind ? [s] : []));
const twoAgainstOne = (p: Position): boolean => only(p, BLACK_KING).length === 2 && only(p, WHITE_KING).length === 1 && p.squares.filter((q) => q !== 0).length === 3;

/** The test game on a copy of the learnt memory (the test teaches nothing). */
function test(label: string): void {
  const copy = join(work!, 'test.tap');
  copyFileSync(learnt, copy);
  const g = (JSON.parse(cli(['selfplay', '--fen', TEST, '--memory', copy, '--json'])) as { games: { result: string; over: string; plies: number; moves: string[]; rote?: { hits: number } }[] }).games[0]!;
  console.log(`${label}: ${g.over} (${g.result}, ${g.plies} plies, ${g.rote?.hits ?? 0} hits): ${g.moves.join(' ')}`);
}

/** What the learnt memory holds of the ending: its boards of two kings against one, beside the exact value. */
function held(label: string): void {
  const rows: { fen: string; score: number; ply: number; exact: number | null }[] = [];
  for (const r of readMemoryTape(learnt).records) {
    if (r.fields.pieces !== 3 || r.fields.giveaway) continue;
    for (const b of r.boards) {
      const p = parseFen(boardFen(b));
      if (!twoAgainstOne(p)) continue;
      rows.push({ fen: boardFen(b), score: b.score, ply: b.ply, exact: solved.reached.has(key(p)) ? solved.values.get(key(p)) ?? null : solve(p).value });
    }
  }
  const wins = rows.filter((r) => r.score > SURE_SCORE);
  const exactWins = rows.filter((r) => r.exact !== null && r.exact > 0);
  console.log(`${label}: ${rows.length} boards of two kings against one (side to move with the kings); exact: ${exactWins.length} wins, ${rows.length - exactWins.length} draws or losses; scored a sure win: ${wins.length}`);
  const corner = rows.filter((r) => [1, 5, 28, 32].includes(only(parseFen(r.fen), WHITE_KING)[0]!));
  for (const r of corner.slice(0, 12)) console.log(`  ${r.fen}: saved ${r.score > SURE_SCORE ? `WIN (${r.score})` : r.score} at ply ${r.ply}; exact ${r.exact === null ? 'draw' : `win in ${r.exact}`}`);
  if (corner.length > 12) console.log(`  ... ${corner.length - 12} more with the single king in a double corner`);
}

test('with the memory as built');
held('the memory as built');
// the ending's starts: the single king in a double corner, Black's two kings to move, by exact distance
const starts = [...solved.reached.values()].filter((p) => p.blackToMove && twoAgainstOne(p) && [1, 5, 28, 32].includes(only(p, WHITE_KING)[0]!));
const byDistance = new Map<number, Position[]>();
for (const p of starts) {
  const d = solved.values.get(key(p));
  if (d !== undefined && d > 0) byDistance.set(d, [...(byDistance.get(d) ?? []), p]);
}
let games = 0;
for (const d of [...byDistance.keys()].sort((a, b) => a - b)) {
  const pick = ballotOrder(byDistance.get(d)!, d).slice(0, Number(perDistance));
  const file = join(work, `starts-${d}.tsv`);
  writeFileSync(file, pick.map((p, i) => `${i + 1}\tend\tendgame\twin in ${d}\t${toFen(p)}`).join('\n') + '\n');
  cli(['selfplay', '--memory', learnt, '--openings', file, '--seed', '1', '--games', String(pick.length), '--quiet']);
  games += pick.length;
  console.log(`learnt from ${pick.length} starts won in ${d} plies (${games} games so far)`);
}
held('after learning the ending');
test('after learning the ending');

