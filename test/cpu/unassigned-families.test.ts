// The unassigned codes the first survey (unassigned.test.ts) could not reproduce, and the questions it
// left open, against a second set of runs of the gate-level model of the 704 (rhobbie/Library704,
// built from IBM's schematics, under Icarus Verilog): test/cpu/unassigned-families-observations.txt,
// one instruction a line, each with its own index registers, AC, MQ, indicators and operand words
// (docs/unassigned-codes.md, "Second survey"):
//
//   CODE TAG TRAP XRS AC MQ FLAGS OPERANDS BLOCK -> NEXT CYCLES AC MQ XRS FLAGS [CORE]
//
// in octal; AC is S,Q,P,1-35 (S at 2^37); FLAGS are AC overflow, MQ overflow, divide check,
// trapping mode; OPERANDS the words at BLOCK+20..27 (the instruction at BLOCK+13, Y = BLOCK+27: where
// the model ran it, since shifts and TSX see the address itself); NEXT the next location relative
// to the block; CORE the block's words that changed. A stop reads `stop NEXT ...` or `hang NEXT ...`
// (the model stopped fetching; Start went on at NEXT) with the registers as they were then.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Machine } from '../../src/machine/machine.ts';
import { UNASSIGNED } from '../../src/cpu/opcodes.ts';

const oct = (s: string): number => parseInt(s, 8);

interface Observation {
  line: string; block: number; code: number; tag: number; trap: boolean; xr: number[]; ac: bigint; mq: number; flags: string; operands: number[];
  stop?: 'stop' | 'hang'; next: string; cycles?: number; after?: { ac: string; mq: string; xr: string; flags: string }; mem: string[];
}

function parse(line: string): Observation {
  const [head, tail] = line.split(' -> ') as [string, string];
  const [code, tag, trap, xr, ac, mq, flags, operands, block] = head.split(' ') as string[];
  const o: Observation = {
    line, block: oct(block!), code: oct(code!), tag: +tag!, trap: trap === '1', xr: xr!.split(',').map(oct), ac: BigInt('0o' + ac), mq: oct(mq!),
    flags: flags!, operands: operands!.split(',').map(oct), next: '', mem: [],
  };
  const f = tail.split(' ');
  let rest: string[];
  if (f[0] === 'stop' || f[0] === 'hang') { o.stop = f[0]; o.next = f[1]!; rest = f.slice(2); }
  else { o.next = f[0]!; o.cycles = Number(f[1]); rest = f.slice(2); }
  if (rest.length >= 4) o.after = { ac: rest[0]!, mq: rest[1]!, xr: rest[2]!, flags: rest[3]! };
  o.mem = rest[4]?.split(',') ?? [];
  return o;
}

const OBSERVATIONS = readFileSync(new URL('./unassigned-families-observations.txt', import.meta.url), 'utf8')
  .trim().split('\n').map(parse);

/** Run one observation's instruction (or `code` in its place) on our CPU: the observation's summary. */
function run(o: Observation, code = o.code) {
  const m = new Machine({ coreWords: 8192 });
  const c = m.cpu;
  const B = o.block, L = B + 11, y = B + 23;
  for (let a = 0; a < 8192; a++) c.mem[a] = a; // HTR to itself everywhere, as in the harness
  c.mem[L] = code * 2 ** 24 + o.tag * 2 ** 15 + y;
  o.operands.forEach((v, i) => { c.mem[B + 16 + i] = v; });
  c.acSign = Number(o.ac >> 37n); c.acMag = Number(o.ac % 2n ** 37n); c.mq = o.mq;
  [c.xr1, c.xr2, c.xr4] = o.xr as [number, number, number];
  [c.acOverflow, c.mqOverflow, c.divideCheck, c.trapMode] = [...o.flags].map((b) => b === '1') as [boolean, boolean, boolean, boolean];
  c.ic = L;
  const before = Float64Array.from(c.mem);
  const stop = m.step();
  const mem: string[] = [];
  for (let a = B; a < B + 24; a++) if (c.mem[a] !== before[a]) mem.push(`${(a - B).toString(8)}=${c.mem[a]!.toString(8).padStart(12, '0')}`);
  return {
    stop, next: c.ic === 1 ? 'trap' : (c.ic - B).toString(8), cycles: c.cycles,
    ac: (BigInt(c.acSign) * 2n ** 37n + BigInt(c.acMag)).toString(8), mq: c.mq.toString(8),
    xr: [c.xr1, c.xr2, c.xr4].map((x) => x.toString(8)).join(','),
    flags: `${+c.acOverflow}${+c.mqOverflow}${+c.divideCheck}${+c.trapMode}`, mem,
  };
}

/**
 * FDP with AC P set and a divide check: the model raises AC overflow as well, for FDP itself as
 * for its unassigned kin (reference runs in the survey's logs); ours does not (an assigned
 * instruction, left as it is). Such a code must do all the rest as observed.
 */
const fdpOverflow = (o: Observation): boolean =>
  UNASSIGNED[o.code]?.as === 'FDP' && (o.ac >> 35n) % 2n === 1n && /^1.1/.test(o.after?.flags ?? '');

/** Where our CPU differs from one observation (empty: it agrees). */
function differences(seen: Observation): string[] {
  let o = seen;
  const r = run(o);
  const bad: string[] = [];
  if (fdpOverflow(o)) o = { ...o, after: { ...o.after!, flags: `0${o.after!.flags.slice(1)}` } };
  if (o.stop) {
    // A stop: Start went on at `next` with the registers as observed. The model's DVH and FDH, and
    // their kin, stop on a divide check without the program stop (`hang`), and after DVH's the AC
    // holds its ones' complement when Start goes on; ours stop with the AC unchanged, as our DVH
    // does (docs: "Also seen").
    const ac = o.stop === 'hang' ? o.ac.toString(8) : o.after!.ac;
    // In trapping mode the model's Start goes on at location 1 (the trap taken on restart); ours
    // resumes as HTR does (docs/unassigned-codes.md, "Also seen"): only the stop is compared there.
    if (r.stop.reason !== 'halt' || (!o.trap && r.next !== o.next)) bad.push(`${r.stop.reason} next ${r.next}, not a stop going on at ${o.next}`);
    if (r.ac !== ac || r.mq !== o.after!.mq || r.xr !== o.after!.xr || r.flags !== o.after!.flags) bad.push(`registers ${r.ac} ${r.mq} ${r.xr} ${r.flags}`);
  } else {
    if (r.next !== o.next) bad.push(`next ${r.next} not ${o.next}`);
    if (r.cycles !== o.cycles) bad.push(`${r.cycles} cycles not ${o.cycles}`);
    if (r.ac !== o.after!.ac) bad.push(`AC ${r.ac} not ${o.after!.ac}`);
    if (r.mq !== o.after!.mq) bad.push(`MQ ${r.mq} not ${o.after!.mq}`);
    if (r.xr !== o.after!.xr) bad.push(`XR ${r.xr} not ${o.after!.xr}`);
    if (r.flags !== o.after!.flags) bad.push(`indicators ${r.flags} not ${o.after!.flags}`);
  }
  if (r.mem.join() !== o.mem.join()) bad.push(`core ${r.mem.join()} not ${o.mem.join()}`);
  return bad;
}

/** One family: the observations of `codes` (octal, `A-B` ranges) all agree with our CPU. */
function family(title: string, codes: string, minimum: number): void {
  const set = new Set(codes.split(' ').flatMap((r) => {
    const [lo, hi = lo] = r.split('-').map(oct) as [number, number?];
    return Array.from({ length: hi! - lo + 1 }, (_, i) => lo + i);
  }));
  it(`${title} (${codes})`, () => {
    const mine = OBSERVATIONS.filter((o) => set.has(o.code) && UNASSIGNED[o.code]);
    expect(mine.length).toBeGreaterThanOrEqual(minimum);
    const wrong = mine.map((o) => [o.line, differences(o)] as const).filter(([, d]) => d.length).map(([l, d]) => `${l}: ${d.join('; ')}`);
    expect(wrong.slice(0, 100), `${wrong.length} of ${mine.length} disagree`).toEqual([]);
  });
}

/** The families: what they do, their codes (octal, `A-B` ranges), and how many runs at least. */
const FAMILIES: readonly (readonly [title: string, codes: string, minimum: number])[] = [
  ['divide with MQ 1-35 filled with the quotient sign; even codes stop on a divide check as DVH, odd go on as DVP', '4220-4237', 100],
  ['DVH/DVP-like plus codes after a divide check', '0222-0233', 20],
  ['FDH/FDP-like codes after a divide check: even stop as FDH, odd go on as FDP', '0242-0253 0255 0257 4240-4253 4255 4257', 50],
  ['FAD/FSB/UFA/UFS-like codes with AC P set: the odd ones keep P out of the sign', '0301-0317 4301-4317', 64],
  ['ANA with AC P taken from the operand sign', '4321 4323 4325 4327 4331 4333', 48],
  ['CAL and ORA with the operand sign inverted', '4502 4503 4506 4507 4512 4513 4516 4517', 64],
  ['stores that OR the MQ in (STO, STA, STD with SLQ field), or OR the AC word into C(Y)', '4601-4627', 56],
  ['ANS and the stores that take the AC sign, with AC P and S set otherwise', '0321-0337 0631-0637 4321 4603 4621 4623', 51],
  ['SXD with the AC decrement ORed in (4635 also STA)', '4635-4637', 100],
  ['SXD with Y indexed: XRs named by the tag, then by the operand bits 18-20, take complements (4631-4633 with the AC)', '4630-4633', 120],
  ['XRs named by the operand bits 18-20 (LXA, LXD) or by AC 18-20 (PAX)', '0520-0533 4520-4533 0720-0733', 72],
  ['TQO-like codes that never transfer, those that are TQO, and TQP-like codes that are TQP or TQP and TQO at once, with the MQ overflow indicator on', '0002-0017 0160-0177 4040-4057 4160-4177', 90],
  ['Y not indexed (the tag, where the code reads an operand, replaces its bits 18-20)', '0054-0057 0114-0117 0134-0137 0154-0157 0214-0217 0234-0237 0254-0257 0274-0277 0314-0317 0334-0337 0374-0377 0414-0417 0514-0517 0574-0577 0634 4214-4217 4254-4257 4274-4277 4314-4317 4334-4337 4374-4377 4414-4417 4514-4517 4574-4577', 100],
  ['every unassigned type-B code once more, random tag, registers and operands, four times', '0001-4777', 4500],
];

describe('the unassigned codes of the second survey do what the gate-level model did', () => {
  for (const [title, codes, minimum] of FAMILIES) family(title, codes, minimum);
});
