// `samuel704 reproduce samuel-rote-million`: Samuel's conjecture (1959, "Rote-learning tests"):
// "a library tape containing at least 20 times the present number of board positions would be
// needed to improve the midgame play significantly". The memory of `samuel-rote` (53,000 boards,
// built here the same way when that experiment's work folder has none) grows towards 1,000,000
// boards by rote self-play, all through the 704: games from the ACF ballots, from positions of
// Tinsley's games and from endgame starts (Samuel's program "learned ... to recognize most winning
// and losing end positions"), mixed in one seeded order, one `selfplay --state --rote` session that journals its own games.
// The memory is measured as samuel-rote measures it at 53,000 boards, at 250,000 and at as many
// as were reached (a copy of the memory at each), and the wall time of each 100,000 boards is kept.
// It grows as a memory set of 2,400-foot reels (memorySet.ts: about ten reels for a million, the
// host changing reels at the program's call); a work folder begun before sets goes on in its tape.
// Resumable: the work folder's million.json journals the games asked, the checkpoints and the
// times. SAMUEL704_ROTE_MINUTES (wall minutes of growth in this run) stops the growth early and
// measures what was reached.

import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { duration } from '../../host/progress.ts';
import { readTapeFile } from '../../devices/tapeImage.ts';
import { createMemorySet } from '../../checkers/rote/memorySet.ts';
import type { Experiment, Outcome, RunContext, Section } from '../experiment.ts';
import { boardsOn, BOOK_PLIES, build, cli, ENDGAMES, measure, startsFile } from './samuelRote.ts';

const TARGET = 1_000_000;
const CHECKPOINTS = [53_000, 250_000];

interface Journal {
  games: number;
  /** Boards at the start and the wall seconds at each 100,000 crossed. */
  start: number;
  crossings: { boards: number; wallSeconds: number }[];
  /** Checkpoint copies of the memory (boards -> file), measured at the end. */
  copies: { boards: number; file: string }[];
  wallSeconds: number;
}

const load = (dir: string): Journal | null => (existsSync(join(dir, 'million.json')) ? JSON.parse(readFileSync(join(dir, 'million.json'), 'utf8')) as Journal : null);
const save = (dir: string, j: Journal): void => writeFileAtomic(join(dir, 'million.json'), JSON.stringify(j, null, 2));

async function grow(ctx: RunContext): Promise<{ memory: string; j: Journal }> {
  const dir = ctx.workDir;
  const session = join(dir, 'grow');
  const tape = join(session, 'memory.tap'); // a work folder begun before sets: selfplay --rote's tape
  const memory = existsSync(tape) ? tape : join(session, 'memory');
  mkdirSync(join(dir, 'logs'), { recursive: true });
  let j = load(dir);
  if (!j) {
    // the 53,000-board memory: samuel-rote's, or built here the same way
    const sibling = join(dir, '..', '..', 'samuel-rote', 'work', 'memory.tap');
    const built = existsSync(sibling) ? sibling : (await build({ ...ctx, workDir: join(dir, 'build') }, ctx.quick ? 1500 : CHECKPOINTS[0]!)).tape;
    mkdirSync(session, { recursive: true });
    createMemorySet(memory, undefined, readTapeFile(built));
    j = { games: 0, start: boardsOn(memory), crossings: [], copies: [], wallSeconds: 0 };
    j.copies.push({ boards: j.start, file: 'at-start' });
    cpSync(memory, join(dir, 'at-start'), { recursive: true });
    save(dir, j);
  }
  const target = ctx.quick ? j.start + 300 : TARGET;
  const budget = Number(process.env.SAMUEL704_ROTE_MINUTES ?? Infinity) * 60;
  const began = Date.now();
  const runWall = (): number => (Date.now() - began) / 1000;
  const starts = startsFile(dir);
  const batch = ctx.quick ? 4 : 20;
  let boards = boardsOn(memory);
  while (boards < target && runWall() < budget) {
    j.games += batch;
    await cli(['selfplay', '--state', session, ...(memory === tape ? ['--rote'] : ['--memory', memory]), '--openings', starts, '--seed', '7', '--games', String(j.games), '--quiet'], join(dir, 'logs', 'selfplay.txt'));
    const before = boards;
    boards = boardsOn(memory);
    const wall = j.wallSeconds + runWall();
    for (let b = Math.floor(before / 100_000) + 1; b <= Math.floor(boards / 100_000); b++) j.crossings.push({ boards: b * 100_000, wallSeconds: wall });
    for (const c of CHECKPOINTS) {
      if (before < c && boards >= c && !j.copies.some((x) => x.boards >= c)) {
        const file = `at-${c}`;
        cpSync(memory, join(dir, file), { recursive: true });
        j.copies.push({ boards, file });
      }
    }
    save(dir, { ...j, wallSeconds: wall });
    const rate = (boards - j.start) / Math.max(1, wall);
    ctx.log(`${j.games} games: ${boards} boards, ${(rate * 60).toFixed(0)} boards/min, ${boards >= target ? 'target reached' : `ETA to ${target}: ${rate > 0 ? duration((target - boards) / rate) : '-'}`}`);
  }
  j.wallSeconds += runWall();
  save(dir, j);
  return { memory, j };
}

export const samuelRoteMillion: Experiment = {
  name: 'samuel-rote-million',
  title: 'Samuel\'s conjecture: the rote memory grown towards a million boards, and the midgame',
  source: 'Samuel 1959, "Rote-learning tests" ("at least 20 times the present number of board positions ... to improve the midgame play")',
  expected: 'many hours on the shared 2-core machine (resumable; SAMUEL704_ROTE_MINUTES stops the growth and measures what was reached)',
  expectedQuick: '10 min',
  defaultSeeds: [1],
  async run(ctx) {
    const { memory, j } = await grow(ctx);
    const reached = boardsOn(memory);
    const reachedCopy = 'at-reached';
    rmSync(join(ctx.workDir, reachedCopy), { recursive: true, force: true });
    cpSync(memory, join(ctx.workDir, reachedCopy), { recursive: true });
    const points = [...j.copies, { boards: reached, file: reachedCopy }];
    const sections: Section[] = [];
    const notes: string[] = [];
    for (const p of points) {
      const o: Outcome = await measure({ ...ctx, log: (l) => ctx.log(`${p.boards} boards: ${l}`) }, join(ctx.workDir, p.file), j.wallSeconds);
      for (const s of o.sections.slice(1)) sections.push({ title: `${p.boards} boards - ${s.title}`, rows: s.rows });
      notes.push(...o.notes.slice(1).map((n) => `${p.boards} boards: ${n}`));
    }
    const per100k = j.crossings.map((c, i) => `${c.boards}: ${duration(c.wallSeconds - (i > 0 ? j.crossings[i - 1]!.wallSeconds : 0))}`);
    sections.unshift({
      title: 'Growth',
      rows: [
        { what: 'boards reached (from the samuel-rote memory)', paper: '"at least 20 times" 53,000', ours: `${reached} (from ${j.start}, ${j.games} self-play games)`, verdict: reached >= TARGET ? 'same' : 'differs', note: reached >= TARGET ? undefined : 'the growth was stopped before a million; run again to go on' },
        { what: 'wall time of each 100,000 boards', paper: '"an inordinate amount of play and ... machine time"', ours: per100k.length ? per100k.join('; ') : `none crossed; ${duration(j.wallSeconds)} of growth`, verdict: 'close' },
      ],
    });
    writeFileSync(join(ctx.workDir, 'points.json'), JSON.stringify(points, null, 2));
    return { sections, pictures: [], notes: [`Self-play with rote learning from the ACF ballots, the positions of Tinsley's games after ${BOOK_PLIES.join(', ')} plies and ${ENDGAMES} endgame starts (2-6 pieces a side) in seed-7 order; each checkpoint measured as samuel-rote measures its memory.`, ...notes] };
  },
};
