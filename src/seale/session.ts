// A learning session under Seale's learner, for either game (docs/seale.md, docs/halma.md):
// learning games one `*SELF` card at a time under `*LEARN SEALE TAPE`, the learner's state on a
// tape image in the session directory, a journal of every game, resumable after Ctrl-C or a kill.
// After each game the new tape is written beside the old one (seale.tap.new), the journal (with the
// new tape's digest) replaces the old journal, then the tape is renamed into place; a run that died
// between the two finds seale.tap.new and puts it in place only when the journal records it, so the
// tape is never ahead of the journal nor behind it. `selfplay --learner seale` (checkers) and
// `halma selfplay --learn --state` use it.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CheckersSession } from '../checkers/program/session.ts';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { TapeUnit } from '../devices/tape.ts';
import { takeLock } from '../host/lock.ts';
import { encodeTap } from '../devices/tapeImage.ts';
import { HalmaSession } from '../halma/program.ts';
import { parseHalmaGame } from '../halma/selfplay.ts';
import { linesScene } from '../host/charts.ts';
import { writePicture } from '../pictures/file.ts';
import { parseSealeGame } from './checkersRun.ts';
import { HALMA_NAMES, SEALE_CHECKERS_NAMES } from './tables.ts';
import { makeFolder } from '../host/makeFolder.ts';

/** What the journal keeps of a game, for either game. */
export interface SealeJournalGame {
  game: number;
  /** Alpha's colour (checkers) or side (halma). */
  alpha: string;
  result: 'won' | 'lost' | 'drawn';
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
  kind: 'seale-checkers' | 'seale-halma';
  /** Halma's board size. */
  size?: number;
  start: number[];
  games: SealeJournalGame[];
}

/** The 704 program a session drives, seen the same way for both games. */
interface Deck {
  attachTape(unit: number, tape: TapeUnit): void;
  feed(card: string): void;
  /** Until the program waits for a card; interrupted or stopped otherwise. */
  run(): Promise<{ waiting: boolean; interrupted: boolean; lines: string[]; message: string }>;
  interrupt(): void;
  readonly seconds: number;
}

function checkersDeck(): Deck {
  const s = new CheckersSession(['*LEARN SEALE TAPE'], false);
  return {
    attachTape: (u, t) => s.machine.io.attachTape(u, t),
    feed: (c) => s.feed(c),
    run: async () => { const r = await s.run(); return { waiting: r.stop === 'input' && !r.interrupted, interrupted: r.interrupted, lines: r.events.map((e) => e.text), message: r.message }; },
    interrupt: () => s.interrupt(),
    get seconds() { return s.seconds; },
  };
}

function halmaDeck(size: number): Deck {
  const s = new HalmaSession([`*HALMA ${size}`, '*LEARN SEALE TAPE']);
  let interrupted = false;
  return {
    attachTape: (u, t) => s.machine.io.attachTape(u, t),
    feed: (c) => s.feed(c),
    run: async () => { const r = await s.run(); return { waiting: r.waiting && !interrupted, interrupted, lines: r.lines, message: r.lines.at(-1) ?? '' }; },
    interrupt: () => { interrupted = true; s.interrupt(); },
    get seconds() { return s.seconds; },
  };
}

const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Load the journal and put a finished new tape in place (or remove an unrecorded one). */
export function openSealeSession(dir: string, kind: SealeJournal['kind'], size?: number): { journal: SealeJournal; tape: string } {
  makeFolder(dir);
  const jpath = join(dir, 'seale.json');
  const tape = join(dir, 'seale.tap');
  const journal: SealeJournal = existsSync(jpath) ? JSON.parse(readFileSync(jpath, 'utf8')) as SealeJournal : { kind, ...(size ? { size } : {}), start: [], games: [] };
  if (journal.kind !== kind || journal.size !== size) {
    throw new Error(`${jpath}: a session of ${journal.kind}${journal.size ? ` on ${journal.size}x${journal.size}` : ''}; it goes on with its own game (start a new session in another directory)`);
  }
  const fresh = `${tape}.new`;
  if (existsSync(fresh)) {
    const last = journal.games.at(-1);
    if (last && digest(readFileSync(fresh)) === last.tape) renameSync(fresh, tape);
    else rmSync(fresh);
  }
  return { journal, tape };
}

export interface SealeSessionOptions {
  dir: string;
  /** Which game: checkers, or halma on a board of this size. */
  halma?: number;
  /** The session's total number of games. */
  games: number;
  /** A folder for the picture of the coefficients. */
  pictures?: string;
  pictureExt?: 'png' | 'svg';
  log: (line: string) => void;
}

/** One writer per session directory (host/lock.ts): a second run is refused, naming the holder. */
export async function runSealeSession(o: SealeSessionOptions): Promise<{ journal: SealeJournal; interrupted: boolean }> {
  makeFolder(o.dir);
  const lock = takeLock(join(o.dir, 'session.lock'), `Seale session ${o.dir}`);
  try {
    return await playSealeSession(o);
  } finally {
    lock.release();
  }
}

async function playSealeSession(o: SealeSessionOptions): Promise<{ journal: SealeJournal; interrupted: boolean }> {
  const kind = o.halma ? 'seale-halma' : 'seale-checkers';
  const { journal, tape } = openSealeSession(o.dir, kind, o.halma);
  const jpath = join(o.dir, 'seale.json');
  if (journal.games.length >= o.games) {
    o.log(`${o.dir}: ${journal.games.length} games played already (--games ${o.games})`);
    return { journal, interrupted: false };
  }
  const names = o.halma ? HALMA_NAMES : SEALE_CHECKERS_NAMES;
  const deck = o.halma ? halmaDeck(o.halma) : checkersDeck();
  const t3 = new TapeUnit(3);
  if (existsSync(tape)) t3.attach(tape, { readOnly: true });
  else t3.mount([], { readOnly: true });
  deck.attachTape(3, t3);
  const t4 = new TapeUnit(4);
  t4.mount([]);
  deck.attachTape(4, t4);
  let interrupted = false;
  const onSigint = (): void => { interrupted = true; deck.interrupt(); };
  process.once('SIGINT', onSigint);
  try {
    const boot = await deck.run();
    if (!boot.waiting) throw new Error(`the 704 stopped: ${boot.message}`);
    const t0 = performance.now();
    const first = journal.games.length;
    for (let g = first; g < o.games && !interrupted; g++) {
      const w0 = performance.now();
      const s0 = deck.seconds;
      deck.feed('*SELF');
      const r = await deck.run();
      if (r.interrupted || interrupted) { interrupted = true; break; }
      if (!r.waiting) throw new Error(`the 704 stopped during game ${g + 1}: ${r.message}`);
      const { start, ...p } = o.halma ? parseHalmaGame(o.halma, r.lines) : parseSealeGame(r.lines);
      if (start) journal.start = start;
      const bytes = encodeTap([...t4.entries]);
      writeFileAtomic(`${tape}.new`, bytes);
      const alpha = 'alphaSide' in p ? `side ${p.alphaSide}` : p.alpha;
      journal.games.push({
        game: p.game, alpha, result: p.result, reason: p.reason, plies: p.plies, coefficients: p.coefficients, zeroed: p.zeroed,
        betaAdopted: p.betaAdopted, clampHits: p.clampHits, seconds704: deck.seconds - s0, wallSeconds: (performance.now() - w0) / 1000, tape: digest(bytes),
      });
      writeFileAtomic(jpath, `${JSON.stringify(journal, null, 1)}\n`);
      renameSync(`${tape}.new`, tape);
      const rate = (g + 1 - first) / ((performance.now() - t0) / 1000);
      o.log(`game ${g + 1}/${o.games}: Alpha ${alpha} ${p.result} (${p.reason.toLowerCase()})${p.zeroed ? `, ${names[p.zeroed - 1]} zeroed` : ''}${p.betaAdopted ? ', Beta adopts Alpha' : ''}  [${(rate * 60).toFixed(1)} games/min, ETA ${Math.round((o.games - g - 1) / rate)} s]`);
    }
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  if (o.pictures && journal.games.length > 0) sealePictures(journal, names, o.pictures, o.pictureExt ?? 'png');
  return { journal, interrupted };
}

/** The five coefficients of largest |value| after the last game, over the games. */
export function sealePictures(j: SealeJournal, names: readonly string[], dir: string, ext: 'png' | 'svg'): string[] {
  makeFolder(dir);
  const last = j.games.at(-1)!.coefficients;
  const lead = [...last.keys()].sort((a, b) => Math.abs(last[b]!) - Math.abs(last[a]!) || a - b).slice(0, 5);
  const colours = ['#c0392b', '#2c4f9e', '#27ae60', '#8e44ad', '#d68910'];
  const file = join(dir, `seale-coefficients.${ext}`);
  writePicture(file, linesScene(lead.map((k, i) => ({ name: names[k]!, values: [j.start[k] ?? 0, ...j.games.map((g) => g.coefficients[k]!)], color: colours[i]! })),
    "Alpha's leading coefficients over the learning games (Seale's learner)", { x: [...Array(j.games.length + 1).keys()] }));
  return [file];
}

/** Totals for the summary line. */
export const sealeTotals = (j: SealeJournal): Record<SealeJournalGame['result'], number> => ({
  won: j.games.filter((g) => g.result === 'won').length, lost: j.games.filter((g) => g.result === 'lost').length, drawn: j.games.filter((g) => g.result === 'drawn').length,
});
