// The look-up timer of `npm run bench` and `reproduce samuel-rote` (src/checkers/rote/lookupTimes.ts)
// on the bundled memory tape: it must time every look-up the program counts, sort them by side and
// by hit or miss as the program does, and give each at least the cycles of KLOOK's shortest path.

import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { bookCards, parsePdn } from '../../src/checkers/notation/pdn.ts';
import { packageRoot } from '../../src/host/stateFolder.ts';
import { roteAtConsole, timeLookups } from '../../src/checkers/rote/lookupTimes.ts';

const MEMORY = join(packageRoot(), 'tapes', 'memory.tap');

describe('timing the rote look-ups (lookupTimes)', () => {
  it("counts exactly the look-ups and hits the program prints, and times each within KLOOK's bounds", () => {
    const game = parsePdn(readFileSync(join(packageRoot(), 'data', 'tinsley.pdn'), 'latin1'), 'tinsley.pdn').games[0]!;
    const m = roteAtConsole(MEMORY, bookCards(game));
    const t = timeLookups(m);
    const printed = m.printer.lines.map((l) => /ROTE LOOK-UPS (\d+) HITS (\d+)/.exec(l)).filter((x) => x !== null);
    expect(printed.length).toBeGreaterThan(10);
    const [lookups, hits] = printed.reduce(([l, h], x) => [l + Number(x[1]), h + Number(x[2])], [0, 0]);
    const all = [t.black.hit, t.black.miss, t.white.hit, t.white.miss];
    expect(all.reduce((s, x) => s + x.count, 0)).toBe(lookups);
    expect(t.black.hit.count + t.white.hit.count).toBe(hits);
    expect(t.black.miss.count).toBeGreaterThan(0);
    expect(t.white.miss.count).toBeGreaterThan(0);
    // the shortest miss: the ply test, the words, the bucket and one empty place (over 50 cycles);
    // none takes a tenth of a second of 704 time
    for (const x of all) if (x.count) {
      expect(x.cycles / x.count).toBeGreaterThan(50);
      expect(x.cycles / x.count).toBeLessThan(1000);
    }
  });
});
