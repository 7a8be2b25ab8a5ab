// The translating core: the 704 code of a page of core (PAGE words) becomes one JavaScript
// function, built from the same semantics snippets as the interpreter (semantics.ts) and cached
// per page until a store changes a word it was built from. Inside, a `switch` on the IC enters
// at any translated address; straight-line code falls from case to case, transfers within the
// page go round the loop, and the registers live in local variables. Design: docs/translator.md.

import { CYCLES, FLAGS, INDEXED, loadRegisters } from './interpreter.ts';
import { DECODE_DEF } from './opcodes.ts';
import {
  flushHelperRegisters, HELPERS, machineSemantics, REGISTER_FILE, reloadHelperRegisters, senseGroup, type Gen, type Semantics,
} from './semantics.ts';

export const PAGE_BITS = 8;
export const PAGE = 1 << PAGE_BITS;

/** What a page function returns: left the page (0), the instruction budget is nearly spent (1),
 * or the instruction at the IC is one for the interpreter (2). */
export const LEFT = 0, BUDGET = 1, INTERPRET = 2;

/** A translated page: runs from the CPU's IC until it leaves the page, nearly spends `end`
 * (an absolute instruction count), or meets an instruction it leaves to the interpreter. */
export type PageFunction = (cpu: object, end: number) => number;

/** The CPU state the translator reads (the Cpu class). */
export interface TranslatedCpu {
  readonly mem: Float64Array;
  readonly addrMask: number;
}

const SENSE = [senseGroup(false), senseGroup(true)] as const;
const NOTHING: Semantics = { code: () => '', jit: true }; // an unassigned sense address (§5.8)

/** The semantics the translator inlines for a word, or null when the interpreter runs it. */
function translatable(w: number): Semantics | null {
  const op = (w / 16777216) >>> 0;
  const d = DECODE_DEF[op];
  if (!d) return null;
  let s: Semantics;
  if (d.mnemonic === 'PSE' || d.mnemonic === 'MSE') {
    if (((w >>> 15) & 7) !== 0) return null; // member chosen by an indexed address: rare, interpreted
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
  let depth = 0;
  for (const ch of c) if (ch === '{') depth++; else if (ch === '}') depth--;
  return depth === 0;
}

/** Factories by source text: machines running the same program share compiled pages. */
const factories = new Map<string, (h: typeof HELPERS) => PageFunction>();
const MAX_FACTORIES = 4096;

export class Translator {
  /** Per word: 1 while a live page was built from it (a store there invalidates the page). */
  readonly codeMark: Uint8Array;
  /** Per word: 1 once a store hit it as code; from then on the interpreter runs it. */
  private readonly volatile: Uint8Array;
  /** The words live pages were built from, to catch writes from outside the CPU between runs. */
  private readonly shadow: Float64Array;
  private readonly pages: (PageFunction | undefined)[];
  /** Addresses where execution entered each page: translation starts from them. */
  private readonly entries: Set<number>[];
  private readonly live = new Set<number>();
  /** Bumped whenever a page is dropped. */
  generation = 0;
  /** Pages built (a measure for the bench). */
  translations = 0;

  constructor(private readonly cpu: TranslatedCpu) {
    const size = cpu.mem.length;
    this.codeMark = new Uint8Array(size);
    this.volatile = new Uint8Array(size);
    this.shadow = new Float64Array(size);
    this.pages = new Array<PageFunction | undefined>(size >>> PAGE_BITS).fill(undefined);
    this.entries = Array.from({ length: size >>> PAGE_BITS }, () => new Set<number>());
  }

  /** The function for the page holding `ic`, built if need be. */
  pageAt(ic: number): PageFunction {
    const p = ic >>> PAGE_BITS;
    const f = this.pages[p];
    if (f !== undefined) return f;
    this.entries[p]!.add(ic);
    return this.build(p);
  }

  /**
   * The page function gave up at `ic` (not one of its cases): true when the word there is one
   * the translator takes, so the page is rebuilt with `ic` as a new entry; false when the
   * interpreter must run it.
   */
  enter(ic: number): boolean {
    if (this.volatile[ic] !== 0 || translatable(this.cpu.mem[ic]!) === null) return false;
    const p = ic >>> PAGE_BITS;
    this.entries[p]!.add(ic);
    this.drop(p);
    return true;
  }

  /** A store hit a word a live page was built from: that word is interpreted from now on. */
  codeWrite(a: number): void {
    this.volatile[a] = 1;
    this.drop(a >>> PAGE_BITS);
  }

  /** Drop every page whose words changed since it was built (writes by the host between runs). */
  validate(): void {
    const m = this.cpu.mem, cm = this.codeMark, sh = this.shadow;
    for (const p of this.live) {
      const base = p << PAGE_BITS;
      for (let a = base; a < base + PAGE; a++) {
        if (cm[a] !== 0 && m[a] !== sh[a]) { this.drop(p); break; }
      }
    }
  }

  private drop(p: number): void {
    if (this.pages[p] === undefined) return;
    this.pages[p] = undefined;
    this.live.delete(p);
    this.codeMark.fill(0, p << PAGE_BITS, (p + 1) << PAGE_BITS);
    this.generation++;
  }

  private build(p: number): PageFunction {
    const src = this.source(p);
    let factory = factories.get(src);
    if (!factory) {
      if (factories.size >= MAX_FACTORIES) factories.clear();
      factory = new Function('H', src) as (h: typeof HELPERS) => PageFunction;
      factories.set(src, factory);
    }
    const f = factory(HELPERS);
    this.pages[p] = f;
    this.live.add(p);
    this.translations++;
    return f;
  }

  /** JavaScript for page p: the words reachable from its entries, each a case of one switch. */
  private source(p: number): string {
    const m = this.cpu.mem, am = this.cpu.addrMask;
    const base = p << PAGE_BITS, top = base + PAGE;
    const inPage = (a: number): boolean => a >= base && a < top;
    const code = new Map<number, { body: string; falls: boolean }>();
    const work = [...this.entries[p]!];
    while (work.length > 0) {
      const a = work.pop()!;
      if (code.has(a) || !inPage(a) || this.volatile[a] !== 0) continue;
      const w = m[a]!;
      const s = translatable(w);
      if (s === null) continue;
      const next: number[] = [];
      const g = this.gen(a, w, next);
      const body = s.code(g);
      const falls = !alwaysTransfers(body);
      if (falls) next.push((a + 1) & am);
      // After a subroutine call the return points (1,4 2,4 3,4) are code too.
      else if (DECODE_DEF[(w / 16777216) >>> 0]!.mnemonic === 'TSX') next.push((a + 1) & am, (a + 2) & am, (a + 3) & am);
      code.set(a, { body, falls });
      this.codeMark[a] = 1;
      this.shadow[a] = w;
      work.push(...next);
    }
    const addrs = [...code.keys()].sort((x, y) => x - y);
    // Instructions until the next trip round the loop, at most: the budget test at its top.
    const run = new Uint16Array(PAGE).fill(1);
    for (let i = addrs.length - 1; i >= 0; i--) {
      const a = addrs[i]!;
      if (code.get(a)!.falls && addrs[i + 1] === a + 1) run[a - base] = 1 + run[a + 1 - base]!;
    }
    const cases: string[] = [];
    for (let i = 0; i < addrs.length; i++) {
      const a = addrs[i]!;
      const { body, falls } = code.get(a)!;
      const w = m[a]!;
      const op = (w / 16777216) >>> 0;
      const t = (w >>> 15) & 7;
      const indexed = t !== 0 && (FLAGS[op]! & INDEXED) !== 0;
      const y = indexed ? `const y = (${w & 0x7fff} - ${xr(t)}) & ${am};` : '';
      let tail = '';
      if (falls && addrs[i + 1] !== a + 1) tail = this.goto((a + 1) & am, base);
      cases.push(`case ${a}: { ins++; cyc += ${CYCLES[op]}; ${y} ${body.replaceAll(JUMP, '')} } ${tail}`);
    }
    let body = `main: for (;;) {
    const k = ic - ${base};
    if (k < 0 || k >= ${PAGE}) break;
    if (ins + RUN[k] > end) { rc = ${BUDGET}; break; }
    switch (ic) {
${cases.join('\n')}
      default: rc = ${INTERPRET}; break main;
    }
  }`;
    const used = REGISTER_FILE.filter(([l]) => new RegExp(`\\b${l}\\b`).test(body));
    body = `const { ${Object.keys(HELPERS).join(', ')} } = H;
const RUN = new Uint16Array([${run.join(',')}]);
return function page${base.toString(8)}(c, end) {
  const m = c.mem, cm = c.codeMark, am = ${am};
  let ic = c.ic, ins = c.instructions, cyc = c.cycles, rc = ${LEFT};
  ${loadRegisters(used)}
  ${body}
  ${used.filter(([l]) => l !== 'ss').map(([l, f]) => `c.${f} = ${l};`).join(' ')}
  c.ic = ic; c.instructions = ins; c.cycles = cyc;
  return rc;
};`;
    return body;
  }

  /** Continue at a known address: round the loop when it is in the page, else leave. */
  private goto(target: number, base: number): string {
    return target >= base && target < base + PAGE ? `ic = ${target}; continue main;` : `ic = ${target}; break main;`;
  }

  /** How the translator writes one instruction: the word's fields are constants. */
  private gen(L: number, w: number, next: number[]): Gen {
    const am = this.cpu.addrMask;
    const base = L & ~(PAGE - 1);
    const t = (w >>> 15) & 7;
    const op = (w / 16777216) >>> 0;
    const indexed = t !== 0 && (FLAGS[op]! & INDEXED) !== 0;
    const y = indexed ? 'y' : String((w & 0x7fff) & am);
    const regs = [t & 1 ? 'x1' : '', t & 2 ? 'x2' : '', t & 4 ? 'x4' : ''].filter((r) => r !== '');
    const to = (target: string): string => {
      if (target !== 'y') {
        next.push(Number(target));
        return `${this.goto(Number(target), base)}`;
      }
      return 'ic = y; continue main;';
    };
    const after = (L + 1) & am;
    return {
      y,
      L: String(L),
      dec: String(Math.floor(w / 262144) & am),
      x: () => xr(t),
      setX: (v) => (regs.length === 0 ? '' : regs.length === 1 ? `${regs[0]} = ${v};` : `{ const v_ = ${v}; ${regs.map((r) => `${r} = v_;`).join(' ')} }`),
      store: (a, v) => {
        const here = a === 'y' ? `(y & ${~(PAGE - 1)}) === ${base}` : String(Number(a) >= base && Number(a) < base + PAGE);
        // A store into a word some page was built from drops that page; if it is this page, the
        // rest of this function is stale, so it leaves after the store.
        return `{ const w_ = ${v}; m[${a}] = w_; if (cm[${a}] !== 0) { c.codeWrite(${a}); if (${here}) { ic = ${after}; break main; } } }`;
      },
      jump: (target) => `${to(target)}${JUMP}`,
      go: (target) => `${to(target)}${JUMP}`,
      skip: (k) => to(String((L + 1 + k) & am)),
      call: (s) => `${flushHelperRegisters} ${s} ${reloadHelperRegisters}`,
    };
  }
}

/** The OR of the index registers a constant tag selects. */
const xr = (t: number): string => {
  const r = [t & 1 ? 'x1' : '', t & 2 ? 'x2' : '', t & 4 ? 'x4' : ''].filter((s) => s !== '');
  return r.length === 0 ? '0' : `(${r.join(' | ')})`;
};
