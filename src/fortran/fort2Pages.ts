// Names for the pieces of FORTRAN II's deck when its page-marked listing (FORT2.TXT) is not at
// hand. The build scripts name each piece by the page and line of the original listing where it
// starts; our listing of fort2.sap has the same cards but not the original's pages. The pieces
// the scripts use come in listing order, as do ours, so we align the two sequences: every named
// piece must meet one of ours of the same card type, in order; ours that load only into
// locations 0 and 1 (the "force new master record" cards, which the build replaces by CC.sap's)
// are left out first. Where a few more of ours are left over, the alignment keeps the named
// pieces that share a page at the same distance apart in lines as ours are (fewest lines of
// disagreement). The result is checked: a name without a piece stops the build.

import { cardType, loadAddress, wordCount } from './binaryCards.ts';
import type { Piece } from './sapSplit.ts';

interface Named {
  readonly page: number;
  readonly line: number;
  readonly type: string;
  readonly name: string;
}

const NAME = /^Page(\d+)Line(\d+)_([A-Z]+)$/;

/** Only master-record control words: one card (and perhaps a transfer card) loading at 0 and 1. */
function isControlOnly(p: Piece): boolean {
  const data = p.cards.filter((c) => cardType(c) === 'A');
  return data.length === 1 && loadAddress(data[0]!) === 0 && wordCount(data[0]!) <= 2 && p.cards.length <= 2;
}

const lineOf = (p: Piece): number => Number(/Line(\d+)_/.exec(p.name)![1]);
const typeOf = (p: Piece): string => p.name.slice(p.name.indexOf('_') + 1);

/** Our pieces (named `Line{n}_{type}` by our listing) renamed with the scripts' names. */
export function nameByAlignment(pieces: readonly Piece[], names: Iterable<string>): Piece[] {
  const wanted: Named[] = [...new Set(names)]
    .map((name) => {
      const m = NAME.exec(name)!;
      return { page: Number(m[1]), line: Number(m[2]), type: m[3]!, name };
    })
    .sort((a, b) => a.page - b.page || a.line - b.line);
  const ours = pieces.filter((p) => !isControlOnly(p));
  const n = wanted.length, m = ours.length;
  const spare = m - n;
  if (spare < 0) throw new Error(`FORTRAN II's listing gives ${m} pieces, the build scripts name ${n}`);
  // cost[i][j]: ref i matched to our piece j (j - i <= spare), best total so far
  const INF = Number.POSITIVE_INFINITY;
  const cost = Array.from({ length: n }, () => new Float64Array(spare + 1).fill(INF));
  const from = Array.from({ length: n }, () => new Int32Array(spare + 1).fill(-1));
  for (let i = 0; i < n; i++) {
    for (let s = 0; s <= spare; s++) {
      const j = i + s;
      if (typeOf(ours[j]!) !== wanted[i]!.type) continue;
      if (i === 0) {
        cost[i]![s] = 0;
        continue;
      }
      for (let t = 0; t <= s; t++) {
        const prev = cost[i - 1]![t]!;
        if (prev === INF) continue;
        const a = wanted[i - 1]!, b = wanted[i]!;
        const gap = a.page === b.page ? Math.abs(b.line - a.line - (lineOf(ours[j]!) - lineOf(ours[i - 1 + t]!))) : 0;
        if (prev + gap < cost[i]![s]!) {
          cost[i]![s] = prev + gap;
          from[i]![s] = t;
        }
      }
    }
  }
  let best = -1;
  for (let s = 0; s <= spare; s++) if (cost[n - 1]![s]! < INF && (best < 0 || cost[n - 1]![s]! < cost[n - 1]![best]!)) best = s;
  if (best < 0) throw new Error('the pieces of FORTRAN II\'s deck do not line up with the names the build scripts use');
  const out: Piece[] = new Array(n);
  for (let i = n - 1, s = best; i >= 0; s = from[i]![s]!, i--) out[i] = { name: wanted[i]!.name, cards: ours[i + s]!.cards };
  return out;
}
