// The reproduce framework's verdicts and its three renderings of one outcome.

import { describe, expect, it } from 'vitest';
import { compareNumbers, compareSets, meanText, spread } from '../../src/reproduce/verdict.ts';
import { html, markdown, tally, terminalText } from '../../src/reproduce/render.ts';
import { listText } from '../../src/reproduce/cli.ts';
import type { Experiment, Outcome } from '../../src/reproduce/experiment.ts';

const experiment: Experiment = {
  name: 'demo', title: 'a demonstration', source: 'Samuel 1959, Appendix C', expected: '1 s', expectedQuick: '0.1 s', defaultSeeds: [1],
  run: async () => outcome,
};
const outcome: Outcome = {
  sections: [{ title: 'Table 1', rows: [
    { what: 'games won', paper: '18', ours: '18', verdict: 'same' },
    { what: 'games lost', paper: '4', ours: '5', verdict: 'close', note: 'within 25%' },
    { what: 'top term | pipe', paper: 'MOB', ours: 'CORN', verdict: 'differs' },
  ] }],
  pictures: [{ name: 'curve', caption: 'Fig. 4 <ours>', scene: { width: 10, height: 10, shapes: [] } }],
  notes: ['one seed'],
  emulatedSeconds: 3600,
};

describe('verdicts', () => {
  it('numbers: same, close, differs against the paper', () => {
    expect(compareNumbers(18, 18)).toBe('same');
    expect(compareNumbers(18, 15)).toBe('close');
    expect(compareNumbers(18, 10)).toBe('differs');
    expect(compareNumbers(0, 0.2)).toBe('close');
    expect(compareNumbers(100, 104, { same: 0.05 })).toBe('same');
  });
  it('sets: equal, overlapping, apart', () => {
    expect(compareSets(['a', 'b'], ['b', 'a'])).toBe('same');
    expect(compareSets(['a', 'b'], ['a', 'c'])).toBe('close');
    expect(compareSets(['a', 'b'], ['c', 'd'])).toBe('differs');
  });
  it('spread over seeds', () => {
    expect(spread([2, 4, 6])).toEqual({ mean: 4, sd: 2 });
    expect(meanText([2, 4, 6])).toBe('4.0 ± 2.0');
    expect(meanText([3])).toBe('3.0');
  });
});

describe('rendering', () => {
  it('counts the verdicts', () => expect(tally(outcome)).toEqual({ same: 1, close: 1, differs: 1 }));
  it('terminal: every row with its verdict and the summary', () => {
    const t = terminalText(experiment, outcome);
    expect(t).toMatch(/games lost\s+4\s+5\s+close/);
    expect(t).toContain('1 same, 1 close, 1 differ');
    expect(t).toContain('704 time 1 h 00 min');
  });
  it('Markdown escapes pipes and links the pictures', () => {
    const m = markdown(experiment, outcome, ['curve.svg']);
    expect(m).toContain('| top term \\| pipe | MOB | CORN | differs |  |');
    expect(m).toContain('![Fig. 4 <ours>](curve.svg)');
  });
  it('HTML escapes text and inlines the pictures', () => {
    const h = html(experiment, outcome);
    expect(h).toContain('<td class="differs">differs</td>');
    expect(h).toContain('Fig. 4 &#60;ours&#62;');
    expect(h).toMatch(/<svg[^>]*>/);
  });
  it('--list names source and expected time', () => {
    expect(listText([experiment])).toContain('source: Samuel 1959, Appendix C');
    expect(listText([experiment])).toContain('expected: 1 s (--quick: 0.1 s)');
  });
});
