// `samuel704 tape info FILE` and `samuel704 tape dump FILE`: decode the checkers program's memory
// tape (rote learning, docs/checkers-rote.md) - its records, catalogue keys, boards, scores, ages
// and plies. The host only reports what the 704 wrote; nothing here plays or scores.

import type { Command } from 'commander';
import { guarded } from '../../cli/style.ts';
import { readTapeFile } from '../../devices/tapeImage.ts';
import { decodeLearningTape } from '../learning/learningTape.ts';
import { decodeTrapsTape, trapsSummary } from '../../scorefour/trapsTape.ts';
import { range, tapeInfoJson } from './tapeJson.ts';
import { drawBoard, parseFen } from '../notation/board.ts';
import { joinMemoryTapes } from './join.ts';
import { boardFen, decodeMemoryTape, readMemory, SURE_SCORE, VWIN, type MemoryRecord, type MemoryTape, type ReelSummary } from './memoryTape.ts';
import { createMemorySet, isMemorySet, readManifest, readMemorySet } from './memorySet.ts';
import { REEL_FEET } from '../../devices/tape.ts';

const out = (text = ''): void => {
  process.stdout.write(text + '\n');
};
const ADV = ['even', 'side to move ahead', 'side to move behind'];
const scoreText = (s: number): string => (Math.abs(s) > SURE_SCORE ? `${s > 0 ? 'WIN' : 'LOSS'} in ${VWIN - Math.abs(s)}` : `${s >= 0 ? '+' : ''}${s}`);

const keyText = (r: MemoryRecord): string => {
  const f = r.fields;
  return `key ${r.key.toString(8).padStart(12, '0')}: ${f.giveaway ? 'give-away, ' : ''}${f.pieces} pieces, ${ADV[f.advantage] ?? `advantage ${f.advantage}`}, ${f.kings ? 'kings' : 'no kings'}, move system ${f.opposition ? 'odd' : 'even'}, moments ${f.rowMoment}/${f.diagonalMoment}`;
};

/** Words a board and boards a record of a reel (or of the whole memory), as the summary prints them. */
const densities = (r: ReelSummary): string => `${r.boards > 0 ? (r.words / r.boards).toFixed(2) : '-'} words a board, ${r.records > 0 ? (r.boards / r.records).toFixed(2) : '-'} boards a record`;

export function tapeSummary(t: MemoryTape): string[] {
  const boards = t.records.reduce((n, r) => n + r.boards.length, 0);
  const ages = t.records.flatMap((r) => r.boards.map((b) => b.age));
  const plies = t.records.flatMap((r) => r.boards.map((b) => b.ply));
  const words = t.records.reduce((n, r) => n + 1 + r.boards.length * (r.wordsPerBoard + 1), 0);
  const perBoard = boards > 0 ? (words / boards).toFixed(2) : '-';
  const perRecord = t.records.length > 0 ? (boards / t.records.length).toFixed(2) : '-';
  const lines = [
    `${t.reels.length > 1 ? `memory on ${t.reels.length} reels` : 'memory tape'}: ${boards} boards in ${t.records.length} records, ${t.complete ? 'complete' : 'INCOMPLETE (an unfinished merge?)'}`,
    ...(t.reels.length > 1 ? t.reels.map((r, i) => `reel ${i + 1}: ${r.boards} boards in ${r.records} records, ${r.words} words (${densities(r)})`) : []),
    t.trailer ? `trailer: ${t.trailer.boards} boards, ${t.trailer.records} records, written by merge ${t.trailer.merge}` : 'no trailer record',
    `words: ${words} (${perBoard} a board, ${perRecord} boards a record; ${t.records.filter((r) => r.wordsPerBoard === 3).length} records with kings, 4 words a board, 3 without, and the key)`,
  ];
  if (boards > 0) {
    const games = [false, true].map((g) => t.records.filter((r) => r.fields.giveaway === g));
    lines.push(`games: ${games.map((rs, g) => `${g ? 'give-away' : 'ordinary'} ${rs.reduce((n, r) => n + r.boards.length, 0)} boards in ${rs.length} records`).join(', ')}`);
    const [a, p] = [range(ages)!, range(plies)!];
    lines.push(`ages ${a.min}-${a.max}, plies ${p.min}-${p.max}`);
    games.forEach((rs, g) => {
      if (rs.length === 0) return;
      const byPieces = new Map<number, number>();
      for (const r of rs) byPieces.set(r.fields.pieces, (byPieces.get(r.fields.pieces) ?? 0) + r.boards.length);
      lines.push(`${g ? 'give-away ' : ''}by pieces: ${[...byPieces].map(([p, n]) => `${p}:${n}`).join(' ')}`);
    });
  }
  for (const p of t.problems) lines.push(`problem: ${p}`);
  return lines;
}

const emptySet = (dir: string): string => `${dir}: memory set with no reels yet (an empty memory; reels of ${readManifest(dir).reelFeet} feet)`;

/** A memory tape image or set decoded; the learning tape (the other tape the program writes) is sent to its own command. */
function readMemoryTapeFor(file: string): MemoryTape {
  if (isMemorySet(file)) return readMemorySet(file);
  const entries = readTapeFile(file);
  if (decodeLearningTape(entries).complete) throw new Error(`${file} is a learning tape, not a memory tape: \`samuel704 learning show ${file}\` shows it`);
  return decodeMemoryTape(entries);
}

export function registerTapeCommands(program: Command): void {
  const tape = program.command('tape').description("the checkers program's memory tape (rote learning); info also names Score-Four's traps tape");
  tape
    .command('info')
    .description('summarize a memory tape image (.tap or .p7b) or memory set (a folder of reels: per reel and in all), or a Score-Four traps tape')
    .argument('<file>', 'the memory tape image or set')
    .option('--json', 'the figures as one JSON object')
    .action(guarded((file: string, opts: { json?: boolean }) => {
      const traps = isMemorySet(file) ? { patterns: null } : decodeTrapsTape(readTapeFile(file)); // Score-Four's pattern table (docs/scorefour.md)
      if (traps.patterns) {
        const n = traps.patterns.length;
        if (opts.json) out(JSON.stringify({ file, kind: 'traps tape', level1: n, level2: 4 * n }));
        else for (const l of trapsSummary(traps)) out(l);
        return;
      }
      if (isMemorySet(file) && readManifest(file).reels.length === 0) return out(opts.json ? JSON.stringify({ file, kind: 'memory', complete: true, records: 0, boards: 0, reels: [] }) : emptySet(file));
      const t = readMemoryTapeFor(file);
      if (opts.json) out(JSON.stringify(tapeInfoJson(file, t)));
      else for (const l of tapeSummary(t)) out(l);
      if (!t.complete) process.exitCode = 1;
    }));
  tape
    .command('dump')
    .description('every record and board of a memory tape image or set')
    .argument('<file>', 'the memory tape image or set')
    .option('--boards', 'draw each board (Black, the side to move, at the top)')
    .action(guarded((file: string, opts: { boards?: boolean }) => {
      if (isMemorySet(file) && readManifest(file).reels.length === 0) return out(emptySet(file));
      const t = readMemoryTapeFor(file);
      for (const l of tapeSummary(t)) out(l);
      t.records.forEach((r, i) => {
        out();
        out(`record ${i + 1}, ${keyText(r)}, ${r.boards.length} boards`);
        for (const b of r.boards) {
          out(`  ${boardFen(b).padEnd(44)} score ${scoreText(b.score).padStart(11)}  ply ${String(b.ply).padStart(2)}  age ${b.age}`);
          if (opts.boards) for (const row of drawBoard(parseFen(boardFen(b))).split('\n')) out(`    ${row}`);
        }
      });
      if (!t.complete) process.exitCode = 1;
    }));
  tape
    .command('join')
    .description('merge another memory into a memory, by the 704 (*ROTE JOIN): the two become one, swapped in atomically')
    .argument('<memory>', 'the memory tape image (created if missing) or set')
    .argument('<other>', 'the memory (tape image or set) to merge into it (only read: the 704 reads its reels on tape 6, the operator changing them)')
    .action(guarded(async (memory: string, other: string) => {
      const t = readMemoryTapeFor(other);
      if (!t.complete) throw new Error(`${other}: not a complete memory: ${t.problems[0] ?? 'no MEMEND trailer'}`);
      const r = await joinMemoryTapes(memory, other);
      out(`${memory}: ${r.installed ? `joined, ${r.reason}` : `kept as it was (${r.reason})`}, 704 time ${r.seconds.toFixed(1)} s`);
      for (const l of tapeSummary(readMemory(memory)).slice(0, 3)) out(l);
      if (!r.installed) process.exitCode = 1;
    }));
  tape
    .command('set')
    .description('make a memory set: a folder of reels with a manifest (reels.json), swapped as a whole after each run; every command that takes a memory tape takes it')
    .argument('<dir>', 'the folder to make')
    .option('--reel-feet <feet>', `length of each reel in feet (the 727's ${REEL_FEET}; short reels let a small memory span several)`, String(REEL_FEET))
    .option('--from <tape>', 'a memory tape image to start from (copied as its one reel)')
    .action(guarded((dir: string, opts: { reelFeet: string; from?: string }) => {
      const feet = Number(opts.reelFeet);
      if (!(feet > 0)) throw new Error(`--reel-feet ${opts.reelFeet}: give a positive number of feet`);
      if (opts.from !== undefined && !readMemoryTapeFor(opts.from).complete) throw new Error(`${opts.from}: not a complete memory tape (\`samuel704 tape info ${opts.from}\` says why)`);
      createMemorySet(dir, feet, opts.from === undefined ? undefined : readTapeFile(opts.from));
      out(opts.from === undefined ? emptySet(dir) : `${dir}: ${tapeSummary(readMemorySet(dir))[0]}`);
    }));
}
