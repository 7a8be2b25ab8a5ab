// `samuel704 asm` and `samuel704 disasm` as the CLI registers them.

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAsmCommands } from '../../src/asm/cli.ts';
import { runCli } from '../cliCapture.ts';

const dir = mkdtempSync(join(tmpdir(), 'asmcli-'));
const PROG = '       ORG 100\nSTART  CLA X\n       HTR START\nX      DEC 7\n       END START\n';

const run = (...args: string[]) => runCli(registerAsmCommands, args);

afterEach(() => { process.exitCode = undefined; });

describe('asm and disasm commands', () => {
  const src = join(dir, 'prog.sap');
  writeFileSync(src, PROG);

  it('writes the deck, listing, image and symbols and succeeds', async () => {
    const r = await run('asm', src, '-o', join(dir, 'prog.cbn'), '--listing', join(dir, 'prog.lst'), '--image', join(dir, 'prog.oct'), '--symbols', join(dir, 'prog.json'));
    expect(r.code).toBeUndefined();
    expect(r.out).toBe('');
    for (const f of ['prog.cbn', 'prog.lst', 'prog.oct', 'prog.json']) expect(existsSync(join(dir, f))).toBe(true);
    expect(readFileSync(join(dir, 'prog.lst'), 'utf8')).toContain('00144  0 50000 0 00146 START  CLA X');
    expect(JSON.parse(readFileSync(join(dir, 'prog.json'), 'utf8')).symbols.X).toBe('00146');
  });

  it('prints the listing when no output is named, and fails with the diagnostics on errors', async () => {
    const ok = await run('asm', src);
    expect(ok.out).toContain('START  CLA X');
    const bad = join(dir, 'bad.sap');
    writeFileSync(bad, '       CLA NOWHERE\n       END\n');
    const r = await run('asm', bad, '--image', join(dir, 'bad.oct'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${bad}:1:12: warning: NOWHERE is longer than six characters`);
    expect(r.err).toContain(`${bad}:1:12: error: undefined symbol OWHERE (flag U)\n         CLA NOWHERE\n             ^`);
    expect(r.err).toContain('1 error');
  });

  it('disassembles an image and a deck, naming addresses from the symbol map', async () => {
    const img = await run('disasm', join(dir, 'prog.oct'), '--symbols', join(dir, 'prog.json'));
    expect(img.out).toContain('00144 +050000000146  START  CLA X');
    expect(img.out).toContain('00145 +000000000144         HTR START');
    const deck = await run('disasm', join(dir, 'prog.cbn'));
    expect(deck.out).toContain('card 1 (not an absolute card):');
    expect(deck.out).toContain('00146 +000000000007         HTR 7');
    expect(deck.out).toContain('transfer to 00144');
  });

  it('a failed assembly leaves the good outputs of the last one as they were; --write-on-error writes them (issue 13)', async () => {
    const [deck, image, symbols] = [join(dir, 'keep.cbn'), join(dir, 'keep.oct'), join(dir, 'keep.json')];
    expect((await run('asm', src, '-o', deck, '--image', image, '--symbols', symbols)).code).toBeUndefined();
    const good = [deck, image, symbols].map((f) => readFileSync(f));
    const broken = join(dir, 'broken.sap');
    writeFileSync(broken, '       ORG 100\n       CLA NOWHERE\n       END\n');
    const r = await run('asm', broken, '-o', deck, '--image', image, '--symbols', symbols);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`1 error; nothing written to ${deck}, ${image}, ${symbols}`);
    expect([deck, image, symbols].map((f) => readFileSync(f))).toEqual(good);
    expect((await run('asm', broken, '-o', deck, '--write-on-error')).code).toBe(1);
    expect(readFileSync(deck)).not.toEqual(good[0]);
  });

  it('a number beyond 15 bits and a program past 77777 are errors at file:line:column, not silent wraps (issue 13)', async () => {
    const f = join(dir, 'range.sap');
    writeFileSync(f, '       ORG 32766\n       TRA 40000\n       CLA 5\n       CLA 6\n       END\n');
    const r = await run('asm', f, '--no-loader', '-o', join(dir, 'range.cbn'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${f}:2:12: error: address out of range: 40000 is beyond the 15 bits of the field (0-32767, 77777 octal); UA SAP would keep 16100`);
    expect(r.err).toContain(`${f}:4:1: error: this word runs past the end of core (77777)`);
    expect(existsSync(join(dir, 'range.cbn'))).toBe(false);
  });

  it('a source that is a directory is named', async () => {
    const r = await run('asm', dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${dir}: cannot read the SAP source: it is a directory, not a file (EISDIR)`);
  });
});
