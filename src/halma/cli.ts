// `samuel704 halma play|selfplay` - halma on the 704 (docs/halma.md): the host feeds cards and draws.

import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { guarded } from '../cli/style.ts';
import { writePicture } from '../pictures/file.ts';
import { applyMove, boardText, halmaScene, startBoard } from './board.ts';
import { HalmaSession } from './program.ts';
import { halmaSelfPlay } from './selfplay.ts';
import { runSealeSession, sealeTotals } from '../seale/session.ts';
import { makeFolder } from '../host/makeFolder.ts';

const sizeOf = (s: string): number => {
  const n = Number(s);
  if (![6, 8, 12].includes(n)) throw new Error(`--size ${s}: halma is played on 6, 8 or 12 squares a side`);
  return n;
};
const depthOf = (s: string): number => {
  const d = Number(s);
  if (!Number.isInteger(d) || d < 1 || d > 8) throw new Error(`--depth ${s}: 1 to 8`);
  return d;
};
const extendOf = (s: string): number => {
  const e = Number(s);
  if (!Number.isInteger(e) || e < 0 || e > 7) throw new Error(`--extend ${s}: 0 to 7`);
  return e;
};

export function registerHalmaCommands(program: Command): void {
  const halma = program.command('halma').description("Seale's halma on the 704 (docs/halma.md)");
  halma
    .command('play')
    .description('play the 704 at halma: type moves as FROM-TO (e.g. B2-C3); the 704 rejects illegal ones')
    .option('--size <n>', 'board size: 6, 8 or 12', '8')
    .option('--side <s>', 'the side you play: 1 (moves first, from the bottom left) or 2', '1')
    .option('--depth <d>', "the 704's search depth (1-8)", '2')
    .option('--extend <e>', 'plies its jumps may extend the search past the depth (0-7; the program\'s own: 2)')
    .action(guarded(async (o: { size: string; side: string; depth: string; extend?: string }) => {
      const n = sizeOf(o.size);
      const you = o.side === '2' ? 2 : 1;
      const session = new HalmaSession([`*HALMA ${n}`, `*DEPTH ${depthOf(o.depth)}`, ...(o.extend ? [`*EXTEND ${extendOf(o.extend)}`] : []), `*PLAY ${3 - you}`]);
      const board = startBoard(n);
      const rl = createInterface({ input: process.stdin });
      const input = rl[Symbol.asyncIterator]();
      const colour = process.stdout.isTTY ?? false;
      process.on('SIGINT', () => { session.interrupt(); rl.close(); });
      try {
        for (;;) {
          const r = await session.run((l) => {
            const m = /^MOVE \d+ SIDE [12] ([A-L]\d+)-([A-L]\d+) /.exec(l);
            if (m) applyMove(board, m[1]!, m[2]!);
            if (/^(MOVE|GAME OVER|ILLEGAL)/.test(l)) process.stdout.write(`${l}\n`);
          });
          if (r.lines.some((l) => l.startsWith('GAME OVER')) || !r.waiting) break;
          process.stdout.write(`${boardText(board, colour)}\n`);
          process.stdout.write(`your move (side ${you}, ${you === 1 ? 'X' : 'O'}): `);
          const next = await input.next();
          if (next.done) break;
          const move = next.value.trim().toUpperCase();
          if (move === '' || move === 'QUIT') break;
          session.feed(move);
        }
        process.stdout.write(`${boardText(board, colour)}\n`);
      } finally {
        rl.close();
      }
    }));
  halma
    .command('selfplay')
    .description("the 704 plays itself; with --learn, Seale's learner (Alpha against Beta) from his start vector")
    .option('--size <n>', 'board size: 6, 8 or 12', '6')
    .option('--games <n>', 'how many games', '1')
    .option('--depth <d>', 'the search depth (1-8)')
    .option('--extend <e>', 'plies jumps may extend the search past the depth (0-7; the program\'s own: 2)')
    .option('--learn', "Seale's learner on (*LEARN SEALE)")
    .option('--state <dir>', 'with --learn: a session directory (journal seale.json, learning tape seale.tap), kept after every game; run again to go on')
    .option('--png <dir>', 'also draw each final position as DIR/halma-N.png (.svg with --svg)')
    .option('--svg', 'draw SVG instead of PNG')
    .action(guarded(async (o: { size: string; games: string; depth?: string; extend?: string; learn?: boolean; state?: string; png?: string; svg?: boolean }) => {
      const n = sizeOf(o.size);
      const games = Number(o.games);
      if (!Number.isInteger(games) || games < 1) throw new Error(`--games ${o.games}: a whole number, 1 or more`);
      if (o.state) {
        if (!o.learn) throw new Error('--state keeps a learning session: give --learn');
        if (o.depth || o.extend) throw new Error('--state sessions play at the program\'s own depth and extension');
        const { journal, interrupted } = await runSealeSession({ dir: resolve(o.state), halma: n, games, pictures: o.png, pictureExt: o.svg ? 'svg' : 'png', log: (l) => process.stdout.write(`${l}\n`) });
        const t = sealeTotals(journal);
        process.stdout.write(`${journal.games.length} learning games: Alpha won ${t.won}, lost ${t.lost}, drew ${t.drawn}; Alpha now ${journal.games.at(-1)?.coefficients.join(' ') ?? '-'}\n`);
        if (interrupted) {
          process.stderr.write(`interrupted: the unfinished game is dropped; the same command goes on\n`);
          process.exitCode = 130;
        }
        return;
      }
      const t0 = performance.now();
      const run = await halmaSelfPlay({
        size: n, games, learn: !!o.learn, depth: o.depth ? depthOf(o.depth) : undefined, extend: o.extend ? extendOf(o.extend) : undefined,
        onGame: (g) => {
          const rate = (g.game / ((performance.now() - t0) / 1000)).toFixed(2);
          process.stdout.write(`game ${g.game}/${games}: ${g.reason.toLowerCase()}${g.winner ? ` (side ${g.winner})` : ''}, ${g.plies} plies, Alpha side ${g.alphaSide} ${g.result}${g.zeroed ? `, parameter ${g.zeroed} zeroed` : ''}  [${rate} games/s, ETA ${((games - g.game) / Number(rate)).toFixed(0)} s]\n`);
          if (g.coefficients.length) process.stdout.write(`  Alpha: ${g.coefficients.join(' ')}\n`);
          if (o.png) { makeFolder(o.png); writePicture(`${o.png}/halma-${g.game}.${o.svg ? 'svg' : 'png'}`, halmaScene(g.board, `game ${g.game}: ${g.reason.toLowerCase()}`)); }
        },
      });
      const last = run.games.at(-1);
      if (last) process.stdout.write(`${boardText(last.board, process.stdout.isTTY ?? false)}\n`);
    }));
}
