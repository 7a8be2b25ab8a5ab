// The journal of a `scorefour learn --state FILE` run: its settings and every series the 704 printed
// (SERIES n C c1 c2 c3 [F p]), replaced atomically after each, so an interrupted or killed run goes
// on from its last whole series. What the 704 needs to go on (learn.sap's RESUME card): the series
// and games done, X's coefficients after the last series and, for version B, the next factor
// (0.95 after a series that changed a coefficient, else 0.05 less than the last).

import { existsSync } from 'node:fs';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { readText } from '../devices/fileErrors.ts';

export interface LearnSettings {
  version: 'A' | 'B';
  series: number;
  step: number;
  depth: number;
  coef: number[];
  aggression: boolean;
  stage1: number;
}

export interface LearnJournal {
  settings: LearnSettings;
  series: { n: number; coef: number[]; factor?: number }[];
  learned?: { coef: number[]; series: number; games: number };
}

/** Games a series plays: 3 tournaments of 4 (version A) or 2 (B) games. */
const GAMES_A_SERIES = { A: 12, B: 6 } as const;

/** Where the run stands: null when it has ended (by its own rule or the series cap), else the cards that go on with it. */
export function goOn(j: LearnJournal): { coef: number[]; resume: string[] } | null {
  const { settings: s, series } = j;
  if (j.learned) return null;
  const last = series.at(-1);
  if (!last) return { coef: s.coef, resume: [] };
  const before = series.at(-2)?.coef ?? s.coef;
  const changed = before.some((c, k) => c !== last.coef[k]);
  const factor = s.version === 'B' ? (changed ? 95 : (last.factor ?? 95) - 5) : 0;
  if (last.n >= s.series || (s.version === 'A' && !changed) || (s.version === 'B' && factor <= 0)) return null;
  return { coef: last.coef, resume: [`RESUME ${last.n} ${last.n * GAMES_A_SERIES[s.version]} ${factor}`] };
}

/** The result of a run that ended: as the 704 printed it, or (killed before it was kept) from its last series. */
export function ended(j: LearnJournal): { coef: number[]; series: number; games: number } {
  if (j.learned) return j.learned;
  const last = j.series.at(-1)!;
  return { coef: last.coef, series: last.n, games: last.n * GAMES_A_SERIES[j.settings.version] };
}

const sameSettings = (a: LearnSettings, b: LearnSettings): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The journal in `file` for these settings, a new one when there is none; another run's journal is refused. */
export function openJournal(file: string, settings: LearnSettings): LearnJournal {
  if (!existsSync(file)) return { settings, series: [] };
  let j: LearnJournal;
  try {
    j = JSON.parse(readText(file, 'the learning journal')) as LearnJournal;
  } catch (e) {
    if (e instanceof SyntaxError) throw new Error(`${file}: not a learning journal (${e.message}); it is left as it is - name another --state file`);
    throw e;
  }
  if (!j.settings || !Array.isArray(j.series)) throw new Error(`${file}: not a learning journal; it is left as it is - name another --state file`);
  if (!sameSettings(j.settings, settings)) throw new Error(`${file} holds another learning run (${JSON.stringify(j.settings)}); name a new --state file`);
  return j;
}

export const saveJournal = (file: string, j: LearnJournal): void => writeFileAtomic(file, JSON.stringify(j, null, 1));
