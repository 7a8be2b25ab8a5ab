// search.sap's few-pieces shift (Samuel, "Ply limitations": the break points move "when the total
// number of pieces on the board falls below an arbitrary number"): a position with fewer than VFEW
// pieces is searched deeper than with the shift off, with the reference's score (searchref.ts,
// breakPoints); the same position with more pieces is searched alike either way; the break points
// are put back after the search. In the whole program's image (Game704).

import { describe, expect, it } from 'vitest';
import { Game704 } from './deck.ts';
import { parseFen, type Position } from './reference.ts';
import { signed } from './searchharness.ts';
import { DEFAULTS, breakPoints, searchRef, type Params } from './searchref.ts';

function search(g: Game704, pos: Position, q: Params) {
  for (const [name, v] of [['VPMIN', q.pmin], ['VP4', q.p4], ['VP5', q.p5], ['VP11', q.p11], ['VPMAX', q.pmax], ['VFEW', q.few], ['VFSH', q.fsh]] as const) g.poke(name, v);
  g.setPosition(0, pos);
  const r = g.call('SEARCH', { limit: 2_000_000_000 });
  return { score: signed(r.ac), nodes: g.peek('SNODES'), deepest: g.peek('SDEEP') };
}

describe('the few-pieces shift', () => {
  const g = new Game704().start();
  // two kings against one in the double corner, and the same with seven men more
  const few = parseFen('B:WK1:BK14,K19');
  const many = parseFen('B:WK1,29,30,31,32:BK14,K19,10,11,12');
  const q: Params = { ...DEFAULTS, pmax: 12 };

  it('searches a position with fewer than VFEW pieces deeper than with the shift off, as the reference', () => {
    expect(breakPoints(few, q).pmin).toBe(q.pmin + q.fsh);
    const shifted = search(g, few, q);
    expect(shifted.deepest).toBeGreaterThanOrEqual(q.pmin + q.fsh);
    expect(shifted.score).toBe(searchRef(few, q).score);
    const plain = search(g, few, { ...q, few: 0 });
    expect(plain.deepest).toBeLessThan(shifted.deepest);
    expect(plain.nodes).toBeLessThan(shifted.nodes);
  });

  it('searches the same position with many pieces alike with or without it, and puts the break points back', () => {
    expect(breakPoints(many, q).pmin).toBe(q.pmin);
    const a = search(g, many, q);
    const b = search(g, many, { ...q, few: 0 });
    expect(a).toEqual(b);
    search(g, few, q);
    expect([g.peek('VPMIN'), g.peek('VP4'), g.peek('VP5')]).toEqual([q.pmin, q.p4, q.p5]);
  });
});
