// The working modes as a user runs them (docs/checkers-game.md): play --console, play --tables,
// book --tape. A child process, plain output; each test a few moves.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTapeFile, recordToText } from '../../src/devices/tapeImage.ts';

const dir = mkdtempSync(join(tmpdir(), 'checkers-modes-'));
const state = join(dir, 'state');
const cli = (args: string[], input = '') =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { encoding: 'utf8', input, env: { ...process.env, NO_COLOR: '1', SAMUEL704_STATE: state } });

describe('play --console', () => {
  it('enters the person\'s moves on the entry keys; the 704 prints them as KEYS moves and refuses an illegal one', () => {
    const r = cli(['play', '--console', '--program-plays', 'white'], '11-15\n11-16\nmoves\n8-11\nquit\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('move 1 you (Black): 11-15');
    expect(r.stdout).toContain('the 704: ILLEGAL MOVE - KEYS 11-16');
    expect(r.stdout).toMatch(/the 704's legal moves: /); // a card, read with switch 1 up
    expect(r.stdout).toContain('move 3 you (Black): 8-11'); // back on the keys after the card
  });
});

describe('debug: the move on the console by hand', () => {
  it('sense 1 on, the program stops at its HPR; keys, enter mq, continue: the 704 plays the move from the keys and answers', () => {
    const script = ['card *PLAY WHITE', 'sense 1 on', 'continue', 'keys PZE 17,,13', 'enter mq', 'continue', 'printer 4'].join('\n');
    const r = cli(['debug', 'asm/checkers/main.sap', '--script', '-'], script);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.match(/halt: HPR at \d+/g)).toHaveLength(2); // waiting for Black's move, then for the next
    expect(r.stdout).toContain('MQ := entry keys 000013000017');
    expect(r.stdout).toMatch(/MOVE 1 BLACK 11-15 KEYS\nMOVE 2 WHITE \d+-\d+ SCORE /);
  });
});

describe('play --tables', () => {
  it('plays two games at once, each person\'s line routed to its table', () => {
    const r = cli(['play', '--tables', '2', '--program-plays', 'white'], '1 11-15\n2 9-13\n1 resign\nquit\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('table 1 move 1 person (Black): 11-15');
    expect(r.stdout).toContain('table 2 move 1 person (Black): 9-13');
    expect(r.stdout).toMatch(/table 1 move 2 704 \(White\)/);
    expect(r.stdout).toMatch(/table 2 move 2 704 \(White\)/);
    expect(r.stdout).toContain('table 1 GAME OVER - WHITE WINS - BLACK CONCEDES');
    expect(r.stdout).toMatch(/table 2 unfinished after 2 plies/);
  });

  it('refuses more than eight tables and --learn', () => {
    expect(cli(['play', '--tables', '9']).stderr).toMatch(/at most 8/);
    expect(cli(['play', '--tables', '2', '--learn']).stderr).toMatch(/does not go with --learn/);
  });
});

describe('book --tape', () => {
  it('the 704 reads the book from tape 7 and reports what it reports from cards; the tape holds the cards', () => {
    const pdn = join(dir, 'b.pdn');
    writeFileSync(pdn, '[Event "t"]\n[Result "*"]\n1. 11-15 23-19 2. 8-11 *\n');
    const tape = join(dir, 'book.tap');
    const fromTape = cli(['book', pdn, '--verbose', '--tape', tape]);
    const fromCards = cli(['book', pdn, '--verbose']);
    expect(fromTape.status, fromTape.stderr).toBe(0);
    const moves = (s: string) => s.split('\n').filter((l) => /^ +\d+ (Black|White)|BOOK {2}L|overall/.test(l));
    expect(moves(fromTape.stdout)).toHaveLength(5);
    expect(moves(fromTape.stdout)).toEqual(moves(fromCards.stdout));
    const records = readTapeFile(tape).flatMap((e) => (e.kind === 'record' ? [recordToText(e).trimEnd()] : ['(mark)']));
    expect(records).toEqual(['*BOOK', '11-15', '23-19', '8-11', '(mark)']); // one BCD card image a record
  });
});
