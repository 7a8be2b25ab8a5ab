// The names of the 38 terms of the scoring polynomial, term k at index k - 1: Samuel 1959,
// Appendix C's list, in the program's own order (asm/checkers/terms.sap, the table PNM-K that the
// learning printer lines use). Only for reports: the host reads term numbers off the learning tape.

export const TERM_NAMES: readonly string[] = [
  'ADV', 'APEX', 'BACK', 'CENT', 'CNTR', 'CORN', 'CRAMP', 'DENY', 'DIA', 'DIAV',
  'DYKE', 'EXCH', 'EXPOS', 'FORK', 'GAP', 'GUARD', 'HOLE', 'KCENT', 'MOB', 'MOBIL',
  'MOVE', 'NODE', 'OREO', 'POLE', 'RECAP', 'THRET', 'DEMO', 'DEMMO', 'DDEMO', 'DDMM',
  'MODE 1', 'MODE 2', 'MODE 3', 'MODE 4', 'MOC 1', 'MOC 2', 'MOC 3', 'MOC 4',
];

/** Term k's name; a number outside 1-38 (a damaged tape) is shown as `#k`. */
export const termName = (k: number): string => TERM_NAMES[k - 1] ?? `#${k}`;
