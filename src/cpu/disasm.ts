// A word as SAP text, driven by the one instruction table (opcodes.ts). The text reassembles to
// the same word: the assembler ORs address, tag and decrement into the operation's template
// (sap.md §2), so every part of the word not in the template is written as an operand. Unit and
// sense addresses use SAP's names where they apply (RCD, RTB 3, SLN 2, SPR 10, BST 1); a word
// that is no instruction is written as a data word of its prefix (PZE ... MTH).

import { DECODE_DEF, OPCODES, senseMember, type OpDef } from './opcodes.ts';
import { address, decrement, op12, prefix, SIGN, tag } from './word.ts';

export interface DisasmOptions {
  /** 10 (default) writes SAP's decimal operands; 8 writes octal, easier to read but not SAP. */
  readonly radix?: 8 | 10;
  /** Name for a memory address, if it has one. */
  readonly symbol?: (address: number) => string | undefined;
}

const DATA_OPS = ['PZE', 'PON', 'PTW', 'PTH', 'MZE', 'MON', 'MTW', 'MTH'];
/** Operations whose address is a count, a unit or a sense address rather than a location. */
const NOT_MEMORY = new Set(['ALS', 'ARS', 'LLS', 'LRS', 'LGL', 'RQL', 'RDS', 'WRS', 'BST', 'WEF', 'REW', 'PSE', 'MSE']);

/**
 * Aliases naming a unit of a machine operation (RCD = RDS 0321, RTB n = RDS 0220+n). CAC, the
 * same word as CAD, names no unit and is left out.
 */
const ALIASES = new Map<string, OpDef[]>();
for (const d of OPCODES) {
  if (d.kind !== 'alias' || !d.aliasOf || address(d.template) === 0) continue;
  ALIASES.set(d.aliasOf, [...(ALIASES.get(d.aliasOf) ?? []), d]);
}

export function disassemble(word: number, options: DisasmOptions = {}): string {
  const radix = options.radix ?? 10;
  const num = (n: number): string => (radix === 8 ? n.toString(8) : String(n));
  const addr = address(word), t = tag(word), dec = decrement(word);
  const loc = (a: number, memory: boolean): string => (memory && options.symbol?.(a)) || num(a);
  // Decrements written as SAP programmers do: TXI ...,-1 rather than 32767.
  const decText = (d: number): string => (radix === 10 && d >= 0o40000 ? String(d - 0o100000) : num(d));
  /** `a[,t[,d]]` with the fields the class asks for and any others that are not zero. */
  const operands = (a: string, d: number, want: number): string => {
    const parts = [a, String(t), decText(d)];
    let n = want;
    while (n < 3 && (d !== 0 || (n < 2 && t !== 0))) n++;
    return parts.slice(0, n).join(',');
  };
  const data = (): string => {
    const text = operands(num(addr), dec, addr === 0 ? 0 : 1);
    return `${DATA_OPS[prefix(word)]}${text === '' ? '' : ` ${text}`}`;
  };

  const def = DECODE_DEF[op12(word)];
  if (!def) return data();
  const memory = !NOT_MEMORY.has(def.mnemonic) && def.indexing !== '-' && def.operand !== 'T';
  if (def.format === 'A') return `${def.mnemonic} ${loc(addr, true)},${t},${decText(dec)}`;

  const extra = dec - decrement(def.template); // bits 12-17: SAP writes them as a decrement
  const base = address(def.template);
  if (t === 0 && extra === 0) {
    // The +0760/-0760 group: a named member, with its number where it has one.
    const member = def.mnemonic === 'PSE' || def.mnemonic === 'MSE' ? senseMember(word >= SIGN, addr) : undefined;
    if (member) return member.range ? `${member.mnemonic} ${addr - address(member.template)}` : member.mnemonic;
    for (const a of ALIASES.get(def.mnemonic) ?? []) {
      const n = addr - address(a.template);
      if (n === 0 && !a.range) return a.mnemonic;
      if (a.range && n >= a.range[0] && n <= a.range[1]) return `${a.mnemonic} ${n}`;
    }
    if (base !== 0 && def.range && addr - base >= def.range[0] && addr - base <= def.range[1]) return `${def.mnemonic} ${addr - base}`;
  }
  // Template address bits (BST, WEF, REW hold 0200) must be in the word to be written this way.
  if ((addr & base) !== base) return data();
  const rest = addr - base;
  const want = def.operand === 'none' ? (rest === 0 ? 0 : 1) : def.operand === 'YT' || def.operand === 'T' ? 2 : 1;
  const text = operands(loc(rest, memory), extra, want);
  return text === '' ? def.mnemonic : `${def.mnemonic} ${text}`;
}
