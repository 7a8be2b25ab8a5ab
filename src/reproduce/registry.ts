// Every experiment `samuel704 reproduce` knows, in the order `--list` shows them. An experiment is
// one module under experiments/; add it here.

import type { Experiment } from './experiment.ts';
import { sealeCheckers } from './experiments/sealeCheckers.ts';
import { sealeHalma } from './experiments/sealeHalma.ts';

export const EXPERIMENTS: readonly Experiment[] = [
  sealeCheckers,
  sealeHalma,
];

export const findExperiment = (name: string): Experiment | undefined => EXPERIMENTS.find((e) => e.name === name);
