// Every experiment `samuel704 reproduce` knows, in the order `--list` shows them. An experiment is
// one module under experiments/; add it here. Each is imported only when asked for: importing all
// of them (their games, evolutions, tournaments, pictures) took 139 ms of every `reproduce NAME`,
// where one takes 58 ms (samuel-series-2, session 15).

import type { Experiment } from './experiment.ts';

const MODULES: readonly (readonly [name: string, load: () => Promise<Experiment>])[] = [
  ['samuel-series-1', async () => (await import('./experiments/samuelSeries1.ts')).samuelSeries1],
  ['samuel-series-2', async () => (await import('./experiments/samuelSeries2.ts')).samuelSeries2],
  ['samuel-alpha-vs-start', async () => (await import('./experiments/samuelAlphaVsStart.ts')).samuelAlphaVsStart],
  ['samuel-rote', async () => (await import('./experiments/samuelRote.ts')).samuelRote],
  ['samuel-rote-terms', async () => (await import('./experiments/samuelRoteTerms.ts')).samuelRoteTerms],
  ['samuel-rote-million', async () => (await import('./experiments/samuelRoteMillion.ts')).samuelRoteMillion],
  ['samuel-rote-kings', async () => (await import('./experiments/samuelRoteKings.ts')).samuelRoteKings],
  ['seale-checkers', async () => (await import('./experiments/sealeCheckers.ts')).sealeCheckers],
  ['seale-halma', async () => (await import('./experiments/sealeHalma.ts')).sealeHalma],
  ['broeker-tables', async () => (await import('./experiments/broeker-tables.ts')).broekerTables],
  ['mandziuk-roundrobin', async () => (await import('./experiments/mandziukRoundRobin.ts')).mandziukRoundRobin],
  ['mandziuk-null', async () => (await import('./experiments/mandziukNull.ts')).mandziukNull],
  ['mandziuk-tdgac', async () => (await import('./experiments/mandziukTdgac.ts')).mandziukTdgac],
  ['mandziuk-simple', async () => (await import('./experiments/mandziukSimple.ts')).mandziukSimple],
  ['mandziuk-speed', async () => (await import('./experiments/mandziukSpeed.ts')).mandziukSpeed],
];

/** The experiments' names, in --list order, without importing any. */
export const EXPERIMENT_NAMES: readonly string[] = MODULES.map(([name]) => name);

/** The experiment of that name, imported now; undefined when there is none. */
export async function findExperiment(name: string): Promise<Experiment | undefined> {
  const load = MODULES.find(([n]) => n === name)?.[1];
  if (!load) return undefined;
  const e = await load();
  if (e.name !== name) throw new Error(`registry: the module listed as ${name} holds ${e.name}`);
  return e;
}

/** Every experiment, in --list order (imports them all). */
export const allExperiments = (): Promise<Experiment[]> => Promise.all(MODULES.map(([, load]) => load()));
