// The report page in a real browser: headless Chromium (Debian's `chromium`; .ci/run installs it)
// loads report.html of a two-game learning session and a probe script appended to a copy of it
// reports what the browser laid out: every chart drawn at a non-zero size, inside a narrow
// window (responsive), with its title drawn as its first text; no errors and no console output.
// Skipped, saying so, where Chromium is not installed.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const chromium = ['chromium', 'chromium-browser', 'google-chrome'].find((c) => spawnSync('sh', ['-c', `command -v ${c}`]).status === 0);
const SKIPPED = chromium ? '' : ' (SKIPPED: Chromium is not installed; apt-get install chromium)';
const dir = mkdtempSync(join(tmpdir(), 'report-browser-'));
const cli = (a: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...a], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

/** Appended to the page: what the browser laid out, as JSON in <pre id="probe">. */
const PROBE = `<script>
(() => {
  const errors = [];
  window.addEventListener('error', (e) => errors.push(String(e.message || e.target && e.target.src)), true);
  const charts = [...document.querySelectorAll('figure:not(.board) svg')].map((svg) => {
    const r = svg.getBoundingClientRect();
    return { title: svg.querySelector('title')?.textContent ?? null, drawn: svg.querySelector('text')?.textContent ?? null, width: r.width, height: r.height };
  });
  const boards = [...document.querySelectorAll('figure.board svg')].map((svg) => svg.getBoundingClientRect().width);
  const pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify({ charts, boards, errors, page: document.documentElement.clientWidth });
  document.body.append(pre);
})();
</script>`;

describe('the report page in headless Chromium', () => {
  it.skipIf(!chromium)(`draws every chart with its title, within a narrow window, without errors${SKIPPED}`, () => {
    const state = join(dir, 'session');
    const play = cli(['selfplay', '--games', '2', '--learn', '--state', state, '--quiet']);
    expect(play.status, play.stderr).toBe(0);
    const page = join(dir, 'report.html');
    expect(cli(['report', '--state', state, '--output', page]).status).toBe(0);
    const probed = join(dir, 'probed.html');
    writeFileSync(probed, readFileSync(page, 'utf8').replace('</body>', `${PROBE}\n</body>`));
    const r = spawnSync(chromium!, ['--headless', '--no-sandbox', '--disable-gpu', '--enable-logging=stderr', '--v=0', '--window-size=600,900', '--dump-dom', `file://${probed}`], { encoding: 'utf8', timeout: 120_000 });
    const json = /<pre id="probe">(.*?)<\/pre>/s.exec(r.stdout);
    expect(json, r.stderr).not.toBeNull();
    const probe = JSON.parse(json![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { charts: { title: string; drawn: string; width: number; height: number }[]; boards: number[]; errors: string[]; page: number };
    // plies, blocks; Alpha's results, coefficients, correlations (rote learning was off)
    expect(probe.charts.map((c) => c.title)).toEqual(['length of each game', 'results per block of 1 games', "Alpha's results per block of learning games", "Alpha's coefficients of the leading terms", "Alpha's correlation coefficients of the leading terms"]);
    for (const c of probe.charts) {
      expect(c.drawn, c.title).toBe(c.title); // the title is drawn, not only a tooltip
      expect(c.width, c.title).toBeGreaterThan(200);
      expect(c.width, c.title).toBeLessThanOrEqual(probe.page); // the 640-unit chart shrinks to the window
      expect(c.height, c.title).toBeGreaterThan(50);
    }
    expect(probe.boards).toEqual([160, 160]);
    expect(probe.errors).toEqual([]);
    expect(r.stderr.split('\n').filter((l) => /:CONSOLE/.test(l))).toEqual([]);
  });
});
