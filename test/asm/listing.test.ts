// The listing of a small program of our own, in UA SAP's layout. golden/demo.lst was written by
// this assembler and checked line by line against UA SAP 3 itself (run on the SIMH i704
// simulator, channel-control column included): everything up to the statistics is identical;
// the symbol table with cross-reference at the end is our addition.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');

describe('listing', () => {
  const source = readFileSync(join(DIR, 'demo.sap'), 'utf8');
  const listing = assemble([{ name: 'demo.sap', text: source }]).listing;
  const lines = listing.split('\n');

  it('matches the golden listing', () => {
    expect(listing).toBe(readFileSync(join(DIR, 'demo.lst'), 'utf8'));
  });

  it('lays out flags, location, word and card as UA SAP prints them', () => {
    // flags (5), location, sign+prefix, decrement, tag, address, then card column 1.
    expect(lines).toContain('      00144  0 53400 1 00160 START  LXA N,1             XR1 := 8');
    expect(lines).toContain('      00154 -3 00000 1 00156        TXL *+2,1,-');
    expect(lines).toContain('U     00204  0 02000 0              TRA UNDEF');
    expect(lines).toContain('D     00205  1 00000 1 00146        TXI LOOP,1');
    // EQU and BSS values in the address column, DEC/OCT as sign and magnitude, BCD raw.
    expect(lines).toContain('                       00010 COUNT  EQU 8               TABLE SIZE');
    expect(lines).toContain('      00176 -377777000000    MASK   OCT 777777000000,-1');
    expect(lines).toContain('      00177 -000000000001');
    expect(lines).toContain('      00200  626444604626    MSG    BCD 2SUM OF SQUARES');
    // REM prints without its operation.
    expect(lines).toContain('                                        DATA');
    // SPC 2 double-spaces the lines after it.
    expect(lines[lines.indexOf('U     00204  0 02000 0              TRA UNDEF') - 1]).toBe('');
  });

  it('ends each assembly with the undefined symbols, statistics and the cross-reference', () => {
    expect(lines).toContain('                       00001 0UNDEF');
    expect(lines).toContain('NUMBER OF SYMBOLS,  DEF    13,DEFOP     0,UNDEF     1');
    expect(lines).toContain('  LOOP    00146 R 6: 7 28');
  });
});
