// What a ply-3 look-up needs (docs/checkers-rote.md, "The band reading"): for each position a search
// starts from (Tinsley's games, or FEN lines from a file such as bench/roteBand.ts ROOTS= writes), every
// quiet position three plies on (no jump pending: the search would go on), in standard form, against
// the boards on a memory: how many are on it, by phase and side, how many lie in the band KFWD reads (the
// pieces, advantage and kings of the position seen by the other side, the move O changed, the row moment
// one lower: roteharness's `band`), their fields against it, and how many boards of the memory the two
// bands KFWD reads a move (this search's and the next's) and the forward reading's window hold.
// Every line is counted, not only those the search's cutoffs leave. Host arithmetic only, no 704:
//   npx tsx bench/rotePlyThree.ts MEMORY [GAMES=1,2,3,4,5,6 | ROOTS=FILE]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { legalMoves, parseFen as referenceFen, type Position } from '../test/checkers/reference.ts';
import { band, nextBand, standardForm } from '../test/checkers/roteharness.ts';
import { parsePdn } from '../src/checkers/notation/pdn.ts';
import { applyPath, parseFen, startPosition, toFen } from '../src/checkers/notation/board.ts';
import { decodeKey, readMemory } from '../src/checkers/rote/memoryTape.ts';
import { packageRoot } from '../src/host/stateFolder.ts';
import { phaseOf, type Phase } from '../src/reproduce/experiments/samuelRote.ts';

const [memory, ...rest] = process.argv.slice(2);
if (!memory) throw new Error('usage: bench/rotePlyThree.ts MEMORY [GAMES=1,2,3 | ROOTS=FILE]');
const args = Object.fromEntries(rest.map((a) => a.split('=') as [string, string]));

const tape = readMemory(memory);
const onTape = new Set<string>();
const boardsOf = new Map<number, number>(); // boards by key/2^10 (G N A K O M1)
const windowOf = new Map<string, number>(); // boards by pieces/advantage/kings
for (const r of tape.records) {
  const f = r.fields;
  const h = Math.floor(r.key / 1024);
  boardsOf.set(h, (boardsOf.get(h) ?? 0) + r.boards.length);
  windowOf.set(`${f.pieces}/${f.advantage}/${f.kings}`, (windowOf.get(`${f.pieces}/${f.advantage}/${f.kings}`) ?? 0) + r.boards.length);
  for (const b of r.boards) onTape.add(`${r.key}:${b.w1}:${b.w2}:${b.w3}`);
}

function roots(): string[] {
  if (args.ROOTS) return [...new Set(readFileSync(args.ROOTS, 'utf8').trim().split('\n'))];
  const games = parsePdn(readFileSync(join(packageRoot(), 'data', 'tinsley.pdn'), 'latin1'), 'tinsley.pdn').games;
  return (args.GAMES ?? '1,2,3,4,5,6').split(',').map(Number).flatMap((n) => {
    const g = games[n - 1]!;
    let pos = g.fen ? parseFen(g.fen) : startPosition();
    return g.moves.map((m) => { const fen = toFen(pos); pos = applyPath(pos, m.path); return fen; });
  });
}

const tally = new Map<string, number>();
const add = (k: string, n = 1): void => { tally.set(k, (tally.get(k) ?? 0) + n); };
const list = roots();
let quiet = 0;
for (const fen of list) {
  const root = referenceFen(fen);
  const other = decodeKey(standardForm({ squares: root.squares, blackToMove: !root.blackToMove }).key);
  const phase: Phase = phaseOf(other.pieces);
  const mine = band(root);
  add('band boards', (boardsOf.get(mine) ?? 0) + (boardsOf.get(nextBand(root)) ?? 0));
  for (let d = 0; d <= 2; d++) add('window boards', windowOf.get(`${other.pieces - d}/${other.advantage}/${other.kings}`) ?? 0);
  const side = root.blackToMove ? 'Black' : 'White';
  const seen = new Set<string>();
  const walk = (p: Position, ply: number): void => {
    const moves = legalMoves(p);
    if (ply < 3) { for (const m of moves) walk(m.result, ply + 1); return; }
    if (moves.some((m) => m.captures.length > 0)) return;
    const s = standardForm(p);
    const id = `${s.key}:${s.w1}:${s.w2}:${s.w3}`;
    if (seen.has(id)) return;
    seen.add(id);
    quiet++;
    if (!onTape.has(id)) return;
    const f = decodeKey(s.key);
    add(`${phase} on the tape`);
    add(`${side} on the tape`);
    const inBand = Math.floor(s.key / 1024) === mine ? 1 : 0;
    add(`${phase} in the band`, inBand);
    add(`${side} in the band`, inBand);
    if (f.pieces === other.pieces && f.advantage === other.advantage && f.kings === other.kings && f.opposition !== other.opposition) {
      add(`M1 ${f.rowMoment - other.rowMoment > 0 ? '+' : ''}${f.rowMoment - other.rowMoment}`);
    } else add(`pieces ${other.pieces - f.pieces} fewer, ${f.advantage === other.advantage ? 'same' : 'other'} advantage`);
  }
  walk(root, 0);
}
const t = (k: string): number => tally.get(k) ?? 0;
console.log(`${list.length} positions searched from; ${quiet} quiet positions at ply 3, ${(['opening', 'midgame', 'endgame'] as const).reduce((s, p) => s + t(`${p} on the tape`), 0)} on the tape`);
for (const p of ['opening', 'midgame', 'endgame']) console.log(`  ${p}: ${t(`${p} on the tape`)} on the tape, ${t(`${p} in the band`)} in the band`);
console.log(`  on the tape, by the band's fields: ${[...tally].filter(([k]) => k.startsWith('M1') || k.startsWith('pieces')).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}: ${n}`).join('; ')}`);
console.log(`  by the side to move at the root: ${['Black', 'White'].map((x) => `${x} ${t(`${x} on the tape`)} on the tape, ${t(`${x} in the band`)} in the band`).join('; ')}`);
console.log(`boards a move: the two bands ${(t('band boards') / list.length).toFixed(0)}, the window N..N-2 with that advantage and kings ${(t('window boards') / list.length).toFixed(0)} (the pool: 800)`);
