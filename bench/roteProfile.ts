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
async function game(trace: ((loc: number, cycles: number) => void) | null): Promise<{ wall: number; boot: number; swap: number; seconds: number; moves: number; printer: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'roteprofile-'));
  try {
    const tape = join(dir, 'memory.tap');
    copyFileSync(memory!, tape);
    const b0 = performance.now();
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
    const boot = (t0 - b0) / 1000;
    const r = await session.run((e) => { if (e.kind === 'move') moves++; });
    const wall = (performance.now() - t0) / 1000;
    if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
    const printer = session.machine.printer.lines.join('\n');
    const s0 = performance.now();
    tapes.finish(printer);
    return { wall, boot, swap: (performance.now() - s0) / 1000, seconds: session.seconds, moves, printer };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const plain = await game(null);
console.log(`${memory}${fen ? ` from ${fen}` : ''}: ${plain.moves} moves, 704 time ${plain.seconds.toFixed(0)} s (${(plain.seconds / plain.moves).toFixed(1)} s a move), wall ${plain.wall.toFixed(2)} s untraced (${(plain.seconds / plain.wall).toFixed(0)}x real time); host: the deck booted and the tapes mounted ${plain.boot.toFixed(2)} s, the new tape checked and swapped in ${plain.swap.toFixed(2)} s`);
for (const l of plain.printer.split('\n').filter((l) => /^ROTE (ADDED|READ|TOTALS|MERGE)/.test(l))) console.log(`  ${l}`);
const byFile = new Map<string, number>();
const stepsByFile = new Map<string, number>();
let steps = 0;
const byLabel = new Map<string, number>();
let total = 0;
await game((loc, c) => {
  total += c;
  const f = fileOf.get(loc) ?? '?';
  byFile.set(f, (byFile.get(f) ?? 0) + c);
  stepsByFile.set(f, (stepsByFile.get(f) ?? 0) + 1);
  steps++;
  if (f === 'rote.sap') byLabel.set(labelOf[loc]!, (byLabel.get(labelOf[loc]!) ?? 0) + c);
});
const pc = (c: number): string => `${((c / total) * 100).toFixed(1).padStart(5)} % ${(c * 12e-6).toFixed(1).padStart(8)} s`;
// the emulator's wall time follows the instructions it steps, not the cycles: a tape wait is one instruction
console.log(`704 time and instructions by source file (${(total * 12e-6).toFixed(0)} s, ${steps} instructions traced):`);
for (const [f, c] of [...byFile].sort((a, b) => b[1] - a[1]).filter(([, c]) => c > 0)) console.log(`  ${f.padEnd(14)} ${pc(c)}   ${((100 * stepsByFile.get(f)!) / steps).toFixed(1).padStart(5)} % of the instructions`);
console.log('rote.sap by label (flat, the top 15):');
for (const [l, c] of [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${l.padEnd(8)} ${pc(c)}`);
