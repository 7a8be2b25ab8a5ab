// The band reading (asm/checkers/rote.sap KFWD with KBAND not 0; docs/checkers-rote.md "The band
// reading"): before a search the program reads the records a ply-3 look-up needs most - the same
// pieces, advantage and kings as the board seen by the other side, the move changed, the row moment
// one lower - and the next search's, passing over the rest, so a board far along the tape is in core
// for the search that meets it, where reading forward KRPM records a move never gets there.

import { describe, expect, it } from 'vitest';
import { BLACK_MAN, WHITE_MAN, emptyPosition, legalMoves, rng, startPosition, type Position } from './reference.ts';
import { band, BandReader, nextBand, Rote704, standardForm } from './roteharness.ts';
import { decodeMemoryTape } from '../../src/checkers/rote/memoryTape.ts';
import type { TapeEntry } from '../../src/devices/tapeImage.ts';

const high = (pos: Position): number => Math.floor(standardForm(pos).key / 1024);

/** Quiet positions three plies from `pos` (no jump pending): what the search looks up there. */
function plyThree(pos: Position): Position[] {
  const out: Position[] = [];
  for (const a of legalMoves(pos)) for (const b of legalMoves(a.result)) for (const c of legalMoves(b.result)) {
    if (!legalMoves(c.result).some((m) => m.captures.length > 0)) out.push(c.result);
  }
  return out;
}

/** 12 men a side on random squares, Black to move. */
function full(rand: () => number): Position {
  const p = emptyPosition(true);
  const squares = Array.from({ length: 32 }, (_, i) => i + 1).sort(() => rand() - 0.5);
  squares.forEach((s, i) => { if (i < 24) p.squares[s] = i < 12 ? BLACK_MAN : WHITE_MAN; });
  return p;
}

/**
 * A memory tape written by the program (KMERGE): `targets` (ply-3 boards of a search from `root`)
 * and `root` itself (of the next search's band), then 24-piece boards before both bands on tape - enough records that 4 a move never reach it -
 * and some beyond them.
 */
function farTape(root: Position, targets: Position[], score: number): { entries: TapeEntry[]; fillers: number } {
  const g = new Rote704();
  const rand = rng(515);
  const bands = [band(root), nextBand(root)];
  const seen = new Set<number>([...targets, root].map((p) => standardForm(p).key));
  let before = 0;
  let after = 0;
  for (const t of targets) g.save(t, score, 3);
  g.save(root, 64, 3); // a board of the next search's band (the root's own key)
  while (before < 60 || after < 10) {
    const p = full(rand);
    const k = standardForm(p).key;
    if (seen.has(k)) continue;
    const h = Math.floor(k / 1024);
    if (h < Math.min(...bands) && before < 60) before++;
    else if (h > Math.max(...bands) && after < 10) after++;
    else continue;
    seen.add(k);
    g.save(p, 64, 3);
  }
  g.call('KMERGE');
  return { entries: [...g.tapes.get(2)!.entries], fillers: before };
}

describe('the band reading (KBAND)', () => {
  const start = startPosition();
  const target = plyThree(start).find((p) => high(p) === band(start))!;
  const { entries, fillers } = farTape(start, [target], 6400);
  const records = decodeMemoryTape(entries).records;

  for (const [who, root] of [['Black', start], ['White', legalMoves(start)[2]!.result]] as const) {
    it(`brings in a ply-3 board whose record lies beyond 4 records a move; reading forward does not (${who} to move)`, () => {
      const aim = plyThree(root).find((p) => high(p) === band(root))!;
      const tape = root === start ? entries : farTape(root, [aim], 6400).entries;
      const place = decodeMemoryTape(tape).records.findIndex((r) => r.key === standardForm(aim).key);
      expect(place).toBeGreaterThanOrEqual(fillers); // 60 records of 24 pieces before it
      for (const on of [0, 1]) {
        const g = Rote704.reading(tape, { cap: 800, perMove: 4, depth: 2 });
        g.poke('KBAND', on);
        g.call('KRST');
        for (let move = 0; move < 3; move++) {
          g.setPosition(0, root);
          g.call('KFWD');
        }
        expect(g.look(aim).score, `KBAND ${on}`).toBe(on ? 6400 : undefined);
      }
    });
  }

  it('a search from the start meets the band: hits with the band reading, none reading forward', () => {
    const seen = new Set<string>();
    const targets = plyThree(start).filter((p) => high(p) === band(start) && !seen.has(JSON.stringify(standardForm(p))) && seen.add(JSON.stringify(standardForm(p))));
    expect(targets.length).toBeGreaterThan(3);
    const tape = farTape(start, targets, 6400).entries;
    for (const on of [0, 1]) {
      const g = Rote704.reading(tape, { cap: 800, perMove: 4, depth: 2 });
      g.poke('KBAND', on);
      g.poke('KBPON', 0); // no break-point shift: the search as it is
      g.poke('KLKV', g.sym('KLOOK'));
      g.poke('KON', 1);
      g.call('KRST');
      g.setPosition(0, start);
      g.call('KPRE'); // the reading before the program's search (game.sap GLPRG)
      g.call('SEARCH');
      g.call('KHFLD'); // the hits, counted by saved ply (KHPL), into KNHIT as KPLAY does
      expect(g.peek('KNMIS') + g.peek('KNHIT')).toBeGreaterThan(0);
      if (on) expect(g.peek('KNHIT'), 'the band reading').toBeGreaterThan(0);
      else expect(g.peek('KNHIT'), 'reading forward').toBe(0);
    }
  });

  it("reads exactly this search's band and the next's, passes over the rest, and leaves the next record waiting", () => {
    const g = Rote704.reading(entries, { cap: 800, perMove: 4, depth: 2 });
    g.poke('KBAND', 1);
    g.call('KRST');
    const ref = new BandReader(records, 800);
    let pos = start;
    const rand = rng(77);
    for (let move = 0; move < 4; move++) {
      ref.move(pos);
      g.setPosition(0, pos);
      g.call('KFWD');
      expect(g.pool().map((e) => e.key), `move ${move}`).toEqual(ref.pool.flatMap((r) => r.boards.map(() => r.key)));
      expect(g.peek('KNSKP')).toBe(ref.passed);
      if (move === 0) {
        // both bands: the ply-3 board's record and the start position's own
        expect(g.pool().map((e) => e.key)).toEqual(expect.arrayContaining([standardForm(target).key, standardForm(start).key]));
        // the first record beyond the band waits in the buffer for a later move
        expect(g.peek('KPEND')).toBe(1);
        expect(Math.floor(g.peek('KRK') / 1024)).toBeGreaterThan(Math.max(band(start), nextBand(start)));
      }
      const moves = legalMoves(pos);
      pos = moves[Math.floor(rand() * moves.length)]!.result;
    }
    expect(ref.passed).toBeGreaterThanOrEqual(fillers);
    expect(ref.pool.length).toBeGreaterThan(0);
  });
});
