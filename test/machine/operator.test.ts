// The operator's run sheet (Io.operator, Machine.run): at an HPR whose code (its address) is on it,
// the host does what the sheet says with the console's AC and MQ and presses START (the program
// goes on at L+1, ibm704.md §5.7); any other stop stays a stop.

import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';
import { Machine } from '../../src/machine/machine.ts';

const SOURCE = `       ORG 100
       CLA UNIT
       LDQ REEL
       HPR 727
       CLA DONE
       HPR 5
       HTR 0
UNIT   DEC 7
REEL   DEC 3
DONE   DEC 1
`;

function load(): Machine {
  const m = new Machine();
  const p = assemble([{ name: 'op.sap', text: SOURCE }]);
  for (const [a, w] of p.image) m.cpu.mem[a] = w;
  m.cpu.ic = 100;
  return m;
}

describe('the operator at an HPR', () => {
  it('answers a code on its run sheet with the AC and MQ, then START; stops at a code not on it', () => {
    const m = load();
    const asked: { ac: number; mq: number }[] = [];
    m.io.operator.set(727, (c) => asked.push(c));
    const stop = m.run(1000);
    expect(asked).toEqual([{ ac: 7, mq: 3 }]);
    expect(stop.reason).toBe('halt');
    expect(stop.message).toMatch(/^HPR at 00150,/); // octal: the HPR 5 at 104
    expect(m.cpu.acMag).toBe(1); // it went on after HPR 727
  });

  it('with nothing on the run sheet every HPR is a stop', () => {
    const m = load();
    const stop = m.run(1000);
    expect(stop.message).toMatch(/^HPR at 00146,/);
  });
});
