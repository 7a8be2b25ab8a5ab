// `play --learn [TAPE]`: Alpha learns while it plays a person, as Samuel used it ("Program Alpha
// is used to play against human opponents"). The 704 does the learning (*LEARN PERSON: a *PLAY
// game is a learning game for the program's side, no Beta, no black marks; docs/checkers-learning.md);
// the host mounts the learning tape (tape 3, read only) and the new one (tape 4), and after the
// game puts the new tape in place in one rename, only when the 704 reported writing it.

import { style } from '../../cli/style.ts';
import type { CheckersSession } from '../program/session.ts';
import { join } from 'node:path';
import { stateFolder } from '../../host/stateFolder.ts';
import { trainedLearningTape } from '../selfplay/start.ts';
import { attachLearningTapes } from './learningTape.ts';

export const PLAY_LEARN_HELP = 'Alpha learns while you play it (*LEARN PERSON): its polynomial from this learning tape, the new one written after the game (default: the tape npm start trained, else play-learning.tap in the state folder)';

/** The learning tape `--learn` names (true: the bundled one), or null; `--learning` (a frozen polynomial) is the other way to play Alpha. */
export function learnTape(learn: string | boolean | undefined, frozen: string | undefined): string | null {
  if (learn === undefined || learn === false) return null;
  if (frozen) throw new Error('--learn lets Alpha learn from its learning tape, --learning plays a polynomial frozen: give one of them');
  return learn === true ? (trainedLearningTape() ?? join(stateFolder(), 'play-learning.tap')) : learn;
}

/** The cards before the game's own: learning in the person's game, the state from tape 3. */
export const learnCards = (path: string | null): string[] => (path ? ['*LEARN PERSON', '*LEARN TAPE'] : []);

/** Mount the learning tapes; the function returned, after the game, puts the new tape in place and says so. */
export function attachLearning(session: CheckersSession, path: string | null): () => void {
  if (!path) return () => {};
  const tapes = attachLearningTapes(session.machine.io, path);
  if (tapes.recovered) process.stderr.write(style.warn(`${path}: put in place the new learning tape an earlier run left: ${tapes.recovered}\n`));
  return () => {
    const r = tapes.finish(session.machine.printer.lines.join('\n'));
    process.stderr.write(`${path}: ${r.installed ? style.ok(`Alpha's new polynomial, ${r.reason}`) : style.warn(`kept as it was (${r.reason})`)}\n`);
  };
}
