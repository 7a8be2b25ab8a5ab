// selfplay --learner seale's session (src/seale/session.ts): a run stopped after one game and
// resumed from its directory plays the second game exactly as an unbroken run does (the learner's
// state and rand()'s next value are on the tape); a new tape the journal does not record is not
// put in place.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LockedError, takeLock } from '../../src/host/lock.ts';
import { openSealeSession, runSealeSession } from '../../src/seale/session.ts';
import { SEALE_START } from '../../src/seale/tables.ts';

const dirs: string[] = [];
const fresh = (): string => { const d = mkdtempSync(join(tmpdir(), 'seale-')); dirs.push(d); return d; };
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

describe('selfplay --learner seale', () => {
  it('resumed after game 1, game 2 is the same as in an unbroken run', async () => {
    const log = (): void => {};
    const whole = fresh();
    const a = await runSealeSession({ dir: whole, games: 2, log });
    const split = fresh();
    await runSealeSession({ dir: split, games: 1, log });
    const b = await runSealeSession({ dir: split, games: 2, log });
    // the 704 time differs: tape 4 rewinds from where the last game left it
    const strip = (g: { wallSeconds: number; seconds704: number }) => ({ ...g, wallSeconds: 0, seconds704: 0 });
    expect(b.journal.games.map(strip)).toEqual(a.journal.games.map(strip));
    expect(a.journal.start).toEqual(SEALE_START); // his 25, from a fresh learning tape
    expect(readFileSync(join(whole, 'seale.tap'))).toEqual(readFileSync(join(split, 'seale.tap')));
    // a new tape no journal entry records is removed, one that it records is put in place
    writeFileSync(join(split, 'seale.tap.new'), 'not recorded');
    openSealeSession(split, 'seale-checkers');
    expect(() => readFileSync(join(split, 'seale.tap.new'))).toThrow();
    const tape = readFileSync(join(split, 'seale.tap'));
    rmSync(join(split, 'seale.tap'));
    writeFileSync(join(split, 'seale.tap.new'), tape);
    openSealeSession(split, 'seale-checkers');
    expect(readFileSync(join(split, 'seale.tap'))).toEqual(tape);
  }, 120_000);

  it('one writer per session directory: a second run is refused while the first holds it, and runs after', async () => {
    const dir = fresh();
    const held = takeLock(join(dir, 'session.lock'), 'a first run');
    await expect(runSealeSession({ dir, games: 1, log: () => {} })).rejects.toThrow(LockedError);
    held.release();
    const r = await runSealeSession({ dir, games: 1, log: () => {} });
    expect(r.journal.games).toHaveLength(1);
  });

  it('halma selfplay --learn --state: his first 15 from a fresh learning tape, a game kept in the journal', async () => {
    const r = await runSealeSession({ dir: fresh(), halma: 6, games: 1, log: () => {} });
    expect(r.journal.start).toEqual(SEALE_START.slice(0, 15));
    expect(r.journal.games).toHaveLength(1);
    expect(r.journal.games[0]!.coefficients).toHaveLength(15);
  }, 120_000);
});
