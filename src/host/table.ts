// Terminal tables through cli-table3: it measures cells by their printed width (ANSI colour
// codes and wide characters such as ½ and ± included), which our padEnd columns got wrong
// as soon as a cell was coloured.

import Table from 'cli-table3';

export type Align = 'left' | 'right';

/** A borderless table: columns two spaces apart, a heading row, each column aligned as asked. */
export function textTable(head: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = [], indent = 0): string {
  const t = new Table({
    head: [...head],
    colAligns: head.map((_, i) => align[i] ?? 'left'),
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: ' '.repeat(indent), 'left-mid': '', mid: '', 'mid-mid': '',
      right: '', 'right-mid': '', middle: '  ',
    },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  for (const r of rows) t.push([...r]);
  return t.toString().split('\n').map((l) => l.trimEnd()).join('\n');
}
