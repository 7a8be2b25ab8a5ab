// The reference core: one dense switch on the 12-bit operation code, generated once at start-up
// from the instruction table (opcodes.ts) and the semantics (semantics.ts), with the registers in
// local variables. It serves breakpoints, watches, history and tracing, and runs for the
// translator whatever the translator leaves to it (I/O, halts, trapping mode, the last few
// instructions before a limit). The hot loop allocates nothing.

import type { StopReason } from './cpu.ts';
import { DECODE_DEF, OPCODES, UNASSIGNED } from './opcodes.ts';
import {
  HELPER_REGISTERS, HELPERS, machineSemantics, REGISTER_FILE, senseGroup,
  type Gen, type Semantics, unassignedSemantics,
} from './semantics.ts';

/** Decode flags per 12-bit code, built from the instruction table. */
export const DEFINED = 1, INDEXED = 2, READS = 4, TRANSFER = 8, UNASSIGNED_CODE = 16;
export const FLAGS = new Uint8Array(4096);
export const CYCLES = new Uint8Array(4096);
for (let op = 0; op < 4096; op++) {
  const d = DECODE_DEF[op];
  const u = UNASSIGNED[op];
  if (d) {
    FLAGS[op] = DEFINED | (d.indexing === 'Y' && d.format === 'B' ? INDEXED : 0) | (d.readsMemory ? READS : 0)
      | (d.transfer ? TRANSFER : 0);
    CYCLES[op] = d.cycles;
  } else if (u) {
    // What the hardware does with a code IBM did not assign (opcodes.ts); Cpu.strict stops instead.
    FLAGS[op] = UNASSIGNED_CODE | (u.indexed ? INDEXED : 0) | (u.readsMemory ? READS : 0)
      | (u.transfer ? TRANSFER : 0);
    CYCLES[op] = u.cycles;
  }
}

/** Registers a core keeps in locals; the sense switches are only read. */
const WRITABLE = REGISTER_FILE.filter(([l]) => l !== 'ss');
export const loadRegisters = (names: readonly (readonly [string, string])[] = REGISTER_FILE): string =>
  names.map(([l, f]) => `let ${l} = c.${f};`).join(' ');
export const flushRegisters = (names: readonly (readonly [string, string])[] = WRITABLE): string =>
  names.filter(([l]) => l !== 'ss').map(([l, f]) => `c.${f} = ${l};`).join(' ');
/** The registers' locals read again from the CPU (after a helper of arith.ts changed them there). */
export const reloadRegisters = (names: readonly (readonly [string, string])[]): string =>
  names.map(([l, f]) => `${l} = c.${f};`).join(' ');

/** The interpreter's way of writing an instruction: every part is a variable of its loop. */
const interpreted: Gen = {
  y: 'y',
  L: 'L',
  dec: 'dec',
  x: () => '((t & 1 ? x1 : 0) | (t & 2 ? x2 : 0) | (t & 4 ? x4 : 0))',
  setX: (v) => `{ const v_ = ${v}; if (t & 1) x1 = v_; if (t & 2) x2 = v_; if (t & 4) x4 = v_; }`,
  store: (a, v) => `{ const a_ = ${a}, w_ = ${v}; m[a_] = w_; if (cm[a_] !== 0) c.codeWrite(a_);
    if (debug && (wt[a_] & 2) !== 0) { c.watchHit = a_; c.stopMessage = 'write to ' + octal5(a_); } }`,
  jump: (target) => `jump = ${target};`,
  go: (target) => `ic = ${target};`,
  skip: (k) => `ic = (ic + ${k}) & am;`,
  call: (s) => `${flushRegisters(HELPER_REGISTERS)} ${s} ${reloadRegisters(HELPER_REGISTERS)}`,
  now: 'cyc',
  punt: (stop) => stop,
  acBelow: () => false,
};

const caseOf = (label: number, s: Semantics): string => `case ${label}: { ${s.code(interpreted)} break; }`;

function senseSwitch(minus: boolean): string {
  const cases = [...senseGroup(minus)].map(([a, s]) => caseOf(a, s)).join('\n');
  return `switch (y) {\n${cases}\n}`;
}

/**
 * The interpreter's source; with `rare`, also the codes IBM did not assign (which add half the
 * bytecode). Without them the function stays under V8's limit for optimising a function (60 KB
 * of bytecode, --max-optimized-bytecode-size): with them it was never optimised, and ran about 7
 * million instructions a CPU-second instead of 80-140 million.
 */
function source(rare: boolean): string {
  const typeA: string[] = [];
  const typeB: string[] = [];
  for (const d of OPCODES) {
    if (d.kind !== 'machine') continue;
    const top = Math.floor(d.template / 2 ** 24);
    if (d.format === 'A') typeA.push(caseOf(top >>> 9, machineSemantics(d.mnemonic)));
    else if (d.mnemonic === 'PSE' || d.mnemonic === 'MSE') typeB.push(`case ${top}: { ${senseSwitch(d.mnemonic === 'MSE')} break; }`);
    else typeB.push(caseOf(top, machineSemantics(d.mnemonic)));
  }
  for (let op = 0; op < 4096 && rare; op++) {
    const u = UNASSIGNED[op];
    if (!u) continue;
    if ((op & 0o3000) === 0) typeB.push(caseOf(op, unassignedSemantics(u)));
    else if ((op & 0o777) === 0) typeA.push(caseOf(op >>> 9, unassignedSemantics(u)));
  }
  const helpers = Object.keys(HELPERS).join(', ');
  return `const { ${helpers} } = H;
return function interpret(c, limit, breakAtStart, toTransfer) {
  const m = c.mem, am = c.addrMask, io = c.io, cm = c.codeMark, bp = c.breakpoints, wt = c.watches;
  const debug = c.debugOn;
  const live = ${rare ? `c.strict ? ${DEFINED} : ${DEFINED | UNASSIGNED_CODE}` : DEFINED}; // --strict: an unassigned code stops
  let ic = c.ic & am, n = 0, cyc = c.cycles, reason = 'limit';
  ${loadRegisters()}
  c.stopMessage = '';
  c.watchHit = -1;
  while (n < limit) {
    const L = ic;
    const w = m[L];
    const op = (w / 16777216) >>> 0;
    const f = FLAGS[op];
    if ((f & live) === 0) { ${rare ? `reason = 'error'; c.errorAddress = L; c.stopMessage = 'illegal operation';` : `reason = '${RARE}';`} break; }
    if (debug) {
      if ((n > 0 || breakAtStart) && bp[ic] !== 0) { reason = 'breakpoint'; c.stopMessage = 'breakpoint'; break; }
      if (c.history !== null) { ${flushRegisters()} c.recordHistory(ic); }
    }
    ic = (L + 1) & am;
    const t = (w >>> 15) & 7;
    let y = w & 0x7fff;
    if (t !== 0 && (f & ${INDEXED}) !== 0) y = (y - ((t & 1 ? x1 : 0) | (t & 2 ? x2 : 0) | (t & 4 ? x4 : 0))) & am;
    else y &= am;
    cyc += CYCLES[op];
    n++;
    if (debug && (wt[y] & 1) !== 0 && (f & ${READS}) !== 0) { c.watchHit = y; c.stopMessage = 'read of ' + octal5(y); }
    let jump = -1; // target of a taken transfer
    if ((op & 0o3000) !== 0) {
      const dec = Math.floor(w / 262144) & am;
      switch (op >>> 9) {
${typeA.join('\n')}
      }
    } else switch (op) {
${typeB.join('\n')}
      default: throw new Error('internal: operation ' + op.toString(8) + ' is in the table but not in the CPU');
    }
    if ((f & ${TRANSFER}) !== 0 && tm) {
      // Trapping mode (§5.9): 3 cycles [V] §9.5; L to the address of location 0, a taken transfer goes to 1.
      cyc++;
      const w0 = m[0];
      m[0] = w0 - (w0 & 0x7fff) + L;
      if (cm[0] !== 0) c.codeWrite(0);
      if (jump >= 0) jump = 1;
    }
    if (jump >= 0) ic = jump;
    if (reason !== 'limit') break;
    if (toTransfer && ic !== ((L + 1) & am)) break;
    if (debug) {
      if (c.tracer !== null) { ${flushRegisters()} c.tracer(L); }
      if (c.watchHit >= 0) { reason = 'breakpoint'; break; }
    }
  }
  ${flushRegisters()}
  c.ic = ic;
  c.instructions += n;
  c.cycles = cyc;
  return reason;
};`;
}

/**
 * Run at most `limit` instructions of the CPU (the Cpu class); with `toTransfer`, stop also
 * after an instruction that does not go on to the next word (the translator's cold code).
 */
export type Interpreter = (cpu: object, limit: number, breakAtStart: boolean, toTransfer: boolean) => StopReason;

const generate = (rare: boolean): Interpreter => new Function('H', 'FLAGS', 'CYCLES', source(rare))(HELPERS, FLAGS, CYCLES) as Interpreter;

/** What the common interpreter returns before a word it has no case for (an unassigned or illegal code). */
const RARE = 'rare';
const common = generate(false);
const everything = generate(true);

/**
 * The interpreter: the common codes in one function V8 optimises; the word before which it stops
 * (an unassigned or illegal code) run by the one with every code, one instruction at a time.
 */
export const interpret: Interpreter = (c, limit, breakAtStart, toTransfer) => {
  const cpu = c as { instructions: number; ic: number; addrMask: number };
  let left = limit, atStart = breakAtStart;
  for (;;) {
    const i0 = cpu.instructions;
    const r = common(c, left, atStart, toTransfer);
    if (r !== (RARE as StopReason)) return r;
    left -= cpu.instructions - i0;
    const L = cpu.ic;
    const s = everything(c, 1, atStart || cpu.instructions !== i0, false);
    if (s !== 'limit') return s;
    left--;
    if (left <= 0 || (toTransfer && cpu.ic !== ((L + 1) & cpu.addrMask))) return 'limit';
    atStart = true;
  }
};
