// The one instruction table of the 704. The CPU's decode tables, the disassembler and the
// assembler are all derived from it. Codes and templates: UA SAP 3's operation table
// (ibm704.md Appendix A, [SAP]); semantics: ibm704.md §5; cycle counts: ibm704.md §9, where
// [V] = measured on the gate-level model rhobbie/Library704, [IBM] = IBM's announced times,
// and * = an estimate (no tape or drum in the model, ibm704.md §9.9).

export type Format = 'A' | 'B';

/**
 * How the assembler reads the variable field and how the disassembler writes it.
 * - `Y`: address[,tag] (tag optional); `YT`: address,tag with the tag expected (T flag when missing);
 * - `T`: 0,tag (address unused); `YTD`: address,tag,decrement (type A, D flag when missing);
 * - `none`: a fixed word, any operand is merged into it; `data`: prefix word, address,tag,decrement.
 */
export type Operand = 'Y' | 'YT' | 'T' | 'YTD' | 'none' | 'data';

/** How the tag is used: `Y` indexes the address; `XR` names index registers; `-` unused. */
export type Indexing = 'Y' | 'XR' | '-';

/**
 * `machine`: decoded by the CPU from its 12-bit code (or its prefix, type A).
 * `sense`: a member of the +0760/−0760 group, chosen by the effective address.
 * `alias`: another name SAP gives a machine word (RCD = RDS 209); never decoded by itself.
 * `data`: SAP data-word pseudo-operation that looks like an instruction (PZE … MTH).
 */
export type Kind = 'machine' | 'sense' | 'alias' | 'data';

export interface OpDef {
  readonly mnemonic: string;
  /** Raw 36-bit template word from SAP's table (sign as the top bit). */
  readonly template: number;
  readonly format: Format;
  readonly operand: Operand;
  readonly indexing: Indexing;
  readonly kind: Kind;
  /** Minimum cycles (12 µs each); the CPU adds the variable part stated in `timing`. */
  readonly cycles: number;
  /** Cycle rule and its source. */
  readonly timing: string;
  /** For aliases and sense-group members with an operand: the operand values the disassembler may name. */
  readonly range?: readonly [number, number];
  /** The machine instruction an alias stands for. */
  readonly aliasOf?: string;
  /** The instruction reads C(Y) (for read watchpoints): loads, arithmetic, partial stores, LXA/LXD/SXD, CAS, LDA, CPY. */
  readonly readsMemory: boolean;
  /** A transfer that trapping mode catches (ibm704.md §5.9): every one timed as TRANSFER below; not TTR. */
  readonly transfer: boolean;
}

// Instructions whose execution reads the word at Y (ibm704.md §5: "C(Y)" on the right-hand side).
const READS_MEMORY = new Set(
  ('CLA CLS CAL LDQ STA STD STP SLQ ADD SUB ADM SBM MPY MPR DVH DVP ANA ANS ORA ORS ACL '
    + 'FAD FSB UFA UFS FMP UFM FDH FDP LXA LXD SXD CAS LDA CPY CAD').split(' '),
);

const O = (s: string): number => parseInt(s, 8);

// Shorthands for the table rows below.
const V2 = '2 [V]';
const SHIFT = '1 + ceil((n+3)/12), n = low 8 bits of Y [V] §9.2';
const TRANSFER = '2 [V]; 3 in trapping mode [V] §9.5';

type Row = [mnemonic: string, template: string, operand: Operand, indexing: Indexing, kind: Kind, cycles: number, timing: string, extra?: Partial<OpDef>];

const rows: Row[] = [
  // §5.1 load and store
  ['CLA', '050000000000', 'Y', 'Y', 'machine', 2, V2],
  ['CLS', '050200000000', 'Y', 'Y', 'machine', 2, V2],
  ['CAL', '450000000000', 'Y', 'Y', 'machine', 2, V2],
  ['LDQ', '056000000000', 'Y', 'Y', 'machine', 2, V2],
  ['STO', '060100000000', 'Y', 'Y', 'machine', 2, V2],
  ['SLW', '060200000000', 'Y', 'Y', 'machine', 2, V2],
  ['STQ', '460000000000', 'Y', 'Y', 'machine', 2, V2],
  ['STZ', '060000000000', 'Y', 'Y', 'machine', 2, V2],
  ['STA', '062100000000', 'Y', 'Y', 'machine', 2, V2],
  ['STD', '062200000000', 'Y', 'Y', 'machine', 2, V2],
  ['STP', '063000000000', 'Y', 'Y', 'machine', 2, V2],
  ['SLQ', '462000000000', 'Y', 'Y', 'machine', 2, V2],
  // §5.2 fixed point
  ['ADD', '040000000000', 'Y', 'Y', 'machine', 2, V2],
  ['SUB', '040200000000', 'Y', 'Y', 'machine', 2, V2],
  ['ADM', '040100000000', 'Y', 'Y', 'machine', 2, V2],
  ['SBM', '440000000000', 'Y', 'Y', 'machine', 2, V2],
  ['MPY', '020000000000', 'Y', 'Y', 'machine', 20, '20 [IBM][V] §9.3'],
  ['MPR', '420000000000', 'Y', 'Y', 'machine', 20, '20 [V] §9.3'],
  ['DVH', '022000000000', 'Y', 'Y', 'machine', 3, '20 [IBM][V]; 3 on divide check [V] §9.3'],
  ['DVP', '022100000000', 'Y', 'Y', 'machine', 3, '20 [IBM][V]; 3 on divide check [V] §9.3'],
  // §5.3 logic
  ['ANA', '432000000000', 'Y', 'Y', 'machine', 3, '3 (I, E, ER) [V]'],
  ['ANS', '032000000000', 'Y', 'Y', 'machine', 4, '4 (I, E, ER, E) [V]'],
  ['ORA', '450100000000', 'Y', 'Y', 'machine', 2, V2],
  ['ORS', '460200000000', 'Y', 'Y', 'machine', 2, V2],
  ['ACL', '036100000000', 'Y', 'Y', 'machine', 2, V2],
  // §5.4 shifts
  ['ALS', '076700000000', 'Y', 'Y', 'machine', 2, SHIFT],
  ['ARS', '077100000000', 'Y', 'Y', 'machine', 2, SHIFT],
  ['LLS', '076300000000', 'Y', 'Y', 'machine', 2, SHIFT],
  ['LRS', '076500000000', 'Y', 'Y', 'machine', 2, SHIFT],
  ['LGL', '476300000000', 'Y', 'Y', 'machine', 2, SHIFT],
  ['RQL', '477300000000', 'Y', 'Y', 'machine', 2, SHIFT],
  // §5.5 floating point
  ['FAD', '030000000000', 'Y', 'Y', 'machine', 6, '7 + floor(d/12) + floor(n/4); 6 + floor(d/12) for a zero sum [IBM][V] §9.4'],
  ['FSB', '030200000000', 'Y', 'Y', 'machine', 6, 'as FAD [IBM][V] §9.4'],
  ['UFA', '430000000000', 'Y', 'Y', 'machine', 5, '5 + floor(d/12) [V] §9.4'],
  ['UFS', '430200000000', 'Y', 'Y', 'machine', 5, '5 + floor(d/12) [V] §9.4'],
  ['FMP', '026000000000', 'Y', 'Y', 'machine', 17, '17 [IBM][V] §9.4'],
  ['UFM', '426000000000', 'Y', 'Y', 'machine', 17, '17 [V] §9.4'],
  ['FDH', '024000000000', 'Y', 'Y', 'machine', 3, '18 [IBM][V]; 3 on divide check or zero dividend [V] §9.4'],
  ['FDP', '024100000000', 'Y', 'Y', 'machine', 3, '18 [IBM][V]; 3 on divide check or zero dividend [V] §9.4'],
  // §5.6 index registers
  ['LXA', '053400000000', 'YT', 'XR', 'machine', 2, V2],
  ['LXD', '453400000000', 'YT', 'XR', 'machine', 2, V2],
  ['SXD', '463400000000', 'YT', 'XR', 'machine', 2, V2],
  ['PAX', '073400000000', 'T', 'XR', 'machine', 2, V2],
  ['PDX', '473400000000', 'T', 'XR', 'machine', 2, V2],
  ['PXD', '475400000000', 'T', 'XR', 'machine', 2, V2],
  ['TSX', '007400000000', 'YT', 'XR', 'machine', 2, TRANSFER],
  ['TXI', '100000000000', 'YTD', 'XR', 'machine', 2, TRANSFER],
  ['TIX', '200000000000', 'YTD', 'XR', 'machine', 2, TRANSFER],
  ['TXH', '300000000000', 'YTD', 'XR', 'machine', 2, TRANSFER],
  ['TNX', '600000000000', 'YTD', 'XR', 'machine', 2, TRANSFER],
  ['TXL', '700000000000', 'YTD', 'XR', 'machine', 2, TRANSFER],
  // §5.7 transfers, tests, halts
  ['TRA', '002000000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['TTR', '002100000000', 'Y', 'Y', 'machine', 2, '2 [V], never trapped §9.5'],
  ['TZE', '010000000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['TNZ', '410000000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['TPL', '012000000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['TMI', '412000000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['TOV', '014000000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['TNO', '414000000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['TQO', '016100000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['TQP', '016200000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['TLQ', '004000000000', 'Y', 'Y', 'machine', 2, TRANSFER],
  ['CAS', '034000000000', 'Y', 'Y', 'machine', 3, '3 for every exit [V]'],
  ['HTR', '000000000000', 'Y', 'Y', 'machine', 2, 'I and E cycle, then stop [V] §9.1'],
  ['HPR', '042000000000', 'none', '-', 'machine', 2, 'I and E cycle, then stop [V] §9.1'],
  ['NOP', '076100000000', 'none', '-', 'machine', 2, V2],
  ['PSE', '076000000000', 'Y', 'Y', 'machine', 2, '2 [V]; sub-operation from Y §5.8'],
  ['MSE', '476000000000', 'Y', 'Y', 'machine', 2, '2 [V]; sub-operation from Y §5.8'],
  // §5.10 input/output
  ['RDS', '076200000000', 'Y', 'Y', 'machine', 2, '2 [V] + wait for a connected unit §9.6'],
  ['WRS', '076600000000', 'Y', 'Y', 'machine', 2, '2 [V] + wait for a connected unit §9.6'],
  // BST, WEF and REW name a tape by number: SAP's template already holds 0200 (BST 3 = 0764 00203).
  ['BST', '076400000200', 'Y', 'Y', 'machine', 2, '2* + wait §9.6', { range: [1, 10] }],
  ['WEF', '077000000200', 'Y', 'Y', 'machine', 2, '2* + wait §9.6', { range: [1, 10] }],
  ['REW', '077200000200', 'Y', 'Y', 'machine', 2, '2* + wait §9.6', { range: [1, 10] }],
  ['CPY', '070000000000', 'Y', 'Y', 'machine', 3, 'reading at least 3, writing at least 4, + device wait [V] §9.6'],
  ['CAD', '470000000000', 'Y', 'Y', 'machine', 3, 'as CPY reading [V] §9.6'],
  ['LDA', '046000000000', 'Y', 'Y', 'machine', 2, '2* + wait for the drum §9.6'],

  // The +0760/−0760 group: fixed words and numbered senses (ibm704.md §5.3, §5.7, §5.8, §5.9).
  ['CLM', '076000000000', 'none', '-', 'sense', 2, V2],
  ['LBT', '076000000001', 'none', '-', 'sense', 2, V2],
  ['CHS', '076000000002', 'none', '-', 'sense', 2, V2],
  ['SSP', '076000000003', 'none', '-', 'sense', 2, V2],
  ['COM', '076000000006', 'none', '-', 'sense', 2, V2],
  ['ETM', '076000000007', 'none', '-', 'sense', 2, V2],
  ['RND', '076000000010', 'none', '-', 'sense', 2, V2],
  ['DCT', '076000000012', 'none', '-', 'sense', 2, V2],
  ['CFF', '076000000030', 'none', '-', 'sense', 2, V2],
  ['SLF', '076000000140', 'none', '-', 'sense', 2, V2],
  ['SLN', '076000000140', 'Y', 'Y', 'sense', 2, V2, { range: [1, 4] }],
  ['SWT', '076000000160', 'Y', 'Y', 'sense', 2, V2, { range: [1, 6] }],
  ['SPU', '076000000340', 'Y', 'Y', 'sense', 2, V2, { range: [1, 2] }],
  ['SPT', '076000000360', 'none', '-', 'sense', 2, V2],
  ['SPR', '076000000360', 'Y', 'Y', 'sense', 2, V2, { range: [1, 10] }],
  ['PBT', '476000000001', 'none', '-', 'sense', 2, V2],
  ['SSM', '476000000003', 'none', '-', 'sense', 2, V2],
  ['LTM', '476000000007', 'none', '-', 'sense', 2, V2],
  ['ETT', '476000000011', 'none', '-', 'sense', 2, V2],
  ['RTT', '476000000012', 'none', '-', 'sense', 2, V2],
  ['SLT', '476000000140', 'Y', 'Y', 'sense', 2, V2, { range: [1, 4] }],

  // SAP's aliases for selects of particular units (ibm704.md §5.10); the operand is added.
  ['RCD', '076200000321', 'none', '-', 'alias', 2, '', { aliasOf: 'RDS' }],
  ['RPR', '076200000361', 'none', '-', 'alias', 2, '', { aliasOf: 'RDS' }],
  ['RTD', '076200000200', 'Y', 'Y', 'alias', 2, '', { aliasOf: 'RDS', range: [1, 10] }],
  ['RTB', '076200000220', 'Y', 'Y', 'alias', 2, '', { aliasOf: 'RDS', range: [1, 10] }],
  ['RDR', '076200000300', 'Y', 'Y', 'alias', 2, '', { aliasOf: 'RDS', range: [1, 8] }],
  ['WPR', '076600000361', 'none', '-', 'alias', 2, '', { aliasOf: 'WRS' }],
  ['WPU', '076600000341', 'none', '-', 'alias', 2, '', { aliasOf: 'WRS' }],
  ['IOD', '076600000333', 'none', '-', 'alias', 2, '', { aliasOf: 'WRS' }],
  ['WTV', '076600000030', 'none', '-', 'alias', 2, '', { aliasOf: 'WRS' }],
  ['WTD', '076600000200', 'Y', 'Y', 'alias', 2, '', { aliasOf: 'WRS', range: [1, 10] }],
  ['WTB', '076600000220', 'Y', 'Y', 'alias', 2, '', { aliasOf: 'WRS', range: [1, 10] }],
  ['WDR', '076600000300', 'Y', 'Y', 'alias', 2, '', { aliasOf: 'WRS', range: [1, 8] }],
  ['WTS', '076600000320', 'Y', 'Y', 'alias', 2, '', { aliasOf: 'WRS', range: [1, 10] }],
  ['CAC', '470000000000', 'Y', 'Y', 'alias', 3, '', { aliasOf: 'CAD' }],

  // §5.11 data words with a prefix.
  ['PZE', '000000000000', 'data', '-', 'data', 0, ''],
  ['PON', '100000000000', 'data', '-', 'data', 0, ''],
  ['PTW', '200000000000', 'data', '-', 'data', 0, ''],
  ['PTH', '300000000000', 'data', '-', 'data', 0, ''],
  ['MZE', '400000000000', 'data', '-', 'data', 0, ''],
  ['MON', '500000000000', 'data', '-', 'data', 0, ''],
  ['MTW', '600000000000', 'data', '-', 'data', 0, ''],
  ['MTH', '700000000000', 'data', '-', 'data', 0, ''],
  ['FOR', '400000000000', 'data', '-', 'data', 0, ''],
  ['FVE', '500000000000', 'data', '-', 'data', 0, ''],
  ['SIX', '600000000000', 'data', '-', 'data', 0, ''],
  ['SVN', '700000000000', 'data', '-', 'data', 0, ''],
];

export const OPCODES: readonly OpDef[] = rows.map(([mnemonic, t, operand, indexing, kind, cycles, timing, extra]) => ({
  mnemonic,
  template: O(t),
  format: kind === 'machine' && (O(t.slice(0, 1)) & 3) !== 0 ? 'A' : 'B',
  operand,
  indexing,
  kind,
  cycles,
  timing,
  readsMemory: READS_MEMORY.has(mnemonic),
  transfer: timing === TRANSFER,
  ...extra,
}));

export const BY_MNEMONIC: ReadonlyMap<string, OpDef> = new Map(OPCODES.map((d) => [d.mnemonic, d]));

/** Decode tables indexed by the word's top 12 bits (bits S,1-11), built once from OPCODES. */
export const DECODE_DEF: readonly (OpDef | undefined)[] = (() => {
  const table: (OpDef | undefined)[] = new Array(4096).fill(undefined);
  for (const d of OPCODES) {
    if (d.kind !== 'machine') continue;
    const top = Math.floor(d.template / 2 ** 24);
    if (d.format === 'A') {
      // Type A: the prefix (bits S,1,2) alone selects; the decrement fills the rest of the 12 bits.
      const base = top & 0o7000;
      for (let i = 0; i < 0o1000; i++) table[base | i] = d;
    } else {
      // Type B: bits 12-17 are not part of the code (ibm704.md §4), so the 12 bits select exactly.
      table[top] = d;
    }
  }
  return table;
})();

/** The sense-group member named by an effective address, for +0760 (PSE) or −0760 (MSE). */
export const senseMember = (minus: boolean, y: number): OpDef | undefined => SENSE.get((minus ? 0o100000 : 0) + y);

const SENSE: ReadonlyMap<number, OpDef> = (() => {
  const m = new Map<number, OpDef>();
  for (const d of OPCODES) {
    if (d.kind !== 'sense') continue;
    const minus = d.template >= 2 ** 35;
    const a = d.template % 2 ** 15;
    const [lo, hi] = d.range ?? [0, 0];
    for (let n = lo; n <= hi; n++) m.set((minus ? 0o100000 : 0) + a + n, d);
  }
  return m;
})();

// ---- The codes IBM did not assign, as the hardware does them.
//
// The 704 had no illegal-operation stop: its decoder looks at some bits of the code and not at
// others, so an unassigned code does what the assigned instruction whose bits it shares does,
// sometimes with the tag used another way. What each does here was measured on the gate-level
// model built from IBM's schematics (rhobbie/Library704 under Icarus Verilog, [V]): every
// unassigned type-B code in both signs with tags 0-7, and with tags 0 and 3 in trapping mode,
// and prefix −1 with four decrements, tags 0-7, in both modes; registers, indicators, core near
// the operand, the next location and the cycles compared with our CPU running the instruction
// named. A second survey gave each run its own registers and random operands (signs, bits 18-20,
// divide checks, MQ overflow) and settled the codes the first left open. The observations:
// docs/unassigned-codes.md. `--strict` (Cpu.strict) stops on them instead.

/** How an unassigned code behaves: the assigned instruction it runs as, and the differences. */
export interface Unassigned {
  /** The assigned instruction whose semantics run. */
  readonly as: string;
  /** Y is indexed by the tag (else Y is used as it stands). */
  readonly indexed: boolean;
  /** The tag replaces bits 18-20 of the operand C(Y) the instruction reads. */
  readonly tagIntoOperand: boolean;
  /** AC bits 18-20 are set to the complement of the tag first. */
  readonly acTagComplement: boolean;
  /** The word it stores takes the AC's sign S in its bit S. */
  readonly signFromAc: boolean;
  /** The word it stores takes AC bits P,1,2 in its bits S,1,2 (as STP does). */
  readonly prefixFromAc: boolean;
  /** The index registers it loads are named by the operand's bits 18-20, not by the tag. */
  readonly tagFromOperand: boolean;
  /** The index registers it loads are named by AC bits 18-20, not by the tag. */
  readonly tagFromAc: boolean;
  /** The index registers the tag names are loaded with their OR, ORed with this (0: unchanged). */
  readonly xrOr: number;
  /** DVH/DVP: MQ 1-35 take the quotient's sign in every bit before the division (the dividend's low half). */
  readonly quotientSignFill: boolean;
  /** ANA: AC P takes the operand's sign alone, not its AND with P. */
  readonly signIntoP: boolean;
  /** The operand's sign is inverted (CAL, ORA). */
  readonly operandSignInverted: boolean;
  /** A store that ORs the MQ in and also stores bits S-17 (SLQ's field): the field takes (AC word | MQ). */
  readonly orMq: boolean;
  /** A store that ORs the word it stores into C(Y) (as ORS does). */
  readonly orIntoY: boolean;
  /**
   * SXD with Y indexed (4630-4633): the XRs the tag names take the complement of their OR, then
   * those C(Y) bits 18-20 name (with `d`, ORed with AC bits 18-20) the complement of theirs.
   */
  readonly complementingSxd: boolean;
  /** SXD: the AC's decrement is ORed into the decrement stored. */
  readonly orAcDecrement: boolean;
  /** SXD: the AC's address is stored in the address (as STA). */
  readonly acAddress: boolean;
  /** FAD and its kin: AC P does not join the AC's sign when the operands are exchanged. */
  readonly pOutOfSign: boolean;
  /** AC P is set when the AC's sign is plus (the ANS codes that store the AC's sign). */
  readonly acPFromSign: boolean;
  /** TQP that also transfers on MQ overflow and turns the indicator off (TQP and TQO at once). */
  readonly orMqOverflow: boolean;
  /** A conditional transfer whose condition never holds (trapped like one, never taken). */
  readonly neverTaken: boolean;
  /** Trapping mode catches it as a transfer. */
  readonly transfer: boolean;
  /** It reads C(Y) (read watchpoints), as the instruction it runs as. */
  readonly readsMemory: boolean;
  /** Minimum cycles, as for OpDef.cycles. */
  readonly cycles: number;
}

// Codes (octal, `A-B` a range), the instruction, and the differences: `y` Y not indexed,
// `o` the tag replaces the operand's bits 18-20, `a` AC bits 18-20 := complement of the tag, `s` the
// stored word takes the AC's sign, `p` the stored word takes AC P,1,2 in S,1,2, `x<oct>` XR or-in, `t`/`n` trapped or not (default: as the
// instruction), `c<n>` cycles (default: as the instruction), `m` MQ 1-35 := the quotient sign before
// dividing, `b` ANA's P := the operand's sign, `i` the operand's sign inverted, `q` (stores) the
// MQ ORed in and bits S-17 stored too, `r` (stores) ORed into C(Y), `f` a transfer never taken,
// `k` AC P := 1 when the AC is plus, `d` (SXD) the AC's decrement ORed into the decrement stored,
// `e` (SXD) the AC's address stored too, `h` the XRs loaded are named by the operand's bits 18-20,
// `g` by AC bits 18-20, `j` Y indexed by the tag (an XR instruction whose tag does not name XRs),
// `l` (FAD and kin) AC P does not join the AC's sign, `w` (SXD, Y indexed) XRs loaded with complements,
// `v` (TQP) transfers on MQ overflow too, turning it off.
// [V] for every row.
const UNASSIGNED_ROWS: readonly (readonly [codes: string, as: string, how?: string])[] = [
  ['0001', 'TRA', 'x100'],
  ['0002-0003', 'TQO', 'f'],
  ['0004', 'HTR'],
  ['0005', 'TRA', 'x500'],
  ['0006-0007', 'TQO', 'f'],
  ['0010', 'HTR'],
  ['0011', 'TRA', 'x1100'],
  ['0012-0013', 'TQO', 'f'],
  ['0014', 'HTR', 'y'],
  ['0015', 'TRA', 'y x1500'],
  ['0016-0017', 'TQO', 'f'],
  ['0022', 'TRA'],
  ['0023', 'TTR'],
  ['0024', 'TRA'],
  ['0025', 'TTR'],
  ['0026', 'TRA'],
  ['0027', 'TTR'],
  ['0030', 'TRA'],
  ['0031', 'TTR'],
  ['0032', 'TRA'],
  ['0033', 'TTR'],
  ['0034', 'TRA', 'y'],
  ['0035', 'TTR', 'y'],
  ['0036', 'TRA', 'y'],
  ['0037', 'TTR', 'y'],
  ['0041-0053', 'TLQ'],
  ['0054-0057', 'TLQ', 'y'],
  ['0060-0073', 'TRA'],
  ['0075-0077', 'TSX'],
  ['0101-0113', 'TZE'],
  ['0114-0117', 'TZE', 'y'],
  ['0121-0133', 'TPL'],
  ['0134-0137', 'TPL', 'y'],
  ['0141-0153', 'TOV'],
  ['0154-0157', 'TOV', 'y'],
  ['0160', 'TQO', 'f'],
  ['0163', 'TQP', 'v'],
  ['0164', 'TQO', 'f'],
  ['0165', 'TQO'],
  ['0166', 'TQP'],
  ['0167', 'TQP', 'v'],
  ['0170', 'TQO', 'f'],
  ['0171', 'TQO'],
  ['0172', 'TQP'],
  ['0173', 'TQP', 'v'],
  ['0174', 'TQO', 'f'],
  ['0175', 'TQO', 'y'],
  ['0176', 'TQP', 'y'],
  ['0177', 'TQP', 'y v'],
  ['0201-0213', 'MPY'],
  ['0214-0217', 'MPY', 'y o'],
  ['0222', 'DVH'],
  ['0223', 'DVP'],
  ['0224', 'DVH'],
  ['0225', 'DVP'],
  ['0226', 'DVH'],
  ['0227', 'DVP'],
  ['0230', 'DVH'],
  ['0231', 'DVP'],
  ['0232', 'DVH'],
  ['0233', 'DVP'],
  ['0234', 'DVH', 'y o'],
  ['0235', 'DVP', 'y o'],
  ['0236', 'DVH', 'y o'],
  ['0237', 'DVP', 'y o'],
  ['0242', 'FDH'],
  ['0243', 'FDP'],
  ['0244', 'FDH'],
  ['0245', 'FDP'],
  ['0246', 'FDH'],
  ['0247', 'FDP'],
  ['0250', 'FDH'],
  ['0251', 'FDP'],
  ['0252', 'FDH'],
  ['0253', 'FDP'],
  ['0254', 'FDH', 'y o'],
  ['0255', 'FDP', 'y o'],
  ['0256', 'WRS'], // also REW
  ['0257', 'FDP', 'y o'],
  ['0261-0273', 'FMP'],
  ['0274-0277', 'FMP', 'y o'],
  ['0301', 'FAD', 'l'],
  ['0303', 'FSB', 'l'],
  ['0304', 'FAD'],
  ['0305', 'FAD', 'l'],
  ['0306', 'FSB'],
  ['0307', 'FSB', 'l'],
  ['0310', 'FAD'],
  ['0311', 'FAD', 'l'],
  ['0312', 'FSB'],
  ['0313', 'FSB', 'l'],
  ['0314', 'FAD', 'y o'],
  ['0315', 'FAD', 'y o l'],
  ['0316', 'FSB', 'y o'],
  ['0317', 'FSB', 'y o l'],
  ['0322', 'ANS'],
  ['0324', 'ANS'],
  ['0326', 'ANS'],
  ['0330', 'ANS'],
  ['0332', 'ANS'],
  ['0341-0353', 'CAS'],
  ['0354-0357', 'CAS', 'y'],
  ['0360', 'ACL'],
  ['0362-0373', 'ACL'],
  ['0374-0377', 'ACL', 'y o'],
  ['0403', 'ADM'],
  ['0404', 'ADD'],
  ['0405', 'ADM'],
  ['0406', 'SUB'],
  ['0407', 'ADM'],
  ['0410', 'ADD'],
  ['0411', 'ADM'],
  ['0412', 'SUB'],
  ['0413', 'ADM'],
  ['0414', 'ADD', 'y o'],
  ['0415', 'ADM', 'y o'],
  ['0416', 'SUB', 'y o'],
  ['0417', 'ADM', 'y o'],
  ['0421-0457', 'HPR'],
  ['0461-0477', 'LDA'],
  ['0501', 'CLA'],
  ['0503', 'CLS'],
  ['0504-0505', 'CLA'],
  ['0506-0507', 'CLS'],
  ['0510-0511', 'CLA'],
  ['0512-0513', 'CLS'],
  ['0514-0515', 'CLA', 'y o'],
  ['0516-0517', 'CLS', 'y o'],
  ['0520-0533', 'LXA', 'j h'],
  ['0535-0537', 'LXA'],
  ['0540-0557', 'HPR'],
  ['0561-0573', 'LDQ'],
  ['0574-0577', 'LDQ', 'y o'],
  ['0603', 'STO'],
  ['0604', 'STZ'],
  ['0605', 'STO'],
  ['0606', 'SLW'],
  ['0607', 'STO'],
  ['0610', 'STZ'],
  ['0611', 'STO'],
  ['0612', 'SLW'],
  ['0613', 'STO'],
  ['0614', 'STZ', 'y'],
  ['0615', 'STO', 'y'],
  ['0616', 'SLW', 'y'],
  ['0617', 'STO', 'y'],
  ['0620', 'NOP'],
  ['0623-0624', 'NOP'],
  ['0625', 'STA'],
  ['0626', 'STD'],
  ['0627', 'NOP'],
  ['0634', 'STP', 'y'],
  ['0636', 'STD', 'y p'],
  ['0640-0677', 'HPR'],
  ['0701-0717', 'CPY'],
  ['0735-0737', 'PAX'],
  ['0740-0757', 'NOP'],
  ['0773', 'RQL'],
  ['0774-0775', 'BST'], // also WEF
  ['0776-0777', 'WRS'], // also REW
  ['4000', 'HTR'],
  ['4001', 'TRA', 'x100'],
  ['4002-4003', 'TRA'],
  ['4004', 'HTR'],
  ['4005', 'TRA', 'x500'],
  ['4006-4007', 'TRA'],
  ['4010', 'HTR'],
  ['4011', 'TRA', 'x1100'],
  ['4012-4013', 'TRA'],
  ['4014', 'HTR', 'y'],
  ['4015', 'TRA', 'y x1500'],
  ['4016-4017', 'TRA', 'y'],
  ['4020', 'TRA'],
  ['4021', 'TTR'],
  ['4022', 'TRA'],
  ['4023', 'TTR'],
  ['4024', 'TRA'],
  ['4025', 'TTR'],
  ['4026', 'TRA'],
  ['4027', 'TTR'],
  ['4030', 'TRA'],
  ['4031', 'TTR'],
  ['4032', 'TRA'],
  ['4033', 'TTR'],
  ['4034', 'TRA', 'y'],
  ['4035', 'TTR', 'y'],
  ['4036', 'TRA', 'y'],
  ['4037', 'TTR', 'y'],
  ['4040-4057', 'TQO', 'f'],
  ['4060-4073', 'TRA'],
  ['4074-4077', 'TSX'],
  ['4101-4113', 'TNZ'],
  ['4114-4117', 'TNZ', 'y'],
  ['4121-4133', 'TMI'],
  ['4134-4137', 'TMI', 'y'],
  ['4141-4153', 'TNO'],
  ['4154-4157', 'TNO', 'y'],
  ['4160', 'TQO', 'f'],
  ['4161', 'TQO'],
  ['4162', 'TQP'],
  ['4163', 'TQP', 'v'],
  ['4164', 'TQO', 'f'],
  ['4165', 'TQO'],
  ['4166', 'TQP'],
  ['4167', 'TQP', 'v'],
  ['4170', 'TQO', 'f'],
  ['4171', 'TQO'],
  ['4172', 'TQP'],
  ['4173', 'TQP', 'v'],
  ['4174', 'TQO', 'f'],
  ['4175', 'TQO', 'y'],
  ['4176', 'TQP', 'y'],
  ['4177', 'TQP', 'y v'],
  ['4201-4213', 'MPR'],
  ['4214-4217', 'MPR', 'y o'],
  ['4220', 'DVH', 'm'],
  ['4221', 'DVP', 'm'],
  ['4222', 'DVH', 'm'],
  ['4223', 'DVP', 'm'],
  ['4224', 'DVH', 'm'],
  ['4225', 'DVP', 'm'],
  ['4226', 'DVH', 'm'],
  ['4227', 'DVP', 'm'],
  ['4230', 'DVH', 'm'],
  ['4231', 'DVP', 'm'],
  ['4232', 'DVH', 'm'],
  ['4233', 'DVP', 'm'],
  ['4234', 'DVH', 'y o m'],
  ['4235', 'DVP', 'y o m'],
  ['4236', 'DVH', 'y o m'],
  ['4237', 'DVP', 'y o m'],
  ['4240', 'FDH'],
  ['4241', 'FDP'],
  ['4242', 'FDH'],
  ['4243', 'FDP'],
  ['4244', 'FDH'],
  ['4245', 'FDP'],
  ['4246', 'FDH'],
  ['4247', 'FDP'],
  ['4250', 'FDH'],
  ['4251', 'FDP'],
  ['4252', 'FDH'],
  ['4253', 'FDP'],
  ['4254', 'FDH', 'y o'],
  ['4255', 'FDP', 'y o'],
  ['4256', 'FDH', 'y o'],
  ['4257', 'FDP', 'y o'],
  ['4261-4273', 'UFM'],
  ['4274-4277', 'UFM', 'y o'],
  ['4301', 'UFA', 'l'],
  ['4303', 'UFS', 'l'],
  ['4304', 'UFA'],
  ['4305', 'UFA', 'l'],
  ['4306', 'UFS'],
  ['4307', 'UFS', 'l'],
  ['4310', 'UFA'],
  ['4311', 'UFA', 'l'],
  ['4312', 'UFS'],
  ['4313', 'UFS', 'l'],
  ['4314', 'UFA', 'y o'],
  ['4315', 'UFA', 'y o l'],
  ['4316', 'UFS', 'y o'],
  ['4317', 'UFS', 'y o l'],
  ['4321', 'ANA', 'b'],
  ['4322', 'ANA'],
  ['4323', 'ANA', 'b'],
  ['4324', 'ANA'],
  ['4325', 'ANA', 'b'],
  ['4326', 'ANA'],
  ['4327', 'ANA', 'b'],
  ['4330', 'ANA'],
  ['4331', 'ANA', 'b'],
  ['4332', 'ANA'],
  ['4333', 'ANA', 'b'],
  ['4334', 'ANA', 'y o a'],
  ['4335', 'ANA', 'y o a b'],
  ['4336', 'ANA', 'y o a'],
  ['4337', 'ANA', 'y o a b'],
  ['4340-4353', 'CAS'],
  ['4354-4357', 'CAS', 'y'],
  ['4360-4373', 'ACL'],
  ['4374-4377', 'ACL', 'y o'],
  ['4401-4413', 'SBM'],
  ['4414-4417', 'SBM', 'y o'],
  ['4420-4457', 'HPR'],
  ['4460-4477', 'LDA'],
  ['4502', 'CAL', 'i'],
  ['4503', 'ORA', 'i'],
  ['4504', 'CAL'],
  ['4505', 'ORA'],
  ['4506', 'CAL', 'i'],
  ['4507', 'ORA', 'i'],
  ['4510', 'CAL'],
  ['4511', 'ORA'],
  ['4512', 'CAL', 'i'],
  ['4513', 'ORA', 'i'],
  ['4514', 'CAL', 'y o'],
  ['4515', 'ORA', 'y o'],
  ['4516', 'CAL', 'y o i'],
  ['4517', 'ORA', 'y o i'],
  ['4520-4533', 'LXD', 'j h'],
  ['4535-4537', 'LXD'],
  ['4540-4557', 'HPR'],
  ['4560-4573', 'LDQ'],
  ['4574-4577', 'LDQ', 'y o'],
  ['4601', 'STO', 'q'],
  ['4603', 'STO', 'r'],
  ['4604', 'STQ'],
  ['4605', 'STO', 'q'],
  ['4606', 'ORS'],
  ['4607', 'STO', 'r'],
  ['4610', 'STQ'],
  ['4611', 'STO', 'q'],
  ['4612', 'ORS'],
  ['4613', 'STO', 'r'],
  ['4614', 'STQ', 'y'],
  ['4615', 'STO', 'y q'],
  ['4616', 'ORS', 'y'],
  ['4617', 'STO', 'y r'],
  ['4621', 'STA', 'q s'],
  ['4622', 'STD', 'q'],
  ['4623', 'STD', 'q s'],
  ['4624', 'SLQ'],
  ['4625', 'STA', 'q s'],
  ['4626', 'STD', 'q'],
  ['4627', 'STD', 'q s'],
  ['4630', 'SXD', 'j w'],
  ['4631', 'SXD', 'j w d e'],
  ['4632', 'SXD', 'j w d'],
  ['4633', 'SXD', 'j w d'],
  ['4635', 'SXD', 'd e'],
  ['4636', 'SXD', 'd'],
  ['4637', 'SXD', 'd'],
  ['4640-4677', 'HPR'],
  ['4701-4717', 'CAD'],
  ['4720-4733', 'PDX'],
  ['4735-4737', 'PDX'],
  ['4740-4747', 'NOP'],
  ['4750-4753', 'PXD'],
  ['4755-4757', 'PXD'],
  ['4761-4762', 'NOP'],
  ['4764', 'BST'],
  ['4765', 'LRS'],
  ['4766', 'NOP'],
  ['4767', 'ALS'],
  ['4770', 'WEF'],
  ['4771', 'ARS'],
  ['4772', 'REW'],
  ['4774-4775', 'BST'], // also WEF
  ['4776-4777', 'WRS'], // also REW
  ['5000-5777', 'TXI'],
  ['0321', 'ANS', 's k'], ['0323', 'ANS', 's k'], ['0325', 'ANS', 's k'], ['0327', 'ANS', 's k'], ['0331', 'ANS', 's k'], ['0333', 'ANS', 's k'],
  ['0334', 'ANS', 'y o a'], ['0335', 'ANS', 'y o a s k'], ['0336', 'ANS', 'y o a'], ['0337', 'ANS', 'y o a s k'],
  ['0631', 'STA', 's p'], ['0632', 'STD', 'p'], ['0633', 'STP', 's'], ['0635', 'STA', 'y s p'], ['0637', 'STP', 'y s'],
  ['0720-0733', 'PAX', 'g'],
];

/** Unassigned codes by their 12 bits (prefix −1 fills 5000-5777), from UNASSIGNED_ROWS. */
export const UNASSIGNED: readonly (Unassigned | undefined)[] = (() => {
  const table: (Unassigned | undefined)[] = new Array(4096).fill(undefined);
  for (const [codes, as, how = ''] of UNASSIGNED_ROWS) {
    const d = BY_MNEMONIC.get(as);
    if (!d || d.kind !== 'machine') throw new Error(`internal: unassigned ${codes} runs as ${as}, not a machine instruction`);
    const [lo, hi = lo] = codes.split('-').map((s) => parseInt(s, 8)) as [number, number?];
    const f = how.split(' ');
    const xr = f.find((w) => w.startsWith('x')), cy = f.find((w) => w.startsWith('c'));
    const u: Unassigned = {
      as,
      indexed: (d.indexing === 'Y' && d.format === 'B' && !f.includes('y')) || f.includes('j'),
      tagIntoOperand: f.includes('o'),
      acTagComplement: f.includes('a'),
      signFromAc: f.includes('s'),
      prefixFromAc: f.includes('p'),
      xrOr: xr ? parseInt(xr.slice(1), 8) : 0,
      tagFromOperand: f.includes('h'),
      tagFromAc: f.includes('g'),
      quotientSignFill: f.includes('m'),
      signIntoP: f.includes('b'),
      operandSignInverted: f.includes('i'),
      orMq: f.includes('q'),
      orIntoY: f.includes('r'),
      neverTaken: f.includes('f'),
      orMqOverflow: f.includes('v'),
      acPFromSign: f.includes('k'),
      pOutOfSign: f.includes('l'),
      orAcDecrement: f.includes('d'),
      complementingSxd: f.includes('w'),
      acAddress: f.includes('e'),
      transfer: f.includes('t') ? true : f.includes('n') ? false : d.transfer,
      readsMemory: d.readsMemory,
      cycles: cy ? Number(cy.slice(1)) : d.cycles,
    };
    for (let op = lo; op <= hi!; op++) {
      if (DECODE_DEF[op] || table[op]) throw new Error(`internal: ${op.toString(8)} is assigned or in two rows`);
      table[op] = u;
    }
  }
  return table;
})();
