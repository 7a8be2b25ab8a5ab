// What each 704 instruction does, written once as JavaScript snippets over the register file held
// in local variables. Both cores are generated from these snippets: the interpreter
// (interpreter.ts) puts them in one switch on the operation code, the translator (translator.ts)
// strings them together into functions for a page of core. Semantics: ibm704.md §5; the table
// that names the codes and their base cycles is opcodes.ts.
//
// The names a snippet may use:
//   registers   acS (AC sign 0/1), acM (AC Q,P,1-35), mq, x1 x2 x4, ov (AC overflow),
//               mqo (MQ overflow), dc (divide check), tm (trapping mode), sl (sense lights),
//               ss (sense switches, read only), cyc (cycle count)
//   machine     c (the Cpu), m (core), am (address mask), io (the I/O port, interpreter only)
//   helpers     the functions of HELPERS below
// and the parts of the instruction through `Gen`, which each core fills in its own way.

import {
  divide, floatAdd, floatDivide, floatMultiply, multiply, rotateMq, roundAc, shiftCycles, shiftLeftLong, shiftLrs,
} from './arith.ts';
import { OPCODES, type Unassigned } from './opcodes.ts';
import { formatAddr } from './word.ts';
import { END_OF_FILE, END_OF_RECORD, NO_INPUT } from '../devices/unit.ts';

/** How a core writes the parts of one instruction. */
export interface Gen {
  /** Effective address: a variable or a literal (indexing already applied where the code indexes). */
  readonly y: string;
  /** Location of the instruction. */
  readonly L: string;
  /** Decrement of a type-A word, masked to the core size. */
  readonly dec: string;
  /** The OR of the index registers the tag selects (ibm704.md §3.1). */
  x(): string;
  /** A statement loading every register the tag selects with `v` (evaluated once). */
  setX(v: string): string;
  /** A statement storing `v` at address `a` (a variable or literal). */
  store(a: string, v: string): string;
  /** A transfer trapping mode catches (the opcode table's `transfer`), when it is taken. */
  jump(target: string): string;
  /** A transfer trapping mode never catches (TTR). */
  go(target: string): string;
  /** Continue at L+1+k (CAS, the sense tests). */
  skip(k: number): string;
  /** A statement around a helper that works on the register file in `c`. */
  call(statement: string): string;
  /** The cycle count now (this instruction's base cycles in), for the I/O system. */
  readonly now: string;
  /** A statement that gives up on this instruction before it has done anything, with `stop` the
   * interpreter's way of stopping there (the translator leaves it to the interpreter). */
  punt(stop: string): string;
  /** True when the AC's magnitude (Q, P, 1-35) is known to be below 2^k before this instruction:
   * the translator follows `acBound` along a block's straight line; the interpreter knows nothing. */
  acBelow(k: number): boolean;
}

/**
 * One instruction's semantics. `jit: false` marks what only the interpreter runs (selects and
 * tape motions, halts, trapping-mode switches): the translator leaves those to one interpreted
 * step, so its code never has to stop the machine or see trapping mode. CPY and CAD are
 * translated: where they would stop (no unit selected, no input) they punt to the interpreter.
 */
export interface Semantics {
  readonly code: (g: Gen) => string;
  readonly jit: boolean;
  /**
   * What the instruction leaves the AC's magnitude below, as a power of two, given what it was
   * below before (37: nothing known) and the shift count when it is a constant: the translator's
   * knowledge for the next instruction (Gen.acBelow). Absent: nothing known after it.
   */
  readonly acBound?: (before: number, count: number | null) => number;
  /**
   * The row and the translator's AC in halves: the magnitude held as two 18-bit integers, `ah`
   * (Q, P, 1-17) and `al` (18-35), where the whole form splits a double and joins it again at
   * every logical instruction (docs/translator.md, "The AC in halves"). `code`: the row's form on
   * the halves, null where it does not apply (a shift count); `gains`: cheaper so, so a run in
   * halves starts there (the AC split first); without it the form serves only a run already in
   * halves. `overwrites`: the row sets the AC without reading it, so a run ends there unjoined.
   */
  readonly halves?: { readonly code?: (g: Gen) => string | null; readonly gains?: boolean; readonly overwrites?: boolean };
}

const P35 = 34359738368; // 2^35: the sign of a word, AC bit P
const P36 = 68719476736;
const P37 = 137438953472;
const W18 = 262144; // 2^18: the decrement field starts at bit 17
const P33 = 8589934592;
const P27 = 134217728; // 2^27: a floating word's characteristic starts at bit 8
/**
 * `x * 2^18` written as `x / 2^-18`: the same exact product (V8 turns the division by a power of
 * two back into a multiplication), but an operand that is not a small integer, so V8's optimised
 * code never speculates a 31-bit product. With `* 262144`, the first decrement or high half above
 * 2^13 deoptimised the block ("overflow"; 13 of a first game's 27 deoptimisations) and it was
 * compiled again.
 */
const TIMES_W18 = `/ ${2 ** -18}`;

/** Local register names and the Cpu fields they stand for, in the order cores load them. */
export const REGISTER_FILE: readonly (readonly [local: string, field: string])[] = [
  ['acS', 'acSign'], ['acM', 'acMag'], ['mq', 'mq'], ['x1', 'xr1'], ['x2', 'xr2'], ['x4', 'xr4'],
  ['ov', 'acOverflow'], ['mqo', 'mqOverflow'], ['dc', 'divideCheck'], ['tm', 'trapMode'],
  ['sl', 'senseLights'], ['ss', 'senseSwitches'],
];

/** The registers the arith.ts helpers read and write (its `Registers`). */
export const HELPER_REGISTERS = REGISTER_FILE.slice(0, 3).concat(REGISTER_FILE.slice(6, 9));

/** Algebraic order of a sign-magnitude value with -0 below +0 (CAS, TLQ). */
const order = (sign: number, mag: number): number => (sign !== 0 ? -mag - 0.5 : mag);

/** Functions of a shift count that code may need; folded to a literal when the count is one. */
const SHIFT_FNS = {
  /** Cycles beyond the table's 2 (1 + ceil((n+3)/12), §9.2). */
  shiftExtra: (n: number): number => shiftCycles(n) - 2,
  /** ALS overflow (reachesP): AC 1-35 at or above this reaches P within n places. */
  alsLimit: (n: number): number => (n === 0 ? Infinity : n >= 35 ? 1 : 2 ** (35 - n)),
  /** ALS: the shift as a division (by 2^-n; Infinity when everything leaves Q), for the reason of TIMES_W18. */
  alsDivisor: (n: number): number => (n >= 37 ? Infinity : 2 ** -n),
  /** ARS: the factor of the shift (0 when everything leaves 35). */
  arsFactor: (n: number): number => (n >= 37 ? 0 : 2 ** -n),
};
type ShiftFn = keyof typeof SHIFT_FNS;
/**
 * SHIFT_FNS as tables over the 256 counts, for a count known only when the code runs (a planted
 * shift, an indexed one, the interpreter): a load instead of a call. The evaluation's planted
 * `ARS **` spent 84 ms of Samuel's second series in the call to `arsFactor`.
 */
const SHIFT_TABLES = Object.fromEntries(Object.entries(SHIFT_FNS).map(([k, f]) => [k, Float64Array.from({ length: 256 }, (_, n) => f(n))])) as Record<ShiftFn, Float64Array>;
/** The functions (and shift tables) generated code may use, by these names. */
export const HELPERS = {
  divide, floatAdd, floatDivide, floatMultiply, multiply, rotateMq, roundAc, shiftLeftLong, shiftLrs, order,
  octal5: formatAddr, ...SHIFT_TABLES,
  END_OF_FILE, END_OF_RECORD, NO_INPUT,
};

// ---- shared pieces

/** The AC's 36-bit logical word, P,1-35 (ibm704.md §5.3). */
const LOGICAL = `(acM >= ${P36} ? acM - ${P36} : acM)`;
/** LOGICAL, or the AC itself where Q is known to be 0. */
const logical = (g: Gen): string => (g.acBelow(36) ? 'acM' : LOGICAL);
/** What the logical instructions add to keep the AC's Q: nothing where it is known to be 0. */
const keptQ = (g: Gen): string => (g.acBelow(36) ? '' : `(acM >= ${P36} ? ${P36} : 0) + `);

/**
 * Bitwise AND/OR of two 36-bit numbers in line (JS bitwise operators take 32 bits): the high 18
 * bits by `x / 2^18` (ToInt32 truncates, which is floor for x >= 0), the low 18 by ToInt32, which
 * keeps the low 32 bits of any integer below 2^53. A handful of number operations, no call.
 */
const bitwise36 = (a: string, b: string, o: '&' | '|'): string =>
  `(((${a}) / ${W18}) ${o} ((${b}) / ${W18})) ${TIMES_W18} + (((${a}) ${o} (${b})) & 0x3ffff)`;

/** `target = (LOGICAL o C(Y))`, the operands read once. */
const logic = (o: '&' | '|', g: Gen, assign: (v: string) => string): string =>
  `{ const la_ = ${logical(g)}, lb_ = m[${g.y}]; ${assign(bitwise36('la_', 'lb_', o))} }`;

/** Sign-magnitude addition of (s, v) into the AC with the 704's rules (ibm704.md §5.2). */
const add = (g: Gen, s: string, v: string): string => `{ const s_ = ${s}, v_ = ${v};
  if (s_ === acS) {
    ${g.acBelow(35) ? `if (acM + v_ >= ${P35}) ov = true; acM += v_; // Q and P known clear`
    : `if (acM < ${P35}) { if (acM + v_ >= ${P35}) ov = true; acM += v_; } // Q and P clear: no modulo
    else { if (acM - Math.floor(acM / ${P35}) * ${P35} + v_ >= ${P35}) ov = true; acM += v_; if (acM >= ${P37}) acM -= ${P37}; } // a carry beyond Q is lost`}
  } else if (acM >= v_) acM -= v_; // equal magnitudes keep the AC's sign
  else { acM = v_ - acM; acS = s_; } }`;

/** ACL: 36-bit add into AC P,1-35 with end-around carry from P into 35; Q and S unchanged (§5.3). */
const addLogical = (g: Gen, v: string): string =>
  `{ let s_ = ${logical(g)} + ${v}; if (s_ >= ${P36}) s_ = s_ - ${P36} + 1; acM = ${keptQ(g)}s_; }`;

/** The signed operand of ADD-like instructions: `sign` picks S (word), its complement, +, or -. */
const arith = (sign: 'word' | 'negated' | 0 | 1) => (g: Gen): string => {
  const s = sign === 'word' ? `v >= ${P35} ? 1 : 0` : sign === 'negated' ? `v >= ${P35} ? 0 : 1` : String(sign);
  return `{ const v = m[${g.y}]; ${add(g, s, `v >= ${P35} ? v - ${P35} : v`)} }`;
};

/** A word's decrement (a word, or the AC with Q and P: below 2^37, so the quotient is below 2^19 and
 * `&`'s truncation is its floor: no Math.floor needed). */
const DECREMENT_OF = (w: string): string => `((${w} / ${W18}) & 0x7fff)`;

const isLiteral = (e: string): boolean => /^\d+$/.test(e);
/** The shift count, the low 8 bits of Y (§5.4), when Y is a literal (the translator's constant Y); else null. */
export const literalCount = (y: string): number | null => (isLiteral(y) ? Number(y) & 255 : null);
/** The shift count, the low 8 bits of Y (§5.4): a literal when Y is one. */
const count = (y: string): string => String(literalCount(y) ?? `(${y} & 255)`);
/** `fn(n)`: its value when n is a literal (the translator's constant Y), else a load from its table. */
const fold = (fn: ShiftFn, n: string): string => (isLiteral(n) ? String(SHIFT_FNS[fn](Number(n))) : `${fn}[${n}]`);

/** Shifts through a helper of arith.ts. */
const shift = (statement: string) => (g: Gen): string =>
  `${g.call(statement.replace('N', count(g.y)))} cyc += ${fold('shiftExtra', count(g.y))};`;
/** ALS and ARS on the AC alone, in line: with a constant count the translator's code folds. */
const acShift = (code: (n: string, g: Gen) => string) => (g: Gen): string => {
  const n = count(g.y);
  return `{ ${code(n, g)} cyc += ${fold('shiftExtra', n)}; }`;
};

/** An error stop of the interpreter: the IC stays on the instruction. */
const errorStop = (message: string): string =>
  `{ reason = 'error'; ic = L; c.errorAddress = L; c.stopMessage = ${message}; }`;

/** The wait for a unit ready at cycle `at`, added to the count from `Gen.now` (CPY, the selects, the tape motions). */
const waitUntil = (g: Gen, at: string): string => `{ const w_ = ${at} - ${g.now}; if (w_ > 0) cyc += w_; }`;

/** CPY and CAD: three exits, every word through the MQ (§5.10, §6.4); CAD also sums by ACL. */
const copy = (cad: boolean) => (g: Gen): string => `
  if (!io.connected) ${g.punt(errorStop(`'CPY with no unit selected'`))}
  else {
    const writing = io.writing;
    let r;
    if (writing) {
      mq = m[${g.y}];
      r = io.copyOut(mq, ${g.now});
      cyc += 1; // writing takes at least 4 [V] §9.6
      ${cad ? `if (r === 0) ${addLogical(g, 'mq')}` : ''}
    } else r = io.copyIn(${g.now});
    if (r === NO_INPUT) ${g.punt(`{ reason = 'input'; ic = L; cyc -= CYCLES[op]; n--; c.stopMessage = io.error; }`)}
    else {
      ${waitUntil(g, 'io.readyAt()')} // waits for the unit
      if (r === END_OF_FILE) { ${g.skip(1)} }
      else if (r === END_OF_RECORD) { ${g.skip(2)} }
      else if (r >= 0 && !writing) { mq = r; ${g.store(g.y, 'r')} ${cad ? addLogical(g, 'r') : ''} }
    }
  }`;

/** RDS/WRS, BST/WEF/REW: the I/O system answers with the cycle when done, or -1; the wait as CPY's. */
const ioWait = (g: Gen, call: (now: string) => string): string =>
  `{ const done = ${call(g.now)}; if (done < 0) ${errorStop('io.error')} else ${waitUntil(g, 'done')} }`;

const same = (code: string) => (): string => code;

// ---- the AC in halves (Semantics.halves): ah = floor(acM / 2^18), below 2^19; al = acM mod 2^18
/** The AC's magnitude from its halves: what every way out of a run in halves does first. */
export const JOIN_HALVES = `acM = ah ${TIMES_W18} + al;`;
/** A word's high 18 bits (S, 1-17) and low 18 bits (18-35). */
const high = (v: string): string => `((${v}) / ${W18}) | 0`;
const low = (v: string): string => `(${v}) & 0x3ffff`;
/** What the AC's halves are split from: the magnitude, below 2^37. */
export const SPLIT_HALVES = `ah = ${high('acM')}; al = ${low('acM')};`;
/** A row's form on the halves (`gains`: cheaper than the whole form), or null when `applies` says no. */
const H = (code: (g: Gen) => string, gains = false, applies: (g: Gen) => boolean = () => true): Halves =>
  ({ code: (g) => (applies(g) ? code(g) : null), gains });
/** Loads of the whole AC: a run in halves ends there with nothing to join. */
const OVERWRITES: Halves = { overwrites: true };
/** A constant shift count from 1 to `max`. */
const countUpTo = (max: number) => (g: Gen): boolean => { const n = literalCount(g.y); return n !== null && n >= 1 && n <= max; };

type Code = (g: Gen) => string;
type Bound = NonNullable<Semantics['acBound']>;
type Halves = NonNullable<Semantics['halves']>;
const J = (code: Code, acBound?: Bound, halves?: Halves): Semantics => ({ code, jit: true, acBound, halves });
/** Bounds: the AC untouched; set below 2^k; Q kept (below 2^36 if it was). */
const KEEP: Bound = (b) => b;
const below = (k: number): Bound => () => k;
const Q_KEPT: Bound = (b) => (b <= 36 ? 36 : 37);
const I = (code: Code): Semantics => ({ code, jit: false });

const MACHINE: Record<string, Semantics> = {
  // ---- load and store (§5.1)
  CLA: J((g) => `{ const v = m[${g.y}]; if (v >= ${P35}) { acS = 1; acM = v - ${P35}; } else { acS = 0; acM = v; } }`, below(35), OVERWRITES),
  CLS: J((g) => `{ const v = m[${g.y}]; if (v >= ${P35}) { acS = 0; acM = v - ${P35}; } else { acS = 1; acM = v; } }`, below(35), OVERWRITES),
  CAL: J((g) => `acS = 0; acM = m[${g.y}];`, below(36), OVERWRITES), // S lands in P
  LDQ: J((g) => `mq = m[${g.y}];`, KEEP),
  STO: J((g) => g.store(g.y, `acS * ${P35} + ${g.acBelow(35) ? 'acM' : `(acM < ${P35} ? acM : acM - Math.floor(acM / ${P35}) * ${P35})`}`), KEEP,
    H((g) => g.store(g.y, `acS * ${P35} + (ah & 0x1ffff) ${TIMES_W18} + al`))),
  SLW: J((g) => g.store(g.y, g.acBelow(36) ? 'acM' : `acM >= ${P36} ? acM - ${P36} : acM`), KEEP, // P,1-35
    H((g) => g.store(g.y, `(ah & 0x3ffff) ${TIMES_W18} + al`))),
  STQ: J((g) => g.store(g.y, 'mq'), KEEP),
  STZ: J((g) => g.store(g.y, '0'), KEEP),
  STA: J((g) => `{ const cur = m[${g.y}]; ${g.store(g.y, 'cur - (cur & 0x7fff) + (acM & 0x7fff)')} }`, KEEP,
    H((g) => `{ const cur = m[${g.y}]; ${g.store(g.y, 'cur - (cur & 0x7fff) + (al & 0x7fff)')} }`)),
  STD: J((g) => `{ const cur = m[${g.y}]; ${g.store(g.y, `cur - ${DECREMENT_OF('cur')} ${TIMES_W18} + ${DECREMENT_OF('acM')} ${TIMES_W18}`)} }`, KEEP,
    H((g) => `{ const cur = m[${g.y}]; ${g.store(g.y, `cur - ${DECREMENT_OF('cur')} ${TIMES_W18} + (ah & 0x7fff) ${TIMES_W18}`)} }`)),
  STP: J((g) => `{ const cur = m[${g.y}]; ${g.store(g.y, `(cur % ${P33}) + Math.floor((acM % ${P36}) / ${P33}) * ${P33}`)} }`, KEEP), // S,1,2 := P,1,2
  SLQ: J((g) => `{ const cur = m[${g.y}]; ${g.store(g.y, `(cur % ${W18}) + Math.floor(mq / ${W18}) * ${W18}`)} }`, KEEP), // S,1-17 := MQ S,1-17
  // ---- fixed point (§5.2)
  ADD: J(arith('word')),
  SUB: J(arith('negated')),
  ADM: J(arith(0)),
  SBM: J(arith(1)),
  // A product below 2^53 (the evaluation's weight times a term: nearly always) is exact as a
  // double and is split in line; the rest goes to multiply()'s 18-bit limbs.
  MPY: J((g) => `{ const v = m[${g.y}], vs_ = v >= ${P35} ? 1 : 0, qs_ = mq >= ${P35} ? 1 : 0, p_ = (v - vs_ * ${P35}) * (mq - qs_ * ${P35});
    if (p_ < ${2 ** 53}) { const h_ = Math.floor(p_ / ${P35}); acS = vs_ ^ qs_; acM = h_; mq = acS * ${P35} + (p_ - h_ * ${P35}); }
    else { ${g.call('cyc += multiply(c, v, false) - 20;')} } }`),
  MPR: J((g) => g.call(`cyc += multiply(c, m[${g.y}], true) - 20;`)),
  DVP: J((g) => `{ let q_ = 0; ${g.call(`q_ = divide(c, m[${g.y}]);`)} if (q_ > 0) cyc += q_ - 3; }`),
  DVH: I((g) => `{ let q_ = 0; ${g.call(`q_ = divide(c, m[${g.y}]);`)}
    if (q_ > 0) cyc += q_ - 3; else { reason = 'halt'; c.stopMessage = 'divide check (DVH)'; } }`),
  // ---- logic (§5.3)
  ANA: J((g) => logic('&', g, (v) => `acS = 0; acM = ${v};`), below(36),
    H((g) => `{ const v = m[${g.y}]; acS = 0; ah &= ${high('v')}; al &= ${low('v')}; }`, true)), // Q goes: v's high half is below 2^18
  ANS: J((g) => logic('&', g, (v) => g.store(g.y, v)), KEEP),
  ORA: J((g) => logic('|', g, (v) => `acM = ${keptQ(g)}${v};`), Q_KEPT,
    H((g) => `{ const v = m[${g.y}]; ah |= ${high('v')}; al |= ${low('v')}; }`, true)),
  ORS: J((g) => logic('|', g, (v) => g.store(g.y, v)), KEEP),
  ACL: J((g) => addLogical(g, `m[${g.y}]`), Q_KEPT),
  // ---- shifts (§5.4)
  ALS: J(acShift((n, g) => `if (${g.acBelow(35) ? 'acM' : `acM - Math.floor(acM / ${P35}) * ${P35}`} >= ${fold('alsLimit', n)}) ov = true;
    { const t_ = acM / ${fold('alsDivisor', n)}; acM = t_ - Math.floor(t_ / ${P37}) * ${P37}; }`), undefined,
    // 1-12 places: AC 1-35 at or above 2^(35-n) is 1-17 at or above 2^(17-n); ah << 12 is below 2^31
    H(acShift((n) => `if ((ah & 0x1ffff) >= ${2 ** (17 - Number(n))}) ov = true;
    ah = ((ah << ${n}) | (al >>> ${18 - Number(n)})) & 0x7ffff; al = (al << ${n}) & 0x3ffff;`), false, countUpTo(12))),
  // Counts of 64 and more shift everything out, as the manual says (SIMH wraps them, §11 item 12).
  ARS: J(acShift((n) => `acM = Math.floor(acM * ${fold('arsFactor', n)});`), (b, n) => (n === null ? b : Math.max(0, b - n)),
    H(acShift((n) => `al = (al >>> ${n}) | ((ah & ${2 ** Number(n) - 1}) << ${18 - Number(n)}); ah >>>= ${n};`), false, countUpTo(17))),
  LLS: J(shift('shiftLeftLong(c, N, false);')),
  LGL: J(shift('shiftLeftLong(c, N, true);')),
  // 1-35 places (a count known when the block is built) in line: the evaluation's LRS 35 moves each term's difference to the MQ
  LRS: J((g) => {
    const n = literalCount(g.y);
    if (n === null || n < 1 || n > 35) return shift('shiftLrs(c, N);')(g);
    return `{ const ql_ = mq >= ${P35} ? mq - ${P35} : mq, h_ = Math.floor(acM / ${2 ** n});
    mq = acS * ${P35} + Math.floor(ql_ / ${2 ** n}) + (acM - h_ * ${2 ** n}) / ${2 ** -(35 - n)}; acM = h_; cyc += ${SHIFT_FNS.shiftExtra(n)}; }`;
  }),
  RQL: J(shift('rotateMq(c, N);')),
  // ---- floating point (§5.5, §6)
  FAD: J((g) => g.call(`cyc += floatAdd(c, m[${g.y}], false, true) - 6;`)),
  FSB: J((g) => g.call(`cyc += floatAdd(c, m[${g.y}], true, true) - 6;`)),
  UFA: J((g) => g.call(`cyc += floatAdd(c, m[${g.y}], false, false) - 5;`)),
  UFS: J((g) => g.call(`cyc += floatAdd(c, m[${g.y}], true, false) - 5;`)),
  FMP: J((g) => g.call(`floatMultiply(c, m[${g.y}], true);`)),
  UFM: J((g) => g.call(`floatMultiply(c, m[${g.y}], false);`)),
  FDP: J((g) => `{ let q_ = 0; ${g.call(`q_ = floatDivide(c, m[${g.y}]);`)} if (q_ > 0) cyc += q_ - 3; }`),
  FDH: I((g) => `{ let q_ = 0; ${g.call(`q_ = floatDivide(c, m[${g.y}]);`)}
    if (q_ > 0) cyc += q_ - 3; else if (dc) { reason = 'halt'; c.stopMessage = 'divide check (FDH)'; } }`),
  // ---- index registers (§5.6): Y is not indexed; the tag names the registers
  LXA: J((g) => g.setX(`m[${g.y}] & am`), KEEP),
  LXD: J((g) => g.setX(`${DECREMENT_OF(`m[${g.y}]`)} & am`), KEEP),
  SXD: J((g) => `{ const x = ${g.x()}; ${g.setX('x')} const cur = m[${g.y}]; ${g.store(g.y, `cur - ${DECREMENT_OF('cur')} ${TIMES_W18} + x ${TIMES_W18}`)} }`, KEEP),
  PAX: J((g) => g.setX('acM & am'), KEEP, H((g) => g.setX('al & am'))),
  PDX: J((g) => g.setX(`${DECREMENT_OF('acM')} & am`), KEEP, H((g) => g.setX('ah & 0x7fff & am'))),
  PXD: J((g) => `{ const x = ${g.x()}; ${g.setX('x')} acS = 0; acM = x ${TIMES_W18}; }`, below(33), OVERWRITES),
  TSX: J((g) => `${g.setX(`(-${g.L}) & am`)} ${g.jump(g.y)}`, KEEP), // XR := two's complement of L
  // Type A (§5.6): the decrement is compared unsigned with the OR of the selected registers.
  TXI: J((g) => `${g.setX(`(${g.x()} + ${g.dec}) & am`)} ${g.jump(g.y)}`, KEEP),
  TIX: J((g) => `{ const x = ${g.x()}; if (x > ${g.dec}) { ${g.setX(`x - ${g.dec}`)} ${g.jump(g.y)} } }`, KEEP),
  TXH: J((g) => `if (${g.x()} > ${g.dec}) { ${g.jump(g.y)} }`, KEEP),
  TNX: J((g) => `{ const x = ${g.x()}; if (x > ${g.dec}) { ${g.setX(`x - ${g.dec}`)} } else { ${g.jump(g.y)} } }`, KEEP),
  TXL: J((g) => `if (${g.x()} <= ${g.dec}) { ${g.jump(g.y)} }`, KEEP),
  // ---- transfers and tests (§5.7)
  TRA: J((g) => g.jump(g.y), KEEP),
  TTR: J((g) => g.go(g.y), KEEP),
  TZE: J((g) => `if (acM === 0) { ${g.jump(g.y)} }`, KEEP, H((g) => `if ((ah | al) === 0) { ${g.jump(g.y)} }`)),
  TNZ: J((g) => `if (acM !== 0) { ${g.jump(g.y)} }`, KEEP, H((g) => `if ((ah | al) !== 0) { ${g.jump(g.y)} }`)),
  TPL: J((g) => `if (acS === 0) { ${g.jump(g.y)} }`, KEEP),
  TMI: J((g) => `if (acS !== 0) { ${g.jump(g.y)} }`, KEEP),
  TOV: J((g) => `if (ov) { ov = false; ${g.jump(g.y)} }`, KEEP),
  TNO: J((g) => `if (ov) ov = false; else { ${g.jump(g.y)} }`, KEEP),
  TQO: J((g) => `if (mqo) { mqo = false; ${g.jump(g.y)} }`, KEEP),
  TQP: J((g) => `if (mq < ${P35}) { ${g.jump(g.y)} }`, KEEP),
  // TLQ: MQ < AC algebraically, AC magnitude with Q,P; -0 < +0
  TLQ: J((g) => `if (order(mq >= ${P35} ? 1 : 0, mq >= ${P35} ? mq - ${P35} : mq) < order(acS, acM)) { ${g.jump(g.y)} }`, KEEP),
  // CAS: AC > C(Y) -> L+1, = -> L+2, < -> L+3
  CAS: J((g) => `{ const a = order(acS, acM); const v = m[${g.y}]; const b = v >= ${P35} ? order(1, v - ${P35}) : order(0, v);
    if (a === b) { ${g.skip(1)} } else if (a < b) { ${g.skip(2)} } }`, KEEP),
  HTR: I((g) => `ic = ${g.y}; reason = 'halt'; io.halt(cyc); c.stopMessage = 'HTR at ' + octal5(L);`), // Start resumes at Y
  HPR: I(same(`reason = 'halt'; io.halt(cyc); c.stopMessage = 'HPR at ' + octal5(L);`)), // Start resumes at L+1
  NOP: J(same(''), KEEP),
  // ---- input/output (§5.10, §6.4)
  RDS: I((g) => ioWait(g, (now) => `io.select(${g.y}, false, ${now})`)),
  WRS: I((g) => ioWait(g, (now) => `io.select(${g.y}, true, ${now})`)),
  BST: I((g) => ioWait(g, (now) => `io.tapeCommand(0o764, ${g.y}, ${now})`)),
  WEF: I((g) => ioWait(g, (now) => `io.tapeCommand(0o770, ${g.y}, ${now})`)),
  REW: I((g) => ioWait(g, (now) => `io.tapeCommand(0o772, ${g.y}, ${now})`)),
  LDA: I((g) => `if (!io.drumAddress(m[${g.y}] & 0x7fff, ${g.now})) ${errorStop(`'LDA with no drum selected'`)}`),
  CPY: J(copy(false)),
  CAD: J(copy(true)),
};

/** Members of the +0760 (PSE) and -0760 (MSE) groups, chosen by the effective address (§5.3, §5.7-§5.9). */
const SENSE: Record<string, Semantics> = {
  CLM: J(same('acM = 0;'), below(0), OVERWRITES),
  LBT: J((g) => `if ((acM & 1) === 1) { ${g.skip(1)} }`, KEEP),
  CHS: J(same('acS ^= 1;'), KEEP),
  SSP: J(same('acS = 0;'), KEEP),
  COM: J(same(`acM = ${P37 - 1} - acM;`), undefined, H(() => 'ah ^= 0x7ffff; al ^= 0x3ffff;', true)),
  ETM: I(same('tm = true;')),
  RND: J((g) => g.call('roundAc(c);')),
  DCT: J((g) => `if (dc) dc = false; else { ${g.skip(1)} }`, KEEP),
  CFF: J(same(''), KEEP), // no CRT: nothing to do (§5.8)
  SLF: J(same('sl = 0;'), KEEP),
  SLN: J((g) => `sl |= 1 << (${g.y} - 0o141);`, KEEP),
  SWT: J((g) => `if (ss & (1 << (${g.y} - 0o161))) { ${g.skip(1)} }`, KEEP),
  SPU: I((g) => `io.punchSense(${g.y} - 0o340);`),
  SPT: I((g) => `if (io.printerTest()) { ${g.skip(1)} }`),
  SPR: I((g) => `io.printerSense(${g.y} - 0o360);`),
  PBT: J((g) => `if ((Math.floor(acM / ${P35}) & 1) !== 0) { ${g.skip(1)} }`, KEEP),
  SSM: J(same('acS = 1;'), KEEP),
  LTM: I(same('tm = false;')),
  ETT: I((g) => `if (!io.testEndOfTape()) { ${g.skip(1)} }`), // skip when all is well
  RTT: I((g) => `if (!io.testTapeCheck()) { ${g.skip(1)} }`),
  SLT: J((g) => `{ const b = 1 << (${g.y} - 0o141); if (sl & b) { sl &= ~b; ${g.skip(1)} } }`, KEEP), // test and turn off
};

/** The semantics of a machine instruction of the table, by mnemonic (PSE and MSE excepted). */
export const machineSemantics = (mnemonic: string): Semantics => {
  const s = MACHINE[mnemonic];
  if (!s) throw new Error(`internal: ${mnemonic} is in the table but has no semantics`);
  return s;
};

/**
 * The sense group's members by effective address, for +0760 (minus false) or -0760, from the
 * table's sense rows; an address no member claims does nothing (§5.8).
 */
export const senseGroup = (minus: boolean): ReadonlyMap<number, Semantics> => {
  const group = new Map<number, Semantics>();
  for (const d of OPCODES) {
    if (d.kind !== 'sense' || (d.template >= P35) !== minus) continue;
    const s = SENSE[d.mnemonic];
    if (!s) throw new Error(`internal: ${d.mnemonic} is in the table but has no semantics`);
    const a = d.template % 0o100000;
    const [lo, hi] = d.range ?? [0, 0];
    for (let k = lo; k <= hi; k++) group.set(a + k, s);
  }
  return group;
};

/**
 * An unassigned code (opcodes.ts UNASSIGNED): the semantics of the instruction it runs as, with the
 * differences the gate-level model showed. Interpreter only: `t` is the interpreter's tag.
 */
export const unassignedSemantics = (u: Unassigned): Semantics => I((g) => {
  if (u.neverTaken) return '';
  if (u.orMqOverflow) return `if (mq < ${P35} || mqo) { mqo = false; ${g.jump(g.y)} }`;
  // The stored word with AC P,1,2 in S,1,2, then the AC's sign in S (both: AC S,1,2 in S,1,2).
  const prefixed = (v: string): string => u.prefixFromAc ? `((v_) => v_ % ${P33} + Math.floor((acM % ${P36}) / ${P33}) * ${P33})(${v})` : v;
  const stored = (v: string): string => u.signFromAc ? `((v_) => (v_ >= ${P35} ? v_ - ${P35} : v_) + acS * ${P35})(${prefixed(v)})` : prefixed(v);
  const gen: Gen = { ...g, store: (a, v) => g.store(a, stored(v)) };
  let code = u.orMq || u.orIntoY ? orStore(u, g) : u.complementingSxd ? complementingSxd(u, g)
    : u.orAcDecrement ? sxdWithAc(u, g) : machineSemantics(u.as).code(gen);
  if (u.pOutOfSign) code = code.replace(/floatAdd\(c, (.*?), (true|false), (true|false)\)/, 'floatAdd(c, $1, $2, $3, false)');
  // The operand as the instruction reads it (every read of C(Y) in its code): the tag in place of
  // bits 18-20, the sign inverted.
  const reads: string[] = [];
  if (u.tagIntoOperand) reads.push(`o_ += (t - ((o_ % ${W18}) >>> 15)) * 32768;`);
  // FAD and kin: when the operands are exchanged (the AC's characteristic, Q and P included, is
  // the larger) the AC's word passes through the storage register too and takes the tag there.
  if (u.tagIntoOperand && code.includes('floatAdd(')) reads.push(`if (Math.floor((o_ % ${P35}) / ${P27}) < Math.floor(acM / ${P27})) acM += (t - Math.floor(acM / 32768) % 8) * 32768;`);
  if (u.operandSignInverted) reads.push(`o_ += o_ >= ${P35} ? ${-P35} : ${P35};`);
  // DVH/DVP: the dividend's low half (MQ 1-35) is the quotient's sign in every bit, when there is no divide check.
  if (u.quotientSignFill) reads.push(`if (o_ % ${P35} > acM) mq = (mq >= ${P35} ? ${P35} : 0) + ((acS ^ (o_ >= ${P35} ? 1 : 0)) !== 0 ? ${P35 - 1} : 0);`);
  // ANA: AC P := the operand's sign (ANA leaves S and Q 0).
  if (u.signIntoP) code += ` acM = acM % ${P35} + (o_ >= ${P35} ? ${P35} : 0);`;
  if (reads.length || u.signIntoP) code = `let o_ = m[${g.y}]; ${reads.join(' ')} ${code.split(`m[${g.y}]`).join('o_')}`;
  // AC bits 18-20 (2^15-2^17 of the magnitude) := the complement of the tag, before the operation.
  if (u.acTagComplement) code = `acM += ((7 - t) - Math.floor(acM / 32768) % 8) * 32768; ${code}`;
  if (u.acPFromSign) code += ` if (acS === 0 && Math.floor(acM / ${P35}) % 2 === 0) acM += ${P35};`;
  if (u.xrOr !== 0) code = `const xo_ = ${g.x()}; ${code} ${g.setX(`xo_ | ${u.xrOr}`)}`;
  // The tag that names the index registers loaded, where it is not the word's.
  const tag = u.tagFromOperand ? `(m[${g.y}] % ${W18}) >>> 15` : u.tagFromAc ? 'Math.floor(acM / 32768) % 8' : '';
  return tag ? `{ const t = ${tag}; ${code} }` : `{ ${code} }`;
});

/** What a `q` store writes: the instruction's field and bits S-17, as a mask of the 36-bit word. */
const OR_MQ_FIELD: Readonly<Record<string, number>> = { STO: P36 - 1, STA: P36 - W18 + 0x7fff, STD: P36 - W18 };

/**
 * The minus-46 stores that OR sources together ([V]): `q` stores (AC word | MQ) into the
 * instruction's field and bits S-17 (SLQ's), the rest of C(Y) kept; `r` ORs the AC word into C(Y).
 * The AC word is STO's (the AC's sign in S) for STO and `s`, else the logical word P,1-35.
 */
function orStore(u: Unassigned, g: Gen): string {
  const aw = u.as === 'STO' || u.signFromAc ? `acS * ${P35} + acM % ${P35}` : `acM % ${P36}`;
  const mask = u.orIntoY ? P36 - 1 : OR_MQ_FIELD[u.as]!;
  const v = u.orIntoY ? bitwise36('cur_', 'aw_', '|')
    : `${bitwise36('cur_', String(P36 - 1 - mask), '&')} + ${bitwise36(bitwise36('aw_', 'mq', '|'), String(mask), '&')}`;
  return `{ const cur_ = m[${g.y}], aw_ = ${aw}; ${g.store(g.y, v)} }`;
}

/** SXD as the minus-463x codes do it ([V]): the AC's decrement ORed into the one stored, `e` the AC's address stored too. */
function sxdWithAc(u: Unassigned, g: Gen): string {
  const v = `cur_ - ${DECREMENT_OF('cur_')} * ${W18} + (x_ | ${DECREMENT_OF('acM')}) * ${W18}`;
  return `{ const x_ = ${g.x()}; ${g.setX('x_')} const cur_ = m[${g.y}], v_ = ${v}; ${g.store(g.y, u.acAddress ? 'v_ - (v_ & 0x7fff) + (acM & 0x7fff)' : 'v_')} }`;
}

/**
 * SXD with Y indexed, as 4630-4633 do it ([V]): the XRs the tag names take the complement of their
 * OR; then the XRs named by C(Y) bits 18-20 (with `d` ORed with AC bits 18-20) take the complement
 * of their OR as it now is, v (0 when neither names any). The decrement stored is v ORed with the
 * tag's OR as it was (with `d` and the AC's decrement); `e` stores the AC's address too.
 */
function complementingSxd(u: Unassigned, g: Gen): string {
  const named = (s: string): string => `((${s} & 1 ? x1 : 0) | (${s} & 2 ? x2 : 0) | (${s} & 4 ? x4 : 0))`;
  const load = (s: string, v: string): string => `if (${s} & 1) x1 = ${v}; if (${s} & 2) x2 = ${v}; if (${s} & 4) x4 = ${v};`;
  const acd = u.orAcDecrement ? ` | ${DECREMENT_OF('acM')}` : '';
  return `{ const x0_ = ${g.x()}, c0_ = ~x0_ & am; ${load('t', 'c0_')}
    const cur_ = m[${g.y}], s_ = ((cur_ % ${W18}) >>> 15)${u.orAcDecrement ? ' | Math.floor(acM / 32768) % 8' : ''};
    const v_ = (t | s_) !== 0 ? ~${named('s_')} & am : 0; ${load('s_', 'v_')}
    const sw_ = cur_ - ${DECREMENT_OF('cur_')} * ${W18} + (v_ | x0_${acd}) * ${W18};
    ${g.store(g.y, u.acAddress ? 'sw_ - (sw_ & 0x7fff) + (acM & 0x7fff)' : 'sw_')} }`;
}
