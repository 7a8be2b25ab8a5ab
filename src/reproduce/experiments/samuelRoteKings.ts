// `samuel704 reproduce samuel-rote-kings`: two kings against one in the double corner, learnt by
// rote (Samuel 1959: the rote program "could usually drive on toward a win when left with a piece
// advantage"; of the generalization program, "after 28 games it had still not learned how to win
// an end game with two kings against one in a double corner"). Passes of one-move self-play from
// every position of the ending (src/checkers/rote/kingsEnding.ts): a pass saves each board with its
// backed-up score, and the next pass's searches may meet those boards at ply 3 — value iteration
// by rote learning, 3 plies a pass if the boards are in core when they are looked up. After each
// pass: what the memory holds of the ending, and the test game from B:WK1:BK14,K19 (exact win in
// 19 plies) on a copy of the memory, with the records it read and the look-ups of each side.
// Each pass is journalled (its memory tape and pass-N.json), so a killed run goes on.

import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { KINGS_TEST, KINGS_TEST_EXACT, kingsEndingStarts, kingsHeld, kingsPass, kingsTest, sideTotals, type KingsHeld } from '../../checkers/rote/kingsEnding.ts';
import type { Experiment, Row } from '../experiment.ts';
import { makeFolder } from '../../host/makeFolder.ts';

interface PassRecord {
  pass: number;
  games: number;
  moves: number;
  hits: number;
  lookups: number;
  wallSeconds: number;
  held: Omit<KingsHeld, 'list'>;
  test: { over: string; plies: number; moves: string[]; read: number; black: { lookups: number; hits: number }; white: { lookups: number; hits: number } };
}

export const samuelRoteKings: Experiment = {
  name: 'samuel-rote-kings',
  title: 'Two kings against one in the double corner, learnt by rote: passes of one-move self-play',
  source: 'Samuel 1959, "Rote learning and its variants", "Cataloging and culling stored information"; the two kings against one in a double corner (learning by generalization)',
  expected: '1.5 min on the 2-core machine (4 passes of 7,572 one-move games; 93 s in session 15, 94 s in session 14: the translated blocks are not where its time goes)',
  expectedQuick: '20 s',
  defaultSeeds: [1],
  async run(ctx) {
    const starts = kingsEndingStarts();
    const passes = ctx.quick ? 1 : 4;
    makeFolder(ctx.workDir);
    const memory = join(ctx.workDir, 'memory.tap');
    const records: PassRecord[] = [];
    for (let pass = 1; pass <= passes; pass++) {
      const file = join(ctx.workDir, `pass-${pass}.json`);
      if (existsSync(file)) {
        records.push(JSON.parse(readFileSync(file, 'utf8')) as PassRecord);
        continue;
      }
      // the pass learns on a copy, put in place (one rename) with its record: a killed pass is run again from the tape before it
      const work = join(ctx.workDir, 'pass.tap');
      // and without the scratch tapes a killed pass left (attachMemoryTapes would put a complete one in place)
      for (const f of readdirSync(ctx.workDir)) if (f.startsWith('pass.tap')) rmSync(join(ctx.workDir, f), { force: true });
      if (existsSync(memory)) copyFileSync(memory, work);
      const r = await kingsPass(work, starts);
      const { list: _list, ...held } = kingsHeld(work);
      const t = await kingsTest(work);
      const g = t.games[0]!;
      const rec: PassRecord = {
        pass, games: r.games.length, moves: r.moves, hits: r.hits, lookups: r.lookups, wallSeconds: r.wallSeconds, held,
        test: { over: g.over, plies: g.moves.length, moves: g.moves, read: t.read, black: sideTotals(t, 'black'), white: sideTotals(t, 'white') },
      };
      copyFileSync(work, memory + '.new');
      writeFileAtomic(file + '.new', JSON.stringify(rec, null, 1));
      renameSync(memory + '.new', memory);
      renameSync(file + '.new', file);
      rmSync(work, { force: true });
      records.push(rec);
      ctx.log(`pass ${pass}: ${held.boards} boards of the ending (${held.sureWins} sure wins, ${held.sureLosses} sure losses); test ${g.over} after ${g.moves.length} plies; ${r.wallSeconds.toFixed(0)} s`);
    }
    const last = records[records.length - 1]!;
    // a concession is the program's own White seeing its sure loss in the memory: self-play, not best defence (bench/roteKings.ts plays that)
    const conceded = (over: string): boolean => /CONCEDES/.test(over);
    const wonOutright = (over: string): boolean => /BLACK WINS/.test(over) && !conceded(over);
    const won = wonOutright(last.test.over);
    const result = (t: PassRecord['test']): string => `${t.over.replace(/^GAME OVER - /, '').toLowerCase()} after ${t.plies} plies${conceded(t.over) ? ' (the program\'s White concedes: not a win against best defence)' : ''}`;
    const rows: Row[] = records.map((p) => ({
      what: `pass ${p.pass}: ${p.games} one-move games (${p.hits} hits in ${p.lookups} look-ups)`,
      paper: '',
      ours: `${p.held.boards} boards of the ending in ${p.held.records} records, ${p.held.sureWins} sure wins, ${p.held.sureLosses} sure losses, ${p.held.farWins ?? 0} wins and ${p.held.farLosses ?? 0} losses at the farthest sure distance (63 plies or more), ${p.held.cappedWins ?? 0} and ${p.held.cappedLosses ?? 0} at the ordinary cap (not sure); test: ${result(p.test)}`,
      verdict: wonOutright(p.test.over) ? 'differs' : 'same',
    }));
    return {
      sections: [
        {
          title: `Two kings against one: ${KINGS_TEST}, the exact win ${KINGS_TEST_EXACT} plies`,
          rows: [
            {
              what: 'the test game after the last pass (self-play on a copy of the memory)',
              paper: '"after 28 games it had still not learned how to win an end game with two kings against one in a double corner" (the generalization program)',
              ours: `${won ? 'won' : 'not won'}: ${result(last.test)}: ${last.test.moves.join(' ')}`,
              verdict: won ? 'differs' : 'same',
            },
            {
              what: 'what the test game had in core: records read, look-ups and hits of each side',
              paper: '"the program calls three or four new records into memory during each new move"',
              ours: `${last.test.read} records read of the ${last.held.threePieceRecords} of three pieces (the first with the lone king to move is the ${last.held.firstLoneRecord}th); Black ${last.test.black.hits} hits in ${last.test.black.lookups} look-ups, White ${last.test.white.hits} in ${last.test.white.lookups}`,
              verdict: 'same',
            },
          ],
        },
        { title: 'Each pass', rows },
      ],
      pictures: [],
      notes: [
        `A pass is one 704 run: ${starts.length} positions of two black kings against one white king (either side to move, one of each class of the four symmetries of the dark squares, in square order), each set up and played one move by the program (*SELF with the move limit GMAXM = 1 set at the console); every move and score is the 704's.`,
        'The look-up (KLOOK) finds only boards in core: the pool (at most 800 boards) and the changes (at most 400 boards saved in this run and not yet merged), read forward only from a rewind at each game start. A king moves back as well as forward and the standard form takes the least of four images, so a search\'s quiet ply-3 boards spread over every row moment of their class; the band of other boards (one row moment) would hold about a third of them. So before a search from a board of kings only (at most 4 pieces) the program reads every record of ply 1\'s class (pieces, advantage, kings) and keeps of them only the sure scores whose side to move stands one king move off the root\'s other side, or on an image of such a square (rote.sap KFBE, KPUT; session 8).',
        'A sure score shrinks by a ply at each ply of the search, so a win counted more than 64 plies away would leave the sure range (VWIN - 64); the tape keeps it as the farthest sure score, VWIN - 63 (rote.sap KPACK; before session 8 it became the largest ordinary score, 2^20 - 65, and stopped being sure). The counts grow each pass (each board\'s score comes from the saved boards its search has in core, not from the shortest win).',
        'Measured with the exact values beside the 704\'s, the test against White\'s exact best defence (the program plays Black, the host White) and what the searches on the exact line would need in core: bench/roteKings.ts; docs/checkers-rote.md, "Two kings against one: passes of one-move self-play".',
      ],
    };
  },
};
