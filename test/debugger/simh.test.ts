// The SIMH commands of the debugger: d and e, boot, set and show, do, save and restore.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordsToRecord, writeTapeFile } from '../../src/devices/tapeImage.ts';
import { debug, reply, SUM, tmp } from './helpers.ts';

describe('debug: SIMH commands', () => {
  it('d deposits and e examines; set and show hand over to sense, regs and attach', async () => {
    const t = await debug([SUM], ['d SUM 5', 'e SUM', 'set sense 2 on', 'show sense', 'show cpu', 'show units', 'show nothing'].join('\n'));
    expect(reply(t, 'd SUM 5')).toBe(reply(t, 'e SUM'));
    expect(reply(t, 'e SUM')).toMatch(/^00215 SUM +\+000000000005/);
    expect(reply(t, 'show sense')).toBe('sense switches: 1 off  2 on  3 off  4 off  5 off  6 off');
    expect(reply(t, 'show cpu')).toMatch(/^IC {2}00144 START/);
    expect(reply(t, 'show units')).toContain('reader');
    expect(reply(t, 'show nothing')).toMatch(/^error: show nothing: not known here \(cpu, registers, /);
  });

  it('save writes the machine to a file; restore brings it back, core and registers', async () => {
    const file = join(tmp, 'machine.json');
    const t = await debug([SUM], ['step 3', 'd SUM 5', 'save ' + file, 'd SUM 7', 'step', 'restore ' + file, 'e SUM', 'regs', 'restore ' + SUM].join('\n'));
    expect(reply(t, `save ${file}`)).toBe(`saved the machine to ${file}`);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { format: string; core: number; registers: { ic: number; instructions: number }; memory: Record<string, string> };
    expect([saved.format, saved.core, saved.registers.instructions, saved.memory['00215']]).toEqual(['samuel704 machine', 32768, 3, '+000000000005']);
    expect(reply(t, 'e SUM')).toMatch(/^00215 SUM +\+000000000005/);
    expect(reply(t, `restore ${file}`)).toContain(`=> ${saved.registers.ic.toString(8).padStart(5, '0')} `);
    expect(reply(t, `restore ${SUM}`)).toMatch(/^error: .*sum\.sap: not a saved machine/);
  });

  it('do runs a file of commands, echoing each, and stops at the first that fails', async () => {
    const script = join(tmp, 'do.txt');
    writeFileSync(script, '# a comment\nd SUM 3\nnosuch\ne SUM\n');
    const t = await debug([SUM], `do ${script}\ne SUM`);
    const answer = reply(t, `do ${script}`);
    expect(answer).toContain(`(${script}:2) d SUM 3\n00215 SUM`);
    expect(answer).toContain(`(${script}:3) nosuch\nerror: unknown command "nosuch"`);
    expect(answer).toMatch(new RegExp(`${script}:3: stopped here$`));
    expect(answer).not.toContain(`(${script}:4)`);
    expect(reply(t, 'e SUM')).toMatch(/^00215 SUM +\+000000000003/);
  });

  it('boot mt1 presses LOAD TAPE: the first record into 0 and 1, the IC at 0', async () => {
    const tape = join(tmp, 'boot.tap');
    writeTapeFile(tape, [wordsToRecord([0, 0o123], 'binary')]);
    const t = await debug([SUM], [`attach tape 1 ${tape} ro`, 'boot mt1', 'e 1', 'boot mt11'].join('\n'));
    expect(reply(t, 'boot mt1')).toMatch(/^LOAD pressed: mt1\n=> 00000 /);
    expect(reply(t, 'e 1')).toMatch(/^00001 .*\+000000000123/);
    expect(reply(t, 'boot mt11')).toMatch(/^error: "mt11" is not a unit to boot/);
  });
});
