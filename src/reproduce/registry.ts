// Every experiment `samuel704 reproduce` knows, in the order `--list` shows them. An experiment is
// one module under experiments/; add it here.

import type { Experiment } from './experiment.ts';
import { broekerTables } from './experiments/broeker-tables.ts';

export const EXPERIMENTS: readonly Experiment[] = [broekerTables];

export const findExperiment = (name: string): Experiment | undefined => EXPERIMENTS.find((e) => e.name === name);
