// The checkers commands as a user runs them: a child process, plain output (not a terminal).

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERFT, DATA } from '../data.ts';
import { readMemoryTape } from '../../src/checkers/rote/memoryTape.ts';
import { parsePdn } from '../../src/checkers/notation/pdn.ts';
import { parseFen, perft } from '../checkers/reference.ts';

const dir = mkdtempSync(join(tmpdir(), 'checkers-cli-'));
/** An empty state folder: no trained learning tape to play by default. */
const state = join(dir, 'state');
const cli = (args: string[], input = '') =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { encoding: 'utf8', input, env: { ...process.env, NO_COLOR: '1', SAMUEL704_STATE: state } });
const write = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

const published = new Map<number, number>(PERFT);

describe('samuel704 perft', () => {
  it('prints perft(d) = count for d = 1..n, as perft.tsv, with the 704 and wall time', () => {
    const r = cli(['perft', '7']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.map((l) => /^perft\(\d+\) = \d+/.exec(l)?.[0])).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => `perft(${d}) = ${published.get(d)}`));
    for (const l of lines) expect(l).toMatch(/ 704 +[\d.]+ (ms|s|min \d\d s)   wall [\d.]+ (ms|s)$/);
    expect(r.stderr).toMatch(/^704 time .*, wall .*\n$/);
  });

  it('from a --fen position: the 704 prints the board first; counts as the reference generator', () => {
    const fen = 'W:W18,K22:B1,2,K3';
    const r = cli(['perft', '3', '--fen', fen]);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('      b     b     B     .         1     2     3     4');
    expect(lines[8]).toBe('  Black 2 men, 1 king; White 1 man, 1 king; White to move');
    expect(lines.slice(9, 12).map((l) => l.split(/ {2,}/)[0])).toEqual([1, 2, 3].map((d) => `perft(${d}) = ${perft(parseFen(fen), d)}`));
  });

  it('reports the 704 rejecting a card and fails', () => {
    const r = cli(['perft', '13']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('error: the 704 rejected a card: BAD CARD - *PERFT 13\n');
  });

  it('refuses a depth that is not a whole number, which the 704 would read up to its first other character', () => {
    for (const n of ['2.5', '2x']) {
      const r = cli(['perft', n]);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`error: perft n: "${n}" is not a whole number ≥ 0\n`);
    }
  });
});

describe('samuel704 selfplay', () => {
  it('plays a game to its result, prints it compactly with a summary, saves PDN', () => {
    const pdn = join(dir, 'self.pdn');
    const r = cli(['selfplay', '--games', '1', '--pdn', pdn]);
    expect(r.status, r.stderr).toBe(0);
    const out = r.stdout.split('\n');
    expect(out[0]).toMatch(/^game 1 {2}GAME OVER - (BLACK WINS|WHITE WINS|DRAWN) - .* \((\d+) plies, 704 time .*\)$/);
    expect(out[1]).toMatch(/^1\. \d+[-x]\d+/);
    expect(r.stdout).toMatch(/\n1 game: Black won \d, drawn \d, lost \d; White won \d, drawn \d, lost \d\n[\d.]+ plies a game; 704 time .* a game\n$/);
    const { games, errors } = parsePdn(readFileSync(pdn, 'utf8'), pdn);
    expect(errors).toEqual([]);
    const plies = Number(/\((\d+) plies/.exec(out[0]!)![1]);
    expect(games[0]!.moves).toHaveLength(plies);
    const over = /GAME OVER - (\w+)/.exec(out[0]!)![1];
    expect(games[0]!.result).toBe({ BLACK: '1-0', WHITE: '0-1', DRAWN: '1/2-1/2' }[over!]);
  });

  it('learns by rote with --memory: the program\'s new memory tape replaces the old', () => {
    const tape = join(dir, 'memory.tap');
    const r = cli(['selfplay', '--games', '1', '--memory', tape]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ROTE ON - TAPE 1 BOARDS 0 RECORDS 0\ngame 1 /);
    expect(r.stdout).toMatch(/\nROTE TOTALS LOOK-UPS \d+ HITS \d+ PLIES GAINED \d+ TIME SAVED \d+ MS\nROTE OFF\n/);
    const saved = readMemoryTape(tape);
    expect(saved.complete).toBe(true);
    expect(r.stderr).toContain(`${tape}: new memory tape, ${saved.trailer!.boards} boards in ${saved.trailer!.records} records`);
    expect(saved.trailer!.boards).toBeGreaterThan(0);
  });
});

describe('samuel704 play', () => {
  it('plays the person\'s moves from a deck: the 704 rejects an illegal and a malformed card, the game goes on', () => {
    // Black's men on 1 and 2 move regardless of where White's lone king on 32 goes
    const deck = write('person.deck', '1-5\n1-6\n11/15\n2-6\n');
    const pdn = join(dir, 'play.pdn');
    const r = cli(['play', '--fen', 'B:WK32:B1,2', '--deck', deck, '--pdn', pdn]);
    expect(r.status, r.stderr).toBe(0);
    const said = r.stdout.split('\n').filter((l) => /^(move \d|the 704:|Black card)/.test(l));
    expect(said.slice(0, 7).map((l) => l.replace(/ {2}score.*/, ''))).toEqual([
      'Black card: 1-5',
      'move 1 you (Black): 1-5',
      expect.stringMatching(/^move 2 704 \(White\): 32-(27|28)$/),
      'Black card: 1-6',
      'the 704: ILLEGAL MOVE - 1-6 - enter another move (moves lists the legal ones, hint suggests one)',
      'Black card: 11/15',
      'the 704: BAD CARD - 11/15 - enter another move (moves lists the legal ones, hint suggests one)',
    ]);
    expect(said.slice(7, 9)).toEqual(['Black card: 2-6', 'move 3 you (Black): 2-6']);
    expect(said[2]).toMatch(/score [-+]?\d+, searched to ply \d+$/);
    const game = parsePdn(readFileSync(pdn, 'utf8')).games[0]!;
    expect(game.fen).toBe('B:WK32:B1,2');
    expect(game.moves.map((m) => m.text).filter((_, i) => i % 2 === 0)).toEqual(['1-5', '2-6']);
  });

  it('--learning plays a saved polynomial (*LEARN USE); a missing or foreign tape is refused before the 704 starts', () => {
    const deck = write('use.deck', '1-5\n');
    const r = cli(['play', '--fen', 'B:WK32:B1,2', '--deck', deck, '--learning', 'start']);
    expect(r.status, r.stderr).toBe(0);
    // the 704's own lines: a blank tape 3 leaves the untrained first polynomial, learning off
    expect(r.stdout).toContain('LEARN TAPE 3 BLANK OR NOT A LEARNING TAPE');
    expect(r.stdout).toContain('LEARN USE - ALPHA POLYNOMIAL, LEARNING OFF');
    expect(r.stdout).toMatch(/move 2 704 \(White\): 32-(27|28)/);
    const missing = cli(['play', '--deck', deck, '--learning', join(dir, 'none.tap')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`${join(dir, 'none.tap')}: no such learning tape`);
    const foreign = cli(['play', '--deck', deck, '--learning', deck]);
    expect(foreign.status).toBe(1);
    expect(foreign.stderr).toContain(`${deck}: not a learning tape`);
  });

  it('--rote learns on the state folder\'s memory.tap, first copied from the bundled tape, which stays as it was', () => {
    const home = mkdtempSync(join(tmpdir(), 'checkers-rote-home-'));
    const bundled = readFileSync('tapes/memory.tap');
    const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), join(process.cwd(), 'src/cli/index.ts'), 'play', '--fen', 'B:WK32:B1,2', '--deck', write('rote.deck', '1-5\n'), '--rote'],
      { encoding: 'utf8', cwd: home, env: { ...process.env, NO_COLOR: '1', SAMUEL704_STATE: home } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${join(home, 'memory.tap')}: new memory tape, `);
    expect(readMemoryTape(join(home, 'memory.tap')).complete).toBe(true);
    expect(readFileSync(join(home, 'memory.tap')).equals(bundled)).toBe(false); // the copy learnt
    expect(readFileSync('tapes/memory.tap').equals(bundled)).toBe(true);
  });

  it('typed moves from a pipe: help, board from the 704, resign after a confirmation', () => {
    const r = cli(['play', '--program-plays', 'black'], 'help\nboard\nresign\nno\nresign\ny\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^You play White, the 704 plays Black/);
    expect(r.stdout).toContain('White to move> help\nType a move');
    expect(r.stdout).toMatch(/move 1 704 \(Black\): \d+-\d+ {2}score/);
    expect(r.stdout).toContain('The score is the 704\'s own estimate');
    expect(r.stdout).toContain("the 704's board, White to move:");
    expect(r.stdout).toContain('Sure? (y/N) no\nnot resigned; the game goes on');
    expect(r.stdout).toContain('GAME OVER - BLACK WINS - WHITE CONCEDES');
  });

  it('one Enter a move; moves and hint are the 704\'s; back takes a move back and the game goes on from there', () => {
    const pdn = join(dir, 'back.pdn');
    const r = cli(['play', '--pdn', pdn], 'moves\nhint\n11-15\nback\n9-14\nquit\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("the 704's legal moves: 12-16  11-15  10-14  9-13  11-16  10-15  9-14");
    expect(r.stdout).toMatch(/Black to move> hint\nthe 704 would play \d+-\d+ {2}\(score [-+]?\d+, searched to ply \d+\)/);
    expect(r.stdout).toContain('Black to move> 11-15\n\nmove 1 you (Black): 11-15');
    expect(r.stdout).toContain('taken back: the game is at move 1, Black to move');
    const game = parsePdn(readFileSync(pdn, 'utf8')).games[0]!;
    expect(game.moves.map((m) => m.text)[0]).toBe('9-14');
    expect(game.moves).toHaveLength(2);
  });

  it('--color, which read like a colour switch, is refused with the new spelling', () => {
    const r = cli(['play', '--color', 'black']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--color is now --program-plays');
    expect(r.stderr).toContain('--program-plays black');
  });

  it('plays the learning tape npm start trained when there is one, and says so', () => {
    const trained = join(dir, 'trained');
    mkdirSync(join(trained, 'selfplay'), { recursive: true });
    writeFileSync(join(trained, 'selfplay', 'learning.tap'), readFileSync('tapes/learning.tap'));
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'play', '--fen', 'B:WK32:B1,2', '--deck', write('trained.deck', '1-5\n')],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', SAMUEL704_STATE: trained } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`the 704 plays Alpha's polynomial from ${join(trained, 'selfplay', 'learning.tap')} (3 learning games of npm start)`);
    expect(r.stdout).toContain('LEARN USE - ALPHA POLYNOMIAL, LEARNING OFF');
  });
});

describe('samuel704 book', () => {
  it('follows the first Tinsley game and prints L, H and C per game and overall', () => {
    const deck = join(dir, 'g1.deck');
    const r = cli(['book', join(DATA, 'tinsley.pdn'), '--game', '1', '--deck-out', deck]);
    expect(r.status, r.stderr).toBe(0);
    const [head, summary, overall] = r.stdout.trim().split('\n');
    expect(head).toBe('game 1 (MF Tinsley - M Rex)  1/2-1/2  56 plies (28 moves)');
    const m = /^ {2}BOOK {2}L (\d+) H (\d+) C ([-+]\d\.\d{3})$/.exec(summary!);
    expect(m, summary).not.toBeNull();
    expect(overall).toBe(`overall  1 game  L ${m![1]} H ${m![2]} C ${m![3]}`);
    // the two Tinsley games whose comments lost their braces are read, and where is said
    expect(r.stderr).not.toMatch(/^skipped:/m);
    expect(r.stderr.match(/^recovered: .*tinsley\.pdn:\d+:\d+: game \d+: /gm)).toHaveLength(2);
    // the deck written runs the same book from a file
    expect(readFileSync(deck, 'utf8').split('\n').slice(0, 3)).toEqual(['*BOOK', '11-15', '23-18']);
    const again = cli(['book', deck]);
    expect(again.stdout).toBe(`game 1\n${summary}\n${overall}\n`);
  });

  it('follows a book game past the 70-move limit of the program\'s own games, to the book\'s last move', () => {
    const pdn = parsePdn(readFileSync(join(DATA, 'tinsley.pdn'), 'utf8'));
    const r = cli(['book', join(DATA, 'tinsley.pdn'), '--game', '7', '--verbose']);
    expect(r.status, r.stderr).toBe(0);
    const [head, ...rest] = r.stdout.trim().split('\n');
    const plies = Number(/ (\d+) plies \(\d+ moves\)$/.exec(head!)![1]);
    expect(plies).toBeGreaterThan(70);
    const moveLines = rest.filter((l) => /^ +\d+ (Black|White) /.test(l));
    expect(moveLines.map((l) => Number(l.trim().split(' ')[0]))).toEqual(Array.from({ length: plies }, (_, i) => i + 1));
    // the book's moves, in order, by their squares (the file writes some plain moves with an x)
    const squares = (move: string): string => move.split(/[-x]/).join(' ');
    const game = pdn.games.find((g) => g.tags.get('Black') === 'M Chamblee' && g.moves.length === plies)!;
    expect(moveLines.map((l) => squares(l.trim().split(/ +/)[2]!))).toEqual(game.moves.map((m) => squares(m.text)));
  });

  it('follows a book game through a position met three times, to the book\'s last move (issue 13: Tinsley - Chinook)', () => {
    const game = parsePdn(readFileSync(join(DATA, 'tinsley.pdn'), 'utf8')).games.find((g) => g.index === 681)!;
    const r = cli(['book', join(DATA, 'tinsley.pdn'), '--game', '681', '--verbose']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/REPETITION|still to come/);
    const moveLines = r.stdout.split('\n').filter((l) => /^ +\d+ (Black|White) /.test(l));
    expect(moveLines).toHaveLength(game.moves.length);
  });

  it('--memory: the book game\'s positions are saved with the program\'s scores; following it again finds them', () => {
    const tape = join(dir, 'book-memory.tap');
    const first = cli(['book', join(DATA, 'tinsley.pdn'), '--game', '1', '--memory', tape]);
    expect(first.status, first.stderr).toBe(0);
    const t1 = readMemoryTape(tape);
    expect(t1.complete, t1.problems.join('; ')).toBe(true);
    const boards1 = t1.records.flatMap((r) => r.boards);
    // at most one board a position of the game - the 56 before the book moves and the one after the
    // last, which the program searches too; colour-reversed twins and repeats counted once. All of
    // them reach the tape: *END merges what is not on tape yet
    expect(boards1.length).toBeGreaterThan(40);
    expect(boards1.length).toBeLessThanOrEqual(57);
    expect(first.stderr).toContain(`${tape}: new memory tape, ${boards1.length} boards`);
    const again = cli(['book', join(DATA, 'tinsley.pdn'), '--game', '1', '--memory', tape]);
    expect(again.status, again.stderr).toBe(0);
    const t2 = readMemoryTape(tape);
    expect(t2.complete, t2.problems.join('; ')).toBe(true);
    // the same positions: saved again, so refreshed (younger), not added
    const key = (b: { w1: number; w2: number; w3: number }): string => `${b.w1} ${b.w2} ${b.w3}`;
    const boards2 = new Map(t2.records.flatMap((r) => r.boards).map((b) => [key(b), b]));
    expect(boards2.size).toBe(boards1.length);
    const younger = boards1.filter((b) => boards2.get(key(b))!.age < b.age).length;
    expect(younger).toBeGreaterThan(boards1.length / 2);
  });

  it('a PDN file none of whose games can be read is an error naming the file: each game\'s fault is said and nothing is played', () => {
    const pdn = write('unreadable.pdn', ['[Event "x"]', '1. 11-15 23-19 2. 8-11 99-14 *', ''].join('\n'));
    const r = cli(['book', pdn]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`skipped: ${pdn}:2:24: square 99 in "99-14" is not 1-32`);
    expect(r.stderr).toContain(`error: ${pdn}: no game could be read (1 skipped), so there is nothing to follow`);
    expect(r.stdout).not.toMatch(/overall/);
  });

  it('reports an illegal book move with its game and move, and goes on with the next game', () => {
    const pdn = write('games.pdn', [
      '[Event "bad"]', '[Black "A"]', '[White "B"]', '1. 11-15 23-18 2. 15-18 {18 is taken} 22-17 1-0', '',
      '[Event "set up"]', '[FEN "W:W18,K22:B1,2,K3"]', '1... 18-14 1-5 2. 14-10 *', '',
    ].join('\n'));
    const r = cli(['book', pdn, '--verbose']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('game 1 (A - B)  1-0  4 plies (2 moves)');
    // each book move, its score, the program's choice and its score, H and L (the scores since issue 14)
    const VERBOSE = /^ +\d+ (Black|White) \S+ +[-+]?\d+ {2}program \S+ +[-+]?\d+ {2}H \d+ L \d+$/;
    for (const l of [...lines.slice(1, 3), ...lines.slice(6, 9)]) expect(l).toMatch(VERBOSE);
    expect(lines.slice(1, 3).map((l) => l.replace(/ +[-+]?\d+ +program.*/, ''))).toEqual(['    1 Black 11-15', '    2 White 23-18']);
    expect(lines[3]).toBe(`${pdn}:4:19: game 1 (A - B), move 2. 15-18: the 704 says ILLEGAL MOVE - 15-18; the rest of the game is skipped`);
    expect(lines[4]).toMatch(/^ {2}BOOK {2}L \d+ H \d+ C /);
    expect(lines[5]).toBe('game 2  *  3 plies (2 moves)'); // from White: 1... 18-14, 2. 1-5 14-10
    expect(lines.slice(6, 9).map((l) => l.replace(/ +[-+]?\d+ +program.*/, ''))).toEqual(['    1 White 18-14', '    2 Black 1-5', '    3 White 14-10']);
    expect(lines[9]).toMatch(/^ {2}BOOK {2}L \d+ H \d+ C /);
    const [l1, h1, l2, h2] = [lines[4]!, lines[9]!].flatMap((l) => /L (\d+) H (\d+)/.exec(l)!.slice(1).map(Number));
    expect(lines[10]).toMatch(new RegExp(`^overall {2}2 games {2}L ${l1! + l2!} H ${h1! + h2!} C `));
  });
});
