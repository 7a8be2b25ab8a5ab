// The ageing experiment of docs/checkers-rote.md: Samuel's refreshing and forgetting ("each new
// board position ... is arbitrarily assigned an age. When reference is made to a stored board
// position ... the age ... is divided by two ... aged by one unit at the memory merge times ...
// When the age ... reaches an arbitrary maximum value this board position is expunged") replayed
// over the stream of boards that book learning saves from a PDN file, in the program's order: every
// position a side moves from in standard form (colours reversed when White moves), a merge every
// 20 saved boards (KMGN) and at each game end. For each new age and maximum it prints the boards
// left at the end, the references that found their board still remembered (what the memory is
// for) and those that came after it was forgotten. The host only counts here; the 704 program does
// the ageing (rote.sap KMERGE).
//   npx tsx bench/roteAgeing.ts [PDN] [--repeat N]

import { readFileSync } from 'node:fs';
import { applyPath, type Position } from '../src/checkers/notation/board.ts';
import { parsePdn } from '../src/checkers/notation/pdn.ts';

const args = process.argv.slice(2);
const repeatAt = args.indexOf('--repeat');
const repeat = repeatAt >= 0 ? Number(args.splice(repeatAt, 2)[1]) : 1;
const file = args[0] ?? 'data/tinsley.pdn';
const MERGE_EVERY = 20;

/** A board as the memory saves it: the side to move's pieces first (a White-to-move board turned round). */
function standard(p: Position): string {
  const sq = p.squares;
  const cells: string[] = [];
  for (let s = 1; s <= 32; s++) {
    const q = p.toMove === 'black' ? sq[s] : sq[33 - s];
    cells.push(q === null || q === undefined ? '.' : p.toMove === 'black' ? q : q === 'b' ? 'w' : q === 'w' ? 'b' : q === 'B' ? 'W' : 'B');
  }
  return cells.join('');
}

/** The boards book learning saves, game by game. */
function stream(): string[][] {
  const games = parsePdn(readFileSync(file, 'latin1'), file).games;
  const out: string[][] = [];
  for (const g of games) {
    let p = g.start;
    const boards: string[] = [];
    try {
      for (const m of g.moves) {
        boards.push(standard(p));
        p = applyPath(p, m.path);
      }
    } catch { /* a game the notation cannot follow ends there, as the 704's book would */ }
    out.push(boards);
  }
  return out;
}

interface Result { kept: number; found: number; lost: number; merges: number; saves: number }

function simulate(games: readonly string[][], age0: number, ageMax: number): Result {
  const age = new Map<string, number>();
  const seen = new Set<string>();
  let found = 0;
  let lost = 0;
  let merges = 0;
  let saves = 0;
  let sinceMerge = 0;
  const merge = (): void => {
    merges++;
    sinceMerge = 0;
    for (const [b, a] of age) {
      if (a + 1 >= ageMax) age.delete(b);
      else age.set(b, a + 1);
    }
  };
  for (let r = 0; r < repeat; r++) {
    for (const g of games) {
      for (const b of g) {
        saves++;
        const a = age.get(b);
        if (a !== undefined) { found++; age.set(b, Math.floor(a / 2)); }
        else { if (seen.has(b)) lost++; age.set(b, age0); seen.add(b); }
        if (++sinceMerge === MERGE_EVERY) merge();
      }
      if (sinceMerge > 0) merge();
    }
  }
  return { kept: age.size, found, lost, merges, saves };
}

const games = stream();
const distinct = new Set(games.flat()).size;
console.log(`${file}${repeat > 1 ? ` x${repeat}` : ''}: ${games.length} games, ${games.flat().length * repeat} boards saved, ${distinct} distinct`);
console.log('   age0   max  unused lives  kept at end  references found  lost (forgotten before)');
for (const [a0, mx] of [[8, 16], [32, 64], [128, 256], [512, 1024], [1024, 2048], [2048, 4096], [4096, 8192], [8192, 16384]] as const) {
  const r = simulate(games, a0, mx);
  console.log(`  ${String(a0).padStart(5)} ${String(mx).padStart(5)}  ${String(mx - a0).padStart(6)} merges  ${String(r.kept).padStart(11)}  ${String(r.found).padStart(16)}  ${String(r.lost).padStart(8)}   (${r.merges} merges)`);
}
