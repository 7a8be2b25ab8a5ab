// `tape info --json`: a memory tape's figures as one JSON object, for scripts (the same figures
// `tape info` prints: tapeCli.ts's tapeSummary).

import type { MemoryTape } from './memoryTape.ts';

const range = (xs: number[]): { min: number; max: number } | null => (xs.length ? { min: Math.min(...xs), max: Math.max(...xs) } : null);

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
