// What a published experiment is to `samuel704 reproduce`: where it comes from, how long it takes,
// and a run that plays it on the 704 from scratch and returns the paper's figures beside ours.
// Each experiment lives in a module of its own under src/reproduce/experiments/ and is named in
// registry.ts; the host only orchestrates and compares: every game in a run is played by the 704.

import type { Scene } from '../pictures/scene.ts';

/** How a row of ours compares with the paper's. */
export type Verdict = 'same' | 'close' | 'differs';

export interface Row {
  /** What is compared, e.g. "games won by Alpha (of 28)". */
  what: string;
  paper: string;
  ours: string;
  verdict: Verdict;
  /** Why the verdict, when it is not obvious (a tolerance, a reading of the paper). */
  note?: string;
}

/** A table of rows under a heading (one per paper table or figure). */
export interface Section {
  title: string;
  rows: Row[];
}

export interface Picture {
  /** File name stem (no extension). */
  name: string;
  caption: string;
  scene: Scene;
}

export interface Outcome {
  sections: Section[];
  pictures: Picture[];
  /** Plain sentences: what differs and why, how the run was set up. */
  notes: string[];
  /** Emulated 704 time of the whole run, in seconds, when known. */
  emulatedSeconds?: number;
}

export interface RunContext {
  /** Seeds to run (several where one seed is not representative). */
  seeds: number[];
  /** A smaller run for a quick check; experiments without one ignore it. */
  quick: boolean;
  /** A folder of the experiment's own for tapes, journals and checkpoints (resumable runs). */
  workDir: string;
  /** Progress lines for the person watching (stderr). */
  log: (line: string) => void;
}

export interface Experiment {
  name: string;
  title: string;
  /** Paper, section, table or figure. */
  source: string;
  /** Expected wall time on the 2-core machine, as a person would say it ("90 s", "40 min"). */
  expected: string;
  /** Expected wall time of the --quick run, when there is one. */
  expectedQuick?: string;
  defaultSeeds: number[];
  run(ctx: RunContext): Promise<Outcome>;
}
