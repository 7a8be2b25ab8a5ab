// `tape info --json`: a memory tape's figures as one JSON object, for scripts (the same figures
// `tape info` prints: tapeCli.ts's tapeSummary).

import type { MemoryTape } from './memoryTape.ts';

/** Least and greatest of xs, by a loop: a memory of 393,343 boards overflowed the stack as `Math.min(...xs)`'s arguments. */
export function range(xs: readonly number[]): { min: number; max: number } | null {
  if (xs.length === 0) return null;
  let min = xs[0]!, max = min;
  for (const x of xs) { if (x < min) min = x; else if (x > max) max = x; }
  return { min, max };
}

export function tapeInfoJson(file: string, t: MemoryTape): object {
  const boards = t.records.flatMap((r) => r.boards);
  const game = (giveaway: boolean): object => {
    const rs = t.records.filter((r) => r.fields.giveaway === giveaway);
    const byPieces: Record<string, number> = {};
    for (const r of rs) byPieces[r.fields.pieces] = (byPieces[r.fields.pieces] ?? 0) + r.boards.length;
    return { records: rs.length, boards: rs.reduce((n, r) => n + r.boards.length, 0), byPieces };
  };
  return {
    file, kind: 'memory', complete: t.complete, records: t.records.length, boards: boards.length,
    trailer: t.trailer, ordinary: game(false), giveaway: game(true),
    ages: range(boards.map((b) => b.age)), plies: range(boards.map((b) => b.ply)), problems: t.problems,
    reels: t.reels.map((r) => ({ ...r, wordsPerBoard: r.boards ? r.words / r.boards : null, boardsPerRecord: r.records ? r.boards / r.records : null })),
  };
}
