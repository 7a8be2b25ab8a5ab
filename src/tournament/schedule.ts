// The games of a tournament: every pair (round robin) or the first player against each other
// (gauntlet), `games` games a pair with the colours swapped after each game (paper section 7.2.1),
// the pairs of games starting from ACF ballots (drawn by the seed) or from the standard opening.
// Each game's 704 seed comes from the tournament seed and the game's index, so a game's result
// does not depend on which worker plays it or when.

import { seededRandom, type Ballot } from '../checkers/selfplay/openings.ts';
import type { GameJob } from './game.ts';
import type { Player } from './players.ts';

export const START_FEN = 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

export interface Pairing {
  /** Index of the player who has Black in the pair's even games. */
  a: number;
  b: number;
}

export function pairings(n: number, format: 'round-robin' | 'gauntlet'): Pairing[] {
  const out: Pairing[] = [];
  if (format === 'gauntlet') for (let b = 1; b < n; b++) out.push({ a: 0, b });
  else for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) out.push({ a, b });
  return out;
}

export interface ScheduleOptions {
  format: 'round-robin' | 'gauntlet';
  /** Games per pair (colours swapped after each; an odd last game has `a` Black). */
  games: number;
  /** Ballots in the order they are used (already drawn by the seed); empty: the standard start. */
  ballots: readonly Ballot[];
  seed: number;
  giveaway: boolean;
}

/** Every game of the tournament, in order; the k-th pair of games of a pairing shares one opening. */
export function schedule(players: readonly Player[], o: ScheduleOptions): GameJob[] {
  const jobs: GameJob[] = [];
  const random = seededRandom(o.seed);
  let opening = 0;
  for (const { a, b } of pairings(players.length, o.format)) {
    let ballot: Ballot | undefined;
    for (let k = 0; k < o.games; k++) {
      if (k % 2 === 0) ballot = o.ballots.length ? o.ballots[opening++ % o.ballots.length] : undefined;
      const [black, white] = k % 2 === 0 ? [a, b] : [b, a];
      jobs.push({
        index: jobs.length, black: players[black]!, white: players[white]!, seats: [black, white],
        fen: ballot?.fen ?? START_FEN, opening: ballot ? `ACF ${ballot.number}: ${ballot.moves.join(' ')}` : 'start',
        seed: 1 + Math.floor(random() * 2 ** 31), giveaway: o.giveaway,
      });
    }
  }
  return jobs;
}
