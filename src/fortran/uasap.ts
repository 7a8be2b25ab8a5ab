// The assembly steps of the FORTRAN II build, run with our assembler in place of UA SAP 3 (whose
// binary comes from SHARE tape 2, which we do not have; docs/fortran.md). Our assembler gives
// the same listing, words and punched cards as UA SAP 3 (README); what the build needs of a run is
// UA SAP's two outputs: the punched deck (with blank cards removed, as rhobbie's UASAP.cmd does)
// and the listing as UA SAP writes it on tape 2, one print record a line with its carriage
// control character first. The source program's own errors (FORTRAN II's listing has a few
// flagged cards) do not stop the assembly, as they did not stop UA SAP.

import { assemble, type Source } from '../asm/assembler.ts';
import { renderLine } from '../asm/listing.ts';
import { cleanDeck, type Card } from './binaryCards.ts';

export interface UasapRun {
  readonly deck: Card[];
  /** The print records: carriage control, then the line. */
  readonly listing: string[];
  readonly errors: number;
}

export function runUasap(source: Source): UasapRun {
  const result = assemble([source], { loader: false });
  const listing = result.assemblies.flatMap((a) => a.lines.map((l) => `${l.carriage}${renderLine(l)}`));
  return { deck: cleanDeck(result.punch), listing, errors: result.errors.length };
}
