// RPR: printing with echo checking, the way FORTRAN II's output routine prints. 46 CPYs after the
// select go both ways; the echoes give back what the wheels were sent (ibm704.md §7.3; the echo
// table as Sim704 models it).

import { describe, expect, it } from 'vitest';
import { Printer } from '../../src/devices/printer.ts';

const S = 2 ** 35; // column 1
const C2 = 2 ** 34; // column 2

describe('printer echo checking (RPR)', () => {
  it('alternates sends and echo reads, echoes the rows sent, and prints the line', () => {
    const p = new Printer();
    p.select(false, 0o361, 0);
    // column 1 punched 8-4, column 2 punched 8 alone: rows 9L 9R 8L 8R ... 1L 1R, 0, 11, 12
    const rows = new Array(24).fill(0);
    rows[2] = S + C2; // 8L
    rows[10] = S; // 4L
    const ways: string[] = [];
    const echoes: number[] = [];
    let sent = 0;
    for (let c = 0; c < 46; c++) {
      if (p.writesNext()) {
        ways.push('w');
        expect(p.write(rows[sent++]!, 0)).toBe(0);
      } else {
        ways.push('r');
        echoes.push(p.read());
      }
    }
    expect(sent).toBe(24);
    expect(ways.join('')).toBe(`${'w'.repeat(18)}rrwwrrwwrrww${'r'.repeat(16)}`);
    // echo reads: 8&4, 8&3, 9, 8 alone, 7, 6, 5, 4 without 8, 3 without 8, 2, 1 (two words each)
    expect(echoes[0]).toBe(S); // 8 and 4: column 1
    expect(echoes[2]).toBe(0); // 8 and 3
    expect(echoes[6]).toBe(C2); // 8 alone: column 2
    expect(echoes[14]).toBe(0); // 4 without 8
    expect(p.lines).toEqual(["'8"]); // 8-4 prints as ' (codes.ts)
    expect(p.writesNext()).toBe(true);
    expect(p.write(0, 0)).toBeLessThan(0); // a 47th CPY ends the record
  });
});
