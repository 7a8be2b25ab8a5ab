import { describe, expect, it } from 'vitest';
import { textTable } from '../../src/host/table.ts';

const ESC = String.fromCharCode(27);
const plain = (s: string): string => s.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');

describe('terminal tables', () => {
  it('align columns by printed width: colour codes and ½ take no extra room', () => {
    const red = (s: string): string => `${ESC}[31m${s}${ESC}[39m`;
    const lines = textTable(['#', 'player', 'points'], [['1', 'Alpha', '3½'], ['10', red('Beta'), '12']], ['right', 'left', 'right'], 2).split('\n').map(plain);
    expect(lines).toEqual(['   #  player  points', '   1  Alpha       3½', '  10  Beta        12']);
  });

  it('a cell wider than its heading widens the column for every row', () => {
    const lines = textTable(['a', 'b'], [['x', 'y'], ['long cell', 'z']]).split('\n');
    expect(lines.map((l) => l.indexOf(l.trim().split(/\s{2,}/)[1]!))).toEqual([11, 11, 11]);
  });
});
