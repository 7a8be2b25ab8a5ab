// ibm704.md §5.10 and §6.4, the CPU's side of I/O (§13 item 6): selects, CPY's three exits and
// the MQ, CAD's checksum, the interlock wait, and what happens with nothing attached. The units
// here are minimal fakes; the real devices have their own tests.

import { describe, expect, it } from 'vitest';
import type { Drum, Printer, Punch, TapeDrive } from '../../src/machine/io.ts';
import { END_OF_FILE, END_OF_RECORD, type Unit } from '../../src/devices/unit.ts';
import { MAG, P, Q, Runner, neg, op, pos } from './runner.ts';

const D = 0o200;

/** Records of words; END_OF_RECORD after each, END_OF_FILE when there are no more. */
class FakeReader implements Unit {
  readonly name = 'fake reader';
  readyAt = 0;
  private rec = 0;
  private pos = 0;
  selects: number[] = [];
  constructor(private readonly records: number[][], private readonly wait = 0) {}
  select(_write: boolean, address: number, now: number): void {
    this.selects.push(address);
    this.pos = 0;
    this.readyAt = now + this.wait;
  }
  read(now: number): number {
    const r = this.records[this.rec];
    if (!r) return END_OF_FILE;
    if (this.pos < r.length) {
      this.readyAt = Math.max(this.readyAt, now) + this.wait;
      return r[this.pos++]!;
    }
    this.rec++;
    this.pos = 0;
    return END_OF_RECORD;
  }
  write(): number {
    return 0;
  }
  disconnect(): void {}
}

class FakePunch implements Punch {
  readonly name = 'fake punch';
  readyAt = 0;
  words: number[] = [];
  senses: number[] = [];
  select(): void {}
  read(): number {
    return END_OF_FILE;
  }
  write(word: number): number {
    this.words.push(word);
    return this.words.length >= 3 ? END_OF_RECORD : 0;
  }
  disconnect(): void {}
  sense(n: number): void {
    this.senses.push(n);
  }
}

class FakePrinter extends FakePunch implements Printer {
  testImpulse = false;
  test(): boolean {
    const t = this.testImpulse;
    this.testImpulse = false;
    return t;
  }
}

class FakeTape extends FakeReader implements TapeDrive {
  endOfTape = false;
  tapeCheck = false;
  motions: string[] = [];
  backspace(now: number): number { this.motions.push('BST'); return now; }
  writeTapeMark(now: number): number { this.motions.push('WEF'); return now; }
  rewind(now: number): number { this.motions.push('REW'); return now; }
}

class FakeDrum extends FakeReader implements Drum {
  address = -1;
  setAddress(a: number): void { this.address = a; }
}

describe('§5.10 RDS and CPY reading: three exits, every word through the MQ', () => {
  it('RDS (2 cycles) then CPY stores the word in C(Y) and the MQ and goes on at L+1 (3 cycles)', () => {
    const r = Runner.of(op('RDS', 0o321), op('CPY', D)).mq(neg(1));
    const reader = new FakeReader([[neg(0o1234)]]);
    r.m.io.attachReader(reader);
    r.run().expectHalt(0o102).expectMem(D, neg(0o1234)).expectMq(neg(0o1234)).expectCycles(2 + 3);
    expect(reader.selects).toEqual([0o321]);
  });
  it('end of record: the CPY after the last word takes L+3', () => {
    const r = new Runner([op('RCD'), op('CPY', D), op('CPY', D + 1), op('HTR', 0o1001), op('HTR', 0o1002), op('HTR', 0o1003)]);
    r.m.io.attachReader(new FakeReader([[pos(7)]]));
    r.run().expectHalt(0o1003).expectMem(D, pos(7)).expectMem(D + 1, 0);
  });
  it('end of file: a CPY with no record left takes L+2', () => {
    const r = new Runner([op('RCD'), op('CPY', D), op('HTR', 0o1001), op('HTR', 0o1002), op('HTR', 0o1003)]);
    r.m.io.attachReader(new FakeReader([]));
    r.run().expectHalt(0o1002);
  });
  it('CPY is indexed: the classic loader loop LXA / CPY 2,4 / TXI (§7.1) copies a record', () => {
    // 100: LXA 0,4 (XR4 := address of word 0 = 0)   101: CPY 300,4   102: TXI 101,4,77777 (XR4 - 1)
    // 103: HTR 1103 (end of file)   104: HTR 1104 (end of record)
    const r = new Runner([op('LXA', 0, 4), op('CPY', 0o300, 4), op('TXI', 0o101, 4, 0o77777), op('HTR', 0o1103), op('HTR', 0o1104)]).mem(0, 0);
    r.m.io.attachReader(new FakeReader([[pos(1), pos(2), pos(3)]]));
    r.mem(0o77, op('RCD')).set({ ic: 0o77 }).run().expectHalt(0o1104);
    r.expectMem(0o300, pos(1)).expectMem(0o301, pos(2)).expectMem(0o302, pos(3)).expectMq(pos(3));
  });
  it('CPY waits for the unit: the cycle count includes the interlock wait (§9.6)', () => {
    const r = Runner.of(op('RDS', 0o321), op('CPY', D));
    r.m.io.attachReader(new FakeReader([[pos(1)]], 1000));
    r.run();
    expect(r.cpu.cycles - 2, 'RDS + CPY including the wait').toBeGreaterThanOrEqual(1000);
  });
  it('a select waits for the unit it disconnects: a second RDS while the reader is still busy', () => {
    const r = Runner.of(op('RDS', 0o321), op('RDS', 0o321));
    r.m.io.attachReader(new FakeReader([[pos(1)]], 1000));
    r.run().expectHalt(0o102);
    expect(r.cpu.cycles, 'two selects, the second after the first is done').toBeGreaterThanOrEqual(1000);
  });
});

describe('§5.10 CAD: CPY that also adds the word logically into the AC', () => {
  it('ACL-style: end-around carry, S and Q kept (3 cycles)', () => {
    const r = Runner.of(op('RCD'), op('CAD', D)).acRaw(1, Q + P + MAG);
    r.m.io.attachReader(new FakeReader([[pos(1)]]));
    r.run().expectHalt(0o102).expectMem(D, pos(1)).expectMq(pos(1)).expectAcRaw(1, Q + 1).expectCycles(2 + 3);
  });
  it('writing, CAD adds each word it sends into the AC as well (the checksum UA SAP punches) [C]', () => {
    const r = Runner.of(op('WPU'), op('CAD', D), op('CAD', D + 1)).acRaw(0, 0).mem(D, neg(0o55)).mem(D + 1, pos(3));
    const punch = new FakePunch();
    r.m.io.attachPunch(punch);
    r.run().expectHalt(0o103).expectAcRaw(0, P + 0o55 + 3);
    expect(punch.words).toEqual([neg(0o55), pos(3)]);
  });
  it('CAC is SAP\'s other name for CAD', () => expect(op('CAC', D)).toBe(op('CAD', D)));
});

describe('§5.10 WRS and CPY writing', () => {
  it('WPU then CPY sends C(Y) through the MQ (at least 4 cycles) and goes on at L+1', () => {
    const r = Runner.of(op('WPU'), op('CPY', D)).mem(D, neg(0o55));
    const punch = new FakePunch();
    r.m.io.attachPunch(punch);
    r.run().expectHalt(0o102).expectMq(neg(0o55)).expectCycles(2 + 4);
    expect(punch.words).toEqual([neg(0o55)]);
  });
  it('a unit that takes no more words gives the end-of-record exit', () => {
    const r = new Runner([op('WPU'), op('CPY', D), op('CPY', D), op('CPY', D), op('HTR', 0o1001), op('HTR', 0o1002), op('HTR', 0o1003)]).mem(D, pos(1));
    r.m.io.attachPunch(new FakePunch());
    r.run().expectHalt(0o1003);
  });
  it('SPU and SPR reach the punch and the printer; SPT skips on the printer\'s test impulse', () => {
    const r = Runner.of(op('SPU', 2), op('SPR', 10), op('SPT')).halt(0o104);
    const punch = new FakePunch();
    const printer = new FakePrinter();
    printer.testImpulse = true;
    r.m.io.attachPunch(punch);
    r.m.io.attachPrinter(printer);
    r.run().expectHalt(0o104);
    expect(punch.senses).toEqual([2]);
    expect(printer.senses).toEqual([10]);
  });
  it('the select aliases are RDS/WRS with fixed unit addresses (Appendix A)', () => {
    expect(op('RCD')).toBe(op('RDS', 0o321));
    expect(op('RPR')).toBe(op('RDS', 0o361));
    expect(op('RTD', 3)).toBe(op('RDS', 0o203));
    expect(op('RTB', 3)).toBe(op('RDS', 0o223));
    expect(op('RDR', 2)).toBe(op('RDS', 0o302));
    expect(op('WPR')).toBe(op('WRS', 0o361));
    expect(op('WPU')).toBe(op('WRS', 0o341));
    expect(op('IOD')).toBe(op('WRS', 0o333));
    expect(op('WTV')).toBe(op('WRS', 0o30));
    expect(op('WTD', 4)).toBe(op('WRS', 0o204));
    expect(op('WTB', 4)).toBe(op('WRS', 0o224));
    expect(op('WDR', 8)).toBe(op('WRS', 0o310));
    expect(op('WTS', 1)).toBe(op('WRS', 0o321));
  });
});

describe('§5.10 tape motion and drum address', () => {
  it('BST, WEF and REW reach tape n (operand added to 0200)', () => {
    const r = Runner.of(op('BST', 3), op('WEF', 3), op('REW', 3));
    const tape = new FakeTape([]);
    r.m.io.attachTape(3, tape);
    r.run().expectHalt(0o103);
    expect(tape.motions).toEqual(['BST', 'WEF', 'REW']);
  });
  it('ETT and RTT take L+1 and clear the indicator when a tape raised it', () => {
    const r = Runner.of(op('ETT'), op('RTT')).halt(0o102, 0o103);
    const tape = new FakeTape([]);
    tape.endOfTape = true;
    r.m.io.attachTape(1, tape);
    r.run().expectHalt(0o103); // ETT took L+1 (indicator on), RTT skipped (off)
    expect(tape.endOfTape).toBe(false);
  });
  it('RDR then LDA gives the drum its word address from the address of C(Y)', () => {
    const r = Runner.of(op('RDR', 1), op('LDA', D)).mem(D, 0o1777 + 0o5 * 2 ** 18);
    const drum = new FakeDrum([[1]]);
    r.m.io.attachDrum(1, drum);
    r.run().expectHalt(0o102);
    expect(drum.address).toBe(0o1777);
  });
});

describe('§5.10 errors: nothing attached or nothing selected', () => {
  it('RDS of an address with no unit stops with an error naming the unit', () => {
    const r = Runner.of(op('RDS', 0o223)).run();
    expect(r.stop.reason).toBe('error');
    expect(r.stop.message).toMatch(/tape 3/);
  });
  it('WRS likewise', () => {
    expect(Runner.of(op('WRS', 0o224)).run().stop.reason).toBe('error');
  });
  it('CPY with no unit selected stops with an error', () => {
    const r = Runner.of(op('CPY', D)).run();
    expect(r.stop.reason).toBe('error');
    expect(r.stop.message).toMatch(/CPY/);
  });
  it('LDA with no drum selected stops with an error', () => {
    expect(Runner.of(op('LDA', D)).run().stop.reason).toBe('error');
  });
  it('BST/WEF/REW of a tape that is not attached stop with an error', () => {
    for (const w of [op('BST', 1), op('WEF', 2), op('REW', 3)]) expect(Runner.of(w).run().stop.reason).toBe('error');
  });
});
