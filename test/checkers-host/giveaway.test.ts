// Give-away checkers from the command line (--giveaway): the card reaches the 704, its GAME OVER
// lines are parsed, the PDN marks the games [Variant "Give-away"], and the results agree with
// the final positions by the reference move generator (test/checkers/giveawayref.ts).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACF } from '../data.ts';
import { bookCards, parsePdn, type PdnGame } from '../../src/checkers/notation/pdn.ts';
import { parsePrintout } from '../../src/checkers/program/session.ts';
import { judgeGiveaway } from '../checkers/giveawayref.ts';
import { legalMoves, parseFen, startPosition, toFen, type Position } from '../checkers/reference.ts';

const dir = mkdtempSync(join(tmpdir(), 'checkers-giveaway-'));
const cli = (args: string[], input = '') =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { encoding: 'utf8', input, env: { ...process.env, NO_COLOR: '1', SAMUEL704_STATE: join(dir, 'state') } });

/** A PDN game's moves played on the reference position; each must be one legal move. */
function replay(g: PdnGame): Position {
  let pos = g.fen ? parseFen(g.fen) : startPosition();
  for (const m of g.moves) {
    const found = legalMoves(pos).filter((mv) => mv.path.join('-') === m.path.join('-'));
    expect(found, `${m.text} in ${toFen(pos)}`).toHaveLength(1);
    pos = found[0]!.result;
  }
  return pos;
}

/** The GAME OVER line the writer put in braces before the result. */
const overOf = (pdn: string, k: number): string => [...pdn.matchAll(/\{(GAME OVER[^}]*)\}/g)][k]![1]!;

const RESULT: Record<string, string> = { BLACK: '1-0', WHITE: '0-1' };
const resultOf = (over: string): string => RESULT[/^GAME OVER - (BLACK|WHITE) WINS/.exec(over)?.[1] ?? ''] ?? '1/2-1/2';

describe('the host reads give-away lines', () => {
  it('GAME OVER with (GIVE-AWAY) keeps winner and reason; the switch line is its own event', () => {
    const events = parsePrintout([
      'GIVE-AWAY CHECKERS ON', 'GAME OVER - WHITE WINS - WHITE CANNOT MOVE (GIVE-AWAY)', 'GAME OVER - DRAWN - EVEN AT 70 MOVES (GIVE-AWAY)',
      'GIVE-AWAY CHECKERS OFF', 'GAME OVER - BLACK WINS - WHITE CANNOT MOVE',
    ].join('\n'));
    expect(events.map((e) => e.kind)).toEqual(['variant', 'game-over', 'game-over', 'variant', 'game-over']);
    expect(events.map((e) => ('giveaway' in e ? e.giveaway : null))).toEqual([true, true, true, false, false]);
    expect(events.map((e) => ('winner' in e ? e.winner : undefined))).toEqual([undefined, 'white', null, undefined, 'black']);
  });

  it('book cards: a game tagged give-away is played so and followed by *GIVEAWAY OFF; --giveaway plays every game so', () => {
    const { games } = parsePdn('[Variant "Give-away"]\n1. 11-15 23-19 *\n\n[Event "x"]\n1. 9-13 *\n');
    expect(bookCards(games[0]!)).toEqual(['*GIVEAWAY ON', '*BOOK', '11-15', '23-19', '*GIVEAWAY OFF']);
    expect(bookCards(games[1]!)).toEqual(['*BOOK', '9-13']);
    expect(bookCards(games[1]!, true)).toEqual(['*GIVEAWAY ON', '*BOOK', '9-13']);
    expect(bookCards(games[0]!, true)).toEqual(['*GIVEAWAY ON', '*BOOK', '11-15', '23-19']);
  });
});

describe('samuel704 selfplay --giveaway', () => {
  const pdn = join(dir, 'self.pdn');
  const state = join(dir, 'session');
  let r: ReturnType<typeof cli>;
  beforeAll(() => {
    r = cli(['selfplay', '--giveaway', '--games', '3', '--openings', ACF, '--seed', '5', '--state', state, '--pdn', pdn]);
  });

  it('plays give-away games whose results agree with their final positions', () => {
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(pdn, 'utf8');
    const { games, errors } = parsePdn(text);
    expect(errors).toEqual([]);
    expect(games).toHaveLength(3);
    games.forEach((g, k) => {
      expect(g.tags.get('Variant')).toBe('Give-away');
      const over = overOf(text, k);
      expect(over).toMatch(/ \(GIVE-AWAY\)$/);
      expect(g.result).toBe(resultOf(over));
      expect(judgeGiveaway(replay(g), g.moves.length, over), `game ${k + 1}: ${over}`).toBe(true);
    });
  });

  it('the session keeps the variant: resuming asks for no flag, and a normal session refuses --giveaway', () => {
    const again = cli(['selfplay', '--state', state]);
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(state, 'session.json'), 'utf8')).settings.giveaway).toBe(true);
    const normal = join(dir, 'normal');
    expect(cli(['selfplay', '--state', normal, '--fen', 'B:W12,K30:B4']).status).toBe(0);
    const clash = cli(['selfplay', '--state', normal, '--giveaway', '--games', '2']);
    expect(clash.status).not.toBe(0);
    expect(clash.stderr).toContain('no --giveaway');
  });

  it('from the start position: one game, as the 704 printed it', () => {
    const one = join(dir, 'start.pdn');
    const s = cli(['selfplay', '--giveaway', '--pdn', one]);
    expect(s.status, s.stderr).toBe(0);
    const text = readFileSync(one, 'utf8');
    const g = parsePdn(text).games[0]!;
    expect(judgeGiveaway(replay(g), g.moves.length, overOf(text, 0))).toBe(true);
    expect(s.stdout).toContain(overOf(text, 0));
  });
});

describe('samuel704 play, book and match --giveaway', () => {
  it('play: the person takes the program\'s last man, and the program wins', () => {
    const pdn = join(dir, 'play.pdn');
    const r = cli(['play', '--giveaway', '--program-plays', 'white', '--fen', 'B:W19:B15', '--pdn', pdn], '15x24\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('GAME OVER - WHITE WINS - WHITE CANNOT MOVE (GIVE-AWAY)');
    const g = parsePdn(readFileSync(pdn, 'utf8')).games[0]!;
    expect([g.tags.get('Variant'), g.result]).toEqual(['Give-away', '0-1']);
  });

  it('book: the same book game ends the other way with --giveaway', () => {
    const file = join(dir, 'book.pdn');
    writeFileSync(file, '[FEN "B:W19:B15"]\n1. 15x24 *\n');
    const normal = cli(['book', file]);
    const give = cli(['book', '--giveaway', file]);
    expect(normal.stdout).toContain('GAME OVER - BLACK WINS - WHITE CANNOT MOVE\n');
    expect(give.stdout).toContain('GAME OVER - WHITE WINS - WHITE CANNOT MOVE (GIVE-AWAY)');
  });

  it('match: rapid-draughts is refused; against the program itself both machines play give-away', () => {
    const refused = cli(['match', '--giveaway', '--openings', ACF]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('rapid-draughts plays ordinary checkers only');
    const pdn = join(dir, 'match.pdn');
    const r = cli(['match', '--giveaway', '--opponent', '704', '--ballots', '1', '--seed', '3', '--openings', ACF, '--pdn', pdn]);
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(pdn, 'utf8');
    const { games } = parsePdn(text);
    expect(games).toHaveLength(2);
    games.forEach((g, k) => {
      expect(g.tags.get('Variant')).toBe('Give-away');
      expect(judgeGiveaway(replay(g), g.moves.length, overOf(text, k))).toBe(true);
    });
  });
});
