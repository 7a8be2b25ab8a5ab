// SAP source cards, sliced exactly as UA SAP 3 reads them (sap.md §1): location symbol in
// columns 1-6 with blanks squeezed out, operation in 8-10, variable field from column 12 to the
// first blank, comments after it, 73-80 ignored. UA SAP reads the operation from columns 8-10
// alone, so anything in columns 7 and 11 is ignored (we warn).
//
// Conveniences (a valid SAP card contains neither, so they never change a valid card's meaning,
// sap.md §10): lower-case letters count as upper case, and tabs advance to the SAP fields
// (column 8, then 12, then 17, 25, ...).

import { asciiToBcd } from '../devices/codes.ts';
import type { Diagnostics, Position } from './diagnostics.ts';

export const CARD_COLUMNS = 80;
/** The 704 reads columns 1-72; 73-80 hold the deck's sequence numbers. */
export const LAST_READ_COLUMN = 72;
export const VARIABLE_COLUMN = 12;

export interface Card extends Position {
  /** Columns 1-80 in upper case, blank padded: `cols[0]` is column 1. */
  readonly cols: string;
  /** Columns 1-6 with blanks squeezed out. */
  readonly label: string;
  /** Columns 8-10 as punched (three characters, blanks included). */
  readonly op: string;
  /** From column 12 to the first blank, at most to column 72. */
  readonly variable: string;
}

/**
 * Column a tab at column `col` (1-based) moves to: the operation and variable fields first, then
 * every eighth column as text decks expand tabs (SIMH, rhobbie/tool704), so comments line up.
 */
const tabStop = (col: number): number => (col < 8 ? 8 : col < 12 ? 12 : 8 * Math.floor((col - 1) / 8) + 9);

function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) {
    if (ch === '\t') out += ' '.repeat(tabStop(out.length + 1) - out.length - 1);
    else out += ch;
  }
  return out;
}

/** Upper-case ASCII letters only (String.toUpperCase can change a line's length). */
const upper = (s: string): string => s.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 32));

/** Slice one source line into a card; problems with its characters go to `diags`. */
export function readCard(file: string, line: number, raw: string, diags: Diagnostics): Card {
  const text = expandTabs(raw.replace(/\r$/, ''));
  const cols = upper(text).padEnd(CARD_COLUMNS).slice(0, CARD_COLUMNS);
  const rest = cols.slice(VARIABLE_COLUMN - 1, LAST_READ_COLUMN);
  const blank = rest.indexOf(' ');
  const card: Card = {
    file,
    line,
    text,
    cols,
    label: cols.slice(0, 6).replace(/ /g, ''),
    op: cols.slice(7, 10),
    variable: blank < 0 ? rest : rest.slice(0, blank),
  };
  checkCharacters(card, diags);
  return card;
}

/** The cards of one source file, in order (a final newline does not make an extra card). */
export function readCards(file: string, source: string, diags: Diagnostics): Card[] {
  const lines = source.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((raw, i) => readCard(file, i + 1, raw, diags));
}

/** Every character UA SAP interprets must be one of the 48 of the 704 (formats.md §1.1). */
function checkCharacters(card: Card, diags: Diagnostics): void {
  const check = (from: number, to: number): void => {
    for (let c = from; c <= to; c++) {
      const ch = card.cols[c - 1]!;
      if (ch !== ' ' && asciiToBcd(ch) < 0) diags.error(card, c, `character ${JSON.stringify(card.text[c - 1] ?? ch)} is not in the 704 character set`);
    }
  };
  check(1, 6);
  check(8, 10);
  // REM text is only printed; BCD text is checked by the second pass, which also takes the
  // substitute glyphs of the codes without a character (a record mark written |).
  if (card.op !== 'REM' && card.op !== 'BCD') check(VARIABLE_COLUMN, VARIABLE_COLUMN + card.variable.length - 1);
  for (const c of [7, 11]) {
    if (card.cols[c - 1] !== ' ') diags.warning(card, c, `column ${c} is not blank; UA SAP ignores it (the operation is columns 8-10, the variable field starts in column 12)`);
  }
}
