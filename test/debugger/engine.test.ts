// The debugger engine on its own: run-until semantics, breakpoints with conditions, watches,
// next/finish over TSX calls (recursion and returns to 2,4 included), history, tracing,
// snapshots, interruption, and that it leaves the CPU's debug aids clear when it is done.

import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';
import { DebugEngine, DebugError } from '../../src/debugger/engine.ts';
import { parseExpr } from '../../src/debugger/expr.ts';
import { Symbols } from '../../src/debugger/symbols.ts';
import { Machine } from '../../src/machine/machine.ts';
import { SUM } from './helpers.ts';

const result = assemble([{ name: 'sum.sap', text: readFileSync(SUM, 'utf8') }], { loader: false });

function setup(options?: { slice?: number }): { m: Machine; e: DebugEngine; sym: (name: string) => number; word: (name: string) => number } {
  expect(result.errors).toEqual([]);
  const m = new Machine();
  for (const [a, w] of result.image) m.cpu.mem[a] = w;
  m.cpu.ic = result.start!;
  const symbols = Symbols.fromAssembly(result);
  const e = new DebugEngine(m, symbols, options);
  const sym = (name: string): number => symbols.value(name)!;
  return { m, e, sym, word: (name) => m.cpu.mem[sym(name)]! };
}

const cond = (text: string): { text: string; expr: ReturnType<typeof parseExpr> } => ({ text, expr: parseExpr(text) });
const clear = (m: Machine): boolean => m.cpu.breakpoints.every((b) => b === 0) && m.cpu.watches.every((w) => w === 0);

describe('stepping and breakpoints', () => {
  it('steps n instructions and counts them', async () => {
    const { m, e, sym } = setup();
    const r = await e.step(3);
    expect(r.outcome).toBe('step');
    expect(r.instructions).toBe(3);
    expect(r.cycles).toBe(6);
    expect(m.cpu.ic).toBe(sym('LOOP') + 2);
  });

  it('stops before the instruction at a breakpoint, and continue leaves it', async () => {
    const { m, e, sym, word } = setup();
    const bp = e.addBreakpoint(sym('BUMP'));
    const r = await e.continue();
    expect(r).toMatchObject({ outcome: 'breakpoint', breakpoint: { id: bp.id, hits: 1 } });
    expect(m.cpu.ic).toBe(sym('BUMP'));
    expect(word('SUM')).toBe(60); // the loop ran, BUMP has not
    const again = await e.continue();
    expect(again.outcome).toBe('halt');
    expect(word('SUM')).toBe(61);
  });

  it('a step that meets a breakpoint stops there', async () => {
    const { m, e, sym } = setup();
    e.addBreakpoint(sym('LOOP') + 2);
    const r = await e.step(10);
    expect(r.outcome).toBe('breakpoint');
    expect(r.instructions).toBe(3);
    expect(m.cpu.ic).toBe(sym('LOOP') + 2);
  });

  it('evaluates a condition only at its address, and stops when it is true', async () => {
    const { m, e, sym, word } = setup();
    const bp = e.addBreakpoint(sym('LOOP'), cond('%xr1 == 1'));
    const spy = vi.spyOn(e, 'evaluate');
    const r = await e.continue();
    expect(r.outcome).toBe('breakpoint');
    expect(spy).toHaveBeenCalledTimes(3); // LOOP runs with XR1 = 3, 2, 1
    expect(m.cpu.xr1).toBe(1);
    expect(word('SUM')).toBe(30);
    expect(bp.hits).toBe(1);
  });

  it('reports a condition that cannot be evaluated as a stop', async () => {
    const { e, sym } = setup();
    e.addBreakpoint(sym('LOOP'), cond('[%ac - 1] == 0')); // AC is 0 at the first pass: address -1
    const r = await e.continue();
    expect(r.outcome).toBe('breakpoint');
    expect(r.message).toMatch(/^condition \[%ac - 1\] == 0: address -1 is outside core/);
  });

  it('rejects a condition with an unknown symbol when it is set', () => {
    const { e, sym } = setup();
    expect(() => e.addBreakpoint(sym('LOOP'), cond('[NOSUCH] == 0'))).toThrow(/unknown symbol NOSUCH/);
    expect(e.listBreakpoints()).toEqual([]);
  });

  it('takes a breakpoint that falls on the boundary between two slices of a run', async () => {
    // The TSX BUMP,4 at LOOP+4 is first reached after 13 instructions (LXA, then the loop three
    // times): with slices of 13 the first slice ends there and the second starts there.
    const { m, e, sym } = setup({ slice: 13 });
    e.addBreakpoint(sym('LOOP') + 4);
    const r = await e.continue();
    expect(r).toMatchObject({ outcome: 'breakpoint', instructions: 13 });
    expect(m.cpu.ic).toBe(sym('LOOP') + 4);
  });

  it('deletes breakpoints and watches by number or all at once', () => {
    const { m, e, sym } = setup();
    const b = e.addBreakpoint(sym('LOOP'));
    const w = e.addWatch(sym('SUM'), 'write');
    expect(w.id).toBe(b.id + 1);
    expect(m.cpu.breakpoints[sym('LOOP')]).toBe(1);
    expect(e.delete(b.id)).toBe(1);
    expect(m.cpu.breakpoints[sym('LOOP')]).toBe(0);
    expect(() => e.delete(b.id)).toThrow(DebugError);
    e.addBreakpoint(sym('BUMP'));
    expect(e.delete()).toBe(2);
    expect(clear(m)).toBe(true);
  });
});

describe('watches', () => {
  it('stops after a write with the word before and after', async () => {
    const { m, e, sym } = setup();
    const w = e.addWatch(sym('SUM'), 'write');
    const r = await e.continue();
    expect(r).toMatchObject({ outcome: 'watch', watch: { id: w.id }, before: 0 });
    expect(w.last).toBe(10);
    expect(m.cpu.ic).toBe(sym('LOOP') + 3); // after the STO
    const r2 = await e.continue();
    expect(r2.before).toBe(10);
    expect(w.last).toBe(30);
  });

  it('a read watch stops after an instruction that reads the word, not one that writes it', async () => {
    const { m, e, sym } = setup();
    e.addWatch(sym('ONE'), 'read');
    const r = await e.continue();
    expect(r.outcome).toBe('watch');
    expect(r.message).toBe(`read of ${sym('ONE').toString(8).padStart(5, '0')}`);
    expect(m.cpu.ic).toBe(sym('BUMP') + 2); // after ADD ONE
  });
});

describe('next and finish', () => {
  it('next steps over a TSX and stops at the return', async () => {
    const { m, e, sym, word } = setup();
    await e.continue(13); // LXA, then the loop 3 times: at the TSX BUMP,4
    expect(m.cpu.ic).toBe(sym('LOOP') + 4);
    const r = await e.next();
    expect(r.outcome).toBe('returned');
    expect(m.cpu.ic).toBe(sym('LOOP') + 5);
    expect(word('SUM')).toBe(61);
    expect(clear(m)).toBe(true); // its temporary breakpoints are gone
  });

  it('next at any other instruction is one step', async () => {
    const { m, e, sym } = setup();
    const r = await e.next();
    expect(r).toMatchObject({ outcome: 'step', instructions: 1 });
    expect(m.cpu.ic).toBe(sym('LOOP'));
  });

  it('next at a recursive call site stops at its own return, not a deeper one', async () => {
    const { m, e, sym, word } = setup();
    e.addBreakpoint(sym('CALL'));
    await e.continue();
    expect(word('D')).toBe(1);
    e.delete();
    const r = await e.next();
    expect(r.outcome).toBe('returned');
    expect(m.cpu.ic).toBe(sym('BACK'));
    // Depths 3 and 2 came back to BACK (and went on through BACK+1, BACK+2) before depth 1.
    expect(word('HITS')).toBe(2);
    expect(word('D')).toBe(1);
  });

  it('next over a routine that returns to 2,4 stops at the second word after the call', async () => {
    const { m, e, sym } = setup();
    e.addBreakpoint(sym('DONE') - 2); // TSX TWO,4
    await e.continue();
    e.delete();
    const r = await e.next();
    expect(r.outcome).toBe('returned');
    expect(m.cpu.ic).toBe(sym('DONE'));
  });

  it('finish runs until the routine returns through XR4', async () => {
    const { m, e, sym, word } = setup();
    e.addBreakpoint(sym('BUMP') + 1);
    await e.continue();
    e.delete();
    expect(e.finishTarget()).toBe(sym('LOOP') + 4);
    const r = await e.finish();
    expect(r.outcome).toBe('returned');
    expect(m.cpu.ic).toBe(sym('LOOP') + 5);
    expect(word('SUM')).toBe(61);
  });

  it('finish from deep in the recursion returns to the caller of the outermost call named by XR4', async () => {
    const { m, e, sym, word } = setup();
    e.addBreakpoint(sym('REC') + 1);
    await e.continue(); // depth 1: XR4 names the TSX REC,4 in the main line
    e.delete();
    const r = await e.finish();
    expect(r.outcome).toBe('returned');
    expect(m.cpu.ic).toBe(sym('DONE') - 2);
    expect(word('HITS')).toBe(3);
  });

  it('finish refuses when XR4 names no call, or a call that has returned', async () => {
    const { e, sym } = setup();
    expect(() => e.finishTarget()).toThrow(/XR4 = 00000 does not name a call/);
    e.addBreakpoint(sym('BACK'));
    await e.continue(); // the inner REC returned here and left XR4 = -CALL
    expect(() => e.finishTarget()).toThrow(/the call at 00200 \(= -XR4\) has returned already \(IC is 00201\)/);
  });
});

describe('history, tracing, snapshots, interruption', () => {
  it('keeps the last N instructions with the registers before each', async () => {
    const { m, e, sym } = setup();
    e.setHistory(4);
    await e.step(6);
    const h = e.history(10);
    expect(h.map((x) => x.location)).toEqual([sym('LOOP') + 1, sym('LOOP') + 2, sym('LOOP') + 3, sym('LOOP')]);
    expect(h[2]).toMatchObject({ word: m.cpu.mem[sym('LOOP') + 3], acMag: 10, xr1: 3 }); // before the TIX
    expect(h[3]).toMatchObject({ xr1: 2 });
    expect(e.history(1).map((x) => x.location)).toEqual([sym('LOOP')]);
    e.setHistory(0);
    expect(e.history(10)).toEqual([]);
  });

  it('calls the tracer after every instruction until it is removed', async () => {
    const { e, sym } = setup();
    const seen: number[] = [];
    e.setTracer((loc) => seen.push(loc));
    await e.step(3);
    e.setTracer(null);
    await e.step(2);
    expect(seen).toEqual([sym('START'), sym('LOOP'), sym('LOOP') + 1]);
  });

  it('restores core and registers from a snapshot', async () => {
    const { m, e, word } = setup();
    e.saveSnapshot('a');
    await e.continue();
    expect(word('SUM')).toBe(61);
    e.loadSnapshot('a');
    expect(word('SUM')).toBe(0);
    expect(m.cpu.ic).toBe(result.start);
    expect(m.cpu.instructions).toBe(0);
    expect(() => e.loadSnapshot('b')).toThrow(/no snapshot "b" \(have: a\)/);
  });

  it('an interrupt stops a run that would not end, keeping the machine as it was', async () => {
    const { m, e, sym } = setup();
    m.cpu.mem[sym('DONE')] = 0o002000000000 + sym('DONE'); // TRA DONE
    const run = e.continue();
    expect(e.isRunning).toBe(true);
    setTimeout(() => e.interrupt(), 50);
    const r = await run;
    expect(r.outcome).toBe('interrupted');
    expect(e.isRunning).toBe(false);
    expect(m.cpu.ic).toBe(sym('DONE'));
    expect(r.instructions).toBeGreaterThan(1000);
    expect(m.cpu.instructions).toBe(r.instructions);
    const more = await e.continue(5);
    expect(more).toMatchObject({ outcome: 'limit', instructions: 5 });
  });

  it('refuses a second run while one is in progress', async () => {
    const { m, e, sym } = setup();
    m.cpu.mem[sym('DONE')] = 0o002000000000 + sym('DONE');
    const run = e.continue();
    await expect(e.step(1)).rejects.toThrow(/already running/);
    e.interrupt();
    expect((await run).outcome).toBe('interrupted');
  });
});
