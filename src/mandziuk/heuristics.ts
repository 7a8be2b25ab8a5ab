// The heuristics of Mańdziuk et al. (seed 002, section 4, Table 1) as the host needs them: how many
// genes each has, and how a specimen's value follows from the features the 704 prints
// (`*MANDZ FEATURES`) for HG's fitness (eq. 3). The 704's own lists (asm/checkers/mandziuk.sap)
// play the games; these must name the same terms in the same order (test/evolve checks them).

export const HEURISTIC_NAMES = ['8F', '10F', '15F', '19F', '25F', '3PH', '5PH', 'E3PH'] as const;
export type HeuristicName = (typeof HEURISTIC_NAMES)[number];
export const isHeuristic = (s: string): s is HeuristicName => (HEURISTIC_NAMES as readonly string[]).includes(s);

/** A term: feature number (1-25) and how it enters - d own minus opponent's, own or opp raw. */
export type Term = readonly [number, 'd' | 'own' | 'opp'];
const d = (...fs: number[]): Term[] => fs.map((f) => [f, 'd'] as const);
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
const F8 = d(1, 2, 3, 4, 5, 6, 8, 7);

const DEFS: Record<HeuristicName, { checkers: Term[]; giveaway: Term[]; phases: 1 | 3 | 5 }> = {
  '8F': { checkers: F8, giveaway: F8, phases: 1 },
  '10F': { checkers: [[1, 'own'], [1, 'opp'], [2, 'own'], [2, 'opp'], ...d(3, 4, 5, 6, 8, 7)], giveaway: [[1, 'own'], [1, 'opp'], [2, 'own'], [2, 'opp'], ...d(3, 4, 5, 6, 8, 7)], phases: 1 },
  '15F': { checkers: d(1, 2, 3, 4, 10, 11, 12, 9, 19, 22, 21, 20, 23, 24, 25), giveaway: d(1, 2, 7, 3, 10, 11, 12, 5, 9, 14, 16, 17, 19, 23, 24), phases: 1 },
  '19F': { checkers: d(...range(19)), giveaway: d(...range(19)), phases: 1 },
  '25F': { checkers: d(...range(25)), giveaway: d(...range(25)), phases: 1 },
  '3PH': { checkers: F8, giveaway: F8, phases: 3 },
  '5PH': { checkers: F8, giveaway: F8, phases: 5 },
  'E3PH': { checkers: d(1, 2, 3, 10, 11, 12, 16, 22, 21, 20, 23, 25), giveaway: d(1, 2, 7, 3, 10, 12, 5, 9, 14, 16, 17, 19, 23), phases: 3 },
};

export const termsOf = (h: HeuristicName, giveaway: boolean): readonly Term[] => (giveaway ? DEFS[h].giveaway : DEFS[h].checkers);
export const phasesOf = (h: HeuristicName): 1 | 3 | 5 => DEFS[h].phases;
export const geneCount = (h: HeuristicName, giveaway: boolean): number => termsOf(h, giveaway).length * phasesOf(h);

/** Features 1-25 of a board for each colour (index 1..25), as the 704 printed them. */
export interface BoardFeatures {
  black: readonly number[];
  white: readonly number[];
  blackToMove: boolean;
}

/** The phase for the side to move's heuristic (section 4.2; the 704's QPHAS). */
export function phaseOf(f: BoardFeatures, phases: number): number {
  if (phases === 1) return 0;
  const [me, him] = f.blackToMove ? [f.black, f.white] : [f.white, f.black];
  if (me[1]! + me[2]! <= 3 || him[1]! + him[2]! <= 3) return phases - 1;
  if (me[2]! + him[2]! === 0) return 0;
  if (phases === 3) return 1;
  if (him[2] === 0) return 1;
  if (me[2] === 0) return 2;
  return 3;
}

/** A specimen's value of a board for the side to move, in gene units. */
export function specimenValue(h: HeuristicName, giveaway: boolean, genes: readonly number[], f: BoardFeatures): number {
  const terms = termsOf(h, giveaway);
  const [me, him] = f.blackToMove ? [f.black, f.white] : [f.white, f.black];
  const base = phaseOf(f, phasesOf(h)) * terms.length;
  let v = 0;
  terms.forEach(([k, mode], i) => { v += genes[base + i]! * (mode === 'd' ? me[k]! - him[k]! : mode === 'own' ? me[k]! : him[k]!); });
  return v;
}
