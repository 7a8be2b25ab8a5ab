// What the operation field of a card names: one of UA SAP 3's pseudo-operations (sap.md §5),
// an operation of the one instruction table (cpu/opcodes.ts), or one defined with OPD.

import { BY_MNEMONIC, type Operand } from '../cpu/opcodes.ts';
import { decrement } from '../cpu/word.ts';

/** UA SAP 3's pseudo-operation table, in its own order (sap.md §5; TBL is not dispatched). */
export const PSEUDO_OPS = [
  'WST', 'TCD', 'SYN', 'SWT', 'SPC', 'SKP', 'RST', 'REP', 'REM', 'REL', 'PST', 'PLR', 'PLB', 'ORG', 'OPD', 'OCT',
  'LOC', 'LIB', 'HED', 'FUL', 'FST', 'FIN', 'EQU', 'END', 'DEF', 'DEC', 'C/T', 'BSS', 'BOS', 'BES', 'BCD', 'AST', 'ABS',
] as const;
export type PseudoOp = (typeof PSEUDO_OPS)[number];
const PSEUDO = new Set<string>(PSEUDO_OPS);
/** SWT is in the pseudo-operation table only because its address needs a special rule. */
export const isPseudo = (op: string): op is PseudoOp => PSEUDO.has(op) && op !== 'SWT';

/** Missing-field flags an operation asks for, as the class bits of UA SAP's table. */
export const NEED_A = 4, NEED_T = 2, NEED_D = 1;
const NEED: Record<Operand, number> = { Y: NEED_A, YT: NEED_A | NEED_T, T: NEED_T, YTD: NEED_A | NEED_T | NEED_D, none: 0, data: 0 };

export interface MachineOp {
  readonly mnemonic: string;
  /** The word the fields are OR-ed into. */
  readonly template: number;
  /** A/T/D class bits. */
  readonly need: number;
  /**
   * Listed in the type A layout (whole decrement shown or blanked together): UA SAP decides by
   * the template's decrement being zero, which holds for type A and the data words.
   */
  readonly layoutA: boolean;
}

export const machineOp = (mnemonic: string, template: number, need: number): MachineOp => ({
  mnemonic,
  template,
  need,
  layoutA: decrement(template) === 0,
});

const BUILT_IN = new Map<string, MachineOp>();
for (const [m, d] of BY_MNEMONIC) BUILT_IN.set(m, machineOp(m, d.template, NEED[d.operand]));
// A blank operation field is a plain data word (UA SAP's table has a blank entry equal to PZE).
BUILT_IN.set('   ', machineOp('   ', 0, 0));

/** The instruction an operation field names, OPD definitions first; undefined if none. */
export const lookupOp = (op: string, defined: ReadonlyMap<string, MachineOp>): MachineOp | undefined =>
  defined.get(op) ?? BUILT_IN.get(op);
