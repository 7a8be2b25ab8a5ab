// Debugger expressions: octal by default, #decimal, symbols, registers, memory, precedence,
// comparisons, and errors that point at the right column.

import { describe, expect, it } from 'vitest';
import { checkSymbols, evaluate, ExprError, parseExpr, toAddress, toWord, type ExprContext, type Register } from '../../src/debugger/expr.ts';

const SIGN = 2 ** 35;
const mem = new Map<number, number>([[0o100, -5], [0o101, 7]]);
const regs: Record<Register, number> = { ac: -3, mq: 4, ic: 0o144, xr1: 2, xr2: 0, xr4: 0o77634, ov: 1, instr: 10, cycles: 20 };
const ctx: ExprContext = {
  symbol: (name) => ({ LOOP: 0o145, SUM: 0o101, 'Q$X': 0o200 } as Record<string, number>)[name.toUpperCase()],
  register: (name) => regs[name],
  memory: (a) => mem.get(a) ?? 0,
  coreWords: 0o100000,
};
const ev = (text: string): number => evaluate(parseExpr(text), ctx);

/** The error a text gives, as `column: message`. */
function error(text: string, offset = 0): string {
  try {
    evaluate(parseExpr(text, offset), ctx);
  } catch (e) {
    if (e instanceof ExprError) return `${e.column}: ${e.message}`;
    throw e;
  }
  return 'no error';
}

describe('debugger expressions', () => {
  it('reads numbers as octal, #numbers as decimal', () => {
    expect(ev('144')).toBe(100);
    expect(ev('77777')).toBe(32767);
    expect(ev('#100')).toBe(100);
    expect(ev('#100 + 10')).toBe(108);
  });

  it('knows symbols in any case, headed symbols, * as the IC, and registers', () => {
    expect(ev('LOOP+3')).toBe(0o150);
    expect(ev('loop')).toBe(0o145);
    expect(ev('Q$X')).toBe(0o200);
    expect(ev('*')).toBe(0o144);
    expect(ev('*+1')).toBe(0o145);
    expect(ev('%ac')).toBe(-3);
    expect(ev('%XR4')).toBe(0o77634);
    expect(ev('%ov + %instr')).toBe(11);
  });

  it('reads memory through brackets, nested', () => {
    expect(ev('[100]')).toBe(-5);
    expect(ev('[SUM]')).toBe(7);
    expect(ev('[77+[SUM]-6]')).toBe(-5); // [0o77 + 7 - 6] = [0o100]
  });

  it('has the usual precedence and truncating division', () => {
    expect(ev('2+3*4')).toBe(14);
    expect(ev('(2+3)*4')).toBe(20);
    expect(ev('-7/2')).toBe(-3);
    expect(ev('10-4-2')).toBe(2); // left to right (octal 10 = 8)
    expect(ev('2*-3')).toBe(-6);
    expect(Object.is(ev('-0'), -0)).toBe(true);
  });

  it('compares and combines to 1 or 0', () => {
    expect(ev('%xr1 == 2')).toBe(1);
    expect(ev('%xr1 != 2')).toBe(0);
    expect(ev('[SUM] > 6 && %ac < 0')).toBe(1);
    expect(ev('[SUM] >= 10 || !%ov')).toBe(0);
    expect(ev('1 + 1 == 2')).toBe(1); // arithmetic binds tighter than comparison
    expect(ev('!0')).toBe(1);
  });

  it('points at the column of the mistake, offset into the command line', () => {
    expect(error('148')).toBe('3: 8 is not an octal digit (numbers are octal; write #148 for decimal)');
    expect(error('LOOP+NOPE', 6)).toBe('12: unknown symbol NOPE');
    expect(error('%pc')).toBe('1: unknown register "%pc" (registers: %ac %mq %ic %xr1 %xr2 %xr4 %ov %instr %cycles)');
    expect(error('%ac = 1')).toBe('5: unexpected "=" (compare with ==)');
    expect(error('(1+2')).toBe('5: expected ")" at the end');
    expect(error('1 2')).toBe('3: unexpected "2" after the expression');
    expect(error('')).toBe('1: expected an expression');
    expect(error('1+')).toBe('3: the expression ends too soon');
    expect(error('#1a')).toBe('1: "#1a" is not a decimal number (# and digits 0-9)');
    expect(error('[-1]')).toBe('2: address -1 is outside core (0-77777)');
    expect(error('1/0')).toBe('2: division by zero');
  });

  it('checks symbols without evaluating (conditions are checked when they are set)', () => {
    expect(() => checkSymbols(parseExpr('[%ac-1] == LOOP'), ctx)).not.toThrow();
    expect(() => checkSymbols(parseExpr('[SUM] == NOPE'), ctx)).toThrow(/unknown symbol NOPE/);
  });

  it('turns values into addresses and words', () => {
    expect(toAddress(0o77777, 0o100000, 1)).toBe(0o77777);
    expect(() => toAddress(0o10000, 0o10000, 4)).toThrow(/address 10000 is outside core \(0-7777\)/);
    expect(toWord(5, 1)).toBe(5);
    expect(toWord(-5, 1)).toBe(SIGN + 5);
    expect(toWord(-0, 1)).toBe(SIGN);
    expect(toWord(0o400000000007, 1)).toBe(SIGN + 7); // 12 octal digits are the raw word
    expect(() => toWord(2 ** 36, 1)).toThrow(/does not fit/);
    expect(() => toWord(-SIGN, 1)).toThrow(/does not fit/);
  });
});
