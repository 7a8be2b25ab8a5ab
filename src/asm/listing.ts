// The listing in UA SAP's layout (sap.md §8; uasap.sap PFLAGS, PRINTL, PCST, PRINTD, PRINTW,
// PRNTC). A print line is: up to five flag letters (order R P M Q U A T D), the 5-digit octal
// location, an 18-character word field, then the card. The word field shows an instruction as
// ` sp ddddd t aaaaa ` (sign, prefix digit, decrement, tag, address; a field using an undefined
// symbol is left blank), a DEC/OCT word as ` +dddddddddddd    `, a BCD word as 12 raw digits,
// and for EQU, ORG, BSS, END ... the value in the address column. The second and later words of
// one card print without the card. Carriage control: 1 = new page, 0 = double space.
// After each assembly we add what UA SAP's analysis pass lists (symbols given values by DEF,
// undefined and multiply defined symbols) and our own symbol table with cross-reference.

import { address, decrement, formatAddr, magnitude, prefix, tag } from '../cpu/word.ts';
import type { Card } from './card.ts';
import { displayKey, type SymbolTable } from './symbols.ts';

const FLAG_ORDER = 'RPMQUATD';

/** What the word field shows of an instruction: false parts print as blanks. */
export interface Shown {
  readonly op: boolean;
  readonly decrement: boolean;
  readonly tag: boolean;
  readonly address: boolean;
  /** Type A layout: an undefined decrement blanks all five digits, else only the last two. */
  readonly layoutA: boolean;
}

export interface ListingLine {
  readonly carriage: string;
  readonly flags: string;
  readonly location?: number;
  /** The 18-character word field (blank when there is no word). */
  readonly field: string;
  /** The card, on the first line printed for it. */
  readonly card?: Card;
  /** The card every line of it came from (also the lines that do not print it). */
  readonly source?: Card;
  /** Columns blanked in the printed card: REM hides its operation, REP repeats hide the symbol. */
  readonly blank?: readonly [number, number];
  /** A line printed by the first pass: the first card, or a U card; flags and the card only. */
  readonly firstPass?: boolean;
  /** A line of text of its own (the statistics). */
  readonly text?: string;
}

const oct = (n: number, width: number): string => n.toString(8).padStart(width, '0');
const BLANK_FIELD = ' '.repeat(18);

export function instructionField(w: number, s: Shown): string {
  const d = oct(decrement(w), 5);
  const dec = s.decrement ? d : s.layoutA ? '     ' : `${d.slice(0, 3)}  `;
  const op = s.op ? `${w >= 2 ** 35 ? '-' : ' '}${prefix(w) & 3}` : '  ';
  return ` ${op} ${dec} ${s.tag ? tag(w) : ' '} ${s.address ? formatAddr(address(w)) : '     '} `;
}

/** DEC and OCT words: sign and the magnitude. */
export const dataField = (w: number): string => ` ${w >= 2 ** 35 ? '-' : '+'}${oct(magnitude(w), 12)}    `;
/** BCD words: the raw 36 bits. */
export const rawField = (w: number): string => `  ${oct(w, 12)}    `;
/** The value column of EQU, ORG, BSS, END ...: blank when the value is undefined. */
export const valueField = (v: number | undefined): string => `${' '.repeat(12)}${v === undefined ? '      ' : `${formatAddr(v)} `}`;
export const blankField = (): string => BLANK_FIELD;

/** Flag letters in UA SAP's order, at most five as its print line holds. */
export const orderFlags = (flags: ReadonlySet<string>): string => [...FLAG_ORDER].filter((f) => flags.has(f)).join('').slice(0, 5);

function cardText(line: ListingLine): string {
  if (!line.card) return '';
  let t = line.card.text.slice(0, 80);
  if (line.blank) {
    const [a, b] = line.blank;
    t = t.padEnd(b).slice(0, a - 1) + ' '.repeat(b - a + 1) + t.slice(b);
  }
  return t;
}

/** One print line without its carriage-control character. */
export function renderLine(line: ListingLine): string {
  if (line.text !== undefined) return line.text;
  if (line.firstPass) return `${line.flags.padEnd(5)}${cardText(line)}`.trimEnd();
  const loc = line.location === undefined ? '      ' : ` ${formatAddr(line.location)}`;
  return `${line.flags.padEnd(5)}${loc}${line.field}${cardText(line)}`.trimEnd();
}

/** Print lines as text: carriage 1 starts a page (form feed), 0 leaves a blank line first. */
export function renderListing(lines: readonly ListingLine[], first: boolean): string[] {
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (line.carriage === '1' && !(first && i === 0)) out.push('\f');
    else if (line.carriage === '0') out.push('');
    out.push(renderLine(line));
  });
  return out;
}

export interface TrailerInput {
  readonly cards: readonly Card[];
  readonly lines: readonly ListingLine[];
  readonly symbols: SymbolTable;
  /** Symbols the second pass met undefined, in the order met: their DEF value, or undefined. */
  readonly undefinedSymbols: ReadonlyMap<string, number | undefined>;
  /** Records the second pass read from the collation tape. */
  readonly collated: number;
}

const byName = (a: string, b: string): number => (displayKey(a) < displayKey(b) ? -1 : 1);

/** A symbol as the analysis pass prints it: six characters, zeros after the first as blanks. */
const listedKey = (key: string): string => key[0] + key.slice(1).replace(/^0+/, (z) => ' '.repeat(z.length));

/**
 * What UA SAP's analysis pass prints after an assembly (uasap.sap, section UA SAP 7): the
 * symbols DEF gave values, the undefined ones (numbered), the multiply defined ones with their
 * values in table order, and the statistics, whose print-record count includes these lines.
 */
export function analysisLines({ cards, lines, symbols, undefinedSymbols, collated }: TrailerInput): ListingLine[] {
  const out: ListingLine[] = [];
  const line = (text: string): void => void out.push({ carriage: ' ', flags: '', field: '', text: text.trimEnd() });
  const defined = [...undefinedSymbols].filter(([, v]) => v !== undefined);
  const missing = [...undefinedSymbols].filter(([, v]) => v === undefined);
  for (const [k, v] of defined) line(`${' '.repeat(11)}${valueField(v)}${listedKey(k)}`);
  missing.forEach(([k], n) => line(`${' '.repeat(11)}${valueField(n + 1)}${listedKey(k)}`));
  // each multiply defined symbol's values in table order, gathered in one pass (first appearance first)
  const multiple = new Map<string, string[]>();
  for (const { key, value } of symbols.table()) {
    if (symbols.get(key)!.defs.length < 2) continue;
    const values = multiple.get(key) ?? [];
    if (values.length === 0) multiple.set(key, values);
    values.push(formatAddr(value));
  }
  for (const [key, values] of multiple) {
    for (let i = 0; i < values.length; i += 17) line(`${' '.repeat(29)}${listedKey(key)} ${values.slice(i, i + 17).join(',')}`);
  }
  const n = (v: number, w: number): string => String(v).padStart(w);
  const stats = [
    '0SHARE ASSEMBLER STATISTICS',
    '0TAPE  TOTAL      1 FAIL      2 FAIL      3 FAIL      4 FAIL',
    ` INP${n(cards.length, 8)}${n(0, 12).repeat(4)}`,
    ` LIB${n(0, 8)}${n(0, 12).repeat(4)}`,
    ` COL${n(collated, 8)}${n(0, 12).repeat(4)}`,
    `0NUMBER OF ON-LINE INPUT RECORDS${n(0, 10)}`,
    `0NUMBER OF OFF-LINE PRINT RECORDS${n(lines.length + out.length + 8, 9)}`,
    // An empty table counts 1: UA SAP's table size word starts as if it held one entry.
    `0NUMBER OF SYMBOLS,  DEF${n(Math.max(1, symbols.size), 6)},DEFOP${n(defined.length, 6)},UNDEF${n(missing.length, 6)}`,
  ];
  for (const t of stats) out.push({ carriage: t[0]!, flags: '', field: '', text: t.slice(1) });
  return out;
}

/** Our addition after each assembly: the symbol table with a cross-reference. */
export function crossReference(symbols: SymbolTable): string[] {
  const entries = symbols.entries().sort((a, b) => byName(a.key, b.key));
  if (entries.length === 0) return [];
  const files = new Set(entries.flatMap((e) => [...e.defs, ...e.refs].map((p) => p.file)));
  const where = (p: { file: string; line: number }): string => (files.size > 1 ? `${p.file}:${p.line}` : String(p.line));
  return [
    '',
    'SYMBOL TABLE AND CROSS-REFERENCE (name, value, R = relocatable, defined at: used at)',
    ...entries.map((e) => {
      const refs = [...new Set(e.refs.map(where))].join(' ');
      return `  ${displayKey(e.key).padEnd(8)}${formatAddr(e.value)} ${e.reloc ? 'R' : ' '} ${e.defs.map(where).join(' ')}:${refs ? ` ${refs}` : ''}`;
    }),
  ];
}
