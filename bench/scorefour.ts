// The Score-Four program's times beside Broeker's Tables 14 and 15 (1989, section 5.2; AT&T 3B2/600,
// 5 MIPS): a leaf evaluation (POLY for both sides) and a 2-ply move choice with and without the
// aggression factor, in emulated 704 time over the moves of self-play games. Part of `npm run bench`.

import { timeGames } from '../src/scorefour/timing.ts';

export function benchScorefour(): void {
  console.log('\nScore-Four (Broeker 1989) in emulated 704 time (12 µs a cycle), over the moves of one self-play game each;');
  console.log('Broeker\'s figures are from an AT&T 3B2/600 at 5 MIPS, about 120 times a 704\'s rate (~42,000 instructions/s):');
  const rows: [string, Parameters<typeof timeGames>[0], string, string][] = [
    ['POLY', {}, '3.1 ms', '1.4 / 4.8 ms'],
    ['POLY with aggression', { aggression: true }, '3.1 ms', '1.2 / 4.2 ms'],
    ['Stage 2 (first 4 moves)', { stage2: true, choices: 4 }, '123.8 ms', '28.3 / 95.3 ms'],
  ];
  for (const [name, options, evalPaper, choicePaper] of rows) {
    const t = timeGames(options);
    const avg = t.choices.reduce((s, x) => s + x, 0) / t.choices.length;
    console.log(`  ${name.padEnd(24)} evaluation ${(t.evalMs / t.evals).toFixed(2).padStart(6)} ms (Table 14: ${evalPaper})   2-ply move choice avg/max ${(avg / 1000).toFixed(2)} / ${(Math.max(...t.choices) / 1000).toFixed(2)} s (Table 15: ${choicePaper})   ${Math.round(t.nodes / t.choices.length)} moves searched a choice, ${(t.nodes / t.choices.reduce((s, x) => s + x, 0)).toFixed(2)} a ms (Broeker: 12); ${t.wall.toFixed(1)} s here`);
  }
  console.log('  Stage 1 (level-1 and level-2 pattern tables with POLY): not built (docs/scorefour.md)');
}
