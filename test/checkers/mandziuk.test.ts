// Mańdziuk's features, heuristics and plain alpha-beta (asm/checkers/mandziuk.sap, seed 002),
// routine by routine through the emulator (the 704 way, TSX ROUTINE,4), against the independent
// reference in mandziukref.ts; then the *MANDZ cards and a game as a user runs them.

import { describe, expect, it } from 'vitest';
import { textCard } from '../../src/devices/cards.ts';
import { bootWith, Game704, linesOf, peek, sym } from './deck.ts';
import { fromRecord } from './harness.ts';
import { HEURISTICS, MAX_WIN, STEP, evaluate, features, geneCount, minimax, phase, type Colour } from './mandziukref.ts';
import { legalMoves, mixedPositions, parseFen, rng, startPosition, toFen, type Position } from './reference.ts';
import { signed, word } from './searchharness.ts';

const NAMES = ['8F', '10F', '15F', '19F', '25F', '3PH', '5PH', 'E3PH', 'NULL'];
const kOf = (name: string): number => NAMES.indexOf(name) + 1;

let shared: Game704 | null = null;
const g704 = (): Game704 => (shared ??= new Game704().start());

function feats704(c: Game704, pos: Position): [number[], number[]] {
  c.setPosition(0, pos);
  c.call('QFEAT', { xr1: 0 });
  const read = (table: string): number[] => [0, ...Array.from({ length: 25 }, (_, i) => signed(c.peek(table, -(i + 1))))];
  return [read('QFVB'), read('QFVW')];
}

/** Give colour c the heuristic `name` at `depth` with `weights` (as the *MANDZ cards would). */
function give(c: Game704, colour: Colour, name: string, depth: number, weights: readonly number[]): void {
  c.poke('QTYP', kOf(name), -colour);
  c.poke('QDEP', depth, -colour);
  c.poke('QNW', weights.length, -colour);
  const base = colour === 0 ? 'QWBK' : 'QWWH';
  for (let i = 0; i < 64; i++) c.poke(base, word(weights[i] ?? 0), -i);
}

const randomWeights = (rand: () => number, n: number): number[] => Array.from({ length: n }, () => Math.round((rand() - 0.5) * 4000));
const pos = (fen: string): Position => parseFen(fen);

describe('the 25 features (QFEAT) of each side', () => {
  it('hand-made position: bridges, men in corners, distances and edges', () => {
    // Black men 1 3 4 (bridge 1-3, man in corner 4), White men 29 30 32 (bridge 30-32, corner 29)
    const [b, w] = feats704(g704(), pos('B:W29,30,32:B1,3,4'));
    for (const f of [b, w]) {
      expect(f[1]).toBe(3); // pawns
      expect(f[2]).toBe(0);
      expect(f[3]).toBe(3); // all on the edge
      expect(f[5]).toBe(3); // each has a free square ahead
      expect(f[7]).toBe(21); // 7 rows each to go
      expect(f[8]).toBe(1); // 31 / 2 empty on the promotion line
      expect(f[9]).toBe(3); // defenders
      expect(f[10]).toBe(0);
      expect(f[13]).toBe(1); // 4 / 29 on the long diagonal
      expect(f[15]).toBe(1); // 1 / 32 on a double diagonal
      expect(f[17]).toBe(3); // loners
      expect(f[22]).toBe(1); // bridge
      expect(f[24]).toBe(1); // man in corner
      expect(f[20]! + f[21]! + f[23]! + f[25]!).toBe(0);
    }
  });

  it('hand-made position: triangles, dogs and kings in corners for both sides', () => {
    // Black: men 1 2 6 (triangle), 28 (in White's dog-hole), king 29 (corner); White: men 27 31 32
    // (triangle), 5 (in Black's dog-hole), king 4 (corner).
    const [b, w] = feats704(g704(), pos('W:W5,27,31,32,K4:B1,2,6,28,K29'));
    for (const f of [b, w]) {
      expect(f[20]).toBe(1);
      expect(f[21]).toBe(0);
      expect(f[22]).toBe(0);
      expect(f[23]).toBe(1);
      expect(f[25]).toBe(1);
      expect(f[2]).toBe(1);
    }
    expect(b[4]).toBe(1); // king on 29 is on the edge
    expect(b[14]).toBe(1); // and on the long diagonal
    // Oreo and a hole: Black men 2 3 7, White men 26 30 31; square 27? no - White 22 23 30 31 make 26 a hole.
    const [b2, w2] = feats704(g704(), pos('B:W22,23,30,31:B2,3,7'));
    expect(b2[21]).toBe(1);
    expect(w2[21]).toBe(0);
    expect(w2[19]).toBe(1); // 26: neighbours 22 23 30 31 all White
    expect(b2[19]).toBe(0);
  });

  it('equal the reference on random positions, both colours', () => {
    const c = g704();
    for (const p of mixedPositions(19, 60, 2, 60)) {
      const [b, w] = feats704(c, p);
      expect(b, toFen(p)).toEqual(features(p, 0));
      expect(w, toFen(p)).toEqual(features(p, 1));
    }
  });
});

describe('phases (QPHAS, paper section 4.2)', () => {
  const phase704 = (name: string, p: Position, colour: Colour): number => {
    const c = g704();
    give(c, colour, name, 1, []);
    c.call('QUSE', { ac: colour });
    c.setPosition(0, p);
    c.call('QPREP', { xr1: 0 });
    return signed(c.call('QPHAS').ac);
  };
  const cases: [string, string, Colour, number, number][] = [
    // fen, heuristic's colour, 3-phase, 5-phase
    ['start', 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', 0, 0, 0],
    ['four men each, no king', 'B:W21,22,23,24:B1,2,3,4', 1, 0, 0],
    ['three pieces - ending', 'B:W21,22,23:B1,2,3,4,5,6,7,8,9,10,11,12', 0, 2, 4],
    ['ending wins over kings', 'B:WK21,K22,K23:BK1,K2,K3,K4,K5', 1, 2, 4],
    ['only mine have kings', 'B:W21,22,23,24,25:BK1,K2,K3,K4', 0, 1, 1],
    ['only his', 'B:W21,22,23,24,25:BK1,K2,K3,K4', 1, 1, 2],
    ['both', 'W:WK21,22,23,24,25:BK1,K2,K3,K4', 1, 1, 3],
  ];
  it.each(cases)('%s', (_, fen, colour, three, five) => {
    const p = pos(fen);
    expect(phase704('3PH', p, colour)).toBe(three);
    expect(phase(p, colour, 3)).toBe(three);
    expect(phase704('5PH', p, colour)).toBe(five);
    expect(phase(p, colour, 5)).toBe(five);
    expect(phase704('25F', p, colour)).toBe(0);
  });
});

describe('the heuristics (QEVAL)', () => {
  it('equal the reference for every heuristic, both colours, both games', () => {
    const c = g704();
    const rand = rng(5);
    const positions = mixedPositions(23, 16, 2, 50);
    for (const name of NAMES) {
      for (const giveaway of [false, true]) {
        c.poke('VGIVE', giveaway ? 1 : 0);
        for (const colour of [0, 1] as Colour[]) {
          const w = randomWeights(rand, geneCount(name, giveaway));
          give(c, colour, name, 1, w);
          c.call('QUSE', { ac: colour });
          expect(signed(c.peek('QNT')) * HEURISTICS[name]!.phases).toBe(geneCount(name, giveaway));
          for (const p of positions) {
            c.setPosition(0, p);
            const r = c.call('QEVAL', { xr1: 0 });
            expect(r.xr1).toBe(0);
            expect(signed(r.ac), `${name} ${toFen(p)}`).toBe(evaluate(p, name, w, colour, giveaway));
            expect(r.ac).not.toBe(2 ** 35); // never -0
          }
        }
      }
    }
    c.poke('VGIVE', 0);
  });
});

/** The 704's choice at ply 0 for the side to move (QSRCH): value, the chosen move's FEN, nodes. */
function search704(c: Game704, p: Position): { value: number; chosen: string; nodes: number } {
  c.setPosition(0, p);
  const r = c.call('QSRCH', { returns: 2 });
  expect(r.ret).toBe(2);
  const k = signed(c.peek('SBEST'));
  const e = -24 * k;
  const rec = { FA: c.peek('SRFA', e), BA: c.peek('SRBA', e), FP: c.peek('SRFP', e), BP: c.peek('SRBP', e), SIDE: c.peek('SRSID', e) };
  return { value: signed(r.ac), chosen: toFen(fromRecord(rec)), nodes: signed(c.peek('QNOD')) };
}

describe('fixed-depth alpha-beta (QSRCH, QAB)', () => {
  it('gives the plain minimax value and a best move, depths 1-3, on random positions', () => {
    const c = g704();
    const rand = rng(8);
    let n = 0;
    for (const [i, p] of mixedPositions(31, 14, 3, 60).entries()) {
      const moves = legalMoves(p);
      if (moves.length === 0) continue;
      const giveaway = i % 4 === 3;
      c.poke('VGIVE', giveaway ? 1 : 0);
      const name = NAMES[i % NAMES.length]!;
      const depth = 1 + (i % 3);
      const colour: Colour = p.blackToMove ? 0 : 1;
      const w = randomWeights(rand, geneCount(name, giveaway));
      give(c, colour, name, depth, w);
      const leaf = (q: Position): number => evaluate(q, name, w, colour, giveaway);
      const want = minimax(p, depth, leaf, giveaway);
      const got = search704(c, p);
      expect(got.value, `${name} depth ${depth} ${toFen(p)}`).toBe(want);
      const best = moves.filter((m) => -minimax(m.result, depth - 1, leaf, giveaway, 1) === want).map((m) => toFen(m.result));
      expect(best).toContain(got.chosen);
      n++;
    }
    c.poke('VGIVE', 0);
    expect(n).toBeGreaterThan(10);
  });

  it('scores a win found at g moves as max_win_value - g, a loss as g - max_win_value', () => {
    const c = g704();
    // Black to move must take White's last man (9x18): White, to move, has no move at g = 1.
    const p = pos('B:W14:B9');
    give(c, 0, '8F', 3, [1024]);
    expect(search704(c, p).value).toBe(MAX_WIN - 1 * STEP);
    c.poke('VGIVE', 1); // give-away: the same capture leaves White with nothing - White wins
    expect(search704(c, p).value).toBe(1 * STEP - MAX_WIN);
    c.poke('VGIVE', 0);
  });

  it('the null heuristic: 0 at the depth limit, a random choice among the equal moves by the seed', () => {
    const c = g704();
    const p = startPosition();
    give(c, 0, 'NULL', 2, []);
    const chosen = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      c.poke('QRX', seed);
      const r = search704(c, p);
      expect(r.value).toBe(0);
      chosen.add(r.chosen);
    }
    expect(chosen.size).toBeGreaterThan(2);
    const all = legalMoves(p).map((m) => toFen(m.result));
    for (const f of chosen) expect(all).toContain(f);
    // the same seed, the same choice
    c.poke('QRX', 5);
    const a = search704(c, p).chosen;
    c.poke('QRX', 5);
    expect(search704(c, p).chosen).toBe(a);
  });

  it('searches fewer positions than plain minimax would', () => {
    const c = g704();
    const p = mixedPositions(3, 1, 5, 0)[0]!;
    give(c, p.blackToMove ? 0 : 1, '25F', 3, randomWeights(rng(2), 25));
    const count = (q: Position, d: number): number => (d === 0 ? 1 : 1 + legalMoves(q).reduce((a, m) => a + count(m.result, d - 1), 0));
    const r = search704(c, p);
    expect(r.nodes).toBeGreaterThan(legalMoves(p).length);
    expect(r.nodes).toBeLessThan(count(p, 3));
  });
});

describe('the null heuristic with NOCUT: the paper\'s search without cut-offs (section 7.1.2)', () => {
  const tree = (q: Position, d: number): number => (d === 0 ? 1 : 1 + legalMoves(q).reduce((a, m) => a + tree(m.result, d - 1), 0));
  const nocut = (c: Game704, colour: Colour, on: boolean): void => c.poke('QNCT', on ? 1 : 0, -colour);

  it('enters every position of the tree while no game end is in reach, and chooses as with cut-offs', () => {
    const c = g704();
    const p = startPosition();
    give(c, 0, 'NULL', 3, []);
    c.poke('QRX', 7);
    const cut = search704(c, p);
    nocut(c, 0, true);
    c.poke('QRX', 7);
    const full = search704(c, p);
    nocut(c, 0, false);
    expect(full.nodes).toBe(tree(p, 3));
    expect(cut.nodes).toBeLessThan(full.nodes);
    expect([full.value, full.chosen]).toEqual([cut.value, cut.chosen]);
  });

  it('still finds the minimax value where a game ends inside the search', () => {
    const c = g704();
    const values: number[] = [];
    for (const fen of ['B:W14:B9', 'W:W18,22:B9,14', 'B:W21,K30:B17,K3', 'W:W27:B18,23']) {
      const p = pos(fen);
      for (const giveaway of [false, true]) {
        c.poke('VGIVE', giveaway ? 1 : 0);
        const colour: Colour = p.blackToMove ? 0 : 1;
        give(c, colour, 'NULL', 4, []);
        nocut(c, colour, true);
        const got = search704(c, p).value;
        expect(got, `${fen}${giveaway ? ' give-away' : ''}`).toBe(minimax(p, 4, () => 0, giveaway));
        values.push(got);
        nocut(c, colour, false);
      }
    }
    c.poke('VGIVE', 0);
    expect(values.some((v) => v !== 0)).toBe(true);
  });
});

describe('the *MANDZ cards and a game', () => {
  it('*MANDZ FEATURES prints the features of the set-up position, Black then White', () => {
    const p = mixedPositions(77, 1, 1, 0)[0]!;
    const m = bootWith([`*SETUP ${toFen(p).replaceAll(':', '/')}`, '*MANDZ FEATURES', '*END']);
    expect(m.run(400_000_000).reason).toBe('halt');
    const got = linesOf(m).filter((l) => l.startsWith('FEATURES '));
    const line = (c: Colour, from: number, to: number): string =>
      `FEATURES ${c === 0 ? 'BLACK' : 'WHITE'} ${from} ${features(p, c).slice(from, to + 1).join(' ')}`;
    expect(got).toEqual([line(0, 1, 13), line(0, 14, 25), line(1, 1, 13), line(1, 14, 25)]);
  });

  it('reads heuristics, weights and the seed, rejects bad cards, and sets the 140-ply limit', () => {
    const m = bootWith(['*MANDZ BLACK 25F 6', '*MANDZ BLACK W 1 -2 +3', '*MANDZ BLACK W 4', '*MANDZ WHITE NULL 10', '*MANDZ WHITE NOCUT',
      '*MANDZ SEED 99', '*MANDZ WHITE 7F 3', '*MANDZ WHITE 8F 11', '*MANDZ BLACK W 1X'], false);
    expect(m.run(400_000_000).reason).toBe('input');
    expect(peek(m, 'QNCT', -1)).toBe(1);
    m.reader.feed(['*MANDZ WHITE NULL 6'].map((l) => textCard(l))); // a new heuristic card clears NOCUT
    m.run(400_000_000);
    expect(peek(m, 'QNCT', -1)).toBe(0);
    m.reader.feed(['*MANDZ WHITE OFF'].map((l) => textCard(l)));
    m.run(400_000_000);
    expect(linesOf(m).slice(1)).toEqual([
      'MANDZIUK BLACK 25F  DEPTH 6', 'MANDZIUK BLACK WEIGHTS 3', 'MANDZIUK BLACK WEIGHTS 4', 'MANDZIUK WHITE NULL DEPTH 10',
      'MANDZIUK WHITE NOCUT', 'MANDZIUK SEED 99', 'BAD CARD - *MANDZ WHITE 7F 3', 'BAD CARD - *MANDZ WHITE 8F 11',
      'BAD CARD - *MANDZ BLACK W 1X', 'MANDZIUK WHITE NULL DEPTH 6', 'MANDZIUK WHITE OFF',
    ]);
    expect([peek(m, 'QTYP'), peek(m, 'QDEP'), peek(m, 'QNW'), peek(m, 'QTYP', -1), peek(m, 'QNCT')]).toEqual([5, 6, 4, 0, 0]);
    expect([1, -2, 3, 4].map((_, i) => peek(m, 'QWBK', -i))).toEqual([1, -2, 3, 4]);
    expect(peek(m, 'GMAXM')).toBe(140);
    m.reader.feed(['*MANDZ BLACK OFF', '*END'].map((l) => textCard(l)));
    m.reader.setEndOfFile(true);
    m.run(400_000_000);
    expect(peek(m, 'GMAXM')).toBe(70);
  });

  it('plays a game, nodes printed before each move; a game still going at the limit is a draw', () => {
    const m = bootWith(['*MANDZ BLACK 8F 2', '*MANDZ BLACK W 1024 2048 100 100 50 50 -20 -30', '*MANDZ WHITE NULL 2', '*MANDZ SEED 3'], false);
    expect(m.run(400_000_000).reason).toBe('input');
    m.cpu.mem[sym('GMAXM')] = 12; // the cap lowered, as an operator might, so the test stays short
    m.reader.feed(['*SELF', '*END'].map((l) => textCard(l)));
    m.reader.setEndOfFile(true);
    expect(m.run(400_000_000).reason).toBe('halt');
    const out = linesOf(m);
    const moves = out.filter((l) => l.startsWith('MOVE '));
    const nodes = out.filter((l) => /^NODES \d+ DEPTH 2$/.test(l));
    expect(moves.length).toBe(12);
    expect(nodes.length).toBe(12);
    out.forEach((l, i) => { if (l.startsWith('MOVE ')) expect(out[i - 1]).toMatch(/^NODES /); });
    expect(out).toContain('GAME OVER - DRAWN - PLY LIMIT');
  });
});
