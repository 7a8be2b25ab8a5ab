// ibm704.md §4 decoding, Appendix A (SAP's operation table), §8 / §13 item 10 (no 709 codes:
// with --strict an undefined code stops with an error naming the address and word; without it,
// it does what the hardware did, test/cpu/unassigned.test.ts), and the run loop's instruction limit.

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BY_MNEMONIC, OPCODES } from '../../src/cpu/opcodes.ts';
import { Exec, ORIGIN, Runner, neg, oct, op, pos } from './runner.ts';

// Appendix A of ibm704.md, transcribed: mnemonic and raw template (a leading 4-7 = sign set).
const APPENDIX_A = `
ACL 036100000000 ADD 040000000000 ADM 040100000000 ALS 076700000000 ANA 432000000000 ANS 032000000000 ARS
077100000000 BST 076400000200 CAC 470000000000 CAD 470000000000 CAL 450000000000 CAS 034000000000 CFF
076000000030 CHS 076000000002 CLA 050000000000 CLM 076000000000 CLS 050200000000 COM 076000000006 CPY
070000000000 DCT 076000000012 DVH 022000000000 DVP 022100000000 ETM 076000000007 ETT 476000000011 FAD
030000000000 FDH 024000000000 FDP 024100000000 FMP 026000000000 FOR 400000000000 FSB 030200000000 FVE
500000000000 HPR 042000000000 HTR 000000000000 IOD 076600000333 LBT 076000000001 LDA 046000000000 LDQ
056000000000 LGL 476300000000 LLS 076300000000 LRS 076500000000 LTM 476000000007 LXA 053400000000 LXD
453400000000 MON 500000000000 MPR 420000000000 MPY 020000000000 MSE 476000000000 MTH 700000000000 MTW
600000000000 MZE 400000000000 NOP 076100000000 ORA 450100000000 ORS 460200000000 PAX 073400000000 PBT
476000000001 PDX 473400000000 PON 100000000000 PSE 076000000000 PTH 300000000000 PTW 200000000000 PXD
475400000000 PZE 000000000000 RCD 076200000321 RDR 076200000300 RDS 076200000000 REW 077200000200 RND
076000000010 RPR 076200000361 RQL 477300000000 RTB 076200000220 RTD 076200000200 RTT 476000000012 SBM
440000000000 SIX 600000000000 SLF 076000000140 SLN 076000000140 SLQ 462000000000 SLT 476000000140 SLW
060200000000 SPR 076000000360 SPT 076000000360 SPU 076000000340 SSM 476000000003 SSP 076000000003 STA
062100000000 STD 062200000000 STO 060100000000 STP 063000000000 STQ 460000000000 STZ 060000000000 SUB
040200000000 SVN 700000000000 SWT 076000000160 SXD 463400000000 TIX 200000000000 TLQ 004000000000 TMI
412000000000 TNO 414000000000 TNX 600000000000 TNZ 410000000000 TOV 014000000000 TPL 012000000000 TQO
016100000000 TQP 016200000000 TRA 002000000000 TSX 007400000000 TTR 002100000000 TXH 300000000000 TXI
100000000000 TXL 700000000000 TZE 010000000000 UFA 430000000000 UFM 426000000000 UFS 430200000000 WDR
076600000300 WEF 077000000200 WPR 076600000361 WPU 076600000341 WRS 076600000000 WTB 076600000220 WTD
076600000200 WTS 076600000320 WTV 076600000030`;
const SAP = new Map<string, number>();
{
  const t = APPENDIX_A.trim().split(/\s+/);
  for (let i = 0; i < t.length; i += 2) SAP.set(t[i]!, parseInt(t[i + 1]!, 8));
}
const DATA = new Set(['PZE', 'PON', 'PTW', 'PTH', 'MZE', 'MON', 'MTW', 'MTH', 'FOR', 'FVE', 'SIX', 'SVN']);
const TYPE_A = new Set(['TXI', 'TIX', 'TXH', 'TNX', 'TXL']);

/** The 12-bit codes (S,1-11) a 704 defines, from Appendix A alone. */
const DEFINED = (() => {
  const s = new Set<number>();
  for (const [m, t] of SAP) {
    if (DATA.has(m)) continue;
    const top = Math.floor(t / 2 ** 24);
    if (TYPE_A.has(m)) for (let i = 0; i < 0o1000; i++) s.add((top & 0o7000) | i);
    else s.add(top);
  }
  return s;
})();

describe('Appendix A: the instruction table is SAP\'s operation table', () => {
  it('every Appendix A mnemonic is in the table with the same template', () => {
    const diffs: string[] = [];
    for (const [m, t] of SAP) {
      const d = BY_MNEMONIC.get(m);
      if (!d) diffs.push(`${m} missing`);
      else if (d.template !== t) diffs.push(`${m}: table ${d.template.toString(8)} SAP ${t.toString(8)}`);
    }
    expect(diffs).toEqual([]);
  });
  it('the table has nothing that is not in Appendix A', () => {
    expect(OPCODES.map((d) => d.mnemonic).filter((m) => !SAP.has(m))).toEqual([]);
  });
  it('type A instructions are exactly TXI, TIX, TXH, TNX, TXL with prefixes +1, +2, +3, -2, -3 (§4)', () => {
    const a = OPCODES.filter((d) => d.format === 'A').map((d) => `${d.mnemonic} ${Math.floor(d.template / 2 ** 33)}`).sort();
    expect(a).toEqual(['TIX 2', 'TNX 6', 'TXH 3', 'TXI 1', 'TXL 7']);
  });
});

describe('§4 / §8: the CPU decodes exactly the 704 codes', () => {
  it('with --strict, every 12-bit code outside Appendix A stops with an illegal-operation error; every code in it runs', () => {
    const ex = new Exec();
    const cpu = ex.m.cpu;
    cpu.strict = true;
    const wrong: string[] = [];
    for (let code = 0; code < 4096; code++) {
      // Address 0o4000 (harmless data), tag 0, decrement 0.
      const word = code * 2 ** 24 + 0o4000;
      cpu.mem[0o4000] = 0;
      ex.exec(word, { acSign: 0, acMag: 0, mq: 0 });
      const illegal = /illegal/i.test(cpu.stopMessage);
      if (illegal === DEFINED.has(code)) wrong.push(`${code.toString(8).padStart(4, '0')}: ${illegal ? 'illegal' : 'executed'}`);
    }
    expect(wrong).toEqual([]);
  });

  const undefinedWords: [string, number][] = [
    ['XCA (+0131)', oct('013100000000')],
    ['XCL (-0130)', oct('-013000000000')],
    ['ERA (+0322)', oct('032200000200')],
    ['ZET (+0520)', oct('052000000200')],
    ['XEC (+0522)', oct('052200000200')],
    ['SXA (+0634)', oct('063400100200')],
    ['AXT (+0774)', oct('077400100005')],
    ['PAC (+0737)', oct('073700100000')],
    ['LGR (-0765)', oct('-076500000004')],
    ['-0000 (MZE word)', oct('-000000000000')],
    ['prefix -1, type A (709 STR)', oct('-100001100200')],
  ];
  it('without --strict no code stops as illegal: the 704 had no such stop (opcodes.ts UNASSIGNED)', () => {
    const ex = new Exec();
    const illegal: string[] = [];
    for (let code = 0; code < 4096; code++) {
      ex.m.cpu.mem[0o4000] = 0;
      ex.exec(code * 2 ** 24 + 0o4000, { acSign: 0, acMag: 0, mq: 0 });
      if (/illegal/i.test(ex.m.cpu.stopMessage)) illegal.push(code.toString(8).padStart(4, '0'));
    }
    expect(illegal).toEqual([]);
  });

  for (const [name, word] of undefinedWords) {
    it(`with --strict, ${name} stops with reason 'error' and a message naming the address and the word`, () => {
      const r = new Runner([op('CLA', 0o200), word, op('CLA', 0o201)]).mem(0o200, pos(5), pos(6));
      r.m.cpu.strict = true;
      r.run();
      expect(r.stop.reason).toBe('error');
      expect(r.stop.message).toMatch(/illegal/i);
      expect(r.stop.message).toContain('00101');
      const signed = (word >= 2 ** 35 ? '-' : '+') + (word % 2 ** 35).toString(8).padStart(12, '0');
      const raw = word.toString(8).padStart(12, '0');
      expect(r.stop.message.includes(signed) || r.stop.message.includes(raw), `${r.stop.message} names ${signed}`).toBe(true);
      r.expectAc(pos(5)); // the CLA before it ran, nothing after it did
    });
  }

  it('bits 12-17 of a type B word are ignored (no indirect addressing on the 704)', () => {
    const cla = op('CLA', 0o200) + 0o77 * 2 ** 18;
    Runner.of(cla).mem(0o200, neg(9)).mem(0o77, pos(1)).run().expectAc(neg(9));
    const indirectStyle = op('ADD', 0o201) + 0o60 * 2 ** 18; // bits 12-13 = 11
    Runner.of(op('CLA', 0o200), indirectStyle).mem(0o200, pos(1), pos(0o300)).mem(0o300, pos(100)).run().expectAc(pos(0o301));
  });
});

describe('§4 execution sequence: run(limit) and runaway loops', () => {
  it('a runaway loop (TRA *) stops at the limit with reason "limit"', () => {
    const r = Runner.of(op('TRA', ORIGIN)).run(1000);
    expect(r.stop.reason).toBe('limit');
    expect(r.cpu.instructions).toBe(1000);
    expect(r.cpu.cycles).toBe(2000);
    expect(r.cpu.ic).toBe(ORIGIN);
  });
  it('a run can be resumed after the limit and ends where an uninterrupted run would', () => {
    const prog = [op('LXA', 0o300, 1), op('ADD', 0o301), op('TIX', 0o101, 1, 1)];
    const whole = new Runner(prog).mem(0o300, 7).mem(0o301, pos(3)).run();
    const parts = new Runner(prog).mem(0o300, 7).mem(0o301, pos(3));
    let guard = 0;
    do { parts.run(3); } while (parts.stop.reason === 'limit' && ++guard < 100);
    parts.expectHalt(0o103).expectAc(pos(21));
    expect(parts.cpu.cycles).toBe(whole.cpu.cycles);
    expect(parts.cpu.instructions).toBe(whole.cpu.instructions);
  });
});

describe('§5 / Appendix A: every instruction in the table has tests', () => {
  it('each machine, sense and alias mnemonic is named in some other test file of test/cpu', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const text = readdirSync(here).filter((f) => f.endsWith('.test.ts') && f !== 'decode.test.ts')
      .map((f) => readFileSync(join(here, f), 'utf8')).join('\n');
    const missing = OPCODES.filter((d) => d.kind !== 'data' && !text.includes(`'${d.mnemonic}'`)).map((d) => d.mnemonic);
    expect(missing).toEqual([]);
  });
});
