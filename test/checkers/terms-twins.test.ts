// EVAL's twins (terms.sap, Z...): in the same-board form each term's difference
// P(R) - P(R') is formed at once from the words of both sides (ZSET, EGWRD), in place of the two
// single calls (a connective's from the signs of its two simple terms, ZCNS).
// Every one of the 38 against the reference, on hand-made and random positions
// (kings, all-king boards), either side to move; the way EVAL chooses (ETMAP, ETWN); and the
// forms that must keep the single routines.

import { describe, expect, it } from 'vitest';
import { Game704 } from './deck.ts';
import { toRecord } from './harness.ts';
import { parseFen, randomGamePosition, rng, startPosition, type Position, mixedPositions } from './reference.ts';
import { pieceTerm, turned } from './searchref.ts';
import { SPECIAL, TERMS, priorTerm, term } from './termsref.ts';
import { signed, word } from './searchharness.ts';

type Poly = { k: number; c: number }[];
function setTable(g: Game704, poly: Poly): void {
  g.poke('VNT', poly.length);
  poly.forEach(({ k, c }, j) => {
    g.poke('VTR', g.peek('PTR', -k), -(j + 1));
    g.poke('VTC', word(c), -(j + 1));
  });
}

function evalPly0(g: Game704): { score: number; cycles: number } {
  g.m.cpu.xr1 = 0;
  const c0 = g.m.cpu.cycles;
  g.call('EVAL');
  const { acSign, acMag } = g.m.cpu;
  return { score: acSign ? -acMag : acMag, cycles: g.m.cpu.cycles - c0 };
}

const expected = (poly: Poly, pos: Position): number =>
  64 * (pieceTerm(pos) + poly.reduce((a, { k, c }) => a + c * term(TERMS[k - 1]![1], pos), 0));

const positions = (): Position[] => {
  const all = [...SPECIAL.map(parseFen), startPosition(), ...mixedPositions(404, 300, 3, 90)];
  return [...all, ...all.map(turned)];
};

describe('the twins of the 38 terms (EVAL, same-board form)', () => {
  const g = new Game704().start();
  const all = positions();

  TERMS.forEach(([name], i) => {
    const k = i + 1;
    it(`term ${k} ${name}: the difference for both sides at once, as the reference`, () => {
      setTable(g, [{ k, c: 1 }]);
      const diffs = new Set<number>();
      for (const pos of all) {
        g.setPosition(0, pos);
        expect(evalPly0(g).score, `${name} ${pos.blackToMove}`).toBe(expected([{ k, c: 1 }], pos));
        expect(g.peek('ETWN', -1), `${name} has a twin`).not.toBe(0);
        diffs.add(term(TERMS[k - 1]![1], pos));
      }
      // the positions make the difference take several values (MOVE's is always 0)
      expect(diffs.size, name).toBeGreaterThan(name === 'MOVE' ? 0 : 2);
    });
  });

  it('all 38 in one table, random coefficients, in fewer cycles than the single routines', () => {
    const rand = rng(7);
    const poly = [...Array(38).keys()].map((i) => ({ k: i + 1, c: (rand() < 0.5 ? -1 : 1) * 2 ** Math.floor(rand() * 7) }));
    setTable(g, poly);
    let twins = 0;
    for (const pos of all.slice(0, 120)) {
      g.setPosition(0, pos);
      const r = evalPly0(g);
      expect(r.score).toBe(expected(poly, pos));
      twins += r.cycles;
    }
    // the same table through the two single calls: a table of routines with no twin
    // is not possible for the simple terms, so switch the twins off by the slot memo
    let singles = 0;
    for (const pos of all.slice(0, 120)) {
      for (let j = 1; j <= 38; j++) g.poke('ETWN', 0, -j);
      g.setPosition(0, pos);
      const r = evalPly0(g);
      expect(r.score).toBe(expected(poly, pos));
      singles += r.cycles;
    }
    expect(twins).toBeLessThan(singles);
    // ZMG borrows EF's words: EFC comes back to it while EFZM is set, and ZMG clears it
    // (the fused evaluator's own EFC goes on); no store into the code
    expect(g.peek('EFZM')).toBe(0);
    expect(g.peek('EFC')).toBe(g.prog.image.get(g.sym('EFC')));
  });
});

/** Record `pos` into ply p of the stack (ONLY = 0: a complete move began there). */
function setPly(g: Game704, p: number, pos: Position): void {
  const r = toRecord(pos);
  const at = (name: string, v: number) => { g.m.cpu.mem[g.sym(name) - 16 * p] = v; };
  at('FA', r.FA); at('BA', r.BA); at('FP', r.FP); at('BP', r.BP); at('SIDE', r.SIDE); at('ONLY', 0);
}

describe('the twins for R alone (ZSET1: the form with the position one move earlier)', () => {
  const g = new Game704().start();
  const all = positions();
  g.poke('VPREV', 1);
  g.poke('VTWN1', 1); // the twins even for a table of one term (default: 12 terms or more)

  TERMS.forEach(([name, f], i) => {
    const k = i + 1;
    it(`term ${k} ${name}: P(R) less the earlier position's, filled and then from the cache`, () => {
      setTable(g, [{ k, c: 1 }]);
      for (let j = 0; j + 1 < all.length; j += 2) {
        const prev = all[j]!, pos = all[j + 1]!;
        setPly(g, 0, prev);
        setPly(g, 1, pos);
        const want = 64 * (pieceTerm(pos) + f(pos) - f(prev));
        for (const hit of [1, 0]) {
          g.m.cpu.xr1 = 16;
          g.call('EVAL');
          const { acSign, acMag } = g.m.cpu;
          expect(acSign ? -acMag : acMag, `${name} ${j}`).toBe(want);
          expect(signed(g.peek('ECHIT'))).toBe(hit); // filled, then taken from the cache
        }
        expect(g.peek('ZONE')).toBe(1);
        expect(g.peek('ETWN', -1)).not.toBe(0);
      }
    });
  });
});

describe('how EVAL chooses', () => {
  it('a slot whose routine changes is looked up again; a connective has a twin; VPREV keeps the single routines', () => {
    const g = new Game704().start();
    const pos = randomGamePosition(rng(3), 30);
    g.setPosition(0, pos);
    setTable(g, [{ k: 9, c: 4 }]); // DIA
    expect(evalPly0(g).score).toBe(expected([{ k: 9, c: 4 }], pos));
    expect(g.peek('ETRC', -1)).toBe(g.peek('PTR', -9));
    expect(g.peek('ETWN', -1)).toBe(g.sym('ZDIA'));
    setTable(g, [{ k: 27, c: 4 }]); // DEMO - a connective's twin, from the signs of DENY's and MOB's
    expect(evalPly0(g).score).toBe(expected([{ k: 27, c: 4 }], pos));
    expect(g.peek('ETRC', -1)).toBe(g.peek('PTR', -27));
    expect(g.peek('ETWN', -1)).toBe(g.sym('ZDEMO'));
    expect(g.peek('ETWF')).toBe(1);
    setTable(g, [{ k: 9, c: 4 }]);
    g.poke('VPREV', 1); // ply 0 with VPRV0 = 0: still the turned board, so the twins
    expect(evalPly0(g).score).toBe(expected([{ k: 9, c: 4 }], pos));
    expect(g.peek('ETWF')).toBe(1);
    const prev = randomGamePosition(rng(4), 20);
    const r = toRecord(prev);
    g.m.cpu.mem.set([r.FA, r.BA, r.FP, r.BP], g.sym('LPRVR')); // a record addressed by XR1 = LPRVX
    g.poke('VPRV0', g.peek('LPRVX'));
    expect(evalPly0(g).score).toBe(64 * (pieceTerm(pos) + 4 * priorTerm(TERMS[8]![1], pos, prev)));
    expect(g.peek('ETWF')).toBe(0); // an earlier position: not the difference at once
    expect(g.peek('EVLP')).toBe(1); // one term, fewer than VTWN1: the single routines' loop (EVTS)
    g.poke('VTWN1', 1);
    expect(evalPly0(g).score).toBe(64 * (pieceTerm(pos) + 4 * priorTerm(TERMS[8]![1], pos, prev)));
    expect(g.peek('EVLP')).toBe(0); // the twin for R alone (the twins' loop from EVRT)
    expect(g.peek('ZONE')).toBe(1);
    g.poke('VTWN1', 12);
    g.poke('VPRV0', 0);
    g.poke('VPREV', 0);
  });

  it('skips its look-up pass only while the table is the one EPRV saw and the twins were looked up for it (ETSYN)', () => {
    // Table A seen by EPRV (VPREV 1), then table B scored with VPREV 0 (EPRV does not look at the
    // table: the pass looks B's twins up), then A again with VPREV 1: A is EPRV's copy, but the
    // twins are B's, so the pass must run again. (Skipping it there scored A with B's twins.)
    const g = new Game704().start();
    const prev = randomGamePosition(rng(7), 24), pos = randomGamePosition(rng(8), 25);
    setPly(g, 0, prev);
    setPly(g, 1, pos);
    const A: Poly = [{ k: 9, c: 4 }, { k: 27, c: 8 }], B: Poly = [{ k: 4, c: 4 }, { k: 27, c: 8 }];
    const at1 = (poly: Poly): number => {
      setTable(g, poly);
      g.poke('VPREV', 1);
      g.m.cpu.xr1 = 16;
      g.call('EVAL');
      g.poke('VPREV', 0);
      const { acSign, acMag } = g.m.cpu;
      return acSign ? -acMag : acMag;
    };
    const want = (poly: Poly): number => 64 * (pieceTerm(pos) + poly.reduce((a, { k, c }) => a + c * priorTerm(TERMS[k - 1]![1], pos, prev), 0));
    expect(at1(A)).toBe(want(A));
    expect(g.peek('ETSYN')).toBe(1);
    setTable(g, B);
    setPly(g, 0, pos);
    expect(evalPly0(g).score).toBe(expected(B, pos));
    expect(g.peek('ETSYN')).toBe(0);
    setPly(g, 0, prev);
    expect(at1(A)).toBe(want(A));
    expect(at1(A)).toBe(want(A)); // and again, the pass skipped
    expect(g.peek('ETSYN')).toBe(1);
  });

  it('below VTWN1 terms, the twins for R alone when the table holds a connective (ETCON), else the single routines', () => {
    const g = new Game704().start();
    const prev = randomGamePosition(rng(5), 24), pos = randomGamePosition(rng(6), 25);
    setPly(g, 0, prev);
    setPly(g, 1, pos);
    g.poke('VPREV', 1);
    const at1 = (poly: Poly): number => {
      setTable(g, poly);
      g.m.cpu.xr1 = 16;
      g.call('EVAL');
      const { acSign, acMag } = g.m.cpu;
      return acSign ? -acMag : acMag;
    };
    const want = (poly: Poly): number => 64 * (pieceTerm(pos) + poly.reduce((a, { k, c }) => a + c * priorTerm(TERMS[k - 1]![1], pos, prev), 0));
    for (const [poly, connective] of [[[{ k: 9, c: 4 }, { k: 27, c: 8 }], 1], [[{ k: 9, c: 4 }, { k: 4, c: 8 }], 0], [[{ k: 38, c: -2 }], 1]] as const) {
      expect(at1([...poly])).toBe(want([...poly]));
      expect(g.peek('ETCON')).toBe(connective);
      expect(g.peek('EVLP')).toBe(connective ? 0 : 1); // 0: the twins' loop (EVRT), 1: the single routines' (EVTS)
    }
    g.poke('VPREV', 0);
  });
});
