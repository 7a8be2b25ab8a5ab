// `samuel704 run` as a user runs it: a child process, an image file, the JSON dump.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordsToRecord, writeTapeFile } from '../../src/devices/tapeImage.ts';

const dir = mkdtempSync(join(tmpdir(), 'run-'));
const cli = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const write = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('samuel704 run', () => {
  const add = write('add.oct', [
    '# CLA 1000, ADD 1001, STO 1002, HTR 103',
    '00100 +050000001000 +040000001001 +060100001002 +000000000103',
    '01000 +000000000005 -000000000007',
  ].join('\n'));

  it('prints exactly one JSON object with the documented shape at the stop', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'run', '--load', add, '--start', '100', '--dump', 'json', '--dump-mem', '1000-1002'], { encoding: 'utf8' });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      stop: 'halt',
      ic: '00103',
      ac: { sign: '-', q: 0, p: 0, mag: '000000000002' },
      mq: '+000000000000',
      xr: { '1': '00000', '2': '00000', '4': '00000' },
      indicators: { acOverflow: false, mqOverflow: false, divideCheck: false, trapMode: false },
      senseLights: [false, false, false, false],
      instructions: 4,
      cycles: 8,
      memory: { '01000': '+000000000005', '01001': '-000000000007', '01002': '-000000000002' },
    });
  });

  it('starts where `asm --image` says (its `# start` line) unless --start says otherwise', () => {
    const src = write('start.sap', '       ORG 100\nA      DEC 5\nSTART  CLA A\n       HTR *\n       END START\n');
    const image = join(dir, 'start.oct');
    expect(cli(['asm', src, '--image', image]).status).toBe(0);
    expect(readFileSync(image, 'utf8')).toContain('# start 00145');
    const r = JSON.parse(cli(['run', '--load', image, '--dump', 'json']).stdout);
    expect([r.stop, r.ic, r.ac.mag]).toEqual(['halt', '00146', '000000000005']);
    expect(JSON.parse(cli(['run', '--load', image, '--start', '146', '--dump', 'json']).stdout).instructions).toBe(1);
  });

  it('stops a runaway program at the instruction limit', () => {
    const loop = write('loop.oct', '00100 +002000000100\n');
    const r = cli(['run', '--load', loop, '--start', '100', '--max-instructions', '5000', '--dump', 'json']);
    const d = JSON.parse(r.stdout);
    expect(d.stop).toBe('limit');
    expect(d.instructions).toBe(5000);
    expect(d.cycles).toBe(10000);
    // a runaway is not a halt: the documented exit code 3 (issue 13)
    expect(r.status).toBe(3);
    const halted = cli(['run', '--load', add, '--start', '100']);
    expect(halted.status).toBe(0);
  });

  it('refuses an image that does not fit the core instead of wrapping it', () => {
    const high = write('high.oct', '00100 +002000000100\n10000 +000000000001\n');
    const r = cli(['run', '--load', high, '--start', '100', '--core', '4k']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${high}: word at 10000 is beyond this 4096-word core (00000-07777) and would wrap onto 00000; give a larger --core`);
  });

  it('with --strict stops on an unassigned code with the address, the word and exit code 2; without, runs it as the 704 did', () => {
    const bad = write('bad.oct', '00100 +050000001000 +013100000000\n');
    const r = cli(['run', '--load', bad, '--start', '100', '--strict']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('illegal operation at 00101: +013100000000');
    expect(cli(['run', '--load', bad, '--start', '100']).status).toBe(0); // a conditional transfer, then HTR
  });

  it('names file, line and column of a malformed image', () => {
    const bad = write('typo.oct', '00100 +050000001000\n00101 +05000000100\n');
    const r = cli(['run', '--load', bad]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${bad}:2:7: "+05000000100" is not a word`);
  });

  it('writes what the program printed, and keeps a tape it wrote', () => {
    // WPR; 24 CPYs of a row image punching "7" in column 1 (row 7 left word: bit S); HTR.
    const tape = join(dir, 'out.tap');
    const words = [
      '+076600000361', // 100 WPR
      '+053400100200', // 101 LXA 200,1    XR1 = 24
      '+070000101050', // 102 CPY 1050,1   rows from 1020 (XR1 = 24) to 1047 (XR1 = 1)
      '+200001100102', // 103 TIX 102,1,1
      '+076600000222', // 104 WTB 2
      '+070000001000', // 105 CPY 1000
      '+000000000106', // 106 HTR 106
    ];
    const img = write('p.oct', [
      `00100 ${words.join(' ')}`,
      '00200 +000000000030',
      // Row order 9L 9R 8L 8R 7L ...: 7L is the fifth word; bit S is column 1.
      '01024 -000000000000',
      '01000 +123456701234',
    ].join('\n'));
    const printed = join(dir, 'printer.txt');
    const r = cli(['run', '--load', img, '--start', '100', '--printer', printed, '--tape', `2=${tape}`, '--dump', 'json']);
    expect(JSON.parse(r.stdout).stop).toBe('halt');
    expect(readFileSync(printed, 'utf8')).toBe('7\n');
    // formats.md §4.2: length 6, the frames of 123456701234 with odd parity, length 6.
    expect([...readFileSync(tape)]).toEqual([6, 0, 0, 0, 0x4a, 0x1c, 0x6e, 0x38, 0x4a, 0x1c, 6, 0, 0, 0]);
  });

  it('--boot tape3 presses LOAD TAPE on tape 3: its first two words to 0 and 1, then starts at 0', () => {
    const tape = join(dir, 'boot.tap');
    // HTR 0 at location 0, and a data word that should land in location 1.
    writeTapeFile(tape, [wordsToRecord([0, 0o123], 'binary')]);
    const r = cli(['run', '--boot', 'tape3', '--tape', `3=${tape}:ro`, '--dump', 'json', '--dump-mem', '0-1']);
    const d = JSON.parse(r.stdout);
    expect(d.stop).toBe('halt');
    expect(d.ic).toBe('00000');
    expect(d.memory).toEqual({ '00000': '+000000000000', '00001': '+000000000123' });
    expect(cli(['run', '--boot', 'tape11']).stderr).toContain('--boot: "tape11" is not cards, tapeN (1-10) or drumN (1-8)');
  });
});
