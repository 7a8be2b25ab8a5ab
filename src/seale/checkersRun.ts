// Seale's system on the 704's checkers program (docs/seale.md), driven from the host: learning
// games under `*LEARN SEALE TAPE`, one `*SELF` card at a time, the learning state kept on tape 4
// after every game; and his effectiveness test, `*LEARN SEALE TEST` with a saved state on tape 3.
// The host only feeds cards, mounts tapes and reads the printer: every move, every coefficient
// change and every result is the 704's.

import { CheckersSession, type Event } from '../checkers/program/session.ts';
import { TapeUnit } from '../devices/tape.ts';
import type { TapeEntry } from '../devices/tapeImage.ts';

export type SealeResult = 'won' | 'lost' | 'drawn';

export interface SealeGame {
  /** The game's number under his system (1 up). */
  game: number;
  alpha: 'black' | 'white';
  /** Alpha's result, as the 704 judged it. */
  result: SealeResult;
  /** Alpha's coefficients after the game (the 704's `SEALE A` lines). */
  coefficients: number[];
  /** Parameter (1-25) his two-losses rule set to 0 after this game, if any. */
  zeroed: number | null;
  betaAdopted: boolean;
  /** Clamp hits so far (the learner's count since the state was made). */
  clampHits: number;
  plies: number;
  /** How the game ended (the GAME OVER line's reason). */
  reason: string;
  seconds704: number;
  wallMs: number;
  /** Tape 4 after the game: the learner's state, to start a test from. */
  tape: TapeEntry[];
}

/** What the 704 printed for one game under his system, from its lines. */
export function parseSealeGame(lines: readonly string[]): Omit<SealeGame, 'seconds704' | 'wallMs' | 'tape'> & { start: number[] | null } {
  const nums = (l: string): number[] => l.replace(/^SEALE A/, '').trim().split(/\s+/).map(Number);
  const aLines = (from: number): number[] => [...nums(lines[from + 1] ?? ''), ...nums(lines[from + 2] ?? '')];
  const newAt = lines.indexOf('SEALE NEW COEFFICIENTS');
  const plays = lines.map((l) => /^SEALE ALPHA PLAYS (BLACK|WHITE) - (?:LEARNING|TEST) GAME (\d+)$/.exec(l)).find((m) => m);
  const resultLine = lines.find((l) => /^SEALE (ALPHA WINS|ALPHA LOSES|DRAWN)$/.test(l));
  const after = lines.findIndex((l) => l.startsWith('SEALE ALPHA AFTER GAME'));
  const zero = lines.map((l) => /^SEALE COEFFICIENT ZEROED (\d+)$/.exec(l)).find((m) => m);
  const over = lines.find((l) => l.startsWith('GAME OVER - '));
  if (!plays || !resultLine || !over) throw new Error(`the 704 printed no complete game under Seale's system:\n${lines.slice(-8).join('\n')}`);
  return {
    start: newAt >= 0 ? aLines(newAt) : null,
    game: Number(plays[2]),
    alpha: plays[1] === 'BLACK' ? 'black' : 'white',
    result: resultLine.includes('WINS') ? 'won' : resultLine.includes('LOSES') ? 'lost' : 'drawn',
    coefficients: after >= 0 ? aLines(after) : [],
    zeroed: zero ? Number(zero[1]) : null,
    betaAdopted: lines.includes('SEALE BETA ADOPTS ALPHA'),
    clampHits: after >= 0 ? Number(/CLAMP HITS (\d+)/.exec(lines[after]!)?.[1] ?? 0) : 0,
    plies: lines.filter((l) => /^MOVE \d+ /.test(l)).length,
    reason: over.replace(/^GAME OVER - /, ''),
  };
}

function tapes(session: CheckersSession, state: TapeEntry[] | null): TapeUnit {
  const t3 = new TapeUnit(3);
  t3.mount(state ? [...state] : [], { readOnly: true });
  session.machine.io.attachTape(3, t3);
  const t4 = new TapeUnit(4);
  t4.mount([]);
  session.machine.io.attachTape(4, t4);
  return t4;
}

async function playOne(session: CheckersSession, t4: TapeUnit): Promise<{ lines: string[]; seconds704: number; wallMs: number }> {
  const s0 = session.seconds;
  const w0 = performance.now();
  session.feed('*SELF');
  const r = await session.run();
  if (r.stop !== 'input') throw new Error(`the 704 stopped during a game: ${r.message}`);
  void t4;
  return { lines: r.events.map((e: Event) => e.text), seconds704: session.seconds - s0, wallMs: performance.now() - w0 };
}

export interface LearningRun {
  /** Alpha's coefficients as the 704 printed them before the first game. */
  start: number[];
  games: SealeGame[];
}

/** `games` learning games from a new state (seed_sav 2: his start vector). */
export async function sealeLearningGames(games: number, onGame?: (g: SealeGame) => void): Promise<LearningRun> {
  const session = new CheckersSession(['*LEARN SEALE TAPE'], false);
  const t4 = tapes(session, null);
  const boot = await session.run();
  if (boot.stop !== 'input') throw new Error(`the 704 stopped: ${boot.message}`);
  let start: number[] = [];
  const out: SealeGame[] = [];
  for (let g = 0; g < games; g++) {
    const { lines, seconds704, wallMs } = await playOne(session, t4);
    const p = parseSealeGame(lines);
    if (p.start) start = p.start;
    const { start: _s, ...rest } = p;
    const game: SealeGame = { ...rest, seconds704, wallMs, tape: [...t4.entries] };
    out.push(game);
    onGame?.(game);
  }
  return { start, games: out };
}

/** His effectiveness test: Alpha's coefficients from a saved state against Beta's zeros, learning off. */
export async function sealeTestGame(state: TapeEntry[]): Promise<SealeGame> {
  const session = new CheckersSession(['*LEARN SEALE TEST'], false);
  const t4 = tapes(session, state);
  const boot = await session.run();
  if (boot.stop !== 'input') throw new Error(`the 704 stopped: ${boot.message}`);
  const { lines, seconds704, wallMs } = await playOne(session, t4);
  const { start: _s, ...rest } = parseSealeGame(lines);
  return { ...rest, seconds704, wallMs, tape: state };
}
