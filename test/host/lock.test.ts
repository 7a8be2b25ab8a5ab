// One writer at a time (host/lock.ts): a live holder is refused by name, a dead holder's lock is
// taken back, a lock is released by its holder only. The processes of a real race are in
// test/checkers-host/savedstate.test.ts.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_LOCKED, LockedError, takeLock } from '../../src/host/lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'lock-'));
/** The pid of a process that has ended. */
const deadPid = (): number => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

describe('takeLock', () => {
  it('a second taker is refused with the holder named and exit code 75; after release it gets the lock', () => {
    const file = join(dir, 'a.lock');
    const lock = takeLock(file, 'tape a', 'selfplay --learning a.tap');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname(), command: 'samuel704 selfplay --learning a.tap' });
    let refusal: unknown;
    try {
      takeLock(file, 'tape a');
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(LockedError);
    expect((refusal as LockedError).exitCode).toBe(EXIT_LOCKED);
    expect((refusal as Error).message).toMatch(new RegExp(`^tape a is in use by process ${process.pid} \\(samuel704 selfplay --learning a.tap, since .*\\) \\(lock ${file}\\)`));
    lock.release();
    expect(existsSync(file)).toBe(false);
    takeLock(file, 'tape a').release();
  });

  it('the lock of a holder that died (SIGKILL leaves it) is taken back at once', () => {
    const file = join(dir, 'b.lock');
    const pid = deadPid();
    writeFileSync(file, JSON.stringify({ pid, host: hostname(), command: 'samuel704 selfplay', started: '2026-01-01T00:00:00Z' }));
    const lock = takeLock(file, 'tape b');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('taking back a dead holder\'s lock removes the temp files it left half written beside it, and only those', () => {
    const beside = join(dir, 'e');
    mkdirSync(beside);
    const file = join(beside, 'session.lock');
    const pid = deadPid();
    writeFileSync(file, JSON.stringify({ pid, host: hostname(), command: 'samuel704 selfplay', started: '2026-01-01T00:00:00Z' }));
    const theirs = [`.session.json.${pid}.40c17c57.tmp`, `.learning.tap.${pid}.0badf00d.tmp`, `session.lock.${pid}.tmp`, `session.lock.takeover.${pid}.tmp`, `session.lock.${pid}.takeover.tmp`];
    const kept = ['session.json', `.session.json.${process.pid}.12345678.tmp`, `.session.json.${pid}1.12345678.tmp`, `notes.${pid}.tmp`];
    for (const f of [...theirs, ...kept]) writeFileSync(join(beside, f), 'x');
    const lock = takeLock(file, 'session directory e');
    expect(readdirSync(beside).sort()).toEqual([...kept, 'session.lock'].sort());
    lock.release();
  });

  it('a live holder\'s temp files are left alone (pid 1 is alive): its lock is not taken', () => {
    const beside = join(dir, 'f');
    mkdirSync(beside);
    const file = join(beside, 'session.lock');
    writeFileSync(file, JSON.stringify({ pid: 1, host: hostname(), command: 'init', started: 'boot' }));
    writeFileSync(join(beside, '.session.json.1.12345678.tmp'), 'x');
    expect(() => takeLock(file, 'session directory f')).toThrow(LockedError);
    expect(existsSync(join(beside, '.session.json.1.12345678.tmp'))).toBe(true);
  });

  it('a lock of another host is kept: the refusal says to remove it if that process is gone', () => {
    const file = join(dir, 'c.lock');
    writeFileSync(file, JSON.stringify({ pid: 1, host: 'elsewhere', command: 'samuel704 selfplay', started: 'then' }));
    expect(() => takeLock(file, 'tape c')).toThrow(`tape c is in use by process 1 on elsewhere (samuel704 selfplay, since then) (lock ${file}); wait for it to finish, or stop it — if that process is gone, remove ${file}`);
  });

  it('release leaves a lock another run took back', () => {
    const file = join(dir, 'd.lock');
    const lock = takeLock(file, 'tape d');
    const theirs = JSON.stringify({ pid: 1, host: hostname(), command: 'another', started: 'now' });
    writeFileSync(file, theirs);
    lock.release();
    expect(readFileSync(file, 'utf8')).toBe(theirs);
  });
});
