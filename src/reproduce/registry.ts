// Every experiment `samuel704 reproduce` knows, in the order `--list` shows them. An experiment is
// one module under experiments/; add it here.

import type { Experiment } from './experiment.ts';
import { broekerTables } from './experiments/broeker-tables.ts';
import { mandziukNull } from './experiments/mandziukNull.ts';
import { mandziukRoundRobin } from './experiments/mandziukRoundRobin.ts';
import { mandziukSimple } from './experiments/mandziukSimple.ts';
import { mandziukSpeed } from './experiments/mandziukSpeed.ts';
import { mandziukTdgac } from './experiments/mandziukTdgac.ts';
import { samuelAlphaVsStart } from './experiments/samuelAlphaVsStart.ts';
import { samuelRote } from './experiments/samuelRote.ts';
import { samuelRoteKings } from './experiments/samuelRoteKings.ts';
import { samuelRoteMillion } from './experiments/samuelRoteMillion.ts';
import { samuelRoteTerms } from './experiments/samuelRoteTerms.ts';
import { samuelSeries1 } from './experiments/samuelSeries1.ts';
import { samuelSeries2 } from './experiments/samuelSeries2.ts';
import { sealeCheckers } from './experiments/sealeCheckers.ts';
import { sealeHalma } from './experiments/sealeHalma.ts';

export const EXPERIMENTS: readonly Experiment[] = [
  samuelSeries1,
  samuelSeries2,
  samuelAlphaVsStart,
  samuelRote,
  samuelRoteTerms,
  samuelRoteMillion,
  samuelRoteKings,
  sealeCheckers,
  sealeHalma,
  broekerTables,
  mandziukRoundRobin,
  mandziukNull,
  mandziukTdgac,
  mandziukSimple,
  mandziukSpeed,
];

export const findExperiment = (name: string): Experiment | undefined => EXPERIMENTS.find((e) => e.name === name);
