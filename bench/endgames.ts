// Exact values of small endings, to say with figures why the 704 program does not win them
// (docs/checkers-search.md, "Two kings against one" and "First Position"). A retrograde
// solution over every position reachable from the start, by the independent reference move
// generator of the tests (test/checkers/reference.ts), not by the 704: the side to move that
// cannot move loses (English draughts); the distance is in plies with best play on both sides
// (the winner takes the shortest win, the loser the longest defence). Not part of `npm run bench`:
//   npx tsx bench/endgames.ts [FEN ...]

import { pathToFileURL } from 'node:url';
import { legalMoves, parseFen, toFen, type Position } from '../test/checkers/reference.ts';

export const key = (p: Position): string => `${p.blackToMove ? 'B' : 'W'}${p.squares.slice(1).join('')}`;

interface Solved {
  positions: number;
  value: number | null;
  line: string[];
  /** Every reachable position's value by its key (absent: drawn). */
  values: Map<string, number>;
  /** Every reachable position by its key. */
  reached: Map<string, Position>;
}

/** value: plies to the end with best play, positive when the side to move wins, negative when it loses, null when drawn. */
export function solve(start: Position): Solved {
  const nodes = new Map<string, { pos: Position; next: string[]; paths: string[] }>();
  const todo = [start];
  nodes.set(key(start), { pos: start, next: [], paths: [] });
  while (todo.length) {
    const pos = todo.pop()!;
    const n = nodes.get(key(pos))!;
    for (const m of legalMoves(pos)) {
      const k = key(m.result);
      n.next.push(k);
      n.paths.push(m.path.join(m.captures.length ? 'x' : '-'));
      if (!nodes.has(k)) {
        nodes.set(k, { pos: m.result, next: [], paths: [] });
        todo.push(m.result);
      }
    }
  }
  const value = new Map<string, number>();
  for (const [k, n] of nodes) if (n.next.length === 0) value.set(k, 0); // lost now: 0 plies to a loss
  // A loss is stored as -d (d even, 0 = no move now), a win as +d (d odd).
  // Round r settles distance r; two rounds in a row with nothing new end it (a win at d needs a
  // loss at d-1, a loss at d a win at d-1), and what is left is drawn.
  for (let r = 1, empty = 0; empty < 2; r++) {
    let changed = false;
    for (const [k, n] of nodes) {
      if (value.has(k)) continue;
      const vs = n.next.map((x) => value.get(x));
      if (r % 2 === 1 && vs.some((v) => v !== undefined && v <= 0 && -v === r - 1)) { value.set(k, r); changed = true; }
      else if (r % 2 === 0 && vs.every((v) => v !== undefined && v > 0) && Math.max(...(vs as number[])) === r - 1) { value.set(k, -r); changed = true; }
    }
    empty = changed ? 0 : empty + 1;
  }
  // the principal line: the winner's quickest, the loser's longest
  const line: string[] = [];
  let k = key(start);
  for (let v = value.get(k); v !== undefined && v !== 0 && line.length < 200; v = value.get(k)) {
    const n = nodes.get(k)!;
    const want = v > 0 ? -(v - 1) : v < 0 ? -v - 1 : null;
    const i = n.next.findIndex((x) => value.get(x) === want);
    line.push(n.paths[i]!);
    k = n.next[i]!;
  }
  const v = value.get(key(start));
  return { positions: nodes.size, value: v ?? null, line, values: value, reached: new Map([...nodes].map(([k, n]) => [k, n.pos])) };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const fens = process.argv.slice(2).length ? process.argv.slice(2) : ['B:WK1:BK14,K19', 'W:WK15,20:BK28,12'];
  for (const fen of fens) {
    const s = solve(parseFen(fen));
    const side = parseFen(fen).blackToMove ? 'Black' : 'White';
    const what = s.value === null ? 'a draw' : s.value > 0 ? `${side} wins in ${s.value} plies` : `${side} loses in ${-s.value} plies`;
    console.log(`${toFen(parseFen(fen))}: ${what} (${s.positions} positions reachable)`);
    if (s.line.length) console.log(`  best play: ${s.line.join(' ')}`);
  }
}
