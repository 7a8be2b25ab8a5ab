// Appendix C's term form in EVAL (VPREV not 0): each term is the parameter for the position
// minus the same parameter for the position just prior to the last move (eval.sap's EPRV) -
// on the search stack the ply where the last complete move began, at ply 0 the game's previous
// position (learn.sap's LPRV0 from game.sap's history) - against termsref.ts's priorTerm on
// positions from random games, single moves and multiple jumps; EVAL's cache of the earlier
// position's parameters; and XCTM, the connectives' memo of their simple terms.

import { describe, expect, it } from 'vitest';
import { Game704 } from './deck.ts';
import { toRecord, wordOf } from './harness.ts';
import { randomGamePosition, rng, type Position } from './reference.ts';
import { hops, pieceTerm, type State } from './searchref.ts';
import { TERMS, priorTerm, term } from './termsref.ts';
import { signed, word } from './searchharness.ts';

/** State `st` into ply p of the stack (its ONLY word the bit of the piece that must jump on). */
function setPly(g: Game704, p: number, st: State): void {
  const r = toRecord(st.pos);
  const at = (name: string, v: number) => { g.m.cpu.mem[g.sym(name) - 16 * p] = v; };
  at('FA', r.FA); at('BA', r.BA); at('FP', r.FP); at('BP', r.BP); at('SIDE', r.SIDE);
  at('ONLY', st.only ? wordOf([st.only]) : 0);
}

type Poly = { k: number; c: number }[];
function randomPoly(rand: () => number): Poly {
  const ks = [...Array(38).keys()].map((k) => k + 1).sort(() => rand() - 0.5).slice(0, 16);
  return ks.map((k) => ({ k, c: (rand() < 0.5 ? -1 : 1) * 2 ** Math.floor(rand() * 7) }));
}

/** The polynomial in EVAL's table (as LLOAD puts it). */
function setTable(g: Game704, poly: Poly): void {
  g.poke('VNT', poly.length);
  poly.forEach(({ k, c }, j) => {
    g.poke('VTR', g.peek('PTR', -k), -(j + 1));
    g.poke('VTC', word(c), -(j + 1));
  });
}

const expected = (poly: Poly, pos: Position, prev: Position | undefined): number =>
  64 * (pieceTerm(pos) + poly.reduce((a, { k, c }) => {
    const f = TERMS[k - 1]![1];
    return a + c * (prev ? priorTerm(f, pos, prev) : term(f, pos));
  }, 0));

function evalAt(g: Game704, p: number): number {
  g.m.cpu.xr1 = 16 * p;
  g.call('EVAL');
  const { acSign, acMag } = g.m.cpu;
  return acSign ? -acMag : acMag;
}

/** A line of hops from `pos`: every hop of one complete move (several for a multiple jump), by `pick`. */
function moveLine(pos: Position, pick: (n: number) => number): State[] {
  const line: State[] = [{ pos, only: 0 }];
  for (;;) {
    const hs = hops(line[line.length - 1]!);
    const h = hs[pick(hs.length)]!;
    line.push(h.next);
    if (!h.cont) return line;
  }
}

describe('EVAL with VPREV: terms less their value one move earlier', () => {
  it('at a search ply, the ply where the last move began (back over the hops of a multiple jump)', () => {
    const g = new Game704().start();
    const rand = rng(21);
    let multi = 0;
    let n = 0;
    for (let t = 0; t < 5000 && (n < 50 || multi < 10); t++) {
      const start = randomGamePosition(rand, 4 + Math.floor(rand() * 50));
      if (hops({ pos: start, only: 0 }).length === 0) continue;
      // two complete moves: the leaf's earlier position is the second move's start
      const a = moveLine(start, (k) => Math.floor(rand() * k));
      const mid = a[a.length - 1]!;
      if (hops(mid).length === 0) continue;
      const b = moveLine(mid.pos, (k) => Math.floor(rand() * k));
      const isMulti = b.length > 2;
      if (isMulti ? multi >= 10 : n >= 50) continue;
      const line = [...a, ...b.slice(1)];
      const leaf = line.length - 1;
      line.forEach((st, p) => setPly(g, p, st));
      const poly = randomPoly(rand);
      setTable(g, poly);
      g.poke('VPREV', 1);
      const got = evalAt(g, leaf);
      expect(got, `line ${t}`).toBe(expected(poly, line[leaf]!.pos, mid.pos));
      expect(g.peek('EPRVX') / 2 ** 18).toBe(16 * (a.length - 1)); // EPRV's record
      g.poke('VPREV', 0);
      expect(evalAt(g, leaf)).toBe(expected(poly, line[leaf]!.pos, undefined));
      if (isMulti) multi++; else n++;
    }
    expect([n, multi]).toEqual([50, 10]);
  });

  it('the default polynomial (the fused evaluator) and a ply in the middle of a multiple jump keep the turned board', () => {
    const g = new Game704().start();
    const rand = rng(5);
    let seen = 0;
    for (let t = 0; t < 400 && seen < 5; t++) {
      const start = randomGamePosition(rand, 10 + Math.floor(rand() * 40));
      const hs = hops({ pos: start, only: 0 });
      const h = hs.find((x) => x.cont);
      if (!h) continue;
      setPly(g, 0, { pos: start, only: 0 });
      setPly(g, 1, h.next);
      const poly = randomPoly(rand);
      setTable(g, poly);
      g.poke('VPREV', 1);
      expect(evalAt(g, 1)).toBe(expected(poly, h.next.pos, undefined));
      seen++;
    }
    expect(seen).toBe(5);
    const g2 = new Game704().start();
    const a = moveLine(randomGamePosition(rand, 12), () => 0);
    a.forEach((st, p) => setPly(g2, p, st));
    g2.poke('VPREV', 1);
    const withPrev = evalAt(g2, a.length - 1);
    g2.poke('VPREV', 0);
    expect(withPrev).toBe(evalAt(g2, a.length - 1));
  });

  it('at ply 0 (LRSAV): the game\'s previous position from its history; none yet - the turned board', () => {
    const g = new Game704().start();
    const rand = rng(9);
    for (let t = 0; t < 25; t++) {
      const prev = randomGamePosition(rand, 5 + Math.floor(rand() * 40));
      if (hops({ pos: prev, only: 0 }).length === 0) continue;
      const line = moveLine(prev, (k) => Math.floor(rand() * k));
      const pos = line[line.length - 1]!.pos;
      const poly = randomPoly(rand);
      poly.forEach(({ k, c }, i) => {
        g.poke('AK', k, -(i + 1)); g.poke('ACF', word(c * 4096), -(i + 1)); // Alpha's scale: 2^12 times EVAL's (VTSH 12)
      });
      // game.sap's history: entry h at GHIST-5h (FA, BA, FP, BP, side); the last entry is ply 0
      [prev, pos].forEach((q, h) => {
        const r = toRecord(q);
        [r.FA, r.BA, r.FP, r.BP, q.blackToMove ? 0 : 1].forEach((w, i) => { g.m.cpu.mem[g.sym('GHIST') - 5 * h - i] = w; });
      });
      g.poke('GHN', 2);
      setPly(g, 0, { pos, only: 0 });
      g.poke('VPREV', 1);
      g.call('LRSAV');
      poly.forEach(({ k }, i) => {
        expect(signed(g.peek('LTV', -(i + 1))), `${t} ${TERMS[k - 1]![0]}`).toBe(priorTerm(TERMS[k - 1]![1], pos, prev));
      });
      expect(signed(g.peek('LSAVE'))).toBe(expected(poly, pos, prev));
      expect(g.peek('VPRV0')).toBe(0); // only while LRSAV scores ply 0
      g.poke('GHN', 1);
      g.call('LRSAV');
      expect(signed(g.peek('LSAVE'))).toBe(expected(poly, pos, undefined));
    }
  });
});

describe('the cache of the earlier position\'s parameters (EPRV, ECACH)', () => {
  it('a second leaf under the same earlier position takes them from the cache; a new table or board refills it', () => {
    const g = new Game704().start();
    const rand = rng(33);
    g.poke('VPREV', 1);
    const hit = () => signed(g.peek('ECHIT'));
    let checked = 0;
    for (let t = 0; t < 400 && checked < 20; t++) {
      const start = randomGamePosition(rand, 4 + Math.floor(rand() * 40));
      if (hops({ pos: start, only: 0 }).length === 0) continue;
      const a = moveLine(start, (k) => Math.floor(rand() * k));
      const mid = a[a.length - 1]!;
      const replies = hops(mid).filter((h) => !h.cont);
      if (replies.length < 2) continue;
      a.forEach((st, p) => setPly(g, p, st));
      const leafPly = a.length;
      let poly = randomPoly(rand);
      setTable(g, poly);
      for (const [i, h] of replies.entries()) {
        setPly(g, leafPly, h.next);
        const v = evalAt(g, leafPly);
        expect(hit(), `reply ${i}`).toBe(i === 0 ? 1 : 0); // the first fills, the others hit
        expect(v).toBe(expected(poly, h.next.pos, mid.pos));
      }
      poly = randomPoly(rand); // other routines: the serial changes, the block is filled again
      setTable(g, poly);
      setPly(g, leafPly, replies[0]!.next);
      expect(evalAt(g, leafPly)).toBe(expected(poly, replies[0]!.next.pos, mid.pos));
      expect(hit()).toBe(1);
      poly.forEach((e) => { e.c = -e.c; }); // only the coefficients: still a hit
      setTable(g, poly);
      expect(evalAt(g, leafPly)).toBe(expected(poly, replies[0]!.next.pos, mid.pos));
      expect(hit()).toBe(0);
      g.poke('VCACH', 0);
      expect(evalAt(g, leafPly)).toBe(expected(poly, replies[0]!.next.pos, mid.pos));
      expect(hit()).toBe(-1);
      g.poke('VCACH', 1);
      checked++;
    }
    expect(checked).toBe(20);
  });

  it('a whole search scores every root move the same with and without the cache, in fewer cycles', () => {
    const rand = rng(4);
    let withC = 0;
    let without = 0;
    for (let t = 0; t < 6; t++) {
      const pos = randomGamePosition(rand, 8 + Math.floor(rand() * 30));
      if (hops({ pos, only: 0 }).length === 0) continue;
      const poly = randomPoly(rand);
      const run = (cache: number) => {
        const g = new Game704().start();
        setPly(g, 0, { pos, only: 0 });
        setTable(g, poly);
        g.poke('VPREV', 1);
        g.poke('VCACH', cache);
        const c0 = g.m.cpu.cycles;
        g.call('SEARCH', { limit: 2e9 });
        const n = g.peek('SRN');
        return { cycles: g.m.cpu.cycles - c0, scores: [...Array(n).keys()].map((k) => g.peek('SRSC', -24 * k)), best: g.peek('SBEST'), evals: g.peek('SNEVL') };
      };
      const a = run(1);
      const b = run(0);
      expect(a.scores, `position ${t}`).toEqual(b.scores);
      expect([a.best, a.evals]).toEqual([b.best, b.evals]);
      withC += a.cycles;
      without += b.cycles;
    }
    expect(withC).toBeLessThan(without);
  });
});

describe('XCTM - the memo of the simple terms inside the connectives', () => {
  it('the four forms of a pair and the turned board compute nothing again; values as the reference', () => {
    const g = new Game704().start();
    const rand = rng(12);
    const ymp = () => g.peek('YMP');
    const callTerm = (k: number) => { g.m.cpu.xr1 = 0; g.call(`X${TERMS[k - 1]![0].replace(' ', '')}`); const { acSign, acMag } = g.m.cpu; return acSign ? -acMag : acMag; };
    for (let t = 0; t < 30; t++) {
      const pos = randomGamePosition(rand, 6 + Math.floor(rand() * 50));
      setPly(g, 0, { pos, only: 0 });
      const before = ymp();
      for (let k = 27; k <= 30; k++) expect(callTerm(k), TERMS[k - 1]![0]).toBe(TERMS[k - 1]![1](pos)); // DEMO .. DDMM
      const after = ymp();
      expect((after - before + 24) % 24).toBe(12); // DENY and MOB: two new entries, then hits
      setPly(g, 0, { pos: { ...pos, blackToMove: !pos.blackToMove }, only: 0 });
      expect(callTerm(27)).toBe(TERMS[26]![1]({ ...pos, blackToMove: !pos.blackToMove }));
      expect(ymp()).toBe(after); // the turned board: minus the remembered terms
      setPly(g, 0, { pos, only: 0 });
      for (let k = 31; k <= 38; k++) expect(callTerm(k), TERMS[k - 1]![0]).toBe(TERMS[k - 1]![1](pos)); // MODE, MOC
    }
  });

  it('EVAL with 16 terms, 12 of them connectives, same-board form, as the reference', () => {
    const g = new Game704().start();
    const rand = rng(13);
    for (let t = 0; t < 30; t++) {
      const pos = randomGamePosition(rand, 6 + Math.floor(rand() * 50));
      setPly(g, 0, { pos, only: 0 });
      const poly = [...Array(16).keys()].map((i) => ({ k: 23 + i, c: (rand() < 0.5 ? -1 : 1) * 2 ** Math.floor(rand() * 7) }));
      setTable(g, poly);
      expect(evalAt(g, 0), `position ${t}`).toBe(expected(poly, pos, undefined));
    }
  });
});
