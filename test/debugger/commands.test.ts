// Every debugger command, driven the way users script it: `samuel704 debug ... --script FILE`,
// checking the answer to each command in the transcript.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';
import { imageText, symbolMap, writeCbn } from '../../src/asm/output.ts';
import { parseDrumImage } from '../../src/devices/drum.ts';
import { readTapeFile, recordToWords } from '../../src/devices/tapeImage.ts';
import { debug, FIXTURES, reply, STARTP, SUM, tmp } from './helpers.ts';

const IO = join(FIXTURES, 'io.sap');

describe('debug --script: running', () => {
  it('break with a condition, watch, list, delete, continue', async () => {
    const t = await debug([SUM], [
      'break LOOP if %xr1 == 1', 'watch SUM', 'break', 'continue', 'continue', 'delete 2', 'continue', 'x SUM /dec',
      'delete', 'watch', 'continue',
    ].join('\n'));
    expect(reply(t, 'break LOOP if %xr1 == 1')).toBe('breakpoint 1 at 00145 LOOP if %xr1 == 1');
    expect(reply(t, 'watch SUM')).toBe('watch 2 on 00215 SUM (write)');
    expect(reply(t, 'break')).toBe('1  break 00145 LOOP if %xr1 == 1  (hit 0 times)\n2  watch 00215 SUM (write)');
    expect(reply(t, 'continue', 0)).toBe('watch 2: write to 00215 SUM: +000000000000 -> +000000000012\n'
      + `=> 00150 LOOP+3 TIX LOOP,1,1             ${SUM}:8`);
    expect(reply(t, 'continue', 1)).toMatch(/^watch 2: write to 00215 SUM: \+000000000012 -> \+000000000036\n/);
    expect(reply(t, 'delete 2')).toBe('deleted 2');
    expect(reply(t, 'continue', 2)).toBe(`breakpoint 1 at 00145 LOOP\n=> 00145 LOOP   CLA SUM                  ${SUM}:5`);
    expect(reply(t, 'x SUM /dec')).toBe('00215 SUM    30');
    expect(reply(t, 'delete')).toBe('deleted 1 breakpoint or watch');
    expect(reply(t, 'watch')).toBe('no breakpoints or watches');
    expect(reply(t, 'continue', 3)).toBe(`halt: HTR at 00161, IC 00144\n=> 00144 START  LXA N,1                  ${SUM}:4`);
    expect(t.code).toBeUndefined();
  });

  it('step, next, finish and regs', async () => {
    const t = await debug([SUM], ['step', 'step 12', 'next', 'x SUM /dec', 'break BUMP+1', 'c', 'c', 'finish', 'regs', 'finish'].join('\n'));
    expect(reply(t, 'step')).toMatch(/^=> 00145 LOOP   CLA SUM/);
    expect(reply(t, 'step 12')).toMatch(/^=> 00151 LOOP\+4 TSX BUMP,4/);
    expect(reply(t, 'next')).toMatch(/^=> 00152 LOOP\+5 CLA THREE/);
    expect(reply(t, 'x SUM /dec')).toBe('00215 SUM    61');
    expect(reply(t, 'c', 0)).toMatch(/^halt: HTR at 00161/);
    expect(reply(t, 'c', 1)).toMatch(/^breakpoint 1 at 00163 BUMP\+1\n/);
    expect(reply(t, 'finish', 0)).toBe(`(the call at 00151)\n=> 00152 LOOP+5 CLA THREE                ${SUM}:10`);
    expect(reply(t, 'regs')).toBe([
      'IC  00152 LOOP+5   next: CLA THREE',
      'AC  +000000000172  Q 0  P 0   MQ +000000000000', // SUM: 61, then 60 more and 1
      'XR1 00001  XR2 00000  XR4 77627',
      'AC overflow off  MQ overflow off  divide check off  trapping off',
    ].join('\n'));
    expect(reply(t, 'finish', 1)).toBe('error: the call at 00151 (= -XR4) has returned already (IC is 00152); this routine keeps its own link elsewhere: use break');
    expect(t.code).toBe(1); // the refused finish
  });

  it('continue N stops after N instructions; time counts them in 704 time', async () => {
    const t = await debug([SUM], ['continue 5', 'time'].join('\n'));
    expect(reply(t, 'continue 5')).toMatch(/^limit: 5 instructions ran\n=> 00145 LOOP/);
    expect(reply(t, 'time')).toBe('5 instructions, 10 cycles = 0.000120 s of 704 time (12 µs a cycle)\n'
      + 'last run: 5 instructions, 10 cycles = 0.000120 s');
  });
});

describe('debug --script: core and registers', () => {
  it('examine in every format, over ranges', async () => {
    const t = await debug([SUM], [
      'examine ONEHLF /float', 'examine NAME /bcd', 'examine MINUS /dec', 'examine MINUS /oct', 'examine BUMP /inst',
      'x 226-230 /dec', 'x MINUS..TAB', 'x TAB+1',
    ].join('\n'));
    expect(reply(t, 'examine ONEHLF /float')).toBe('00223 ONEHLF +1.5');
    expect(reply(t, 'examine NAME /bcd')).toBe('00224 NAME   "SAMUEL"');
    expect(reply(t, 'examine MINUS /dec')).toBe('00225 MINUS  -5');
    expect(reply(t, 'examine MINUS /oct')).toBe('00225 MINUS  -000000000005');
    expect(reply(t, 'examine BUMP /inst')).toBe('00162 BUMP   CLA SUM');
    expect(reply(t, 'x 226-230 /dec')).toBe('00226 TAB    10\n00227        20\n00230        30');
    expect(reply(t, 'x MINUS..TAB')).toBe('00225 MINUS  -000000000005  MZE 5\n00226 TAB    +000000000012  HTR 12');
    expect(reply(t, 'x TAB+1')).toBe('00227        +000000000024  HTR 24');
  });

  it('deposit words, instructions and registers', async () => {
    const t = await debug([SUM], [
      'deposit TAB CLA SUM,1', 'deposit TAB+1 -7', 'deposit TAB+2 400000000007', 'deposit 1000 TXI *+1,1,-1', 'deposit 1001 SLN 3',
      'deposit %ac -5', 'deposit %mq #10', 'deposit %xr2 77777', 'deposit %ov 1', 'deposit %ic DONE', 'regs',
    ].join('\n'));
    expect(reply(t, 'deposit TAB CLA SUM,1')).toBe('00226 TAB    +050000100215  CLA SUM,1');
    expect(reply(t, 'deposit TAB+1 -7')).toBe('00227        -000000000007  MZE 7');
    expect(reply(t, 'deposit TAB+2 400000000007')).toBe('00230        -000000000007  MZE 7');
    // * is the IC (00144) when the line is read.
    expect(reply(t, 'deposit 1000 TXI *+1,1,-1')).toBe('01000        +177777100145  TXI LOOP,1,77777');
    expect(reply(t, 'deposit 1001 SLN 3')).toBe('01001        +076000000143  SLN 3');
    expect(reply(t, 'deposit %ac -5')).toBe('AC -000000000005');
    expect(reply(t, 'deposit %mq #10')).toBe('MQ +000000000012');
    expect(reply(t, 'deposit %xr2 77777')).toBe('XR2 77777');
    expect(reply(t, 'deposit %ov 1')).toBe('AC overflow on');
    expect(reply(t, 'deposit %ic DONE')).toMatch(/^=> 00161 DONE   HTR START/);
    expect(reply(t, 'regs')).toBe([
      'IC  00161 DONE   next: HTR START',
      'AC  -000000000005  Q 0  P 0   MQ +000000000012',
      'XR1 00000  XR2 77777  XR4 00000',
      'AC overflow on  MQ overflow off  divide check off  trapping off',
    ].join('\n'));
  });

  it('dis around the IC and from an address, marking the IC and breakpoints', async () => {
    const t = await debug([SUM], ['break LOOP+1', 'step 2', 'dis', 'dis BUMP 3'].join('\n'));
    expect(reply(t, 'dis')).toBe([
      `   00142        HTR 0`,
      `   00143        HTR 0`,
      `   00144 START  LXA N,1                  ${SUM}:4`,
      `   00145 LOOP   CLA SUM                  ${SUM}:5`,
      `*> 00146        ADD 231,1                ${SUM}:6`,
      `   00147        STO SUM                  ${SUM}:7`,
      `   00150        TIX LOOP,1,1             ${SUM}:8`,
      `   00151        TSX BUMP,4               ${SUM}:9`,
      `   00152        CLA THREE                ${SUM}:10`,
      `   00153        STO C                    ${SUM}:11`,
      `   00154        STZ D                    ${SUM}:12`,
      `   00155        LXA D,1                  ${SUM}:13`,
    ].join('\n'));
    expect(reply(t, 'dis BUMP 3')).toBe([
      `   00162 BUMP   CLA SUM                  ${SUM}:18`,
      `   00163        ADD ONE                  ${SUM}:19`,
      `   00164        STO SUM                  ${SUM}:20`,
    ].join('\n'));
  });

  it('snapshot save, list, load', async () => {
    const t = await debug([SUM], ['step 3', 'snapshot save here', 'continue', 'snapshot', 'snapshot load here', 'x SUM /dec', 'snapshot load there'].join('\n'));
    expect(reply(t, 'snapshot save here')).toBe('saved snapshot here');
    expect(reply(t, 'snapshot')).toBe('here: IC 00147, 3 instructions');
    expect(reply(t, 'snapshot load here')).toMatch(/^restored snapshot here\n=> 00147 LOOP\+2 STO SUM/);
    expect(reply(t, 'x SUM /dec')).toBe('00215 SUM    0');
    expect(reply(t, 'snapshot load there')).toBe('error: no snapshot "there" (have: here)');
  });

  it('print evaluates expressions in octal and decimal', async () => {
    const t = await debug([SUM], ['print #100+LOOP', 'print [MINUS] * 2', 'print %xr1 == 0', 'print -0'].join('\n'));
    expect(reply(t, 'print #100+LOOP')).toBe('= 311 (#201)');
    expect(reply(t, 'print [MINUS] * 2')).toBe('= -12 (#-10)');
    expect(reply(t, 'print %xr1 == 0')).toBe('= 1 (#1)');
    expect(reply(t, 'print -0')).toBe('= -0 (#-0)');
  });
});

describe('debug --script: history and trace', () => {
  it('history is off until asked for, then keeps the last SIZE instructions', async () => {
    const t = await debug([SUM], ['history', 'history on 3', 'history', 'step 5', 'history', 'history 1', 'history off', 'history'].join('\n'));
    expect(reply(t, 'history', 0)).toBe('history is off; `history on [SIZE]` keeps the last SIZE instructions from now on');
    expect(reply(t, 'history on 3')).toBe('history on: the last 3 instructions are kept');
    expect(reply(t, 'history', 1)).toBe('no instructions run since history was turned on');
    expect(reply(t, 'history', 2)).toBe([
      '00146        ADD 231,1          AC +000000000000    MQ +000000000000 XR 00003 00000 00000',
      '00147        STO SUM            AC +000000000012    MQ +000000000000 XR 00003 00000 00000',
      '00150        TIX LOOP,1,1       AC +000000000012    MQ +000000000000 XR 00003 00000 00000',
    ].join('\n'));
    expect(reply(t, 'history 1')).toBe('00150        TIX LOOP,1,1       AC +000000000012    MQ +000000000000 XR 00003 00000 00000');
    expect(reply(t, 'history off')).toBe('history off');
    expect(reply(t, 'history', 3)).toMatch(/^history is off/);
  });

  it('--history N keeps history from the start', async () => {
    const t = await debug([SUM, '--history', '2'], ['step 2', 'history'].join('\n'));
    expect(reply(t, 'history')).toMatch(/^00144 START  LXA N,1 .*\n00145 LOOP   CLA SUM .*$/);
  });

  it('trace prints every instruction with the registers after it, or writes them to a file', async () => {
    const file = join(tmp, 'trace.txt');
    const t = await debug([SUM], ['trace on', 'step 2', 'trace off', 'step', `trace on ${file}`, 'step 2', 'trace off'].join('\n'));
    expect(reply(t, 'trace on', 0)).toBe('trace on (registers after each instruction)');
    expect(reply(t, 'step 2')).toBe([
      '00144 START  LXA N,1            AC +000000000000    MQ +000000000000 XR 00003 00000 00000',
      '00145 LOOP   CLA SUM            AC +000000000000    MQ +000000000000 XR 00003 00000 00000',
      `=> 00146 LOOP+1 ADD 231,1                ${SUM}:6`,
    ].join('\n'));
    expect(reply(t, 'step')).toMatch(/^=> 00147/); // no trace lines once it is off
    expect(reply(t, `trace on ${file}`)).toBe(`tracing to ${file} (registers after each instruction)`);
    expect(reply(t, 'step 2', 1)).toMatch(/^=> 00145/); // STO, TIX: back to LOOP
    expect(readFileSync(file, 'utf8')).toBe([
      '00147        STO SUM            AC +000000000012    MQ +000000000000 XR 00003 00000 00000',
      '00150        TIX LOOP,1,1       AC +000000000012    MQ +000000000000 XR 00002 00000 00000',
      '',
    ].join('\n'));
  });
});

describe('debug --script: console and units', () => {
  it('sense switches, sense lights, entry keys, and the units: card, attach, printer, detach', async () => {
    const [tape, drum, punch, print] = ['t.tap', 'd.drum', 'p.txt', 'pr.txt'].map((f) => join(tmp, f));
    const t = await debug([IO], [
      'continue', 'card HELLO WORLD', `attach tape 1 ${tape}`, `attach drum ${drum}`, `attach punch ${punch}`, `attach printer ${print}`,
      'sense', 'sense 3 on', 'keys 123', 'keys', 'attach', 'continue', 'printer', 'lights', 'attach',
      'detach tape 1', 'detach drum', 'detach punch', 'detach printer', 'detach drum',
    ].join('\n'));
    expect(reply(t, 'continue', 0)).toMatch(/^input: waiting for input on the card reader \(feed cards with `card TEXT` or `attach reader FILE`, then continue\)\n=> 00146 RD     CPY 226,1/);
    expect(reply(t, 'card HELLO WORLD')).toBe('card queued; 1 in the hopper');
    expect(reply(t, `attach tape 1 ${tape}`)).toBe(`tape 1: ${tape}, 0 records/marks`);
    expect(reply(t, 'sense')).toBe('sense switches: 1 off  2 off  3 off  4 off  5 off  6 off');
    expect(reply(t, 'sense 3 on')).toBe('sense switches: 1 off  2 off  3 on  4 off  5 off  6 off');
    expect(reply(t, 'keys 123')).toBe('entry keys: 000000000123');
    expect(reply(t, 'keys')).toBe('entry keys: 000000000123');
    expect(reply(t, 'attach', 0)).toBe([
      'reader: 1 card in the hopper', `punch: 0 cards punched (file ${punch})`, `printer: 0 lines printed (file ${print})`,
      `tape 1: 0 records/marks, at 0 (file ${tape})`, `drums 1-8: attached (file ${drum})`,
    ].join('\n'));
    expect(reply(t, 'continue', 1)).toMatch(/^halt: HTR at 00174, IC 00144\n/);
    expect(reply(t, 'printer')).toBe('HELLO WORLD');
    expect(reply(t, 'lights')).toBe('sense lights: 1 off  2 on  3 off  4 on'); // 4: switch 3 was on
    expect(reply(t, 'attach', 1)).toMatch(/^reader: 0 cards in the hopper\npunch: 1 card punched .*\nprinter: 1 line printed .*\ntape 1: 1 records\/marks, at 1 /);
    expect(reply(t, 'detach tape 1')).toBe('tape 1 detached');
    expect(reply(t, 'detach punch')).toBe('punch file written');
    expect(reply(t, 'detach drum', 0)).toBe('drums detached');
    expect(reply(t, 'detach drum', 1)).toBe('error: no drum is attached\n  detach drum\n         ^');
    // What the program wrote reached the files.
    const words = recordToWords(readTapeFile(tape)[0] as Parameters<typeof recordToWords>[0]);
    expect(words).toHaveLength(24);
    const image = parseDrumImage(readFileSync(drum), drum); // trailing zero words are left out of the file
    expect(words.map((_, i) => image[i] ?? 0)).toEqual(words);
    expect(readFileSync(punch, 'utf8')).toBe('HELLO WORLD\n');
    expect(readFileSync(print, 'utf8')).toBe('HELLO WORLD\n');
    expect(t.code).toBe(1); // the second detach drum
  });

  it('feeds decks and special cards, and says what is wrong with a unit command', async () => {
    const deck = join(tmp, 'deck.txt');
    writeFileSync(deck, 'ONE\nTWO\n');
    const t = await debug([IO], [
      `attach reader ${deck}`, 'card ~', 'card   INDENTED', 'card ~raw 9', 'attach', 'detach tape 1', 'attach tape 11 x', 'attach disk 1',
      `attach tape 2 ${join(tmp, 'none.tap')} ro`, 'printer',
    ].join('\n'));
    expect(reply(t, `attach reader ${deck}`)).toBe('fed 2 cards; 2 in the hopper');
    expect(reply(t, 'card ~')).toBe('end of file queued; 3 in the hopper');
    expect(reply(t, 'card   INDENTED')).toBe('card queued; 4 in the hopper');
    expect(reply(t, 'card ~raw 9')).toBe("error: '9' in ~raw; expected octal digits, four a column\n  card ~raw 9\n            ^");
    expect(reply(t, 'detach tape 1')).toBe('error: tape 1 is not attached\n  detach tape 1\n              ^');
    expect(reply(t, 'attach tape 11 x')).toBe('error: tapes are numbered 1-10\n  attach tape 11 x\n              ^');
    expect(reply(t, 'attach disk 1')).toBe('error: "disk" is not tape, drum, reader, punch or printer\n  attach disk 1\n         ^');
    expect(reply(t, `attach tape 2 ${join(tmp, 'none.tap')} ro`)).toMatch(/^error: .*ENOENT/);
    expect(reply(t, 'printer')).toBe('nothing printed yet');
    expect(t.code).toBe(1);
  });

  it('the card text keeps its columns: a card read back shows the blanks', async () => {
    const t = await debug([IO], ['card   INDENTED', 'continue'].join('\n'));
    expect(reply(t, 'continue')).toMatch(/^error: WRS 0221: tape 1 \(binary\) is not attached/);
    const punched = await debug([IO], ['card   INDENTED', 'attach tape 1 ' + join(tmp, 'x.tap'), 'attach drum ' + join(tmp, 'x.drum'), 'continue', 'printer'].join('\n'));
    expect(reply(punched, 'printer')).toBe('  INDENTED');
  });
});

describe('debug --script: the checkerboard', () => {
  it('draws the starting position from FA BA FP BP', async () => {
    const t = await debug(STARTP, ['continue', 'board', 'board STK white'].join('\n'));
    expect(reply(t, 'board')).toBe([
      'board at 01302 STK',
      'Black to move (from the men)',
      '      b     b     b     b         1     2     3     4',
      '   b     b     b     b         5     6     7     8',
      '      b     b     b     b         9    10    11    12',
      '   .     .     .     .        13    14    15    16',
      '      .     .     .     .        17    18    19    20',
      '   w     w     w     w        21    22    23    24',
      '      w     w     w     w        25    26    27    28',
      '   w     w     w     w        29    30    31    32',
      '  Black 12 men, 0 kings; White 12 men, 0 kings; Black to move',
    ].join('\n'));
    // Told White is to move, the same words are not a position: the men go the wrong way.
    expect(reply(t, 'board STK white')).toMatch(/White to move \(given\)[\s\S]*note: men on 1, 2, .*, 32 move the wrong way for White to move$/);
  });

  it('reads kings and the side to move from the words, and notes bits off the board', async () => {
    // White to move: FA = White kings, BA = all White, FP = all Black, BP = Black kings.
    // White king on 1 (bit 1), White man on 32 (bit 35); Black man on 9 (bit 10), Black king on 10 (bit 11), bit 9 stray.
    const w = (...bits: number[]): string => bits.reduce((v, b) => v + 2 ** (35 - b), 0).toString(8);
    const t = await debug(STARTP, [
      `deposit FA ${w(1)}`, `deposit BA ${w(1, 35)}`, `deposit FP ${w(10, 11, 9)}`, `deposit BP ${w(11)}`, 'board FA',
      'deposit FA 0', 'deposit BA 0', 'deposit FP 0', 'deposit BP 0', 'board', 'board 1000 white', 'board 77777',
    ].join('\n'));
    const board = reply(t, 'board FA');
    expect(board).toMatch(/^board at 01302 STK\nWhite to move \(from the men\)\n {6}W {5}\. /);
    expect(board.split('\n')[4]).toBe('      b     B     .     .         9    10    11    12');
    expect(board.split('\n')[9]).toBe('   .     .     .     w        29    30    31    32');
    expect(board).toContain('Black 1 man, 1 king; White 1 man, 1 king; White to move\nnote: FP has bit 9 set, which is not on the board');
    expect(reply(t, 'board')).toMatch(/^board at 01302 STK\nBlack to move \(assumed: no men on the board\)/);
    expect(reply(t, 'board 1000 white')).toMatch(/^board at 01000\nWhite to move \(given\)/);
    expect(reply(t, 'board 77777')).toMatch(/^board at 77777\n/); // the words wrap round core
  });

  it('without FA in the symbols, board asks where the words are', async () => {
    const t = await debug([SUM], ['board'].join('\n'));
    expect(reply(t, 'board')).toBe('error: no symbol FA: say where the board words are, e.g. board 1000\n  board\n       ^');
  });
});

describe('debug --script: ENTER MQ', () => {
  it('enter mq copies the entry keys into the MQ, as the console key does (a move for the checkers program: from in the decrement, to in the address)', async () => {
    const t = await debug([SUM], ['keys PZE 17,,13', 'enter mq', 'print %mq', 'enter ac'].join('\n'));
    expect(reply(t, 'enter mq')).toBe('MQ := entry keys 000013000017');
    expect(reply(t, 'print %mq')).toBe('= 13000017 (#2883599)'); // 11 * 2^18 + 15: the move 11-15
    expect(reply(t, 'enter ac')).toMatch(/^error: say enter mq/);
  });
});

describe('debug --script: help and mistakes', () => {
  it('help lists every command and the expression syntax; help CMD explains one', async () => {
    const t = await debug([SUM], ['help', 'help finish', 'help x', 'help expressions', 'help nosuch'].join('\n'));
    const all = reply(t, 'help');
    for (const name of ['step', 'next', 'finish', 'continue', 'break', 'watch', 'delete', 'regs', 'examine', 'deposit', 'dis', 'trace',
      'history', 'sense', 'keys', 'enter', 'lights', 'attach', 'detach', 'card', 'printer', 'time', 'snapshot', 'board', 'print', 'help', 'quit',
      'boot', 'show', 'set', 'do', 'save', 'restore']) {
      expect(all).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    }
    expect(all).toContain('#100              a decimal number (#100 = 144)');
    expect(reply(t, 'help finish')).toMatch(/^finish\nrun until the current routine returns through XR4\nTSX ROUTINE,4 leaves -L in XR4/);
    expect(reply(t, 'help x')).toMatch(/^examine A\[\.\.B\] \[\/oct\|\/dec\|\/inst\|\/bcd\|\/float\]  \(also x, e\)\nshow words of core/);
    expect(reply(t, 'help expressions')).toMatch(/^Expressions \(addresses, words, conditions\):\n {2}144 {2}77777/);
    expect(reply(t, 'help nosuch')).toMatch(/^error: unknown command "nosuch"/);
  });

  it('reports mistakes with a suggestion or the column, and goes on', async () => {
    const t = await debug([SUM], [
      'stpe', 'de 1', 'break LOPP', 'x 1298', 'x SUM+NOPE', 'break 100000', 'step two', 'x TAB..START', 'x SUM /hex',
      'break LOOP when 1', 'watch SUM sometimes', 'deposit %instr 1', 'sense 7 on', 'trace maybe', 'x SUM',
    ].join('\n'));
    expect(reply(t, 'stpe')).toBe('error: unknown command "stpe"; did you mean step? (help lists the commands)\n  stpe\n  ^');
    expect(reply(t, 'de 1')).toBe('error: "de" is ambiguous: delete, deposit, detach\n  de 1\n  ^');
    expect(reply(t, 'break LOPP')).toBe('error: unknown symbol LOPP; did you mean LOOP?\n  break LOPP\n        ^');
    expect(reply(t, 'x 1298')).toBe('error: 9 is not an octal digit (numbers are octal; write #1298 for decimal)\n  x 1298\n      ^');
    expect(reply(t, 'x SUM+NOPE')).toBe('error: unknown symbol NOPE\n  x SUM+NOPE\n        ^');
    expect(reply(t, 'break 100000')).toBe('error: address 100000 is outside core (0-77777)\n  break 100000\n        ^');
    expect(reply(t, 'step two')).toBe('error: step "two" is not a decimal count\n  step two\n       ^');
    expect(reply(t, 'x TAB..START')).toBe('error: the range ends (00144) before it starts (00226)\n  x TAB..START\n         ^');
    expect(reply(t, 'x SUM /hex')).toMatch(/^error: "\/hex" is not a format \(\/oct \/dec \/inst \/bcd \/float\)\n  x SUM \/hex\n {8}\^$/);
    expect(reply(t, 'break LOOP when 1')).toMatch(/^error: expected "if CONDITION" after the address, not "when"/);
    expect(reply(t, 'watch SUM sometimes')).toMatch(/^error: "sometimes" is not read, write or access/);
    expect(reply(t, 'deposit %instr 1')).toMatch(/^error: cannot deposit into "%instr"/);
    expect(reply(t, 'sense 7 on')).toMatch(/^error: there are sense switches 1-6, not 7/);
    expect(reply(t, 'trace maybe')).toMatch(/^error: say trace on \[FILE\] or trace off/);
    expect(reply(t, 'x SUM')).toBe('00215 SUM    +000000000000  HTR 0'); // the session went on
    expect(t.code).toBe(1);
    expect(t.out).not.toContain('\x1b['); // no colour when the output is not a terminal
  });

  it('quit ends the script and writes the unit files', async () => {
    const punch = join(tmp, 'quit.txt');
    const t = await debug([IO], [`attach punch ${punch}`, 'quit', 'regs'].join('\n'));
    expect(t.answers.map((a) => a.command)).toEqual([`attach punch ${punch}`, 'quit']);
    expect(existsSync(punch)).toBe(true);
  });
});

describe('debug: programs from images, decks and sources', () => {
  const result = assemble([{ name: SUM, text: readFileSync(SUM, 'utf8') }]);
  const image = join(tmp, 'sum.oct');
  const symbols = join(tmp, 'sum.json');
  const deck = join(tmp, 'sum.cbn');
  writeFileSync(image, imageText(result, 'sum'));
  writeFileSync(symbols, JSON.stringify(symbolMap(result)));
  writeCbn(deck, result.cards);

  it('--load with --symbols names addresses, preferring labels, and starts at the map\'s start', async () => {
    const t = await debug(['--load', image, '--symbols', symbols], ['regs', 'x 1302'].join('\n'));
    expect(t.out.split('\n')[0]).toBe('samuel704 debugger: 21 symbols, 32K core; `help` lists the commands');
    expect(reply(t, 'regs')).toMatch(/^IC {2}00144 START/);
  });

  it('names an address by the label defined there rather than an EQU of the same value', async () => {
    // board.sap: SQTAB EQU SQT32+32 is the address of STARTP; FA EQU STK.
    const checkers = assemble(STARTP.map((name) => ({ name, text: readFileSync(name, 'utf8') })), { loader: false });
    const img = join(tmp, 'startp.oct');
    const map = join(tmp, 'startp.json');
    writeFileSync(img, imageText(checkers, 'startp'));
    writeFileSync(map, JSON.stringify(symbolMap(checkers)));
    for (const args of [STARTP, ['--load', img, '--symbols', map]]) {
      const t = await debug(args, 'x FA');
      expect(t.out.split('\n')[1]).toMatch(/^=> 00100 GO     TSX STARTP,4 /);
      // From a map the labels are read off the source cards that loaded words, so STK (a BSS)
      // is known as a label only when the debugger assembled the sources itself.
      expect(reply(t, 'x FA')).toMatch(args === STARTP ? /^01302 STK / : /^01302 FA /);
    }
  });

  it('--start overrides the start; --core sizes the machine', async () => {
    const t = await debug([SUM, '--start', '162', '--core', '8k'], ['regs', 'x 20000'].join('\n'));
    expect(t.out.split('\n')[0]).toContain('8K core');
    expect(reply(t, 'regs')).toMatch(/^IC {2}00162 BUMP/);
    expect(reply(t, 'x 20000')).toMatch(/^error: address 20000 is outside core \(0-17777\)/);
  });

  it('--boot cards loads the punched deck through the card loader', async () => {
    const t = await debug(['--cards', deck, '--boot', 'cards', '--symbols', symbols], ['regs', 'break DONE', 'continue', 'x SUM /dec'].join('\n'));
    expect(reply(t, 'regs')).toMatch(/^IC {2}00000/);
    expect(reply(t, 'continue')).toMatch(/^breakpoint 1 at 00161 DONE/);
    expect(reply(t, 'x SUM /dec')).toBe('00215 SUM    61');
  });

  it('takes the units of run: --cards, --tape, --drum, --punch, --printer, --sense', async () => {
    const [deckFile, tape, drum, punch, print] = ['hello.txt', 'o.tap', 'o.drum', 'o.txt', 'o.lst'].map((f) => join(tmp, f));
    writeFileSync(deckFile, 'HELLO\n');
    const t = await debug([IO, '--cards', deckFile, '--tape', `1=${tape}`, '--drum', drum, '--punch', punch, '--printer', print, '--sense', '3'],
      ['continue', 'lights', 'attach'].join('\n'));
    expect(reply(t, 'continue')).toMatch(/^halt: HTR at 00174/);
    expect(reply(t, 'lights')).toBe('sense lights: 1 off  2 on  3 off  4 on');
    expect(reply(t, 'attach')).toMatch(/\ntape 1: 1 records\/marks, at 1\ndrums 1-8: attached$/);
    // The files are written when the session ends.
    expect(readFileSync(punch, 'utf8')).toBe('HELLO\n');
    expect(readFileSync(print, 'utf8')).toBe('HELLO\n');
    expect(readTapeFile(tape)).toHaveLength(1);
    expect(existsSync(drum)).toBe(true);
  });

  it('reports assembly errors and does not start', async () => {
    const bad = join(tmp, 'bad.sap');
    writeFileSync(bad, '       CLA NOWHERE\n       END\n');
    const t = await debug([bad], 'regs');
    expect(t.err).toContain('error: undefined symbol');
    expect(t.err).toContain('1 assembly error');
    expect(t.answers).toEqual([]);
    expect(t.code).toBe(1);
  });

  it('takes only .sap sources', async () => {
    const t = await debug([image], 'regs');
    expect(t.err).toContain(`${image}: debug assembles .sap sources; load an image with --load`);
    expect(t.code).toBe(1);
  });
});
