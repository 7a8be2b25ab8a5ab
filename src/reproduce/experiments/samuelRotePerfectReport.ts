// The perfect reading's rows, picture and verdict for `reproduce samuel-rote-million`
// (samuelRotePerfect.ts measures; docs/checkers-rote.md, "Perfect reading: what the memory could
// give"). Every figure and the verdict's words are computed from the measurement.

import { linesScene } from '../../host/charts.ts';
import type { Picture, Row, Section, Verdict } from '../experiment.ts';
import { mcnemarExact, pairedTest } from '../../host/stats.ts';
import { thousands } from '../verdict.ts';
import { logFit, playOf, utilOf, type MatchPlayed, type MatchResult, type PerfectSet, type SizeResult } from './samuelRotePerfect.ts';

/** What perfectReading measured: each copy's figures, the match's baseline games and each copy's match. */
export interface PerfectOutcome { sizes: SizeResult[]; base: MatchPlayed[]; matches: MatchResult[] }

/** The match's pair scores against even (1 of 2): the paired t test's mean and p. */
const matchTest = (pairs: readonly number[]): { mean: number; p: number } => {
  const t = pairedTest(pairs, 1);
  return { mean: t.mean, p: Number.isNaN(t.p) ? 1 : t.p };
};
const basePairs = (base: readonly MatchPlayed[]): number[] => Array.from({ length: base.length / 2 }, (_, i) => (base[2 * i]!.points ?? 0.5) + (base[2 * i + 1]!.points ?? 0.5));

const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(2)} %` : '-');
const share = (a: number, b: number): number => (b ? a / b : 0);
const GAMES: PerfectSet[] = ['probe', 'ballots'];
const UTILIZED = '"rough estimates, based on the frequency with which the saved boards are utilized during normal play (these figures being tabulated automatically)"';
const CONJECTURE = '"a library tape containing at least 20 times the present number of board positions would be needed to improve the midgame play significantly"';

/**
 * The master's move: with against without, McNemar's exact p, and the 95 % interval of the change in
 * the share played (paired proportions, Wald: (b - c) / n +- 1.96 sqrt(b + c - (b - c)^2 / n) / n).
 */
const agreement = (r: SizeResult): { n: number; without: number; with: number; b: number; c: number; p: number; low: number; high: number } => {
  const p = playOf(r, ['tinsley'], ['midgame']);
  const n = Math.max(1, p.positions);
  const d = (p.b - p.c) / n;
  const half = (1.96 * Math.sqrt(Math.max(0, p.b + p.c - (p.b - p.c) ** 2 / n))) / n;
  return { n: p.positions, without: p.agreeWithout, with: p.agreeWith, b: p.b, c: p.c, p: mcnemarExact(p.b, p.c), low: d - half, high: d + half };
};
const points = (x: number): string => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;

/** Whole percentages from 0 to just above the largest value. */
const yTicks = (values: readonly number[]): { value: number; label: string }[] => {
  const top = Math.max(1, Math.ceil(Math.max(0, ...values.filter(Number.isFinite))));
  return Array.from({ length: top + 1 }, (_, i) => ({ value: i, label: `${i} %` }));
};

export function perfectSections(perfect: PerfectOutcome, samuelBoards: number): { sections: Section[]; pictures: Picture[]; notes: string[] } {
  const results = perfect.sizes;
  const times = (r: SizeResult): string => `${thousands(r.boards)} boards (${(r.boards / samuelBoards).toPrecision(2)} × 53,000)`;
  const utilRows: Row[] = results.flatMap((r, i) => {
    const t = utilOf(r, ['tinsley'], ['midgame']);
    const g = (ph: 'opening' | 'midgame' | 'endgame'): string => {
      const u = utilOf(r, GAMES, [ph]);
      return `${ph} ${u.held} / ${u.lookups} = ${pct(u.held, u.lookups)}`;
    };
    return [
      { what: `${times(r)}: Tinsley's midgames (plies 21, 27), one move each`, paper: i === 0 ? UTILIZED : 'the same', ours: `${t.held} of ${t.lookups} look-ups = ${pct(t.held, t.lookups)} (${t.movesHeld} of ${t.moves} moves meet a stored board)`, verdict: 'close' as Verdict },
      { what: `${times(r)}: the probe's and the ballots' games as played`, paper: 'the same', ours: `${g('opening')}; ${g('midgame')}; ${g('endgame')}`, verdict: 'close' as Verdict },
    ];
  });
  const playRows: Row[] = results.flatMap((r) => {
    const t = playOf(r, ['tinsley'], ['midgame']);
    const a = agreement(r);
    const games = (ph: 'midgame' | 'endgame'): string => {
      const p = playOf(r, GAMES, [ph]);
      return `${ph} ${p.replayed} of ${p.positions} moves with a memory, ${p.hits} hits, ${((p.plyWith - p.plyWithout) / Math.max(1, p.positions)).toFixed(2)} plies gained a move, ${p.changed} moves changed`;
    };
    return [
      {
        what: `${times(r)}: Tinsley's midgames`, paper: '"its midgame play was not greatly improved"',
        ours: `${t.replayed} of ${t.positions} moves with a memory (${t.boards} boards), ${t.hits} hits in ${t.lookups} look-ups, ${((t.plyWith - t.plyWithout) / Math.max(1, t.positions)).toFixed(2)} plies gained a move (${((t.plyWith - t.plyWithout) / Math.max(1, t.replayed)).toFixed(2)} a move with a memory), ${t.changed} moves changed; the master's move played ${a.without} → ${a.with} of ${a.n} (McNemar: ${a.b} only with, ${a.c} only without, p = ${a.p.toFixed(3)}; the change ${points(a.low)} to ${points(a.high)} points, 95 %)`,
        verdict: (a.p < 0.05 && a.b > a.c ? 'differs' : 'same') as Verdict,
      },
      { what: `${times(r)}: the probe's and the ballots' positions`, paper: 'the same', ours: `${games('midgame')}; ${games('endgame')}`, verdict: 'close' as Verdict },
    ];
  });
  const b0 = matchTest(basePairs(perfect.base));
  const matchRows: Row[] = [
    { what: 'a memory that holds nothing (rote learning on: its own game\'s boards)', paper: 'the match with against without, as samuel-rote plays it', ours: `mean pair score ${b0.mean.toFixed(3)} of 2 (${perfect.base.length / 2} pairs), p = ${b0.p.toFixed(3)}; ${perfect.base.reduce((s, g) => s + g.hits, 0)} hits in ${perfect.base.reduce((s, g) => s + g.lookups.length, 0)} look-ups`, verdict: 'close' },
    ...perfect.matches.map((m) => {
      const t = matchTest(m.pairs);
      return {
        what: `${times(results.find((r) => r.file === m.file) ?? { boards: m.boards } as SizeResult)}: a perfectly read memory`, paper: '"its midgame play was not greatly improved"',
        ours: `mean pair score ${t.mean.toFixed(3)} of 2 (${m.pairs.length} pairs: ${m.pairs.join(' ')}), p = ${t.p.toFixed(3)}; ${m.changed} of ${2 * m.pairs.length} games changed, ${m.better} better and ${m.worse} worse than on the empty memory (sign test p = ${mcnemarExact(m.better, m.worse).toFixed(2)}); ${m.hits} hits in ${m.lookups} look-ups, ${m.memoryBoards} boards in the games' memories`,
        verdict: (t.p < 0.05 && t.mean > 1 ? 'differs' : 'same') as Verdict,
      };
    }),
  ];
  // the utilisation curve against boards (log scale) with the fit carried to 20 times Samuel's memory
  const xs = [...results.map((r) => r.boards), 20 * samuelBoards];
  const tins = results.map((r) => { const u = utilOf(r, ['tinsley'], ['midgame']); return 100 * share(u.held, u.lookups); });
  const fit = logFit(results.map((r) => r.boards), tins);
  const inPlay = (ph: 'midgame' | 'endgame'): number[] => results.map((r) => { const u = utilOf(r, GAMES, [ph]); return 100 * share(u.held, u.lookups); });
  const pictures: Picture[] = results.length > 1 ? [{
    name: 'perfect-reading',
    caption: `Look-ups a perfectly read memory would answer (%): one move from each of Tinsley's midgames (plies 21, 27), and the probe's and ballots' games as played (midgame, endgame), against the boards on the memory (log scale); the fit ${fit.a.toFixed(2)} + ${fit.b.toFixed(3)} ln(boards) of Tinsley's midgames carried to 20 × 53,000`,
    scene: linesScene([
      { name: 'Tinsley mid', values: tins, color: '#1f77b4' },
      { name: 'games mid', values: inPlay('midgame'), color: '#2ca02c' },
      { name: 'games end', values: inPlay('endgame'), color: '#9467bd' },
      { name: 'fit to 20 ×', values: xs.map((x) => Math.max(0, fit.at(x))), color: '#d62728' },
    ], 'Perfect reading: the share of look-ups the memory holds', {
      x: xs.map((x) => Math.log10(x)), xName: 'log10 of the boards (20 × 53,000 = 6.03)', yName: '% of look-ups',
      yTicks: yTicks([...tins, ...inPlay('midgame'), ...inPlay('endgame'), ...xs.map((x) => fit.at(x))]),
      tip: (s, i) => `${thousands(xs[i]!)} boards: ${s.name} ${s.values[i]?.toFixed(2)}`,
    }),
  }] : [];
  return {
    sections: [
      { title: 'Perfect reading: the look-ups a perfectly read memory would answer (KLOOK traced in the 704, against each memory\'s boards)', rows: utilRows },
      { title: 'Perfect reading: each move again, with a memory of exactly the looked-up boards that memory holds, read whole before the search', rows: playRows },
      { title: 'Perfect reading in a match: the program with such a memory against itself without one, colours reversed, games played out (the probe\'s and the ballots\' starts)', rows: matchRows },
    ],
    pictures,
    notes: [
      'Perfect reading: the boards each search looks up are traced in the 704 (KLOOK at its minimum-ply entry, the board read from core; a search\'s start at KPRE), one move from each of Tinsley\'s positions after plies 21 and 27 (a memory that holds nothing, KRPM 0) and the probe\'s and ballots\' games as played; a look-up is answered by a memory when its board in standard form is on it. Then each move again: a small memory of exactly those boards the memory holds, their stored words unchanged, read whole before the search (KRPM = KPDEP = 1000), one move by the 704 (GMAXM 1); the master\'s move is Tinsley\'s next move. The match: our 704 with rote learning on a memory of exactly the boards its searches in that game look up that the copy holds, read whole, against the 704 without a memory, from the probe\'s and the ballots\' starts, colours reversed; a game that changes looks up other boards, so its memory is made again from the new game\'s look-ups too, until no new board is held (at most 3 times).',
    ],
  };
}

/** The verdict rows: perfect reading's figures and their curve to 20 times, and what Samuel's reading scheme reaches. */
export function perfectVerdict(perfect: PerfectOutcome, samuelBoards: number, scheme: { hits: number; lookups: number; onMemory: number; moves: number }): Row[] {
  const results = perfect.sizes;
  const [first, last] = [results[0]!, results.at(-1)!];
  const lastMatch = perfect.matches.find((m) => m.file === last.file);
  const mt = lastMatch ? matchTest(lastMatch.pairs) : null;
  const matchSig = !!mt && mt.p < 0.05 && mt.mean > 1;
  const matchText = mt && lastMatch ? `; in a match against itself without a memory, games played out, it scores ${mt.mean.toFixed(3)} of 2 a pair (${lastMatch.pairs.length} pairs, p = ${mt.p.toFixed(2)})` : '';
  const target = 20 * samuelBoards;
  const boards = results.map((r) => r.boards);
  const u = (r: SizeResult): number => { const x = utilOf(r, ['tinsley'], ['midgame']); return share(x.held, x.lookups); };
  const fitU = logFit(boards, results.map(u));
  const agree = results.map(agreement);
  const [a0, a1] = [agree[0]!, agree.at(-1)!];
  // the discordant moves carried to 20 times along their own curves: the test the larger tape would face
  const b20 = Math.max(0, Math.round(logFit(boards, agree.map((a) => a.b)).at(target)));
  const c20 = Math.max(0, Math.round(logFit(boards, agree.map((a) => a.c)).at(target)));
  const p20 = mcnemarExact(b20, c20);
  const sigAt = results.find((_, i) => agree[i]!.p < 0.05 && agree[i]!.b > agree[i]!.c);
  const sig20 = p20 < 0.05 && b20 > c20;
  const grows = fitU.b > 0 && u(last) > u(first);
  const x = (r: SizeResult): string => `${(r.boards / samuelBoards).toPrecision(2)} ×`;
  const verdictText = last.boards < samuelBoards
    ? `No verdict: the largest memory measured (${thousands(last.boards)} boards) is smaller than Samuel's 53,000`
    : sigAt || matchSig
    ? `Significant below 20 ×: ${sigAt ? `at ${thousands(sigAt.boards)} boards (${x(sigAt)}) perfect reading makes the program play the master's midgame move more often (McNemar p < 0.05)` : `at ${thousands(last.boards)} boards (${x(last)}) the program with a perfectly read memory wins its match against itself without one${matchText}`}, so under perfect reading fewer than 20 times would do`
    : `Not significant up to ${x(last)}: with every stored board it looks up in core, the program ${grows ? 'answers more' : 'answers no more'} midgame look-ups from the memory (${(100 * u(first)).toFixed(2)} % at ${thousands(first.boards)} boards, ${(100 * u(last)).toFixed(2)} % at ${thousands(last.boards)}) and plays the master's move ${a1.with} times in ${a1.n} against ${a1.without} without (McNemar p = ${a1.p.toFixed(2)}; the change ${points(a1.low)} to ${points(a1.high)} percentage points, 95 %)${matchText}; the curve gives ${(100 * Math.max(0, fitU.at(target))).toFixed(2)} % at 20 × (${thousands(target)} boards) and ${b20} against ${c20} moves changed for and against the master's (p = ${p20.toFixed(2)}), ${sig20 ? 'significant: about 20 times, as Samuel estimated' : 'not significant either: "at least 20 times" stands as a lower bound, and this curve says 20 times would not be enough'}`;
  const perfectInPlay = utilOf(last, GAMES, ['midgame']);
  return [
    {
      what: `midgame under perfect reading: ${thousands(first.boards)} to ${thousands(last.boards)} boards (${x(first)} to ${x(last)} 53,000), the curve to 20 ×`,
      paper: CONJECTURE,
      ours: `midgame look-ups answered ${(100 * u(first)).toFixed(2)} % → ${(100 * u(last)).toFixed(2)} % (fit ${(100 * fitU.a).toFixed(2)} + ${(100 * fitU.b).toFixed(3)} ln(boards) %: ${(100 * Math.max(0, fitU.at(target))).toFixed(2)} % at 20 ×); the master's move ${a0.without} → ${a0.with} at ${thousands(first.boards)}, ${a1.without} → ${a1.with} at ${thousands(last.boards)} of ${a1.n} (p = ${a0.p.toFixed(2)}, ${a1.p.toFixed(2)})${mt ? `; the match ${mt.mean.toFixed(3)} of 2 a pair (p = ${mt.p.toFixed(2)})` : ''}`,
      verdict: last.boards < samuelBoards || sigAt || matchSig ? 'differs' : 'same',
      note: verdictText,
    },
    {
      what: `midgame under the program's own reading of the tape (the measurements above), ${thousands(last.boards)} boards`,
      paper: '"three or four new records" read each move, "five or more" in core (the 32K-word 704)',
      ours: `${scheme.hits} hits in ${scheme.lookups} midgame look-ups (the ballots and the probe), ${scheme.onMemory} of the ${scheme.moves} midgame positions moved from on the memory; perfectly read, the same games' memory answers ${perfectInPlay.held} of ${perfectInPlay.lookups}`,
      verdict: scheme.hits === 0 && perfectInPlay.held > 0 ? 'differs' : 'close',
      note: scheme.hits === 0 && perfectInPlay.held > 0
        ? 'the boards are on the tape but not in core when they are looked up: on Samuel\'s machine the conjecture hinges on cataloguing (reading the records a search will need), not on the tape\'s size alone (docs/checkers-rote.md, "Reading forward against the key")'
        : `the reading finds ${scheme.hits} of the ${perfectInPlay.held} look-ups a perfectly read memory would answer`,
    },
  ];
}
