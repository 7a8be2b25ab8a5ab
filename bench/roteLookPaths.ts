// Where a rote look-up's cycles go (docs/checkers-rote.md, "The look-up (KLOOK)"): every look-up at the
// minimum ply of a game on a memory tape (read only) is stepped through from KLOOK's entry to its return at
// SNODE, and counted by side to move, hit or miss, and the path it took (the KLOOK labels it passed: White's
// W3 and W1 turned round, not taken from the last look-up; all kings; each place of the board table tried; a
// hit in the pool), with its mean cycles (12 µs each, the 6-cycle ply test included, as `npm run bench` times it).
// Not part of `npm run bench` (single-stepping: about a minute of CPU a run; run it under nice):
//   nice -n 15 npx tsx bench/roteLookPaths.ts MEMORY [GAMES=self|1,2,3,4,5] [KBAND=1]
// GAMES: `self` a self-play game from ACF ballot #60, else Tinsley's games in book mode (as bench/checkers.ts).

import { sym } from './checkers.ts';
import { PLY_TEST_CYCLES, roteAtConsole } from '../src/checkers/rote/lookupTimes.ts';
import { bookCards, parsePdn, setupCards } from '../src/checkers/notation/pdn.ts';
import { ACF_BALLOTS, readBallots } from '../src/checkers/selfplay/openings.ts';
import { readFileSync } from 'node:fs';

const [memory, ...rest] = process.argv.slice(2);
if (!memory) throw new Error('usage: bench/roteLookPaths.ts MEMORY [GAMES=self|1,2,3] [KBAND=1]');
const args = Object.fromEntries(rest.map((a) => a.split('=') as [string, string]));

/** The labels that name a path, in KLOOK's words (rote.sap): White's words turned round, each place of the board table tried. */
const MARKS: Record<string, string> = {
  KLWK: 'W3-turned', KLWT: 'W1-turned', KLKG: 'all-kings', KLX: 'place', KLX2: 'place', KLHP: 'pool',
};

const cards = (): string[] => {
  if ((args.GAMES ?? 'self') === 'self') {
    const ballot = readBallots(ACF_BALLOTS).find((b) => b.number === 60)!;
    return [...setupCards(ballot.fen), '*SELF'];
  }
  const games = parsePdn(readFileSync('data/tinsley.pdn', 'latin1'), 'tinsley.pdn').games;
  return args.GAMES!.split(',').flatMap((g) => bookCards(games[Number(g) - 1]!));
};

const m = roteAtConsole(memory, cards(), { KBAND: Number(args.KBAND ?? 1) });
const entry = sym('KL1');
const [missAt, hitAt] = [sym('KSNLK') + 1, sym('KSNLK') + 2];
const marks = new Map(Object.entries(MARKS).map(([label, name]) => [sym(label), name]));
const paths = new Map<string, [number, number]>();
const totals = new Map<string, [number, number]>();
const add = (map: Map<string, [number, number]>, key: string, cycles: number): void => {
  const t = map.get(key) ?? [0, 0];
  t[0]++;
  t[1] += cycles;
  map.set(key, t);
};
m.cpu.breakpoints[entry] = 1;
m.cpu.updateDebug();
for (;;) {
  if (m.run(1e11).reason !== 'breakpoint') break;
  const side = m.cpu.mem[sym('SIDE') - m.cpu.xr1]! >= 2 ** 35 ? 'White' : 'Black';
  m.cpu.breakpoints[entry] = 0;
  m.cpu.updateDebug();
  const start = m.cpu.cycles;
  const seen: string[] = [];
  while (m.cpu.ic !== missAt && m.cpu.ic !== hitAt) {
    const name = marks.get(m.cpu.ic);
    if (name) seen.push(name);
    m.run(1);
  }
  const cycles = m.cpu.cycles - start + PLY_TEST_CYCLES;
  const outcome = m.cpu.ic === hitAt ? 'hit' : 'miss';
  add(totals, `${outcome}, ${side} to move`, cycles);
  add(paths, `${outcome.padEnd(4)} ${side.padEnd(5)} ${seen.join(' ')}`, cycles);
  m.cpu.breakpoints[entry] = 1;
  m.cpu.updateDebug();
}
const row = (label: string, [n, c]: [number, number], width: number): string => `  ${label.padEnd(width)} ${String(n).padStart(6)} ${(c / n).toFixed(0).padStart(5)} cycles  ${String(c).padStart(8)} in all`;
console.log(`KLOOK on ${memory}, ${args.GAMES ?? 'self'}, KBAND ${args.KBAND ?? 1}: look-ups, mean cycles`);
for (const [k, t] of [...totals].sort()) console.log(row(k, t, 22));
console.log('by path (labels passed), most cycles in all first:');
for (const [k, t] of [...paths].sort((a, b) => b[1][1] - a[1][1])) console.log(row(k, t, 64));
