// Halma self-play under Seale's learner on the 704 (docs/halma.md): one session, a `*SELF` card a
// game, the 704's lines read back into games. Used by `samuel704 halma selfplay` and
// `reproduce seale-halma`.

import { HalmaSession } from './program.ts';
import { applyMove, startBoard, type HalmaBoard } from './board.ts';

export interface HalmaGame {
  game: number;
  alphaSide: 1 | 2;
  /** Alpha's result (the 704's). */
  result: 'won' | 'lost' | 'drawn';
  /** The GAME OVER line's reason. */
  reason: string;
  winner: 1 | 2 | null;
  plies: number;
  coefficients: number[];
  zeroed: number | null;
  betaAdopted: boolean;
  clampHits: number;
  /** The final position, followed from the MOVE lines. */
  board: HalmaBoard;
  seconds704: number;
  wallMs: number;
  lines: string[];
}

const nums = (l: string): number[] => l.replace(/^SEALE A/, '').trim().split(/\s+/).map(Number);

export function parseHalmaGame(n: number, lines: readonly string[]): Omit<HalmaGame, 'seconds704' | 'wallMs'> & { start: number[] | null } {
  const board = startBoard(n);
  let plies = 0;
  for (const l of lines) {
    const m = /^MOVE \d+ SIDE [12] ([A-L]\d+)-([A-L]\d+) /.exec(l);
    if (m) { applyMove(board, m[1]!, m[2]!); plies++; }
  }
  const newAt = lines.indexOf('SEALE NEW COEFFICIENTS');
  const plays = lines.map((l) => /^SEALE ALPHA PLAYS SIDE ([12]) - (?:LEARNING|TEST) GAME (\d+)$/.exec(l)).find(Boolean);
  const over = lines.map((l) => /^GAME OVER - (?:SIDE ([12]) WINS|DRAWN) - (.*)$/.exec(l)).find(Boolean);
  const res = lines.find((l) => /^SEALE (ALPHA WINS|ALPHA LOSES|DRAWN)$/.test(l));
  const after = lines.findIndex((l) => l.startsWith('SEALE ALPHA AFTER GAME'));
  const zero = lines.map((l) => /^SEALE COEFFICIENT ZEROED (\d+)$/.exec(l)).find(Boolean);
  if (!plays || !over || !res) throw new Error(`the 704 printed no complete halma game:\n${lines.slice(-6).join('\n')}`);
  return {
    start: newAt >= 0 ? nums(lines[newAt + 1] ?? '') : null,
    game: Number(plays[2]),
    alphaSide: Number(plays[1]) as 1 | 2,
    result: res.includes('WINS') ? 'won' : res.includes('LOSES') ? 'lost' : 'drawn',
    reason: over[2]!,
    winner: over[1] ? (Number(over[1]) as 1 | 2) : null,
    plies,
    coefficients: after >= 0 ? nums(lines[after + 1] ?? '') : [],
    zeroed: zero ? Number(zero[1]) : null,
    betaAdopted: lines.includes('SEALE BETA ADOPTS ALPHA'),
    clampHits: after >= 0 ? Number(/CLAMP HITS (\d+)/.exec(lines[after]!)?.[1] ?? 0) : 0,
    board,
    lines: [...lines],
  };
}

export interface HalmaRun {
  start: number[];
  games: HalmaGame[];
}

/** `games` self-play games on the n by n board; with `learn`, Seale's learner from a new state (his start vector). */
export async function halmaSelfPlay(o: { size: number; games: number; learn: boolean; depth?: number; extend?: number; onGame?: (g: HalmaGame) => void; session?: HalmaSession }): Promise<HalmaRun> {
  const cards = [`*HALMA ${o.size}`, ...(o.depth ? [`*DEPTH ${o.depth}`] : []), ...(o.extend !== undefined ? [`*EXTEND ${o.extend}`] : []), ...(o.learn ? ['*LEARN SEALE'] : [])];
  const session = o.session ?? new HalmaSession(cards);
  const boot = await session.run();
  if (!boot.waiting) throw new Error(`the 704 stopped: ${boot.lines.slice(-3).join(' / ')}`);
  if (boot.lines.includes('BAD CARD')) throw new Error(`the 704 refused a card: ${cards.join(', ')}`);
  let start: number[] = [];
  const games: HalmaGame[] = [];
  for (let g = 0; g < o.games; g++) {
    const s0 = session.seconds;
    const w0 = performance.now();
    session.feed('*SELF');
    const r = await session.run();
    if (!r.waiting) throw new Error('the 704 stopped during a game');
    const { start: st, ...rest } = parseHalmaGame(o.size, r.lines);
    if (st) start = st;
    const game: HalmaGame = { ...rest, seconds704: session.seconds - s0, wallMs: performance.now() - w0 };
    games.push(game);
    o.onGame?.(game);
  }
  return { start, games };
}
