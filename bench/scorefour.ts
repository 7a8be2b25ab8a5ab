// The Score-Four program's times beside Broeker's Tables 14 and 15 (1989, section 5.2; AT&T 3B2/600,
// 5 MIPS): a leaf evaluation and a 2-ply move choice for POLY, Stage 1 and Stage 2, each with and
// without the aggression factor, in emulated 704 time over the moves of self-play games. Part of
// `npm run bench`.

import { summarize, timeGames, TIMING_ROWS } from '../src/scorefour/timing.ts';

export function benchScorefour(): void {
  console.log('\nScore-Four (Broeker 1989) in emulated 704 time (12 µs a cycle), over the moves of one self-play game each (the pattern tables: its first moves);');
  console.log('Broeker\'s figures are from an AT&T 3B2/600 at 5 MIPS, about 120 times a 704\'s rate (~42,000 instructions/s):');
  for (const row of TIMING_ROWS) {
    const t = timeGames(row.options);
    const s = summarize(t);
    const moves = row.options.choices ? `first ${t.choices.length} moves` : `${t.choices.length} moves`;
    console.log(`  ${row.name.padEnd(31)} evaluation ${s.evalMs.toFixed(2).padStart(8)} ms (Table 14: ${row.table14} ms)   2-ply move choice avg/max ${(s.avg / 1000).toFixed(2)} / ${(s.max / 1000).toFixed(2)} s (Table 15: ${row.table15.join(' / ')} ms)   ${Math.round(s.nodes)} moves searched a choice, ${moves}; ${t.wall.toFixed(1)} s here`);
  }
}
