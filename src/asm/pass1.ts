// First pass (uasap.sap, section UA SAP 5): assign locations and define symbols. Location
// symbols take the location counter; EQU/SYN, ORG/LOC, BSS/BES and REP evaluate their operands
// here, so those may only use symbols defined on earlier cards (sap.md §5) — otherwise the card
// is flagged U, printed at once, and its symbol stays undefined. OPD defines operations, HED sets
// the heading, WST/RST/AST save and restore the symbol table, END ends the assembly and FIN the
// whole deck.

import { asciiToBcd } from '../devices/codes.ts';
import type { Card } from './card.ts';
import { scanDec } from './dec.ts';
import type { Diagnostics } from './diagnostics.ts';
import { classify, evaluate, scanOperands, type Env, type Factor, type Field } from './expr.ts';
import type { ListingLine } from './listing.ts';
import { isPseudo, machineOp, type MachineOp } from './ops.ts';
import { scanOctal } from './octal.ts';
import { NO_HEADING, symbolKey, SymbolTable, type Slot } from './symbols.ts';

/** Symbol tables written by WST, by tape and record (`cards` for the punch), in table order. */
export type SavedTables = Map<string, readonly Slot[]>;

export interface FirstPass {
  readonly symbols: SymbolTable;
  readonly ops: Map<string, MachineOp>;
  /** Lines printed during the first pass (its U cards). */
  readonly lines: ListingLine[];
  /** Index just past this assembly's last card. */
  readonly end: number;
  /** What ended it: END, FIN (the end of all input) or running out of cards. */
  readonly stop: 'end' | 'fin' | 'eof';
}

/** Words a BCD card makes: the count in column 12, 1-9, blank or any other character 10. */
export function bcdCount(card: Card): number {
  const c = asciiToBcd(card.cols[11]!);
  return c >= 0 && c <= 10 ? c : 10;
}

/** Number of words of an OCT or DEC card: one more than the commas before the card ends. */
const octWords = (card: Card): number => scanOctal(card.variable).length;

/** Key of a location symbol, or the number if the symbol is all digits (UA SAP then sets the location). */
export function labelKey(card: Card, heading: string): { key: string } | { number: number } {
  const f: Factor = { text: card.label, offset: 0 };
  const k = classify(f, heading);
  if (k.kind === 'number') return { number: k.value };
  return { key: symbolKey(card.label, heading) };
}

export function firstPass(cards: readonly Card[], start: number, tables: SavedTables, diags: Diagnostics): FirstPass {
  const symbols = new SymbolTable();
  const ops = new Map<string, MachineOp>();
  // UA SAP prints the first card of an assembly as it reads it (1PRNT), channel 9 carriage.
  const lines: ListingLine[] = cards[start] ? [{ carriage: '9', flags: '', field: '', card: cards[start], firstPass: true }] : [];
  let loc = 0;
  let locReloc = true;
  let heading = NO_HEADING;

  const env = (): Env & { missing?: Factor } => {
    const e: Env & { missing?: Factor } = {
      location: loc,
      locationReloc: locReloc,
      heading,
      lookup(key, factor) {
        const s = symbols.get(key);
        if (!s && !e.missing) e.missing = factor;
        return s;
      },
    };
    return e;
  };
  /** Evaluate a punched field; on an undefined symbol report it and return undefined. */
  const value = (card: Card, field: Field | undefined, what: string): { value: number; reloc: boolean } | undefined => {
    if (!field) return { value: 0, reloc: false };
    const e = env();
    const v = evaluate(field.expr, e);
    if (!v.undefined) return { value: v.value, reloc: v.reloc !== 0 };
    const f = e.missing!;
    diags.error(card, 12 + f.offset, `${what}: symbol ${f.text} is not defined on an earlier card (UA SAP evaluates it in the first pass)`);
    lines.push({ carriage: ' ', flags: 'U', field: '', card, firstPass: true });
    return undefined;
  };
  /** The location symbol gets `v`; an all-digit symbol moves the location counter instead. */
  const define = (card: Card, v: number, reloc: boolean, source: 'label' | 'equ' | 'syn'): void => {
    if (card.label === '') return;
    const k = labelKey(card, heading);
    if ('number' in k) {
      loc = (k.number + loc - v) & 0x7fff; // UA SAP: LOC1 := number + LOC1 - LOC2
      locReloc = false;
      return;
    }
    symbols.define(k.key, v, reloc, source, card);
  };

  let i = start;
  for (; i < cards.length; i++) {
    const card = cards[i]!;
    const op = card.op;
    const here = loc;
    const hereReloc = locReloc;
    if (!isPseudo(op)) {
      loc = (loc + 1) & 0x7fff;
      define(card, here, hereReloc, 'label');
      continue;
    }
    const fields = (n: number): (Field | undefined)[] => scanOperands(card.variable, n);
    switch (op) {
      case 'EQU':
      case 'SYN': {
        const v = value(card, fields(1)[0], op);
        if (v) define(card, v.value, op === 'SYN', op === 'EQU' ? 'equ' : 'syn');
        break;
      }
      case 'ORG':
      case 'LOC': {
        const v = value(card, fields(1)[0], op);
        if (!v) break;
        loc = v.value;
        locReloc = true;
        define(card, loc, true, 'label');
        break;
      }
      case 'BSS':
      case 'BES': {
        const v = value(card, fields(1)[0], op);
        if (!v) break;
        loc = (loc + v.value) & 0x7fff;
        define(card, op === 'BSS' ? here : loc, locReloc, 'label');
        break;
      }
      case 'OCT':
      case 'DEC':
      case 'BCD': {
        const n = op === 'BCD' ? bcdCount(card) : op === 'OCT' ? octWords(card) : scanDec(card.variable).length;
        loc = (loc + n) & 0x7fff;
        define(card, here, hereReloc, 'label');
        break;
      }
      case 'REP': {
        const [m, n] = fields(2);
        if (!m || !n) {
          diags.error(card, 12, 'REP needs two operands: the number of cards to repeat and how many times');
          lines.push({ carriage: ' ', flags: 'U', field: '', card, firstPass: true });
          break;
        }
        const vm = value(card, m, op);
        const vn = vm && value(card, n, op);
        if (vm && vn) loc = (loc + vm.value * vn.value) & 0x7fff;
        break;
      }
      case 'HED':
        heading = card.cols[0]!;
        break;
      case 'OPD':
        defineOp(card, ops, diags);
        break;
      case 'WST':
      case 'RST':
      case 'AST':
        symbolTape(card, op, tables, symbols, diags);
        break;
      case 'LIB':
        diags.error(card, 8, 'LIB (subroutines from the library tape) is not supported');
        break;
      case 'C/T':
        diags.error(card, 8, 'C/T (correction/transfer cards) is not supported');
        break;
      case 'END':
        symbols.sort();
        return { symbols, ops, lines, end: i + 1, stop: 'end' };
      case 'FIN':
        return { symbols, ops, lines, end: i + 1, stop: 'fin' };
      default:
        break; // TCD DEF REM SPC SKP ABS FUL REL PST PLR PLB FST BOS: nothing in this pass
    }
  }
  symbols.sort();
  return { symbols, ops, lines, end: i, stop: 'eof' };
}

/** OPD: the location field names an operation, the variable field gives its word in octal. */
function defineOp(card: Card, ops: Map<string, MachineOp>, diags: Diagnostics): void {
  const name = card.label.replace(/^0+/, '');
  if (name === '' || name.length > 3) {
    diags.error(card, 1, 'OPD needs an operation name of at most three characters in columns 1-6');
    return;
  }
  const word = scanOctal(card.variable)[0]!;
  const tagBits = Math.floor(word / 2 ** 15) & 7;
  const mnemonic = name.padStart(3, '0');
  ops.set(mnemonic, machineOp(mnemonic, word - tagBits * 2 ** 15, tagBits));
}

/** WST t,r saves the symbols so far as record r of tape t; RST and AST read such a record back. */
function symbolTape(card: Card, op: 'WST' | 'RST' | 'AST', tables: SavedTables, symbols: SymbolTable, diags: Diagnostics): void {
  const [t, r] = scanOperands(card.variable, 2).map((f) => (f ? evaluate(f.expr, { location: 0, locationReloc: false, heading: NO_HEADING, lookup: () => undefined }).value : 0));
  const key = t === 0 ? 'cards' : `${t}/${r}`;
  const where = t === 0 ? 'the card reader' : `tape ${t} record ${r}`;
  if (op === 'WST') {
    symbols.sort(); // WST sorts the table in place before writing it
    tables.set(key, [...symbols.table()]);
    return;
  }
  const saved = tables.get(key);
  if (!saved) {
    diags.error(card, 12, `${op}: no symbol table was written to ${where} (by WST) earlier in this deck`);
    return;
  }
  if (op === 'RST' && symbols.size > 0) diags.warning(card, 8, 'RST after symbols were defined: UA SAP would overwrite the start of its table (AST appends)');
  for (const s of saved) symbols.define(s.key, s.value, s.reloc, 'table', card);
}
