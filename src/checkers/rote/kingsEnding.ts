// Two kings against one learnt by rote, pass by pass (docs/checkers-rote.md, "Two kings against
// one: passes of one-move self-play"). A pass is one 704 run with the memory on: the host sets up
// every position of the ending — two black kings against one white king, either side to move, one
// of each class of the four symmetries of the dark squares (the program's standard form saves a
// class as one board) — and has the program make one move from each (`*SELF` with the move limit
// GMAXM = 1, set at the console as Samuel's data words were). The program saves the board it moved
// from with its search's backed-up score, so a later search that meets that board at ply 3 sees a
// win d plies deep as one d + 3 plies deep (Fig. 3) — when the board is in core then. The host
// only sets up positions and reads the printer: every move and score is the 704's.

import { CheckersSession, type Event } from '../program/session.ts';
import { setupCards } from '../notation/pdn.ts';
import { colOf, parseFen, rowOf, squareAt, type Piece, type Position } from '../notation/board.ts';
import { attachMemoryTapes, boardFen, MERGE_COMPLETE, readMemory, SURE_SCORE } from './memoryTape.ts';
import { isMemorySet } from './memorySet.ts';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The test position: Black's two kings to move, White's king in the double corner; 19 plies to the win with best play (bench/endgames.ts). */
export const KINGS_TEST = 'B:WK1:BK14,K19';
export const KINGS_TEST_EXACT = 19;
/** Identity, the half turn, and the reflections in the two diagonal directions: the symmetries of the dark squares. */
const IMAGES: ((r: number, c: number) => [number, number])[] = [(r, c) => [r, c], (r, c) => [7 - r, 7 - c], (r, c) => [c, r], (r, c) => [7 - c, 7 - r]];
const image = (s: number, f: (r: number, c: number) => [number, number]): number => squareAt(...f(rowOf(s), colOf(s)));

/** Every FEN of two black kings against one white king, Black to move first, then White; one of each symmetry class, in square order. */
export function kingsEndingStarts(): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const side of ['B', 'W']) {
    for (let a = 1; a <= 32; a++) for (let b = a + 1; b <= 32; b++) for (let w = 1; w <= 32; w++) {
      if (w === a || w === b) continue;
      const names = IMAGES.map((f) => `${side}:${[image(a, f), image(b, f)].sort((x, y) => x - y).join(',')}:${image(w, f)}`);
      if (names.some((n) => seen.has(n))) continue;
      seen.add(names[0]!);
      out.push(`${side}:WK${w}:BK${a},K${b}`);
    }
  }
  return out;
}

export interface KingsRun {
  games: { over: string; moves: string[] }[];
  moves: number;
  lookups: number;
  hits: number;
  merges: number;
  /** Emulated 704 seconds. */
  seconds: number;
  wallSeconds: number;
  /** `ROTE LOOK-UPS n HITS h` after each of the program's searches, with the side that searched. */
  searches: { side: 'black' | 'white'; lookups: number; hits: number }[];
  /** Records read from the tape into the pool (`ROTE READ r`). */
  read: number;
}

/** One 704 run with rote learning on `memory` (attached as selfplay does): `words` set at the console, then `*ROTE ON`, the cards, `*ROTE OFF`. */
export async function kingsRun(memory: string, words: Record<string, number>, cards: string[], reply?: (moves: string[]) => string): Promise<KingsRun> {
  const wall = performance.now();
  const session = new CheckersSession([], false);
  await session.run(); // the deck is loaded and waits for its first card: the console is free
  session.setDataWords(words);
  const tapes = attachMemoryTapes(session.machine.io, memory);
  if (reply) session.feed('*ROTE ON', ...cards);
  else {
    session.feed('*ROTE ON', ...cards, '*ROTE OFF', '*END');
    session.setEndOfFile(true);
  }
  const t: KingsRun = { games: [], moves: 0, lookups: 0, hits: 0, merges: 0, seconds: 0, wallSeconds: 0, searches: [], read: 0 };
  let moves: string[] = [];
  let pending: { lookups: number; hits: number } | null = null;
  const t0 = session.seconds;
  const onEvent = (e: Event): void => {
    if (e.kind === 'move') {
      t.moves++;
      moves.push(e.path.join(e.jump ? 'x' : '-'));
      if (pending) t.searches.push({ side: e.side, ...pending });
      pending = null;
    }
    if (e.kind === 'game-over') {
      t.games.push({ over: e.text, moves });
      moves = [];
    }
    if (e.kind === 'rote') {
      if (e.search) pending = { lookups: e.search.lookups, hits: e.search.hits };
      const m = /^ROTE TOTALS LOOK-UPS (\d+) HITS (\d+)/.exec(e.text);
      if (m) [t.lookups, t.hits] = [Number(m[1]), Number(m[2])];
      if (MERGE_COMPLETE.test(e.text)) t.merges++;
      const read = /^ROTE READ (\d+)/.exec(e.text);
      if (read) t.read = Number(read[1]);
    }
  };
  let r = await session.run(onEvent);
  // against the host (`reply`): each time the program waits for a card in its game, the host's move; at the game's end the run is closed
  for (let plies = 0; reply && r.stop === 'input'; plies++) {
    const over = t.games.length > 0 || plies >= 200;
    if (over) session.feed('*ROTE OFF', '*END');
    else session.feed(reply(moves));
    if (over) session.setEndOfFile(true);
    r = await session.run(onEvent);
    if (over) break;
  }
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  t.seconds = session.seconds - t0;
  tapes.finish(session.machine.printer.lines.join('\n'));
  t.wallSeconds = (performance.now() - wall) / 1000;
  return t;
}

/** One pass: one move by the program from each start, the move limit GMAXM set to 1 (and `words`). */
export const kingsPass = (memory: string, starts: string[], words: Record<string, number> = {}): Promise<KingsRun> =>
  kingsRun(memory, { ...words, GMAXM: 1 }, starts.flatMap((fen) => [...setupCards(fen), '*SELF']));

/** `run` on a copy of `memory` (a tape or a set of reels; none: an empty memory), thrown away after: the test games learn on it. */
async function onCopy(memory: string, run: (copy: string) => Promise<KingsRun>): Promise<KingsRun> {
  const dir = mkdtempSync(join(tmpdir(), 'kings-test-'));
  try {
    const copy = join(dir, isMemorySet(memory) ? 'memory' : 'memory.tap');
    if (existsSync(memory)) cpSync(memory, copy, { recursive: true });
    return await run(copy);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The test game: self-play from KINGS_TEST, as `selfplay --fen` plays it, on a copy of `memory`. */
export const kingsTest = (memory: string, words: Record<string, number> = {}): Promise<KingsRun> =>
  onCopy(memory, (copy) => kingsRun(copy, words, [...setupCards(KINGS_TEST), '*SELF']));

/**
 * The test game with the program playing Black (the two kings, `*PLAY BLACK`) and the host playing
 * White: `reply` gives White's move (as a person types it, 1-5 or 5x14) from the game's moves so
 * far. On a copy of `memory`, as kingsTest.
 */
export const kingsTestAgainst = (memory: string, reply: (moves: string[]) => string, words: Record<string, number> = {}): Promise<KingsRun> =>
  onCopy(memory, (copy) => kingsRun(copy, words, [...setupCards(KINGS_TEST), '*PLAY BLACK'], reply));

/** Look-ups and hits of one side's searches in a run. */
export function sideTotals(r: KingsRun, side: 'black' | 'white'): { searches: number; lookups: number; hits: number } {
  const s = r.searches.filter((x) => x.side === side);
  return { searches: s.length, lookups: s.reduce((a, x) => a + x.lookups, 0), hits: s.reduce((a, x) => a + x.hits, 0) };
}

export interface KingsHeld {
  /** Boards of two kings against one on the tape, and the records holding them. */
  boards: number;
  records: number;
  /** Standard form: the side to move is Black; with the two kings, or the lone king. */
  kingsToMove: number;
  loneToMove: number;
  sureWins: number;
  sureLosses: number;
  /**
   * Wins and losses counted past the sure range: a sure score shrinks by a ply at each ply of the
   * search (search.sap SNSHR), so a win counted more than 64 plies away is not above VWIN - 64, and
   * the tape keeps it as the largest ordinary score, 2^20 - 65 (rote.sap KPACK, KPMX): above any
   * polynomial, but neither sure nor with its distance.
   */
  cappedWins: number;
  cappedLosses: number;
  /** Sure wins and losses at the farthest distance a tape word holds, 63 plies: since session 8 KPACK keeps a sure score counted past 64 plies so (sure, still above any polynomial), where it kept the ordinary cap before. */
  farWins: number;
  farLosses: number;
  /** The tape's records of three pieces: where the ending's first lone-king record is among them (key order: the side to move ahead first). */
  threePieceRecords: number;
  firstLoneRecord: number;
  largestRecord: number;
  /** Every board of the ending, as FEN (Black to move) with its saved score and effective ply. */
  list: { fen: string; score: number; ply: number; age: number }[];
}

/** Below the cap of an ordinary score on tape (KPMX = 2^20 - 65) by less than 1,000 (the shrinks of later searches): a win or loss counted past 64 plies. */
export const CAPPED_SCORE = 2 ** 20 - 65 - 1000;

/** The farthest sure score on tape, VWIN - 63 (rote.sap KPACK, KPWS). */
export const FARTHEST_SURE = SURE_SCORE + 1;

const count = (p: Position, piece: Piece): number => p.squares.filter((q) => q === piece).length;

/** What the memory (a tape or a set of reels) holds of the ending. */
export function kingsHeld(memory: string): KingsHeld {
  const h: KingsHeld = { boards: 0, records: 0, kingsToMove: 0, loneToMove: 0, sureWins: 0, sureLosses: 0, cappedWins: 0, cappedLosses: 0, farWins: 0, farLosses: 0, threePieceRecords: 0, firstLoneRecord: 0, largestRecord: 0, list: [] };
  if (!existsSync(memory)) return h;
  for (const r of readMemory(memory).records) {
    if (r.fields.pieces !== 3 || r.fields.giveaway) continue;
    h.threePieceRecords++;
    let any = false;
    for (const b of r.boards) {
      const fen = boardFen(b);
      const p = parseFen(fen);
      const kings = count(p, 'B') === 2 && count(p, 'W') === 1;
      const lone = count(p, 'B') === 1 && count(p, 'W') === 2;
      if (!kings && !lone) continue;
      any = true;
      h.boards++;
      if (kings) h.kingsToMove++;
      else {
        h.loneToMove++;
        if (h.firstLoneRecord === 0) h.firstLoneRecord = h.threePieceRecords;
      }
      if (b.score > SURE_SCORE) h.sureWins++;
      if (b.score < -SURE_SCORE) h.sureLosses++;
      if (b.score === FARTHEST_SURE) h.farWins++;
      if (b.score === -FARTHEST_SURE) h.farLosses++;
      if (b.score > CAPPED_SCORE && b.score <= SURE_SCORE) h.cappedWins++;
      if (b.score < -CAPPED_SCORE && b.score >= -SURE_SCORE) h.cappedLosses++;
      h.list.push({ fen, score: b.score, ply: b.ply, age: b.age });
    }
    if (any) {
      h.records++;
      h.largestRecord = Math.max(h.largestRecord, r.boards.length);
    }
  }
  return h;
}
