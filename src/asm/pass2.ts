// Second pass (uasap.sap, section UA SAP 6): build each word, print the listing line and punch
// the cards. Flags (sap.md §8; uasap.sap PFLAGS): U undefined operation or symbol, A/T/D a
// missing address/tag/decrement the operation asks for, M a multiply defined symbol, P a phase
// error (the symbol of the card says another location than the counter: the counter follows the
// symbol), Q a STO right after a divide. Symbols still undefined here get values from DEF.

import { bcdToAscii, packWord } from '../devices/codes.ts';
import { makeWord, or36, SIGN } from '../cpu/word.ts';
import { LAST_READ_COLUMN, VARIABLE_COLUMN, type Card } from './card.ts';
import { convertDec, scanDec } from './dec.ts';
import type { Diagnostics } from './diagnostics.ts';
import { evaluate, scanOperands, type Field, type Relocation, type Value } from './expr.ts';
import {
  blankField, dataField, instructionField, orderFlags, rawField, valueField, type ListingLine,
} from './listing.ts';
import { isPseudo, lookupOp, NEED_A, NEED_D, NEED_T, type MachineOp, type PseudoOp } from './ops.ts';
import { bcdCount, labelKey, type FirstPass } from './pass1.ts';
import { Punch } from './punch.ts';
import { scanOctal } from './octal.ts';
import { displayKey, NO_HEADING } from './symbols.ts';

export interface SecondPassOptions {
  /** Print the cards UA SAP prints only with sense switch 2 down (ABS, FUL, REL, SPC, SKP, REP, WST, RST, ...). */
  readonly listAllCards?: boolean;
}

export interface SecondPass {
  readonly lines: ListingLine[];
  readonly punch: Punch;
  /** The END operand, when it was given and defined. */
  readonly start?: number;
  /** Loading address of each word → its card. */
  readonly sourceMap: Map<number, Card>;
  /** Symbols first met undefined in this pass: their DEF value, or undefined. */
  readonly undefinedSymbols: Map<string, number | undefined>;
  /** Records read from the collation tape: the cards, and again those REP repeats. */
  readonly collated: number;
}

/** Pseudo-operations whose location symbol the second pass looks up (UA SAP's OTHER path). */
const LABELLED = new Set<PseudoOp>(['SYN', 'EQU', 'ORG', 'LOC', 'OCT', 'DEC', 'BSS', 'BES', 'BCD']);
const STO_OP = 0o0601;

/** BCD text: the 48 characters, and the substitute glyphs of the other 16 codes (codes.ts). */
const GLYPH_CODE = new Map<string, number>();
for (let c = 0; c < 64; c++) GLYPH_CODE.set(bcdToAscii(c), c);
const textCode = (ch: string): number => GLYPH_CODE.get(ch) ?? -1;

type Flags = Set<string>;
/** A location counter value and whether it is relocatable. */
type Counter = { value: number; reloc: boolean };

export function secondPass(cards: readonly Card[], start: number, first: FirstPass, diags: Diagnostics, options: SecondPassOptions): SecondPass {
  const { symbols, ops } = first;
  const lines: ListingLine[] = [];
  const punch = new Punch();
  const sourceMap = new Map<number, Card>();
  const undefinedSymbols = new Map<string, number | undefined>();
  let loc = 0;
  let locReloc = true;
  /** The last word went to 77777, so the counter has wrapped to 00000: the next word overruns core. */
  let pastEnd = false;
  let overrunReported = false;
  let heading = NO_HEADING;
  let carriage = '1'; // TSPC: the first line starts a page
  let spacing = ' '; // NSPC
  let afterDivide = false;
  let def: { next: number; remaining: number } | undefined;
  let startAddress: number | undefined;
  let collated = 0;

  /** Columns hidden on the printed card: a card read again by REP loses its location symbol. */
  let hidden: readonly [number, number] | undefined;
  /** The card being processed (REP processes others inside it). */
  let current: Card | undefined;
  const print = (line: Omit<ListingLine, 'carriage' | 'flags'>, flags: Flags): void => {
    lines.push({ carriage, flags: orderFlags(flags), ...(line.card && hidden && !line.blank ? { blank: hidden } : {}), ...(current ? { source: current } : {}), ...line });
    carriage = spacing;
  };
  /** Cards UA SAP prints only under sense switch 2 (its CPRT). */
  const printControl = (card: Card, flags: Flags): void => {
    if (options.listAllCards) print({ field: blankField(), card }, flags);
  };

  /** Symbol lookup of the second pass (SRCH, then the list of undefined symbols and DEF). */
  const lookup = (key: string, card: Card, column: number, flags: Flags, use: boolean): { value: number; reloc: boolean } | undefined => {
    const s = symbols.get(key);
    if (s) {
      if (use) s.refs.push(card);
      if (s.defs.length === 1) return s;
      if (!flags.has('M')) diags.error(card, column, `symbol ${displayKey(key)} is multiply defined (flag M)`);
      flags.add('M');
      return symbols.find(key) ?? s; // the definition UA SAP's search lands on
    }
    if (!undefinedSymbols.has(key)) {
      undefinedSymbols.set(key, def?.next);
      if (def) {
        def.next = (def.next + 1) & 0x7fff;
        if (--def.remaining === 0) def = undefined;
      }
    }
    const v = undefinedSymbols.get(key);
    if (v !== undefined) return { value: v, reloc: true };
    if (use) diags.error(card, column, `undefined symbol ${displayKey(key)} (flag U)`);
    flags.add('U');
    return undefined;
  };

  const value = (field: Field, card: Card, flags: Flags): Value => {
    for (const { factor } of field.expr.steps) {
      if (factor.text.length > 6) diags.warning(card, VARIABLE_COLUMN + factor.offset, `${factor.text} is longer than six characters; UA SAP keeps only the last six (${factor.text.slice(-6)})`);
    }
    return evaluate(field.expr, {
      location: loc,
      locationReloc: locReloc,
      heading,
      lookup: (key, factor) => lookup(key, card, VARIABLE_COLUMN + factor.offset, flags, true),
    });
  };

  /** A field that may be missing: value 0 and the flag when the operation asks for it. */
  const optional = (field: Field | undefined, card: Card, flags: Flags, need: boolean, letter: string, what: string): Value => {
    if (field) {
      const v = value(field, card, flags);
      // UA SAP keeps the low 15 bits of a number too large for a field; we refuse to (TRA 40000 is not TRA 16100)
      if (v.outOfRange) {
        const from = field.expr.steps[0]!.factor.offset;
        diags.error(card, VARIABLE_COLUMN + from, `${what} out of range: ${card.variable.slice(from, field.next - 1)} is beyond the 15 bits of the field (0-32767, 77777 octal); UA SAP would keep ${v.value.toString(8).padStart(5, '0')}`);
      }
      return v;
    }
    if (need) {
      flags.add(letter);
      const hint = letter === 'A' && card.variable === '' && card.cols.slice(VARIABLE_COLUMN, LAST_READ_COLUMN).trim() !== '' ? ' (the variable field starts in column 12)' : '';
      diags.warning(card, VARIABLE_COLUMN, `missing ${what} (flag ${letter})${hint}`);
    }
    return { value: 0, reloc: 0, undefined: false };
  };

  /** PRINTL: the phase check, then store and list one word at the location counter. */
  const emit = (word: number, reloc: readonly [Relocation, Relocation], card: Card | undefined, source: Card, flags: Flags, field: string, at: Counter): void => {
    if (at.value !== loc || at.reloc !== locReloc) {
      flags.add('P');
      diags.error(source, 1, `phase error: the location counter is ${loc.toString(8).padStart(5, '0')} but the first pass gave this card ${at.value.toString(8).padStart(5, '0')} (flag P)`);
      loc = at.value;
      locReloc = at.reloc;
      punch.flush(loc);
    }
    if (pastEnd && !overrunReported) {
      overrunReported = true;
      diags.error(source, 1, 'this word runs past the end of core (77777) and would load at 00000 over the program: the program is too long for its origin');
    }
    const shown = loc;
    pastEnd = shown === 0x7fff;
    loc = (loc + 1) & 0x7fff;
    sourceMap.set(punch.store(word, reloc, loc), source);
    print(card ? { location: shown, field, card } : { location: shown, field }, flags);
  };

  const instruction = (card: Card, flags: Flags, at: Counter): void => {
    const m: MachineOp | undefined = lookupOp(card.op, ops);
    if (card.cols.trim() === '') diags.warning(card, 1, 'a blank card assembles as a zero word (blank operation = PZE)');
    if (!m) {
      flags.add('U');
      const star = card.op === '***';
      const hint = card.cols[0] === '*' ? ' (SAP has no comment cards with * in column 1; use REM)' : '';
      const msg = star ? 'operation *** assembles with a zero operation code (flag U)' : `undefined operation ${JSON.stringify(card.op.trimEnd())} (flag U)${hint}`;
      if (star) diags.warning(card, 8, msg);
      else diags.error(card, 8, msg);
    }
    const need = m?.need ?? 0;
    const [fa, ft, fd] = scanOperands(card.variable, 3);
    const a = optional(fa, card, flags, (need & NEED_A) !== 0, 'A', 'address');
    const t = optional(ft, card, flags, (need & NEED_T) !== 0, 'T', 'tag');
    const d = optional(fd, card, flags, (need & NEED_D) !== 0, 'D', 'decrement');
    // SWT takes its address apart from the others (no relocation bits): switches 7-12, the
    // 709's, become -1 to -6, sign bit and all.
    const swt = m?.mnemonic === 'SWT';
    const high = swt && a.value > 6;
    const word = or36(m?.template ?? 0, makeWord(0, d.value, t.value, high ? a.value - 6 : a.value)) + (high ? SIGN : 0);
    // DVSTT: a STO right after a divide stores the remainder, not the quotient.
    if (afterDivide) {
      afterDivide = false;
      if (m && Math.floor(m.template / 2 ** 24) === STO_OP) {
        flags.add('Q');
        diags.warning(card, 8, 'STO right after DVH/DVP/FDH/FDP stores the remainder, not the quotient (flag Q)');
      }
    } else {
      afterDivide = m !== undefined && [9, 10].includes(Math.floor(m.template / 2 ** 28));
    }
    const field = instructionField(word, { op: m !== undefined, decrement: !d.undefined, tag: !t.undefined, address: !a.undefined, layoutA: m?.layoutA ?? true });
    emit(word, [d.reloc, swt ? 0 : a.reloc], card, card, flags, field, at);
  };

  const data = (card: Card, op: 'DEC' | 'OCT' | 'BCD', flags: Flags, at: Counter): void => {
    let first: Card | undefined = card;
    const put = (w: number, field: string): void => {
      emit(w, [0, 0], first, card, flags, field, at);
      first = undefined;
      at = { value: loc, reloc: locReloc };
    };
    if (op === 'DEC') {
      for (const d of scanDec(card.variable)) {
        const w = convertDec(d);
        if (w === undefined) {
          flags.add('U');
          diags.error(card, VARIABLE_COLUMN, 'DEC: the number cannot be converted (exponent or binary point out of range); UA SAP puts 0 and flags U');
        }
        put(w ?? 0, w === undefined ? blankField() : dataField(w));
        flags.clear(); // DECPR clears the flags after each word
      }
    } else if (op === 'OCT') {
      for (const w of scanOctal(card.variable)) put(w, dataField(w));
    } else {
      const n = bcdCount(card);
      if (n === 0) print({ field: blankField(), card }, flags);
      for (let k = 0; k < n; k++) {
        const codes: number[] = [];
        for (let j = 0; j < 6; j++) {
          const col = 13 + 6 * k + j;
          const c = textCode(card.cols[col - 1]!);
          if (c < 0) diags.error(card, col, `character ${JSON.stringify(card.text[col - 1])} has no 704 BCD code`);
          codes.push(c < 0 ? 0o60 : c);
        }
        const w = packWord(codes);
        put(w, rawField(w));
      }
    }
  };

  /** One card of the second pass; `repeat` for cards read again by REP (their symbols hidden). */
  const process = (card: Card, index: number, repeat: boolean): 'end' | 'fin' | undefined => {
    hidden = repeat ? [1, 6] : undefined;
    current = card;
    const flags: Flags = new Set();
    const op = card.op;
    const pseudo = isPseudo(op) ? op : undefined;
    let at: Counter = { value: loc, reloc: locReloc };
    if ((!pseudo || LABELLED.has(pseudo)) && !repeat && card.label !== '') {
      const k = labelKey(card, heading);
      if ('number' in k) {
        at = { value: k.number & 0x7fff, reloc: false };
        loc = at.value;
        pastEnd = false;
        locReloc = false;
        punch.flush(loc);
      } else {
        const s = lookup(k.key, card, 1, flags, false);
        if (!flags.has('M')) at = s ? { value: s.value, reloc: s.reloc } : { value: 0, reloc: false };
      }
    }
    if (!pseudo) {
      instruction(card, flags, at);
      return undefined;
    }
    const operand = (): Value => {
      const [f] = scanOperands(card.variable, 1);
      return optional(f, card, flags, true, 'A', 'operand');
    };
    const withValue = (v: number | undefined): void => print({ field: valueField(v), card }, flags);
    switch (pseudo) {
      case 'EQU':
      case 'SYN': {
        const v = operand();
        withValue(v.undefined ? undefined : v.value);
        break;
      }
      case 'ORG':
      case 'LOC': {
        const v = operand();
        loc = v.value;
        locReloc = true;
        pastEnd = false;
        if (pseudo === 'ORG') punch.flush(loc); // LOC moves the counter but keeps loading in sequence
        withValue(v.undefined ? undefined : loc);
        break;
      }
      case 'BSS':
      case 'BES': {
        const v = operand();
        if (loc + v.value > 0x8000 || (pastEnd && v.value > 0)) diags.error(card, VARIABLE_COLUMN, `${pseudo} ${v.value} runs past the end of core (77777) from ${loc.toString(8).padStart(5, '0')}`);
        pastEnd = loc + v.value === 0x8000 ? true : pastEnd && v.value === 0;
        loc = (loc + v.value) & 0x7fff;
        const shown = pseudo === 'BES' ? loc : at.value;
        punch.flush(loc);
        withValue(v.undefined ? undefined : shown);
        break;
      }
      case 'OCT':
      case 'DEC':
      case 'BCD':
        data(card, pseudo, flags, at);
        break;
      case 'REM':
        print({ field: blankField(), card, blank: [7, 11] }, flags);
        break;
      case 'HED':
        heading = card.cols[0]!;
        print({ field: blankField(), card }, flags);
        break;
      case 'END':
      case 'TCD': {
        const v = operand();
        punch.transfer(v.value, loc);
        if (pseudo === 'END' && card.variable !== '' && !v.undefined) startAddress = v.value;
        withValue(v.undefined ? undefined : v.value);
        return pseudo === 'END' ? 'end' : undefined;
      }
      case 'DEF': {
        const [fa, fn] = scanOperands(card.variable, 2);
        const a = fa ? value(fa, card, flags) : { value: 0, reloc: 2, undefined: false };
        const n = fn ? value(fn, card, flags) : undefined;
        // DEF a,0 never runs out (UA SAP only counts down from 1 upward).
        def = { next: a.value, remaining: n?.value === 0 ? Infinity : n?.value ?? 0x7fff };
        // The value prints only when the second SCAN found a defined count (it clears light 1).
        withValue(n && !n.undefined ? a.value : undefined);
        break;
      }
      case 'REP':
        repeatCards(card, index, flags);
        break;
      case 'ABS':
      case 'FUL':
      case 'REL':
        punch.setFormat(pseudo, loc);
        printControl(card, flags);
        break;
      case 'SPC': {
        const [f] = scanOperands(card.variable, 1);
        spacing = f && value(f, card, flags).value === 2 ? '0' : ' ';
        carriage = spacing;
        printControl(card, flags);
        break;
      }
      case 'SKP':
        carriage = card.cols[VARIABLE_COLUMN - 1]!;
        printControl(card, flags);
        break;
      case 'OPD':
      case 'LIB':
      case 'C/T':
        print({ field: blankField(), card }, flags);
        break;
      case 'FIN':
        return 'fin';
      case 'BOS': // selecting the binary output unit punches the block first
        punch.flush(loc);
        printControl(card, flags);
        break;
      case 'PLB': { // "push the load button": the block is punched before the (real) reload
        const [f] = scanOperands(card.variable, 1);
        if (!f || value(f, card, flags).value === 2) punch.flush(loc);
        printControl(card, flags);
        break;
      }
      default: // WST RST AST PST PLR FST: first-pass or operator matters only
        printControl(card, flags);
        break;
    }
    return undefined;
  };

  /** REP m,n: read the m cards before this one n more times, without their location symbols. */
  const repeatCards = (card: Card, index: number, flags: Flags): void => {
    const [fm, fn] = scanOperands(card.variable, 2);
    const m = fm && value(fm, card, flags);
    const n = fn && value(fn, card, flags);
    if (!m || !n || m.undefined || n.undefined) {
      print({ field: blankField(), card }, flags);
      return;
    }
    printControl(card, flags);
    const available = index - start;
    if (m.value > available) diags.error(card, VARIABLE_COLUMN, `REP ${m.value}: only ${available} cards precede it in this assembly`);
    const from = index - Math.min(m.value, available);
    collated += n.value * (index - from + 1); // the block and the REP card, read again each time
    for (let r = 0; r < n.value; r++) {
      for (let j = from; j < index; j++) {
        const c = cards[j]!;
        if (c.op === 'REP') {
          diags.warning(c, 8, 'a REP inside the cards repeated by another REP is not repeated again');
          continue;
        }
        process(c, j, true);
      }
    }
    hidden = undefined;
    current = card;
  };

  for (let i = start; i < first.end; i++) {
    collated++;
    const r = process(cards[i]!, i, false);
    if (r) break;
  }
  return { lines, punch, sourceMap, undefinedSymbols, collated, ...(startAddress === undefined ? {} : { start: startAddress }) };
}
