// The endgame starts that feed rote self-play (src/checkers/selfplay/endgames.ts) and the starts
// file the rote experiments give selfplay --openings: sizes, no man on its crowning row, the same
// list for the same seed, and every line a ballot line that the ballots reader takes.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endgameStarts } from '../../src/checkers/selfplay/endgames.ts';
import { ACF_BALLOTS, playable, readBallots } from '../../src/checkers/selfplay/openings.ts';
import { ENDGAMES, startsFile } from '../../src/reproduce/experiments/samuelRote.ts';

describe('endgame starts for rote self-play', () => {
  it('2 to 6 pieces a side, men never on their crowning row, a third or so kings, both sides to move, the same for the same seed', () => {
    const starts = endgameStarts(500, 1959);
    expect(endgameStarts(500, 1959)).toEqual(starts);
    expect(endgameStarts(500, 7)).not.toEqual(starts);
    let kings = 0, pieces = 0;
    for (const p of starts) {
      const of = (c: string): number[] => p.squares.flatMap((q, s) => (q !== null && q.toLowerCase() === c ? [s] : []));
      for (const c of ['b', 'w']) {
        expect(of(c).length).toBeGreaterThanOrEqual(2);
        expect(of(c).length).toBeLessThanOrEqual(6);
      }
      expect(p.squares.some((q, s) => (q === 'b' && s >= 29) || (q === 'w' && s <= 4))).toBe(false);
      kings += p.squares.filter((q) => q === 'B' || q === 'W').length;
      pieces += p.squares.filter((q) => q !== null).length;
    }
    expect(kings / pieces).toBeGreaterThan(0.3);
    expect(kings / pieces).toBeLessThan(0.5);
    expect(new Set(starts.map((p) => p.toMove)).size).toBe(2);
  });

  it('the starts file: the playable ballots, then the endgame starts, read back as ballots', () => {
    const file = startsFile(mkdtempSync(join(tmpdir(), 'starts-')));
    const all = readBallots(file);
    const ballots = playable(readBallots(ACF_BALLOTS));
    expect(all).toHaveLength(ballots.length + ENDGAMES);
    expect(all.slice(0, ballots.length).map((b) => b.fen)).toEqual(ballots.map((b) => b.fen));
    expect(playable(all)).toHaveLength(all.length);
    expect(readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('\tendgame\t'))).toHaveLength(ENDGAMES);
  });
});
