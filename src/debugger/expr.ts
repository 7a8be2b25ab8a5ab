// Debugger expressions. The 704 is an octal machine, and the debugger shows every address and
// word in octal, so numbers typed at it are octal too:
//   144  77777          octal numbers (8 and 9 are errors)
//   #100                a decimal number (= 144)
//   LOOP  Q$X           symbols of the assembly (case-insensitive)
//   *                   the IC (SAP's `*` is the location counter)
//   %ac %mq %ic %xr1 %xr2 %xr4 %ov %instr %cycles   registers, as signed numbers
//   [ADDR]              the word at ADDR, as a signed number (sign and magnitude)
//   + - * /  unary -  ( )                arithmetic on integers (/ truncates)
//   == != < <= > >=  && || !             comparisons and logic for `break ... if`, 1 or 0
// The assembler's own expression reader (asm/expr.ts) follows UA SAP's card rules instead: digits
// are decimal, a blank ends the field, results are 15 bits, and there are no registers or
// comparisons, so the debugger has this small recursive-descent one.

export type Expr =
  | { readonly kind: 'number'; readonly value: number; readonly column: number }
  | { readonly kind: 'symbol'; readonly name: string; readonly column: number }
  | { readonly kind: 'register'; readonly name: string; readonly column: number }
  | { readonly kind: 'memory'; readonly address: Expr; readonly column: number }
  | { readonly kind: 'ic'; readonly column: number }
  | { readonly kind: 'unary'; readonly op: '-' | '!'; readonly operand: Expr; readonly column: number }
  | { readonly kind: 'binary'; readonly op: string; readonly left: Expr; readonly right: Expr; readonly column: number };

/** A problem at a column (1-based, counted in the text the caller gave with its offset). */
export class ExprError extends Error {
  constructor(message: string, readonly column: number) {
    super(message);
    this.name = 'ExprError';
  }
}

export const REGISTERS = ['ac', 'mq', 'ic', 'xr1', 'xr2', 'xr4', 'ov', 'instr', 'cycles'] as const;
export type Register = (typeof REGISTERS)[number];

/** What an expression can see of the machine. */
export interface ExprContext {
  symbol(name: string): number | undefined;
  register(name: Register): number;
  /** Signed value of the word at an address already checked to be in core. */
  memory(address: number): number;
  readonly coreWords: number;
}

type Token = { kind: 'num' | 'sym' | 'reg' | 'op' | 'end'; text: string; value: number; column: number };

const SYMBOL_CHAR = /[A-Za-z0-9.$]/;
const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '+', '-', '*', '/', '!', '(', ')', '[', ']'];

function tokenize(text: string, offset: number): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const column = offset + i + 1;
    if (ch === ' ' || ch === '\t') { i++; continue; }
    if (ch === '#' || ch === '%' || SYMBOL_CHAR.test(ch)) {
      let j = i + 1;
      while (j < text.length && SYMBOL_CHAR.test(text[j]!)) j++;
      const word = text.slice(i, j);
      i = j;
      if (ch === '#') {
        if (!/^#\d+$/.test(word)) throw new ExprError(`"${word}" is not a decimal number (# and digits 0-9)`, column);
        out.push({ kind: 'num', text: word, value: Number(word.slice(1)), column });
      } else if (ch === '%') {
        const name = word.slice(1).toLowerCase();
        if (!(REGISTERS as readonly string[]).includes(name)) {
          throw new ExprError(`unknown register "${word}" (registers: ${REGISTERS.map((r) => `%${r}`).join(' ')})`, column);
        }
        out.push({ kind: 'reg', text: name, value: 0, column });
      } else if (/^\d+$/.test(word)) {
        const bad = /[89]/.exec(word);
        if (bad) throw new ExprError(`${bad[0]} is not an octal digit (numbers are octal; write #${word} for decimal)`, column + bad.index);
        out.push({ kind: 'num', text: word, value: parseInt(word, 8), column });
      } else {
        out.push({ kind: 'sym', text: word, value: 0, column });
      }
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) {
      const hint = ch === '=' ? ' (compare with ==)' : '';
      throw new ExprError(`unexpected "${ch}"${hint}`, column);
    }
    out.push({ kind: 'op', text: op, value: 0, column });
    i += op.length;
  }
  out.push({ kind: 'end', text: '', value: 0, column: offset + text.length + 1 });
  return out;
}

/** Binary operators by precedence, loosest first. */
const LEVELS: readonly (readonly string[])[] = [['||'], ['&&'], ['==', '!=', '<', '<=', '>', '>='], ['+', '-'], ['*', '/']];

/** Parse `text`; columns in errors and in the tree are `offset` + position + 1. */
export function parseExpr(text: string, offset = 0): Expr {
  const tokens = tokenize(text, offset);
  let p = 0;
  const peek = (): Token => tokens[p]!;
  const expect = (op: string): void => {
    const t = peek();
    if (t.kind !== 'op' || t.text !== op) throw new ExprError(`expected "${op}"${t.kind === 'end' ? ' at the end' : ` before "${t.text}"`}`, t.column);
    p++;
  };
  const level = (n: number): Expr => {
    if (n === LEVELS.length) return unary();
    let left = level(n + 1);
    for (;;) {
      const t = peek();
      if (t.kind !== 'op' || !LEVELS[n]!.includes(t.text)) return left;
      p++;
      left = { kind: 'binary', op: t.text, left, right: level(n + 1), column: t.column };
    }
  };
  const unary = (): Expr => {
    const t = peek();
    if (t.kind === 'op' && (t.text === '-' || t.text === '!')) {
      p++;
      return { kind: 'unary', op: t.text, operand: unary(), column: t.column };
    }
    return primary();
  };
  const primary = (): Expr => {
    const t = tokens[p++]!;
    switch (t.kind) {
      case 'num': return { kind: 'number', value: t.value, column: t.column };
      case 'sym': return { kind: 'symbol', name: t.text, column: t.column };
      case 'reg': return { kind: 'register', name: t.text, column: t.column };
      case 'end': throw new ExprError(t.column === offset + 1 ? 'expected an expression' : 'the expression ends too soon', t.column);
      case 'op':
        if (t.text === '*') return { kind: 'ic', column: t.column };
        if (t.text === '(') {
          const e = level(0);
          expect(')');
          return e;
        }
        if (t.text === '[') {
          const address = level(0);
          expect(']');
          return { kind: 'memory', address, column: t.column };
        }
        throw new ExprError(`unexpected "${t.text}"`, t.column);
    }
  };
  const e = level(0);
  const rest = peek();
  if (rest.kind !== 'end') throw new ExprError(`unexpected "${rest.text}" after the expression`, rest.column);
  return e;
}

export function evaluate(e: Expr, ctx: ExprContext): number {
  switch (e.kind) {
    case 'number': return e.value;
    case 'ic': return ctx.register('ic');
    case 'register': return ctx.register(e.name as Register);
    case 'symbol': {
      const v = ctx.symbol(e.name);
      if (v === undefined) throw new ExprError(`unknown symbol ${e.name}`, e.column);
      return v;
    }
    case 'memory': return ctx.memory(toAddress(evaluate(e.address, ctx), ctx.coreWords, e.column + 1));
    case 'unary': {
      const v = evaluate(e.operand, ctx);
      return e.op === '-' ? -v : v === 0 ? 1 : 0;
    }
    case 'binary': {
      const a = evaluate(e.left, ctx);
      const b = evaluate(e.right, ctx);
      switch (e.op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/':
          if (b === 0) throw new ExprError('division by zero', e.column);
          return Math.trunc(a / b);
        case '==': return a === b ? 1 : 0;
        case '!=': return a !== b ? 1 : 0;
        case '<': return a < b ? 1 : 0;
        case '<=': return a <= b ? 1 : 0;
        case '>': return a > b ? 1 : 0;
        case '>=': return a >= b ? 1 : 0;
        case '&&': return a !== 0 && b !== 0 ? 1 : 0;
        default: return a !== 0 || b !== 0 ? 1 : 0; // ||
      }
    }
  }
}

/** Throw for the first symbol the context does not know (a condition is checked when it is set). */
export function checkSymbols(e: Expr, ctx: ExprContext): void {
  switch (e.kind) {
    case 'symbol':
      if (ctx.symbol(e.name) === undefined) throw new ExprError(`unknown symbol ${e.name}`, e.column);
      return;
    case 'memory': checkSymbols(e.address, ctx); return;
    case 'unary': checkSymbols(e.operand, ctx); return;
    case 'binary': checkSymbols(e.left, ctx); checkSymbols(e.right, ctx); return;
    default: return;
  }
}

/** A value as a core address, or an error at `column`. */
export function toAddress(v: number, coreWords: number, column: number): number {
  if (!Number.isInteger(v) || v < 0 || v >= coreWords) {
    const shown = v < 0 ? `-${(-v).toString(8)}` : v.toString(8);
    throw new ExprError(`address ${shown} is outside core (0-${(coreWords - 1).toString(8)})`, column);
  }
  return v;
}

const SIGN = 2 ** 35;
const W36 = 2 ** 36;

/**
 * A value as a 36-bit word: a negative number (or -0) becomes sign and magnitude; 0 to 2^36-1
 * is the raw word, so 12 octal digits with the top bit set also give a minus word.
 */
export function toWord(v: number, column: number): number {
  if (Number.isInteger(v) && (v < 0 || Object.is(v, -0)) && -v < SIGN) return SIGN - v;
  if (Number.isInteger(v) && v >= 0 && v < W36) return v;
  throw new ExprError(`${v < 0 ? '-' : ''}${Math.abs(v).toString(8)} does not fit in a 36-bit word`, column);
}
