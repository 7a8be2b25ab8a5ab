// Two builds of samuel704 compared warm, in one process (docs/translator.md, "Comparing two
// builds"): the first GAMES games of Samuel's second series (seed 1, untrained start), played by
// build A and by build B in turn (A first in even rounds, B first in odd ones: the second of a pair
// runs about 1% faster), ROUNDS times over; the first two rounds are warm-up and not counted.
// On the shared machine two processes of the same build differ by up to 7% in CPU time; here the
// machine's drift still moves a median by about 2%, so a change of 3%, seen in both orders, shows
// where `npm run bench` cannot tell it. Only warm speed is compared: each build's blocks stay
// compiled from round to round. Each root is a checkout with `npm run build` done; not part of
// `npm run bench`:
//   npx tsx bench/abWarm.ts ROOT_A ROOT_B [GAMES=8] [ROUNDS=10]

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Play = () => Promise<number>;

/** A function playing the games once on build `root` (its dist/ folder, through its own runSeries), returning wall seconds. */
async function player(root: string, games: number): Promise<Play> {
  const from = async (path: string) => import(pathToFileURL(resolve(root, 'dist/src', path)).href);
  const { runSeries, termOrder } = await from('checkers/learning/series.js');
  const { untrainedState } = await from('checkers/learning/learningTape.js');
  return async () => {
    const t0 = performance.now();
    await runSeries({ series: 2, games, start: untrainedState(termOrder(1)), reset: true });
    return (performance.now() - t0) / 1000;
  };
}

const [rootA, rootB, games = '8', rounds = '10'] = process.argv.slice(2);
if (!rootA || !rootB) throw new Error('usage: npx tsx bench/abWarm.ts ROOT_A ROOT_B [GAMES] [ROUNDS]');
const a = await player(rootA, Number(games)), b = await player(rootB, Number(games));
const timesA: number[] = [], timesB: number[] = [];
for (let i = 0; i < Number(rounds); i++) { // A B, then B A: the one played second gains about 1%
  const [x, y] = i % 2 === 0 ? [await a(), await b()] : [await b(), await a()].reverse() as [number, number];
  if (i >= 2) { timesA.push(x); timesB.push(y); }
}
const median = (v: number[]): number => [...v].sort((p, q) => p - q)[Math.floor(v.length / 2)]!;
const diff = median(timesA.map((x, i) => timesB[i]! - x));
console.log(`A ${timesA.map((x) => x.toFixed(3)).join(' ')}`);
console.log(`B ${timesB.map((x) => x.toFixed(3)).join(' ')}`);
console.log(`median A ${median(timesA).toFixed(3)} s, B ${median(timesB).toFixed(3)} s; B - A, the median of the rounds: ${diff.toFixed(3)} s (${(diff / median(timesA) * 100).toFixed(1)}%)`);
