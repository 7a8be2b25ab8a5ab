// ibm704.md §3 (memory, effective address, multiple tags, wraparound) and §5.6 index-register
// instructions (§13 items 4, 5).

import { describe, expect, it } from 'vitest';
import { Runner, neg, oct, op, pos } from './runner.ts';

const D = 0o200;

describe('§3.1 effective address: Y = address - C(T), tags 0/1/2/4 and ORed multiple tags', () => {
  for (const t of [1, 2, 4] as const) {
    it(`tag ${t} subtracts XR${t}`, () => {
      Runner.of(op('CLA', D + 0o10, t)).xr(t, 0o10).mem(D, pos(t)).mem(D + 0o10, pos(99)).run().expectAc(pos(t));
    });
  }
  it('tag 0 does not index', () => {
    Runner.of(op('CLA', D)).set({ xr1: 1, xr2: 2, xr4: 4 }).mem(D, pos(7)).run().expectAc(pos(7));
  });
  it('tag 3 ORs XR1 and XR2 (5 | 6 = 7, not 5 + 6 = 11)', () => {
    Runner.of(op('CLA', D + 0o20, 3)).set({ xr1: 5, xr2: 6 }).mem(D + 0o20 - 7, pos(1)).mem(D + 0o20 - 11, pos(2)).run()
      .expectAc(pos(1));
  });
  it('tag 7 ORs all three', () => {
    Runner.of(op('CLA', D + 0o20, 7)).set({ xr1: 1, xr2: 2, xr4: 0o10 }).mem(D + 0o20 - 0o13, pos(3)).run().expectAc(pos(3));
  });
  it('tags 5 and 6 select XR1|XR4 and XR2|XR4', () => {
    Runner.of(op('CLA', D + 0o20, 5)).set({ xr1: 1, xr2: 2, xr4: 4 }).mem(D + 0o20 - 5, pos(5)).run().expectAc(pos(5));
    Runner.of(op('CLA', D + 0o20, 6)).set({ xr1: 1, xr2: 2, xr4: 4 }).mem(D + 0o20 - 6, pos(6)).run().expectAc(pos(6));
  });
  it('indexing is two\'s complement modulo 2^15: 5 - 010 = 77775; XR = 2^15 - k adds k', () => {
    Runner.of(op('CLA', 5, 1)).xr(1, 0o10).mem(0o77775, pos(11)).run().expectAc(pos(11));
    Runner.of(op('CLA', D, 1)).xr(1, 0o77776).mem(D + 2, pos(12)).run().expectAc(pos(12));
  });
  it('stores are indexed too', () => {
    Runner.of(op('STO', D + 4, 4)).xr(4, 4).ac(neg(3)).run().expectMem(D, neg(3));
  });
});

describe('§3 smaller core: addresses, XRs and IC wrap at 4K and 8K', () => {
  it('4K: 5 - 010 = 07775; address bits above 12 are ignored', () => {
    const r = new Runner([op('CLA', 5, 1), op('ADD', 0o10200)], { coreWords: 4096 }).xr(1, 0o10).mem(0o7775, pos(1)).mem(0o200, pos(2)).run();
    r.expectAc(pos(3));
  });
  it('8K: 5 - 010 = 17775', () => {
    new Runner([op('CLA', 5, 1)], { coreWords: 8192 }).xr(1, 0o10).mem(0o17775, pos(4)).run().expectAc(pos(4));
  });
  it('4K: TSX stores 4096 - L, and TRA 1,4 returns to L+1', () => {
    const r = new Runner([op('TSX', 0o3000, 4)], { coreWords: 4096 }).mem(0o3000, op('TRA', 1, 4)).run();
    r.expectHalt(0o101);
    expect(r.cpu.xr4.toString(8)).toBe((4096 - 0o100).toString(8));
  });
  it('4K: LXA keeps 12 bits of the address', () => {
    const r = new Runner([op('LXA', D, 1)], { coreWords: 4096 }).mem(D, oct('000000077777')).run();
    expect(r.cpu.xr1.toString(8)).toBe('7777');
  });
  it('4K: TXI adds modulo 4096', () => {
    const r = new Runner([op('TXI', 0o101, 1, 2)], { coreWords: 4096 }).xr(1, 0o7777).run();
    expect(r.cpu.xr1).toBe(1);
  });
  it('4K: the decrement of a type A instruction is 12 bits too (TXH 1,4,-68 compares with 7674)', () => {
    // UA SAP's tape loader relies on it; SIMH masks the decrement with the memory size as well.
    const dec = (0o100000 - 68) & 0o77777;
    new Runner([op('TXH', 0o300, 4, dec)], { coreWords: 4096 }).xr(4, 0o7700).halt(0o300, 0o300).run().expectHalt(0o300);
    new Runner([op('TXH', 0o300, 4, dec)], { coreWords: 4096 }).xr(4, 0o7600).halt(0o300, 0o300).run().expectHalt(0o101);
  });
  it('IC wraps: the instruction after 77777 is at 0 (32K), after 7777 at 0 (4K)', () => {
    const r = new Runner([op('CLA', D)], { origin: 0o77777 }).mem(D, pos(5)).run();
    r.expectHalt(0).expectAc(pos(5));
    new Runner([op('CLA', D)], { origin: 0o7777, coreWords: 4096 }).mem(D, pos(6)).run().expectHalt(0).expectAc(pos(6));
    new Runner([op('CLA', D)], { origin: 0o17777, coreWords: 8192 }).mem(D, pos(7)).run().expectHalt(0).expectAc(pos(7));
  });
  it('skips wrap too: CAS at 77777 with AC < C(Y) goes on at 2', () => {
    new Runner([op('CAS', D)], { origin: 0o77777 }).ac(neg(1)).mem(D, pos(1)).halt(1, 2).run().expectHalt(2);
    new Runner([op('SWT', 1)], { origin: 0o7777, coreWords: 4096 }).set({ senseSwitches: 1 }).halt(0, 1).run().expectHalt(1);
  });
  it('the constructor refuses other core sizes', () => {
    expect(() => new Runner([], { coreWords: 16384 })).toThrow();
  });
});

describe('§5.6 LXA / LXD / SXD / PAX / PDX / PXD', () => {
  it('LXA loads the address field; Y is not indexed (2 cycles)', () => {
    Runner.of(op('LXA', D, 1)).xr(1, 0o10).mem(D, oct('-123451654321')).mem(D - 0o10, 0).run()
      .expectState({ xr1: 0o54321 }).expectCycles(2);
  });
  it('LXD loads the decrement field (2 cycles)', () => {
    Runner.of(op('LXD', D, 2)).mem(D, oct('-123456754321')).run().expectState({ xr2: 0o23456 }).expectCycles(2);
  });
  it('LXA with a multiple tag loads every selected register', () => {
    Runner.of(op('LXA', D, 7)).mem(D, 0o12345).run().expectState({ xr1: 0o12345, xr2: 0o12345, xr4: 0o12345 });
    Runner.of(op('LXD', D, 5)).mem(D, oct('000077000000')).xr(2, 9).run().expectState({ xr1: 0o77, xr2: 9, xr4: 0o77 });
  });
  it('LXA with tag 0 changes nothing', () => {
    Runner.of(op('LXA', D, 0)).set({ xr1: 1, xr2: 2, xr4: 4 }).mem(D, 0o777).run().expectState({ xr1: 1, xr2: 2, xr4: 4 });
  });
  it('SXD stores XR into the decrement of C(Y), rest unchanged; Y not indexed (2 cycles)', () => {
    Runner.of(op('SXD', D, 4)).xr(4, 0o12345).mem(D, oct('-377777777777')).run()
      .expectMem(D, oct('-312345777777')).expectCycles(2);
  });
  it('SXD with tags 6: stores XR2 | XR4 and writes the OR back to both', () => {
    Runner.of(op('SXD', D, 6)).set({ xr1: 0o40, xr2: 0o3, xr4: 0o14 }).mem(D, 0).run()
      .expectMem(D, oct('000017000000')).expectState({ xr1: 0o40, xr2: 0o17, xr4: 0o17 });
  });
  it('PAX loads AC 21-35, PDX AC 3-17 (2 cycles each)', () => {
    Runner.of(op('PAX', 0, 1)).acRaw(1, oct('012345654321')).run().expectState({ xr1: 0o54321 }).expectCycles(2);
    Runner.of(op('PDX', 0, 2)).acRaw(1, oct('012345654321')).run().expectState({ xr2: 0o12345 }).expectCycles(2);
    Runner.of(op('PAX', 0, 3)).ac(pos(0o7)).run().expectState({ xr1: 7, xr2: 7 });
  });
  it('PXD clears the AC (sign +, Q,P clear) then puts the XR in 3-17 (2 cycles)', () => {
    Runner.of(op('PXD', 0, 1)).xr(1, 0o12345).acRaw(1, 2 ** 36 + 2 ** 35 + 7).run()
      .expectAcRaw(0, oct('012345000000')).expectCycles(2);
  });
  it('PXD tag 0 gives a cleared AC', () => {
    Runner.of(op('PXD', 0, 0)).set({ xr1: 1, xr2: 2, xr4: 4 }).ac(neg(5)).run().expectAcRaw(0, 0);
  });
  it('PXD tag 3: the OR of XR1, XR2, also written back to both', () => {
    Runner.of(op('PXD', 0, 3)).set({ xr1: 0o5, xr2: 0o12, xr4: 0o40 }).run()
      .expectAcRaw(0, 0o17 * 2 ** 18).expectState({ xr1: 0o17, xr2: 0o17, xr4: 0o40 });
  });
});

describe('§5.6 TSX and the TRA 1,4 return', () => {
  it('TSX puts 2^15 - L in XR4 and transfers to the unindexed address (2 cycles)', () => {
    const r = Runner.of(op('TSX', 0o300, 4)).xr(4, 0o10).halt(0o300, 0o270).run();
    r.expectHalt(0o300).expectState({ xr4: 0o100000 - 0o100 }).expectCycles(2);
  });
  it('TRA 1,4 returns to L+1', () => {
    Runner.of(op('TSX', 0o300, 4), op('CLA', D)).mem(0o300, op('TRA', 1, 4)).mem(D, pos(5)).run()
      .expectHalt(0o102).expectAc(pos(5)).expectInstructions(4);
  });
  it('TSX at location 0 stores 0', () => {
    new Runner([op('TSX', 0o300, 1)], { origin: 0 }).halt(0o300).run().expectHalt(0o300).expectState({ xr1: 0 });
  });
  it('TSX with tag 3 stores into both XR1 and XR2', () => {
    Runner.of(op('TSX', 0o300, 3)).halt(0o300).run().expectState({ xr1: 0o77700, xr2: 0o77700, xr4: 0 });
  });
  it('TSX with tag 0 just transfers', () => {
    Runner.of(op('TSX', 0o300, 0)).set({ xr1: 1, xr2: 2, xr4: 4 }).halt(0o300).run().expectHalt(0o300).expectState({ xr1: 1, xr2: 2, xr4: 4 });
  });
});

describe('§5.6 TXI / TIX / TNX / TXH / TXL (type A: address unindexed, unsigned compare with D)', () => {
  const T = 0o300; // transfer target
  const typeA = (mn: string, xr: number, dec: number, tag = 1) =>
    Runner.of(op(mn, T, tag, dec)).xr(1, xr).halt(T).run();

  it('TXI adds D and always transfers; the address is not indexed (2 cycles)', () => {
    typeA('TXI', 5, 3).expectHalt(T).expectState({ xr1: 8 }).expectCycles(2);
  });
  it('TXI with D = 77777 subtracts one; wraps modulo 2^15', () => {
    typeA('TXI', 5, 0o77777).expectState({ xr1: 4 });
    typeA('TXI', 0o77777, 2).expectState({ xr1: 1 });
  });

  it('TIX: XR > D: subtract and transfer', () => typeA('TIX', 5, 2).expectHalt(T).expectState({ xr1: 3 }).expectCycles(2));
  it('TIX: XR = D: fall through, XR unchanged', () => typeA('TIX', 2, 2).expectHalt(0o101).expectState({ xr1: 2 }).expectCycles(2));
  it('TIX: XR < D: fall through, XR unchanged', () => typeA('TIX', 1, 2).expectHalt(0o101).expectState({ xr1: 1 }));
  it('TIX compares unsigned: 77777 > 1', () => typeA('TIX', 0o77777, 1).expectHalt(T).expectState({ xr1: 0o77776 }));

  it('TNX: XR > D: subtract and fall through', () => typeA('TNX', 5, 2).expectHalt(0o101).expectState({ xr1: 3 }).expectCycles(2));
  it('TNX: XR = D: transfer, XR unchanged', () => typeA('TNX', 2, 2).expectHalt(T).expectState({ xr1: 2 }).expectCycles(2));
  it('TNX: XR < D: transfer, XR unchanged', () => typeA('TNX', 0, 2).expectHalt(T).expectState({ xr1: 0 }));

  it('TXH: transfer if XR > D; XR = D does not', () => {
    typeA('TXH', 3, 2).expectHalt(T).expectState({ xr1: 3 }).expectCycles(2);
    typeA('TXH', 2, 2).expectHalt(0o101).expectState({ xr1: 2 }).expectCycles(2);
    typeA('TXH', 0o40000, 0o37777).expectHalt(T);
  });
  it('TXL: transfer if XR <= D; XR = D + 1 does not', () => {
    typeA('TXL', 2, 2).expectHalt(T).expectState({ xr1: 2 }).expectCycles(2);
    typeA('TXL', 3, 2).expectHalt(0o101).expectCycles(2);
    typeA('TXL', 0o77777, 0o77776).expectHalt(0o101);
  });

  it('tag 0: TXI transfers, TIX and TXH never, TNX and TXL always (value 0 compared)', () => {
    typeA('TXI', 5, 3, 0).expectHalt(T).expectState({ xr1: 5 });
    typeA('TIX', 5, 0, 0).expectHalt(0o101);
    typeA('TXH', 5, 0, 0).expectHalt(0o101);
    typeA('TNX', 5, 0, 0).expectHalt(T).expectState({ xr1: 5 });
    typeA('TXL', 5, 0, 0).expectHalt(T);
  });

  it('multiple tags: TIX 3 tests XR1|XR2 and stores the difference into both', () => {
    Runner.of(op('TIX', T, 3, 2)).set({ xr1: 1, xr2: 4, xr4: 7 }).halt(T).run()
      .expectHalt(T).expectState({ xr1: 3, xr2: 3, xr4: 7 });
  });
  it('multiple tags: TXI 6 stores XR2|XR4 + D into both', () => {
    Runner.of(op('TXI', T, 6, 1)).set({ xr1: 0o70, xr2: 2, xr4: 4 }).halt(T).run().expectState({ xr1: 0o70, xr2: 7, xr4: 7 });
  });
  it('type A ignores its tag for addressing: TXI 300,1 with XR1 = 10 goes to 300, not 270', () => {
    Runner.of(op('TXI', T, 1, 0)).xr(1, 0o10).halt(T, T - 0o10).run().expectHalt(T);
  });

  it('TIX with D = 1: an XR loaded with N runs the loop body N times and is left at 1', () => {
    // LXA N,1 / loop: ADD ONE / TIX loop,1,1
    const N = 0o300, ONE_ = 0o301;
    Runner.of(op('LXA', N, 1), op('ADD', ONE_), op('TIX', 0o101, 1, 1)).mem(N, 5).mem(ONE_, pos(1)).run()
      .expectHalt(0o103).expectAc(pos(5)).expectState({ xr1: 1 }).expectCycles(2 + 5 * 4);
  });
});
