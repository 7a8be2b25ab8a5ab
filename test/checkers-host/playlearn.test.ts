// play --learn: Alpha learns while it plays a person (*LEARN PERSON, *LEARN TAPE): the game's
// result counted on the learning tape, the new tape put in place after the game; --learn and
// --learning together are an error.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLearningTape } from '../../src/checkers/learning/learningTape.ts';

const cli = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('play --learn', () => {
  const dir = mkdtempSync(join(tmpdir(), 'playlearn-'));

  it('Alpha plays the 704\'s side, learns, and its state goes on the learning tape after the game', () => {
    const tape = join(dir, 'alpha.tap');
    const deck = join(dir, 'empty.deck');
    writeFileSync(deck, '');
    // White (the 704) takes Black's last man at once: a won game for Alpha
    const r = cli(['play', '--program-plays', 'white', '--fen', 'W:W18:B15', '--deck', deck, '--learn', tape]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('LEARN PERSON - ALPHA LEARNS IN GAMES WITH A PERSON');
    expect(r.stdout).toContain('ALPHA WINS - AGAINST A PERSON');
    expect(r.stderr).toContain(`${tape}: Alpha's new polynomial`);
    const s = readLearningTape(tape).state!;
    expect([s.games, s.wins, s.losses, s.blackMarks]).toEqual([1, 1, 0, 0]);
    expect(s.alphaNext).toBe('WHITE'); // the self-play colour is left as it was
    expect(s.beta.map((b) => b.coefficient)).toEqual(Array(16).fill(2 ** 18)); // Beta takes nothing from a person's game
  });

  it('--learn and --learning together are an error', () => {
    const r = cli(['play', '--learn', '--learning', 'start']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('give one of them');
  });
});
