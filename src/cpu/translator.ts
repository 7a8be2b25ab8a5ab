// The translating core: the 704 code from an entry address becomes one JavaScript function (a
// block), built from the same semantics snippets as the interpreter (semantics.ts) and kept
// until a store changes a word it was built from (a store drops the blocks of that word's page),
// for every machine of the process whose core holds the same words. Inside, a `switch` on the IC
// reaches the words the block's own transfers go to, and the registers live in local variables.
// Design: docs/translator.md.

import { CYCLES, FLAGS, flushRegisters, INDEXED, loadRegisters, reloadRegisters } from './interpreter.ts';
import { DECODE_DEF } from './opcodes.ts';
import {
  HELPER_REGISTERS, HELPERS, JOIN_HALVES, literalCount, machineSemantics, REGISTER_FILE, senseGroup, SPLIT_HALVES,
  type Gen, type Semantics,
} from './semantics.ts';

export const PAGE_BITS = 8;
export const PAGE = 1 << PAGE_BITS;
/** The most instructions one block holds. */
const MAX_BLOCK = 96; // 64 before session 15: with small blocks taken in (SHARED_WORDS), series 2 about 2-3% faster at 96
/**
 * A block goes on into the words of another block's entry when that block holds at most this many
 * words, and leaves to it otherwise (docs/translator.md, "Blocks"): series 2's block calls 143 M ->
 * 118 M, its second pass in a process 9% faster, its first the same (session 15).
 */
const SHARED_WORDS = 32;

/**
 * The window, in instructions from 0, in which an address must be reached `hot` times to get a
 * block: code that comes round less often than that (once a move, once a game) stays with the
 * interpreter, whose speed V8's unoptimised code of a block does not reach (session 18: series 2
 * translated 560 blocks at 4 visits ever, about 210 at 32 in a window).
 */
export const HEAT_WINDOW = 250_000;

/** What a block returns besides the next IC (>= 0): the instruction budget would run out inside it;
 * or a planted word is no longer what the block was built for (the IC on it). Either way the IC is set. */
export const BUDGET = -1, CHANGED = -2;

/** A translated block: runs from its entry until it leaves, and returns the IC it leaves to (also
 * set in the CPU), or returns BUDGET where its next run of words could take more than `left`
 * instructions (a small integer, at most MAX_LEFT: see runBlocks in cpu.ts). */
export type BlockFunction = (cpu: object, left: number) => number;

/** The CPU state the translator reads (the Cpu class). */
export interface TranslatedCpu {
  readonly mem: Float64Array;
  readonly addrMask: number;
}

const SENSE = [senseGroup(false), senseGroup(true)] as const;
const NOTHING: Semantics = { code: () => '', jit: true }; // an unassigned sense address (§5.8)

/**
 * The semantics the translator inlines for a word, or null when the interpreter runs it. A
 * `planted` word (one the program stores into) has its address read when it runs.
 */
function translatable(w: number, planted: boolean): Semantics | null {
  const op = (w / 16777216) >>> 0;
  const d = DECODE_DEF[op];
  if (!d) return null;
  let s: Semantics;
  if (d.mnemonic === 'PSE' || d.mnemonic === 'MSE') {
    // The member is chosen by the address: an indexed or planted one is rare, and interpreted.
    if (((w >>> 15) & 7) !== 0 || planted) return null;
    s = SENSE[d.mnemonic === 'MSE' ? 1 : 0].get(w & 0x7fff) ?? NOTHING;
  } else {
    s = machineSemantics(d.mnemonic);
  }
  return s.jit ? s : null;
}

const JUMP = '\u0001JUMP\u0001';

/** True when the code always transfers (TRA, TTR, TSX, TXI): it ends in the jump at brace depth 0. */
function alwaysTransfers(code: string): boolean {
  const c = code.trim();
  if (!c.endsWith(JUMP)) return false;
  return c.split('{').length === c.split('}').length; // the marker is not inside a block (an if)
}

/**
 * A block as built: its function and the words it was built from (their addresses and values),
 * which it holds as constants. A block keeps nothing of its machine (it gets the CPU as an
 * argument), so another machine of the process (a series' next game, a tournament's machines, a
 * test's second machine) whose core holds the same words at the same addresses takes the block,
 * and V8's optimisation of it, without translating again: translating was a third to a half of a
 * warm game's time.
 */
interface Built {
  readonly fn: BlockFunction; readonly words: Int32Array; readonly values: Float64Array; readonly unchecked: Int32Array;
  /** Whether the block goes round (a transfer to a word of its own). */
  readonly loops: boolean;
}

/** Blocks built in this process, by core size and entry address, newest first. */
const built = new Map<number, Built[]>();
const MAX_BUILT = 20000, VARIANTS = 8;
let builtCount = 0;

/**
 * Blocks of 704 code by entry address (see source() and line() for what a block holds), and what
 * a store into their words must drop.
 */
export class Translator {
  /** Per word: 1 while a live block was built from it (a store there drops its page's blocks). */
  readonly codeMark: Uint8Array;
  /** Per entry: its block, null when the interpreter runs the word there, undefined when unknown. */
  readonly blocks: (BlockFunction | null | undefined)[];
  /** Per word: 1 once a store hit it as code ("planted"): from then on blocks read its address when
   * they run it, and leave it to the interpreter when the rest of the word has changed. */
  private readonly volatile: Uint8Array;
  /** Per address: how often execution came there without a block in the window of `heatWindow`. */
  readonly heat: Uint8Array;
  /** Per address: the window (the instruction count over HEAT_WINDOW) its `heat` counts in. */
  readonly heatWindow: Uint32Array;
  /** Per entry: its block as built, while it is live. */
  private readonly builtAt: (Built | undefined)[];
  /** Times execution must come to an address in one window of HEAT_WINDOW instructions before a
   * block is built there (at most 255): code run now and then is cheaper to interpret than to
   * translate and have V8 compile (docs/translator.md, "Hot code"). The CPU tests set
   * $SAMUEL704_JIT_HOT to 0 so their short programs are translated too. */
  hot = Math.min(255, Number(process.env.SAMUEL704_JIT_HOT ?? 32));
  /** The words live blocks were built from, to catch writes from outside the CPU between runs. */
  private readonly shadow: Float64Array;
  /** Entries with a block (or null) per page. */
  private readonly pageEntries: number[][];
  /** The marked words per page, which validate() compares (a series' slices call it a thousand times). */
  private readonly pageWords: number[][];
  private readonly live = new Set<number>();
  /** Per word that some live block stores into without looking whether it is code (it was not when
   * the block was built): those blocks' entries, dropped when the word becomes code. */
  private readonly storers = new Map<number, number[]>();

  constructor(private readonly cpu: TranslatedCpu) {
    const size = cpu.mem.length;
    this.codeMark = new Uint8Array(size);
    this.volatile = new Uint8Array(size);
    this.heat = new Uint8Array(size);
    // No window yet: each address's first visit starts its count (so V8 sees that path at once).
    this.heatWindow = new Uint32Array(size).fill(0xffffffff);
    this.builtAt = new Array<Built | undefined>(size).fill(undefined);
    this.shadow = new Float64Array(size);
    this.blocks = new Array<BlockFunction | null | undefined>(size).fill(undefined);
    this.pageEntries = Array.from({ length: size >>> PAGE_BITS }, () => []);
    this.pageWords = Array.from({ length: size >>> PAGE_BITS }, () => []);
  }

  /** A store hit a word a live block was built from: that word is interpreted from now on. */
  codeWrite(a: number): void {
    this.volatile[a] = 1;
    this.drop(a >>> PAGE_BITS);
  }

  /** Drop every page whose words changed since its blocks were built (writes by the host between runs). */
  validate(): void {
    const m = this.cpu.mem, cm = this.codeMark, sh = this.shadow;
    for (const p of this.live) {
      for (const a of this.pageWords[p]!) {
        if (cm[a] !== 0 && m[a] !== sh[a]) { this.drop(p); break; }
      }
    }
  }

  private drop(p: number): void {
    if (!this.live.delete(p)) return;
    for (const e of this.pageEntries[p]!) this.blocks[e] = undefined;
    this.pageEntries[p] = [];
    this.pageWords[p] = [];
    this.codeMark.fill(0, p << PAGE_BITS, (p + 1) << PAGE_BITS);
  }

  private mark(a: number): void {
    if (this.codeMark[a] === 0) {
      this.pageWords[a >>> PAGE_BITS]!.push(a);
      const storers = this.storers.get(a);
      if (storers !== undefined) { // they would not see that they write into code now
        for (const e of storers) this.blocks[e] = undefined;
        this.storers.delete(a);
      }
    }
    this.codeMark[a] = 1;
    this.shadow[a] = this.cpu.mem[a]!;
  }

  /** The block entered at `ic` (built now if need be), or null when the interpreter runs that word. */
  build(ic: number): BlockFunction | null {
    const key = this.cpu.addrMask * 32768 + ic;
    const b = this.reuse(built.get(key)) ?? this.translate(ic, key);
    if (b === null) {
      this.enlist(ic, ic);
      if (this.volatile[ic] === 0) this.mark(ic); // a store turning this word into code must be seen
      this.blocks[ic] = null;
      return null;
    }
    for (const a of b.words) {
      this.mark(a);
      this.enlist(ic, a);
    }
    for (const a of b.unchecked) {
      const storers = this.storers.get(a);
      if (storers === undefined) this.storers.set(a, [ic]);
      else if (!storers.includes(ic)) storers.push(ic);
    }
    this.blocks[ic] = b.fn;
    this.builtAt[ic] = b;
    return b.fn;
  }

  /** The first of the blocks built at an entry whose words are all in this core as they were, and not
   * planted here, and whose unchecked stores go to words that are not code here. */
  private reuse(variants: readonly Built[] | undefined): Built | undefined {
    if (variants === undefined) return undefined;
    const m = this.cpu.mem, planted = this.volatile, cm = this.codeMark;
    return variants.find(({ words, values, unchecked }) => {
      for (let i = 0; i < words.length; i++) if (m[words[i]!] !== values[i] || planted[words[i]!] !== 0) return false;
      for (let i = 0; i < unchecked.length; i++) if (cm[unchecked[i]!] !== 0) return false;
      return true;
    });
  }

  /** Translate the block at `ic` and keep it for every machine of the process; null when its first word is not translatable. */
  private translate(ic: number, key: number): Built | null {
    const words: number[] = [], unchecked: number[] = [];
    const src = this.source(ic, words, unchecked);
    if (src === null) return null;
    const fn = (new Function('H', src) as (h: typeof HELPERS) => BlockFunction)(HELPERS);
    const b: Built = { fn, words: Int32Array.from(words), values: Float64Array.from(words, (a) => this.cpu.mem[a]!), unchecked: Int32Array.from(unchecked), loops: GOES_ROUND.test(src) };
    if (builtCount >= MAX_BUILT) { built.clear(); builtCount = 0; }
    const variants = built.get(key) ?? [];
    if (variants.length >= VARIANTS) variants.pop(); else builtCount++;
    variants.unshift(b);
    built.set(key, variants);
    return b;
  }

  /** The block at `entry` was built from the word at `a`: a change there drops it. */
  private enlist(entry: number, a: number): void {
    const p = a >>> PAGE_BITS;
    this.pageEntries[p]!.push(entry);
    this.live.add(p);
  }

  /**
   * JavaScript for the block entered at `entry`, or null when its first word is not translatable.
   * The block follows the straight line and, through transfers that always go to one address
   * (TRA, TSX, TTR, TXI), their targets, so a call and its subroutine's first part are one block.
   * The targets of its constant transfers and skips are taken into the block too, as far as
   * MAX_BLOCK words: the words such transfers reach are the cases of a `switch` on the IC in the
   * block's loop, so loops, skips and branches within the block never leave it. `constants`
   * receives the words the block holds as constants (all but the planted ones), `unchecked` the
   * words it stores into without looking whether they are code (Gen.store below).
   */
  private source(entry: number, constants: number[], unchecked: number[] = []): string | null {
    // Index registers are known only on the way from one label to the next; which words are
    // labels depends on what the knowledge folds, so build until the labels settle.
    let reset = new Set([entry]);
    let line = this.line(entry, reset, true);
    for (let tries = 0; ; tries++) {
      const labels = labelsOf(entry, line);
      if ([...labels].every((l) => reset.has(l))) break;
      reset = new Set([...reset, ...labels]);
      line = this.line(entry, reset, tries < 3);
    }
    if (line.words.length === 0) return null;
    const stores: Stores = { own: new Set(line.words), unchecked };
    const am = this.cpu.addrMask;
    // The words some constant transfer of the block goes to: entries of the switch.
    const labels = labelsOf(entry, line);
    const parts: string[] = [];
    let count = 0, cycles = 0; // instructions and base cycles since the last label
    let bound = UNBOUNDED; // the AC's magnitude is below 2^bound (Semantics.acBound), known from label to label
    let halves = false; // the AC's magnitude is in ah and al (Semantics.halves), from label to label
    for (let i = 0; i < line.words.length; i++) {
      const a = line.words[i]!;
      if (labels.has(a)) {
        if (count > 0) parts.push(`ins += ${count}; cyc += ${cycles};`); // falling into the label
        if (halves) parts.push(JOIN_HALVES);
        parts.push(`case ${a}:`);
        count = 0; cycles = 0;
        bound = UNBOUNDED;
        halves = false;
      }
      const w = this.cpu.mem[a]!;
      const op = (w / 16777216) >>> 0;
      count++;
      cycles += CYCLES[op]!;
      const follow = line.follow[i]!;
      const known = line.known[i]!;
      const planted = this.volatile[a] !== 0;
      const s = translatable(w, planted)!;
      const g = this.gen(labels, a, w, count, cycles, [], follow, known, planted, [], bound, stores);
      const before = halves, hv = s.halves;
      let code = hv?.code && (halves || hv.gains) ? hv.code(g) : null;
      if (code !== null) {
        if (!halves) code = `${SPLIT_HALVES} ${code}`;
        halves = true;
      } else {
        code = s.code(g);
        if (halves && hv?.overwrites) halves = false;
        else if (halves && (/\bacM\b/.test(code) || code.includes(FLUSH))) { code = `${JOIN_HALVES} ${code}`; halves = false; } // a helper reads the AC from the CPU
      }
      const body = joined(code, halves).replaceAll(JUMP, '');
      bound = s.acBound?.(bound, literalCount(g.y)) ?? UNBOUNDED;
      const t = (w >>> 15) & 7;
      const indexed = t !== 0 && (FLAGS[op]! & INDEXED) !== 0;
      if (planted) {
        // The word as it is when it runs: the same but for its address, or the interpreter runs it.
        const x = knownX(t, known);
        const changed = joined(`${done(count - 1, cycles - CYCLES[op]!)} ic = ${a}; rc = ${CHANGED}; break main;`, before);
        parts.push(`{ const pw_ = m[${a}]; if (pw_ - (pw_ & 0x7fff) !== ${w - (w & 0x7fff)}) { ${changed} }
  const y = ${indexed ? `((pw_ & 0x7fff) - ${x === null ? xr(t) : x}) & ${am}` : `pw_ & ${am}`}; ${body} }`);
        // Not marked: stores into it need not drop blocks.
      } else {
        const y = indexed && indexedY(w, known, am) === null ? `const y = (${w & 0x7fff} - ${xr(t)}) & ${am};` : '';
        parts.push(`{ ${y} ${body} }`);
        constants.push(a);
      }
      const next = line.ends.get(i);
      if (next !== undefined) { // the end of a run: where it goes on
        if (next >= 0) parts.push(joined(labels.has(next) ? `${round(count, cycles)} ic = ${next}; continue main;` : `${done(count, cycles)} ic = ${next}; break main;`, halves));
        count = 0; cycles = 0;
        halves = false; // nothing falls through: the next word is a label
      }
    }
    const body = parts.join('\n');
    // A block that never goes round (no transfer to a word of its own) is straight code from its
    // entry: no loop and no switch, which V8's optimising compiler compiles sooner (session 15).
    const budget = `if (ins + ${line.words.length} > left) { rc = ${BUDGET}; break main; }`;
    const named = GOES_ROUND.test(body)
      ? `main: for (;;) {
    ${budget}
    switch (ic) {
${body}
    }
    break;
  }`
      : `main: {
    ${budget}
${body.replace(/^case \d+:$/gm, '')}
  }`;
    // The registers the block's own code names; a helper's call stores and reloads only those
    // (the helper reads the others from the CPU, where they are), and only those the block
    // assigns are stored when it leaves.
    const names = new Set(named.match(NAMED_REGISTER));
    const used = REGISTER_FILE.filter(([l]) => names.has(l));
    const helperUsed = HELPER_REGISTERS.filter(([l]) => used.some(([u]) => u === l));
    const loop = named.replaceAll(FLUSH, flushRegisters(helperUsed)).replaceAll(RELOAD, reloadRegisters(helperUsed));
    const assigned = new Set(Array.from(loop.matchAll(ASSIGNED_REGISTER), (x) => x[1]));
    const written = used.filter(([l]) => assigned.has(l));
    const inHalves = /\bah\b/.test(loop) ? ' let ah = 0, al = 0;' : '';
    // The block counts from 0 (see below), so its code may only add to the count of cycles, or
    // read it with the CPU's (Gen.now).
    if (/(?<!c\.cycles \+ )\bcyc\b(?!\s*[+-]=)/.test(loop)) throw new Error(`block at ${entry}: the cycle count is read`);
    return `const { ${Object.keys(HELPERS).join(', ')} } = H;
return function block${entry.toString(8)}(c, left) {
  const m = c.mem${/\bcm\[/.test(loop) ? ', cm = c.codeMark' : ''}, am = ${am};${/\bio\./.test(loop) ? ' const io = c.io;' : ''}
  // Instructions and cycles done in the block, from 0: small integers for V8 however long the run.
  let ic = ${entry}, ins = 0, cyc = 0, rc = 0, ex = 0;${inHalves}
  ${loadRegisters(used)}
  ${loop}
  ${flushRegisters(written)}
  ins += ex >>> 16; cyc += ex & 0xffff; // what the way out (done()) counted
  c.ic = ic; c.instructions += ins; c.cycles += cyc;
  return rc < 0 ? rc : ic;
};`;
  }

  /**
   * The words of the block entered at `entry`, in order: the straight line of translatable words,
   * through the targets of transfers that always go to one address, up to a word the interpreter
   * runs, a transfer with a variable target, a word already in the block, or MAX_BLOCK words.
   * `follow[i]`: the target the i-th word's transfer goes on to in the line (-1 if none);
   * `targets`: every constant transfer and skip target; `next`: where the last word falls or
   * goes to, -1 when it leaves by its own transfer. With `fold`, `known[i]` holds the index
   * registers XR1, XR2, XR4 known before the i-th word (-1: unknown): set to constants since the
   * last word of `reset` (TSX's return address, TXI on a known register), so a subroutine's
   * return `TRA 1,4` and indexed addresses become constants.
   */
  private line(entry: number, reset: ReadonlySet<number>, fold: boolean): Line {
    const m = this.cpu.mem, am = this.cpu.addrMask, blocks = this.blocks;
    const line: Line = { words: [], follow: [], targets: [], known: [], ends: new Map() };
    const { words, follow, targets, known } = line;
    const seen = new Set<number>();
    const pending = [entry];
    for (let p = 0; p < pending.length && words.length < MAX_BLOCK; p++) {
      let a = pending[p]!;
      let xs: Known = UNKNOWN;
      const first = words.length;
      let next = -1;
      for (;;) {
        // Another block's entry: go on there rather than translate its words again (V8's optimising
        // compiler was the most of a first game, with each word in three blocks on average), unless
        // that block is small (SHARED_WORDS).
        if (words.length >= MAX_BLOCK || seen.has(a) || (a !== entry && typeof blocks[a] === 'function' && !this.shared(a, entry))) { next = a; break; }
        const w = m[a]!;
        const planted = this.volatile[a] !== 0;
        const s = translatable(w, planted);
        if (s === null) { next = a; break; }
        if (reset.has(a) || !fold) xs = UNKNOWN;
        const mine: number[] = [];
        const set: (number | null)[] = [];
        const body = s.code(this.gen(new Set(), a, w, 0, 0, mine, -1, xs, planted, set));
        targets.push(...mine);
        pending.push(...mine);
        words.push(a);
        known.push(xs);
        seen.add(a);
        if (set.length > 0) {
          const v = set.at(-1)!;
          const t = (w >>> 15) & 7;
          const now = (i: number): number => ((t >> i) & 1 ? (v ?? -1) : xs[i]!);
          xs = [now(0), now(1), now(2)];
        }
        if (alwaysTransfers(body)) {
          const target = mine.at(-1);
          if (target === undefined || seen.has(target) || words.length >= MAX_BLOCK) { follow.push(-1); break; }
          follow.push(target);
          targets.pop(); // the block goes on there: no label
          a = target;
          continue;
        }
        follow.push(-1);
        a = (a + 1) & am;
      }
      if (words.length > first) line.ends.set(words.length - 1, next);
    }
    return line;
  }

  /**
   * Whether a block entered at `entry` goes on into the words of the live block at `a` rather than
   * leave to it: that block is small (SHARED_WORDS) and, if it goes round, not round `entry` (the
   * loop would then go round the switch twice a turn: a loop entered in its middle by a run's slice).
   */
  private shared(a: number, entry: number): boolean {
    const b = this.builtAt[a]!;
    return b.words.length <= SHARED_WORDS && !(b.loops && b.words.includes(entry));
  }

  /**
   * How the translator writes the instruction at L, the `count`th since the last label of its
   * block (`cycles` the base cycles so far): the word's fields are constants, and every way out
   * first adds the instructions and base cycles done. A transfer to a label goes round the
   * block's loop; constant transfer targets go to `targets`; a transfer to `follow` is the block
   * going on there.
   */
  private gen(
    labels: ReadonlySet<number>, L: number, w: number, count: number, cycles: number, targets: number[], follow: number,
    known: Known, planted: boolean, set: (number | null)[] = [], bound = UNBOUNDED, stores?: Stores,
  ): Gen {
    const am = this.cpu.addrMask;
    const t = (w >>> 15) & 7;
    const op = (w / 16777216) >>> 0;
    const indexed = t !== 0 && (FLAGS[op]! & INDEXED) !== 0;
    const regs = selected(t);
    const kx = knownX(t, known);
    const ky = indexed && !planted ? indexedY(w, known, am) : null;
    const way = done(count, cycles);
    const to = (target: number): string =>
      labels.has(target) ? `${round(count, cycles)} ic = ${target}; continue main;` : `${way} ic = ${target}; break main;`;
    const transfer = (target: string): string => {
      if (target === 'y') return `${way} ic = y; break main;${JUMP}`;
      const n = Number(target);
      targets.push(n);
      return n === follow ? JUMP : `${to(n)}${JUMP}`;
    };
    return {
      y: planted || (indexed && ky === null) ? 'y' : String(ky ?? (w & 0x7fff) & am),
      L: String(L),
      dec: String(Math.floor(w / 262144) & am),
      x: () => (kx === null ? xr(t) : String(kx)),
      setX: (v) => {
        set.push(constant(v, am));
        return regs.length === 0 ? '' : regs.length === 1 ? `${regs[0]} = ${v};` : `{ const v_ = ${v}; ${regs.map((r) => `${r} = v_;`).join(' ')} }`;
      },
      // A store into a word some block was built from drops the blocks built from its page, this
      // one perhaps among them: the block leaves after the store. A store to a constant address
      // that is not code now, nor a word of this block, is not checked: should the word become
      // code, mark() drops this block first (docs/translator.md, "Stores into code"). line(), which
      // only looks for transfers, passes no `stores`.
      store: (a, v) => {
        const k = Number(a);
        if (stores && a !== 'y' && this.codeMark[k] === 0 && !stores.own.has(k)) {
          if (!stores.unchecked.includes(k)) stores.unchecked.push(k);
          return `m[${a}] = ${v};`;
        }
        return `{ const w_ = ${v}; m[${a}] = w_; if (cm[${a}] !== 0) { c.codeWrite(${a}); ${way} ic = ${(L + 1) & am}; break main; } }`;
      },
      jump: transfer,
      go: transfer,
      skip: (k) => { const n = (L + 1 + k) & am; targets.push(n); return to(n); },
      call: (s) => `${FLUSH} ${s} ${RELOAD}`,
      now: `(c.cycles + cyc + ${cycles})`,
      // The words before this one counted, the interpreter runs it.
      punt: () => `{ ${done(count - 1, cycles - CYCLES[op]!)} ic = ${L}; rc = ${CHANGED}; break main; }`,
      acBelow: (k) => bound <= k,
    };
  }
}

/**
 * A way out of a block after `count` instructions and `cycles` base cycles since the last label:
 * one constant put in `ex`, which the block's end (run by every way out) adds to the counts. Code
 * V8 has not seen run when it optimises a block becomes a deoptimisation, and an arithmetic
 * `ins += n` on every way out was most of those that were not new paths through the 704 code
 * (14 of a first game's 36); an assignment needs no feedback.
 */
const done = (count: number, cycles: number): string => `ex = ${count * 65536 + cycles};`;
/** The way round the block's loop: the counts added there (adding `ex` at the loop's top cost tight loops 10-20%). */
const round = (count: number, cycles: number): string => `ins += ${count}; cyc += ${cycles};`;

/** Code whose every way out joins the AC's halves first, when they hold it (Semantics.halves). */
const joined = (code: string, halves: boolean): string =>
  (halves ? code.replaceAll('break main;', `${JOIN_HALVES} break main;`).replaceAll('continue main;', `${JOIN_HALVES} continue main;`) : code);

/** A register's local named in a block's code; one assigned (not `c.mq = ...`, not a comparison). */
const NAMED_REGISTER = new RegExp(`\\b(?:${REGISTER_FILE.map(([l]) => l).join('|')})\\b`, 'g');
const ASSIGNED_REGISTER = new RegExp(`(?<![.\\w])(${REGISTER_FILE.map(([l]) => l).join('|')})\\s*(?:[-+*/%&|^]|<<|>>>?)?=(?!=)`, 'g');

/** A block's code goes round its loop (a transfer to a word of its own): Built.loops, and no loop without it. */
const GOES_ROUND = /\bcontinue main\b/;

/** What source() tells gen() of the block being written: its words, and where its unchecked stores go. */
interface Stores { readonly own: ReadonlySet<number>; readonly unchecked: number[] }

/** Where a helper's call stores the registers for it and reloads them (source() fills them in). */
const FLUSH = '/*flush*/', RELOAD = '/*reload*/';

/** Semantics.acBound's "nothing known": the AC's magnitude (Q, P, 1-35) is below 2^37. */
const UNBOUNDED = 37;

/** XR1, XR2, XR4 as far as known at translate time: a value, or -1. */
type Known = readonly [number, number, number];
const UNKNOWN: Known = [-1, -1, -1];

/**
 * The words of a block: runs of words from the entry and from the constant targets of its
 * transfers, each run ending where `ends` says: at the word of index i, going on to `ends.get(i)`
 * (-1 when that word leaves by a transfer of its own).
 */
interface Line { words: number[]; follow: number[]; targets: number[]; known: Known[]; ends: Map<number, number> }

/** The entry, and the words of the line some constant transfer of the block goes to. */
function labelsOf(entry: number, line: Line): Set<number> {
  const inLine = new Set(line.words);
  const labels = new Set([entry]);
  for (const t of [...line.targets, ...line.ends.values()]) if (inLine.has(t)) labels.add(t);
  return labels;
}

/** The OR of the registers tag `t` selects when all of them are known (0 for tag 0), else null. */
function knownX(t: number, known: Known): number | null {
  let x = 0;
  for (let i = 0; i < 3; i++) {
    if (((t >> i) & 1) === 0) continue;
    if (known[i]! < 0) return null;
    x |= known[i]!;
  }
  return x;
}

/** The effective address of an indexed word when its registers are known, else null. */
function indexedY(w: number, known: Known, am: number): number | null {
  const x = knownX((w >>> 15) & 7, known);
  return x === null ? null : ((w & 0x7fff) - x) & am;
}

/** The value of code made of numbers, `am`, parentheses and + - & | alone, else null. */
function constant(e: string, am: number): number | null {
  if (!/^(?:[\d\s()+\-&|]|am)+$/.test(e)) return null;
  const key = `${am} ${e}`;
  let v = constants.get(key);
  if (v === undefined) {
    v = (new Function('am', `return ${e};`) as (am: number) => number)(am);
    constants.set(key, v);
  }
  return v;
}
/** constant()'s answers: a rebuilt block asks again for the same TSX and TXI values. */
const constants = new Map<string, number>();

/** The index registers a constant tag selects (ibm704.md §3.1). */
const selected = (t: number): string[] => [t & 1 ? 'x1' : '', t & 2 ? 'x2' : '', t & 4 ? 'x4' : ''].filter((r) => r !== '');

/** The OR of the index registers a constant tag selects. */
const xr = (t: number): string => {
  const r = selected(t);
  return r.length === 0 ? '0' : `(${r.join(' | ')})`;
};
