// Where a rote self-play game's time goes (docs/checkers-rote.md, "The 53,000-board build"): one
// game as `selfplay --rote` plays it, on a copy of a memory tape, first untraced (its wall time, and
// the 704 time the run took), then one instruction at a time with every cycle charged to the
// source file and the label before it - 704 time in the search against the rote routines (the
// look-ups, reading forward, the merges of the whole tape), tape waits included. Not part of
// `npm run bench` (a traced game takes a minute or more):
//   npx tsx bench/roteProfile.ts MEMORY.tap [FEN]
// (FEN: the start; default the standard start).

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckersSession } from '../src/checkers/program/session.ts';
import { checkersAssembly } from '../src/checkers/program/deck.ts';
import { attachMemoryTapes } from '../src/checkers/rote/memoryTape.ts';
import { setupCards } from '../src/checkers/notation/pdn.ts';

const [memory, fen] = process.argv.slice(2);
if (!memory) throw new Error('usage: npx tsx bench/roteProfile.ts MEMORY.tap [FEN]');
const cards = ['*ROTE ON', ...(fen ? setupCards(fen) : []), '*SELF', '*ROTE OFF', '*END'];
const asm = checkersAssembly();
const labels = [...asm.symbols].filter(([, a]) => asm.image.has(a)).sort((a, b) => a[1] - b[1]);
const fileOf = new Map<number, string>();
for (const a of asm.assemblies) for (const [addr, card] of a.sourceMap) fileOf.set(addr, card.file.replace(/^.*\//, ''));
const labelOf = new Array<string>(32768).fill('');
for (let a = 0, j = -1; a < 32768; a++) {
  while (j + 1 < labels.length && labels[j + 1]![1] <= a) j++;
  labelOf[a] = j >= 0 ? labels[j]![0] : '';
}

/** One game on a fresh copy of the memory; `trace` charges each instruction's cycles. */
async function game(trace: ((loc: number, cycles: number) => void) | null): Promise<{ wall: number; seconds: number; moves: number; printer: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'roteprofile-'));
  try {
    const tape = join(dir, 'memory.tap');
    copyFileSync(memory!, tape);
    const session = new CheckersSession(cards, true);
    const tapes = attachMemoryTapes(session.machine.io, tape);
    const cpu = session.machine.cpu;
    if (trace) {
      const step = cpu.run.bind(cpu);
      cpu.run = (limit: number) => {
        for (let n = 0; n < limit; n++) {
          const loc = cpu.ic, c0 = cpu.cycles;
          const r = step(1);
          trace(loc, cpu.cycles - c0);
          if (r !== 'limit') return r;
        }
        return 'limit';
      };
    }
    let moves = 0;
    const t0 = performance.now();
    const r = await session.run((e) => { if (e.kind === 'move') moves++; });
    const wall = (performance.now() - t0) / 1000;
    if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
    const printer = session.machine.printer.lines.join('\n');
    tapes.finish(printer);
    return { wall, seconds: session.seconds, moves, printer };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const plain = await game(null);
console.log(`${memory}${fen ? ` from ${fen}` : ''}: ${plain.moves} moves, 704 time ${plain.seconds.toFixed(0)} s (${(plain.seconds / plain.moves).toFixed(1)} s a move), wall ${plain.wall.toFixed(2)} s untraced (${(plain.seconds / plain.wall).toFixed(0)}x real time)`);
for (const l of plain.printer.split('\n').filter((l) => /^ROTE (ADDED|READ|TOTALS|MERGE)/.test(l))) console.log(`  ${l}`);
const byFile = new Map<string, number>();
const byLabel = new Map<string, number>();
let total = 0;
await game((loc, c) => {
  total += c;
  const f = fileOf.get(loc) ?? '?';
  byFile.set(f, (byFile.get(f) ?? 0) + c);
  if (f === 'rote.sap') byLabel.set(labelOf[loc]!, (byLabel.get(labelOf[loc]!) ?? 0) + c);
});
const pc = (c: number): string => `${((c / total) * 100).toFixed(1).padStart(5)} % ${(c * 12e-6).toFixed(1).padStart(8)} s`;
console.log(`704 time by source file (${(total * 12e-6).toFixed(0)} s traced):`);
for (const [f, c] of [...byFile].sort((a, b) => b[1] - a[1])) console.log(`  ${f.padEnd(14)} ${pc(c)}`);
console.log('rote.sap by label (flat, the top 15):');
for (const [l, c] of [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${l.padEnd(8)} ${pc(c)}`);
