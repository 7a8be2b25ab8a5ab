// Every experiment `samuel704 reproduce` knows, in the order `--list` shows them. An experiment is
// one module under experiments/; add it here.

import type { Experiment } from './experiment.ts';
import { sealeCheckers } from './experiments/sealeCheckers.ts';

export const EXPERIMENTS: readonly Experiment[] = [
  sealeCheckers,
];

export const findExperiment = (name: string): Experiment | undefined => EXPERIMENTS.find((e) => e.name === name);
