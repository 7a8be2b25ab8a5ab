// Expressions of the variable field, read and evaluated the way UA SAP's SCAN routine does it
// (sap.md §2-4; uasap.sap, SCAN in section UA SAP 4), character by character:
//   * `+ -` end a term, `/` and `*` (after a symbol) multiply or divide within one, left to
//     right, `/` truncating; a `-` with nothing before it negates, so `-3` is 77775;
//   * `*` where a symbol would start is a symbol character; the symbol `*` alone is the location
//     counter, so `**` is `*` times an empty term, i.e. 0;
//   * a symbol of digits only is a decimal number (any character of zone 00 counts as a digit,
//     which is why `=5` is 115, sap.md §3);
//   * `Q$X` is X under heading Q (HED);
//   * any symbol left undefined makes the whole expression 0 and marks it undefined;
//   * the result is reduced to 15 bits (two's complement for negatives).
// The debugger reuses this module for its expressions.

import { asciiToBcd } from '../devices/codes.ts';
import { symbolKey } from './symbols.ts';

export type Operator = '+' | '-' | '*' | '/';

export interface Factor {
  /** Characters collected for the symbol or number (only the last six count). */
  readonly text: string;
  /** Heading given with `$`; undefined means the block heading in force. */
  readonly heading?: string;
  /** Offset of the factor's first character in the scanned text. */
  readonly offset: number;
}

/** `op factor op factor ...`; the first operator is the implicit `+`. */
export interface Expression {
  readonly steps: readonly { readonly op: Operator; readonly factor: Factor }[];
}

export interface Field {
  readonly expr: Expression;
  /** Offset just past the field's terminator. */
  readonly next: number;
  /** The field ended at a comma, so another field follows on the card. */
  readonly comma: boolean;
}

/** Read one field of `text` from `start` to the next comma or the end. */
function scanField(text: string, start: number): Field {
  const steps: { op: Operator; factor: Factor }[] = [];
  let op: Operator = '+';
  let symb = '';
  let symbStart = start;
  let heading: string | undefined;
  const finish = (): void => {
    steps.push({ op, factor: heading === undefined ? { text: symb, offset: symbStart } : { text: symb, heading, offset: symbStart } });
    symb = '';
    heading = undefined;
  };
  let i = start;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === ',' || ch === ' ') break;
    // `*` is multiplication only once the symbol holds a non-zero character.
    const isOperator = ch === '+' || ch === '-' || ch === '/' || (ch === '*' && /[^0]/.test(symb));
    if (isOperator) {
      finish();
      op = ch as Operator;
      symbStart = i + 1;
    } else if (ch === '$') {
      heading = symb === '' ? '0' : symb[symb.length - 1]!;
      symb = '';
      symbStart = i + 1;
    } else {
      if (symb === '') symbStart = i;
      symb += ch;
    }
  }
  finish();
  return { expr: { steps }, next: i + 1, comma: text[i] === ',' };
}

/** A whole text as one expression, for the debugger's `break LOOP+3` (architecture.md §2.5). */
export const parseExpression = (text: string): Expression => scanField(text, 0).expr;

export interface Env {
  /** The location counter (`*`) and whether it is relocatable. */
  readonly location: number;
  readonly locationReloc: boolean;
  /** The heading in force (HED); `0` for none. */
  readonly heading: string;
  /** Value of a symbol by table key, or undefined. */
  lookup(key: string, factor: Factor): { value: number; reloc: boolean } | undefined;
}

/** Relocation of a field for REL cards: 0 absolute, 2 relocatable, 3 relocatable complemented. */
export type Relocation = 0 | 2 | 3;

export interface Value {
  /** 15-bit result. */
  readonly value: number;
  readonly reloc: Relocation;
  /** Some symbol was undefined (the value is then 0). */
  readonly undefined: boolean;
  /**
   * A field of numbers only whose sum is beyond ±32767 (`TRA 40000`): `value` is UA SAP's low 15
   * bits. Sums with symbols or `*` wrap silently as on the 704 (the loader's `LOADER+24,4` is
   * indexed address arithmetic modulo 2^15).
   */
  readonly outOfRange?: boolean;
}

const M35 = 2n ** 35n;
const P35 = 2 ** 35;

/** The factor as UA SAP classifies it: a decimal number, the location counter or a symbol. */
export type FactorKind = { kind: 'number'; value: number } | { kind: 'location' } | { kind: 'symbol'; key: string };

export function classify(f: Factor, heading: string): FactorKind {
  const six = f.text.slice(-6);
  const codes = [...six].map(asciiToBcd);
  if (codes.every((c) => c >= 0 && c < 0o20)) {
    // INT: each character's code times its power of ten (ordinary digits for 0-9).
    return { kind: 'number', value: codes.reduce((v, c) => v * 10 + c, 0) };
  }
  // EQ: the symbol whose low 15 bits read 00054 (`*`, with zeros before it) is the location.
  const low15 = codes.slice(-3).reduce((v, c) => v * 64 + (c & 0o77), 0) & 0x7fff;
  if (low15 === 0o54) return { kind: 'location' };
  return { kind: 'symbol', key: symbolKey(six, f.heading ?? heading) };
}

export function evaluate(expr: Expression, env: Env): Value {
  let teq = 0; // sum of finished terms
  let term = 0; // term being built
  let rbits = 0;
  let undef = false;
  let numbers = true;
  for (const { op, factor } of expr.steps) {
    const k = classify(factor, env.heading);
    if (k.kind !== 'number') numbers = false;
    let eqv = 0;
    let r = 0;
    if (k.kind === 'number') eqv = k.value;
    else if (k.kind === 'location') {
      eqv = env.location & 0x7fff;
      r = env.locationReloc ? 2 : 0;
    } else {
      const s = env.lookup(k.key, factor);
      if (s === undefined) undef = true;
      else {
        eqv = s.value & 0x7fff;
        r = s.reloc ? 2 : 0;
      }
    }
    switch (op) {
      case '+':
        teq = wrap(teq + term);
        term = eqv;
        rbits += r;
        break;
      case '-':
        teq = wrap(teq + term);
        term = -eqv;
        rbits -= r;
        break;
      case '*': // MPY: low 35 bits of the product, sign of the term
        term = Math.sign(term) * Number((BigInt(Math.abs(term)) * BigInt(eqv)) % M35);
        rbits += r;
        break;
      case '/': // DVP: truncates toward zero; a zero divisor leaves the term unchanged (divide check)
        if (eqv !== 0) term = Math.trunc(term / eqv);
        rbits += r;
        break;
    }
  }
  teq = wrap(teq + term);
  if (undef) return { value: 0, reloc: 0, undefined: true };
  const reloc: Relocation = Math.abs(rbits) !== 2 ? 0 : rbits < 0 ? 3 : 2;
  return { value: ((teq % 32768) + 32768) % 32768, reloc, undefined: false, ...(numbers && Math.abs(teq) > 0x7fff ? { outOfRange: true } : {}) };
}

/** A sign-magnitude AC stored by STO: the magnitude keeps 35 bits. */
const wrap = (n: number): number => Math.sign(n) * (Math.abs(n) % P35);

/**
 * The address, tag and decrement fields of a variable field. A field is "punched" only if the
 * card has a character for it: the address when column 12 is not blank, a later field when the
 * one before ended at a comma followed by something (`TRA X,` has no tag). `TRA X,,5` has an
 * empty but punched tag (0). Returns undefined for a field that is not punched.
 */
export function scanOperands(variable: string, count: number): (Field | undefined)[] {
  const out: (Field | undefined)[] = [];
  let pos = 0;
  let more = true;
  for (let k = 0; k < count; k++) {
    if (!more || pos >= variable.length) {
      out.push(undefined);
      more = false;
      continue;
    }
    const f = scanField(variable, pos);
    out.push(f);
    pos = f.next;
    more = f.comma;
  }
  return out;
}
