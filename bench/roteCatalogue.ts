// The catalogue experiment of docs/checkers-rote.md: how coarse the key's two first moments must be
// for Samuel's records that hold many boards. For each coarsening (the row moment M1 and the
// diagonal moment M2 taken in buckets of 2^q1 and 2^q2 — rote.sap's KMQ1 and KMQ2) it groups a set
// of boards by key and prints records, boards a record, the largest record, and the words a board
// in the tape layout (KEY, then n boards of L+1 words). The boards: every distinct position of a
// PDN file's games (keyed by the tests' independent statement of Samuel's rules, roteharness.ts),
// and the boards of any memory tape images named.
//   npx tsx bench/roteCatalogue.ts [--pdn FILE] [TAPE ...]

import { readFileSync } from 'node:fs';
import { applyPath, type Position } from '../src/checkers/notation/board.ts';
import { parsePdn } from '../src/checkers/notation/pdn.ts';
import { readMemoryTape } from '../src/checkers/rote/memoryTape.ts';
import { BLACK_KING, BLACK_MAN, EMPTY, WHITE_KING, WHITE_MAN, type Position as RefPosition } from '../test/checkers/reference.ts';
import { MOMENT_BUCKETS, standardForm } from '../test/checkers/roteharness.ts';

interface Board { id: string; key: number; kings: boolean }

const PIECE = { b: BLACK_MAN, B: BLACK_KING, w: WHITE_MAN, W: WHITE_KING } as const;
const toRef = (p: Position): RefPosition => ({ squares: p.squares.map((q) => (q ? PIECE[q] : EMPTY)), blackToMove: p.toMove === 'black' });

/** The distinct boards book learning would save from a PDN file, keyed with exact moments. */
function pdnBoards(file: string): Board[] {
  const saved = MOMENT_BUCKETS.row;
  const savedD = MOMENT_BUCKETS.diagonal;
  MOMENT_BUCKETS.row = 0;
  MOMENT_BUCKETS.diagonal = 0;
  const boards = new Map<string, Board>();
  for (const g of parsePdn(readFileSync(file, 'latin1'), file).games) {
    let p = g.start;
    try {
      for (const m of g.moves) {
        const f = standardForm(toRef(p));
        const id = `${f.w1},${f.w2},${f.w3}`;
        boards.set(id, { id, key: f.key, kings: f.w3 !== 0 });
        p = applyPath(p, m.path);
      }
    } catch { /* a game the notation cannot follow ends there */ }
  }
  MOMENT_BUCKETS.row = saved;
  MOMENT_BUCKETS.diagonal = savedD;
  return [...boards.values()];
}

function tapeBoards(path: string): Board[] {
  return readMemoryTape(path).records.flatMap((r) => r.boards.map((b) => ({ id: `${b.w1},${b.w2},${b.w3}`, key: r.key, kings: r.fields.kings })));
}

function table(name: string, boards: readonly Board[]): void {
  const kingBoards = boards.filter((b) => b.kings).length;
  console.log(`${name}: ${boards.length} boards, ${((100 * kingBoards) / boards.length).toFixed(1)} % with kings`);
  console.log('  q1 q2   records  boards/record  largest  words/board');
  for (let q1 = 0; q1 <= 4; q1++) {
    for (let q2 = 0; q2 <= 4; q2++) {
      const mask = BigInt(2 ** 36 - 1 - ((2 ** q1 - 1) * 1024 + (2 ** q2 - 1)));
      const groups = new Map<number, { n: number; kings: boolean }>();
      for (const b of boards) {
        const k = Number(BigInt(b.key) & mask);
        const g = groups.get(k) ?? { n: 0, kings: b.kings };
        g.n++;
        groups.set(k, g);
      }
      const sizes = [...groups.values()];
      const words = sizes.reduce((t, g) => t + 1 + g.n * (g.kings ? 4 : 3), 0);
      console.log(`  ${String(q1).padStart(2)} ${String(q2).padStart(2)}  ${String(sizes.length).padStart(8)}  ${(boards.length / sizes.length).toFixed(2).padStart(13)}  ${String(Math.max(...sizes.map((g) => g.n))).padStart(7)}  ${(words / boards.length).toFixed(3).padStart(11)}`);
    }
  }
}

const args = process.argv.slice(2);
const pdnAt = args.indexOf('--pdn');
const pdn = pdnAt >= 0 ? args.splice(pdnAt, 2)[1]! : args.length === 0 ? 'data/tinsley.pdn' : undefined;
if (pdn) table(`${pdn} (every distinct position)`, pdnBoards(pdn));
for (const t of args) table(t, tapeBoards(t));
