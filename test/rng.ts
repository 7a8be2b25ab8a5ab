// The one seeded random source of the test suites (mulberry32, as the host uses for ballots),
// so a failing case repeats.

export { seededRandom as mulberry32 } from '../src/checkers/selfplay/openings.ts';
