// The ACF three-move ballots (data/acf_3move.tsv: number, moves, status, name, FEN
// after the three moves) as starting positions, and the seeded order a session draws them in.
// The seed only picks openings: every move from the ballot's position on is the 704's.

import { parseFen } from '../notation/board.ts';
import { setupCards } from '../notation/pdn.ts';
import { join } from 'node:path';
import { readText } from '../../devices/fileErrors.ts';
import { packageRoot } from '../../host/stateFolder.ts';

/** The ballots the project ships (data/acf_3move.tsv), found from wherever the command runs. */
export const ACF_BALLOTS = join(packageRoot(), 'data', 'acf_3move.tsv');

export interface Ballot {
  number: number;
  /** The three opening moves, e.g. ['9-13', '21-17', '5-9']. */
  moves: string[];
  /** crossboard, crossboard+ctd, mailplay, barred, ... */
  status: string;
  name: string;
  /** The position after the three moves (PDN FEN). */
  fen: string;
}

/** The ballots of a TSV file; a line that is not one names file:line. */
export function readBallots(path: string): Ballot[] {
  return readText(path, 'ballots file').split('\n').flatMap((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return [];
    const [number, moves, status, name, fen] = line.split('\t');
    const where = `${path}:${i + 1}`;
    if (!/^\d+$/.test(number ?? '') || !moves || !fen) throw new Error(`${where}: not a ballot line (number, moves, status, name, FEN)`);
    try {
      parseFen(fen);
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}`);
    }
    return [{ number: Number(number), moves: moves.trim().split(/\s+/), status: status ?? '', name: name ?? '', fen: fen.trim() }];
  });
}

/** Barred ballots (lost by force) are left out unless asked for. */
export const playable = (ballots: readonly Ballot[], barred = false): Ballot[] => ballots.filter((b) => barred || !b.status.startsWith('barred'));

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The ballots shuffled by the seed (Fisher-Yates): the same seed, the same order. */
export function ballotOrder<T>(ballots: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const order = ballots.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Game i of a session (0-based) starts from this ballot; past the last one the order starts again. */
export const ballotFor = <T>(order: readonly T[], i: number): T => order[i % order.length]!;

/** The cards that set a ballot's position up for the next game. */
export const ballotCards = (b: Ballot): string[] => setupCards(b.fen);

/** A ballot as people name it: `#5 9-13 22-18 6-9 (Dreaded Edinburgh)`. */
export const ballotName = (b: Ballot): string => `#${b.number} ${b.moves.join(' ')}${b.name ? ` (${b.name})` : ''}`;

/** A seed when none is given (recorded in the session so the run can be repeated). */
export const newSeed = (): number => Math.floor(Math.random() * 2 ** 31);
