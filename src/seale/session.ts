// `samuel704 selfplay --learner seale`: Seale's learner on checkers as a session (docs/seale.md) -
// learning games one `*SELF` card at a time under `*LEARN SEALE TAPE`, the learning state on a
// tape image kept in the session directory, a journal of every game, resumable after Ctrl-C or a
// kill. After each game the new tape is written beside the old one (seale.tap.new), the journal
// (with the new tape's digest) replaces the old journal, then the tape is renamed into place; a
// run that died between the two finds seale.tap.new and puts it in place only when the journal
// records it, so the tape is never ahead of the journal nor behind it.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CheckersSession } from '../checkers/program/session.ts';
import { linesScene } from '../host/charts.ts';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { TapeUnit } from '../devices/tape.ts';
import { encodeTap } from '../devices/tapeImage.ts';
import { writePicture } from '../pictures/file.ts';
import { parseSealeGame, type SealeResult } from './checkersRun.ts';
import { SEALE_CHECKERS_NAMES } from './tables.ts';

export interface SealeJournalGame {
  game: number;
  alpha: 'black' | 'white';
  result: SealeResult;
  reason: string;
  plies: number;
  coefficients: number[];
  zeroed: number | null;
  betaAdopted: boolean;
  clampHits: number;
  seconds704: number;
  wallSeconds: number;
  /** sha256 of the learning tape after this game. */
  tape: string;
}

export interface SealeJournal {
  kind: 'seale-checkers';
  start: number[];
  games: SealeJournalGame[];
}

const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export interface SealeSessionOptions {
  dir: string;
  /** The session's total number of games. */
  games: number;
  /** Pictures of the coefficients (PNG, or SVG with a .svg `pictureExt`). */
  pictures?: string;
  pictureExt?: 'png' | 'svg';
  log: (line: string) => void;
}

/** Load the journal and put a finished new tape in place (or remove an unrecorded one). */
export function openSealeSession(dir: string): { journal: SealeJournal; tape: string } {
  mkdirSync(dir, { recursive: true });
  const jpath = join(dir, 'seale.json');
  const tape = join(dir, 'seale.tap');
  const journal: SealeJournal = existsSync(jpath) ? JSON.parse(readFileSync(jpath, 'utf8')) as SealeJournal : { kind: 'seale-checkers', start: [], games: [] };
  if (journal.kind !== 'seale-checkers') throw new Error(`${jpath}: not a journal of selfplay --learner seale`);
  const fresh = `${tape}.new`;
  if (existsSync(fresh)) {
    const last = journal.games.at(-1);
    if (last && digest(readFileSync(fresh)) === last.tape) renameSync(fresh, tape);
    else rmSync(fresh);
  }
  return { journal, tape };
}

export async function runSealeSession(o: SealeSessionOptions): Promise<{ journal: SealeJournal; interrupted: boolean }> {
  const { journal, tape } = openSealeSession(o.dir);
  const jpath = join(o.dir, 'seale.json');
  if (journal.games.length >= o.games) {
    o.log(`${o.dir}: ${journal.games.length} games played already (--games ${o.games})`);
    return { journal, interrupted: false };
  }
  const session = new CheckersSession(['*LEARN SEALE TAPE'], false);
  const t3 = new TapeUnit(3);
  if (existsSync(tape)) t3.attach(tape, { readOnly: true });
  else t3.mount([], { readOnly: true });
  session.machine.io.attachTape(3, t3);
  const t4 = new TapeUnit(4);
  t4.mount([]);
  session.machine.io.attachTape(4, t4);
  let interrupted = false;
  const onSigint = (): void => { interrupted = true; session.interrupt(); };
  process.once('SIGINT', onSigint);
  try {
    const boot = await session.run();
    if (boot.stop !== 'input') throw new Error(`the 704 stopped: ${boot.message}`);
    const t0 = performance.now();
    const first = journal.games.length;
    for (let g = first; g < o.games && !interrupted; g++) {
      const w0 = performance.now();
      const s0 = session.seconds;
      session.feed('*SELF');
      const r = await session.run();
      if (r.interrupted || interrupted) { interrupted = true; break; }
      if (r.stop !== 'input') throw new Error(`the 704 stopped during game ${g + 1}: ${r.message}`);
      const p = parseSealeGame(r.events.map((e) => e.text));
      if (p.start) journal.start = p.start;
      const bytes = encodeTap([...t4.entries]);
      writeFileAtomic(`${tape}.new`, bytes);
      const { start: _s, ...rest } = p;
      journal.games.push({ ...rest, seconds704: session.seconds - s0, wallSeconds: (performance.now() - w0) / 1000, tape: digest(bytes) });
      writeFileAtomic(jpath, `${JSON.stringify(journal, null, 1)}\n`);
      renameSync(`${tape}.new`, tape);
      const done = g + 1 - first;
      const rate = done / ((performance.now() - t0) / 1000);
      o.log(`game ${g + 1}/${o.games}: Alpha ${p.alpha} ${p.result} (${p.reason.toLowerCase()})${p.zeroed ? `, ${SEALE_CHECKERS_NAMES[p.zeroed - 1]} zeroed` : ''}${p.betaAdopted ? ', Beta adopts Alpha' : ''}  [${(rate * 60).toFixed(1)} games/min, ETA ${Math.round((o.games - g - 1) / rate)} s]`);
    }
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  if (o.pictures && journal.games.length > 0) sealePictures(journal, o.pictures, o.pictureExt ?? 'png');
  return { journal, interrupted };
}

/** The five coefficients of largest |value| after the last game, over the games; Alpha's results. */
export function sealePictures(j: SealeJournal, dir: string, ext: 'png' | 'svg'): string[] {
  mkdirSync(dir, { recursive: true });
  const last = j.games.at(-1)!.coefficients;
  const lead = [...last.keys()].sort((a, b) => Math.abs(last[b]!) - Math.abs(last[a]!) || a - b).slice(0, 5);
  const colours = ['#c0392b', '#2c4f9e', '#27ae60', '#8e44ad', '#d68910'];
  const file = join(dir, `seale-coefficients.${ext}`);
  writePicture(file, linesScene(lead.map((k, i) => ({ name: SEALE_CHECKERS_NAMES[k]!, values: [j.start[k] ?? 0, ...j.games.map((g) => g.coefficients[k]!)], color: colours[i]! })),
    "Alpha's leading coefficients over the learning games (Seale's learner)", { x: [...Array(j.games.length + 1).keys()] }));
  return [file];
}

/** Totals for the summary line. */
export const sealeTotals = (j: SealeJournal): Record<SealeResult, number> => ({
  won: j.games.filter((g) => g.result === 'won').length, lost: j.games.filter((g) => g.result === 'lost').length, drawn: j.games.filter((g) => g.result === 'drawn').length,
});
