// game.sap's card parsing and move matching, one routine at a time through the emulator:
// GPMOV (a move card to a path of squares), GTOK (a control keyword), GSETUP (a set-up card to
// board words), GLIST + GMATCH (the card's path among the complete legal moves).

import { describe, expect, it } from 'vitest';
import { textCard } from '../../src/devices/cards.ts';
import { Game704 } from './deck.ts';
import { legalMoves, parseFen, randomGamePosition, rng, toFen } from './reference.ts';
import { fromRecord } from './harness.ts';

const g = new Game704();
g.call('BITINI');

function card(text: string): void {
  g.m.reader.feed([textCard(text)]);
  expect(g.call('RCARD', { returns: 2 }).ret).toBe(2);
}

function parseMove(text: string): number[] | null {
  card(text);
  if (g.call('GPMOV', { returns: 2 }).ret === 1) return null;
  const n = g.peek('GPN');
  return Array.from({ length: n }, (_, i) => g.peek('GPTH', -i));
}

describe('GPMOV', () => {
  it('reads moves and multiple jumps with - or x, from column 1 or after blanks, to the first blank', () => {
    expect(parseMove('11-15')).toEqual([11, 15]);
    expect(parseMove('15x24')).toEqual([15, 24]);
    expect(parseMove('6X15X22')).toEqual([6, 15, 22]);
    expect(parseMove('6x15-22 COMMENT 1-2')).toEqual([6, 15, 22]);
    expect(parseMove('   32-28')).toEqual([32, 28]);
    expect(parseMove(`${' '.repeat(67)}1-2-3`)).toEqual([1, 2, 3]);
    expect(parseMove('1x2x3x4x5x6x7x8x9x10x11x12x13')).toHaveLength(13);
  });

  it('rejects malformed cards', () => {
    for (const bad of ['', '11', '11-', '-11', '11--15', '0-5', '5-0', '33-1', '11/15', 'A-B', '11-15-', '123-1', '11-15X', '1x2x3x4x5x6x7x8x9x10x11x12x13x14']) {
      expect(parseMove(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('GTOK', () => {
  it('packs a keyword of up to six characters, blank-filled, and skips the blanks after it', () => {
    card('*PLAY   BLACK');
    g.m.cpu.xr2 = 1;
    g.call('GTOK');
    expect(g.peek('GTKW')).toBe(g.peek('GKPLAY'));
    expect(g.m.cpu.xr2).toBe(8);
    g.call('GTOK');
    expect(g.peek('GTKW')).toBe(g.peek('GKBLK'));
    card('*CONCEDE');
    g.m.cpu.xr2 = 1;
    g.call('GTOK');
    expect(g.peek('GTKW')).toBe(g.peek('GKCONC'));
  });
});

describe('GSETUP', () => {
  it('turns a set-up card into the board words of the side to move', () => {
    const rand = rng(17);
    for (let k = 0; k < 20; k++) {
      const pos = randomGamePosition(rand, 10 + k * 3);
      card(`*SETUP ${toFen(pos).replaceAll(':', '/')}`);
      g.m.cpu.xr2 = 7;
      expect(g.call('GSETUP', { returns: 2 }).ret).toBe(2);
      const rec = { FA: g.peek('GSFA'), BA: g.peek('GSBA'), FP: g.peek('GSFP'), BP: g.peek('GSBP'), SIDE: g.peek('GSSD') };
      expect(toFen(fromRecord(rec))).toBe(toFen(pos));
    }
  });
});

describe('GLIST and GMATCH', () => {
  it('find exactly the legal moves of random positions, by their full paths', () => {
    const rand = rng(99);
    for (let k = 0; k < 30; k++) {
      const pos = randomGamePosition(rand, 5 + k * 2);
      const fen = toFen(pos);
      g.setPosition(0, parseFen(fen));
      g.call('GLIST');
      const legal = legalMoves(pos);
      expect(g.peek('GN'), fen).toBe(legal.length);
      for (const mv of legal) {
        const sep = mv.captures.length ? 'X' : '-';
        card(mv.path.join(sep));
        expect(g.call('GPMOV', { returns: 2 }).ret).toBe(2);
        expect(g.call('GMATCH', { returns: 2 }).ret, `${mv.path.join(sep)} in ${fen}`).toBe(2);
        // the entry found leads to the reference's position
        const o = g.peek('GMO');
        const at = (name: string): number => g.m.cpu.mem[g.sym(name) - o]!;
        const rec = { FA: at('GTFA'), BA: at('GTBA'), FP: at('GTFP'), BP: at('GTBP'), SIDE: at('GTSD') };
        expect(toFen(fromRecord(rec))).toBe(toFen(mv.result));
      }
      // a path that is not a legal move is not found: every legal path with its last square changed
      for (const mv of legal.slice(0, 3)) {
        const wrong = [...mv.path];
        wrong[wrong.length - 1] = (wrong[wrong.length - 1]! % 32) + 1;
        if (legal.some((x) => x.path.join() === wrong.join())) continue;
        card(wrong.join('-'));
        expect(g.call('GPMOV', { returns: 2 }).ret).toBe(2);
        expect(g.call('GMATCH', { returns: 2 }).ret).toBe(1);
      }
    }
  });
});
