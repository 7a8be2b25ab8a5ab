// The 704 CPU: registers, core, and run(limit) with one dense switch on the 12-bit operation code.
// Semantics: ibm704.md §2-§5; the decode (which codes exist, which are indexed, base cycles)
// is derived from the instruction table in opcodes.ts. The hot loop allocates nothing.

import {
  divide, floatAdd, floatDivide, floatMultiply, multiply, rotateMq, roundAc, shiftAls, shiftArs,
  shiftCycles, shiftLeftLong, shiftLrs, type Registers,
} from './arith.ts';
import { DECODE_DEF } from './opcodes.ts';
import { and36, formatAddr as octal5, or36 } from './word.ts';
import { END_OF_FILE, END_OF_RECORD, NO_INPUT } from '../devices/unit.ts';

const P35 = 34359738368; // 2^35: the sign bit of a word, bit P of the AC
const P36 = 68719476736;
const P37 = 137438953472;
const W2_18 = 262144;
const OPDIV = 16777216; // 2^24: word / OPDIV = bits S,1-11

/** Why run() returned (the `stop` of `run --dump json`). */
export type StopReason = 'halt' | 'breakpoint' | 'limit' | 'input' | 'error';

/** What the CPU asks of the I/O system (implemented by machine/io.ts); `now` is the cycle count. */
export interface IoPort {
  /** RDS/WRS: returns the cycle count when the select is done (after any interlock wait), or -1 if no such unit. */
  select(address: number, write: boolean, now: number): number;
  /** True when a unit is selected and it was selected for writing. */
  readonly writing: boolean;
  /** True when some unit is selected. */
  readonly connected: boolean;
  /** Reading CPY: a word (>= 0) or END_OF_RECORD / END_OF_FILE / NO_INPUT. */
  copyIn(now: number): number;
  /** Writing CPY: 0, or END_OF_RECORD when the unit takes no more words. */
  copyOut(word: number, now: number): number;
  /** Cycle at which the selected unit is ready for the next word. */
  readyAt(): number;
  /** BST (0764), WEF (0770), REW (0772) on a tape address: cycle count when done, or -1. */
  tapeCommand(op: number, address: number, now: number): number;
  /** LDA: the drum address for the following CPYs; false when no drum is selected. */
  drumAddress(address: number, now: number): boolean;
  /** SPR n, SPU n, SPT (ibm704.md §5.8). */
  printerSense(n: number): void;
  punchSense(n: number): void;
  printerTest(): boolean;
  /** ETT/RTT: test and clear the end-of-tape / tape-check indicators. */
  testEndOfTape(): boolean;
  testTapeCheck(): boolean;
  /** The machine stopped: units being written end their records. */
  halt(now: number): void;
  /** Text of the last failure (unknown unit, read-only tape ...). */
  readonly error: string;
}

/** Decode flags per 12-bit code, built from the instruction table. */
const DEFINED = 1, INDEXED = 2, READS = 4;
const FLAGS = new Uint8Array(4096);
const CYCLES = new Uint8Array(4096);
for (let op = 0; op < 4096; op++) {
  const d = DECODE_DEF[op];
  if (!d) continue;
  FLAGS[op] = DEFINED | (d.indexing === 'Y' && d.format === 'B' ? INDEXED : 0) | (d.readsMemory ? READS : 0);
  CYCLES[op] = d.cycles;
}

export interface CpuOptions {
  /** Core size in words: 4096, 8192 or 32768 (ibm704.md §3). */
  coreWords?: number;
}

export class Cpu implements Registers {
  readonly mem: Float64Array;
  readonly addrMask: number;
  ic = 0;
  acSign = 0;
  acMag = 0;
  mq = 0;
  xr1 = 0;
  xr2 = 0;
  xr4 = 0;
  acOverflow = false;
  mqOverflow = false;
  divideCheck = false;
  trapMode = false;
  /** Sense lights 1-4 as bits 0-3; sense switches 1-6 as bits 0-5 (down = 1). */
  senseLights = 0;
  senseSwitches = 0;
  /** The 36 entry keys (not readable by a 704 program; used by Enter MQ / Enter Instruction). */
  keys = 0;
  instructions = 0;
  cycles = 0;
  /** Set when run() stops with 'error', 'halt' of a special kind, or 'breakpoint': what happened. */
  stopMessage = '';
  /** Location of the instruction that caused an 'error' stop. */
  errorAddress = -1;

  /** Debug aids: all off by default, so run() pays one flag test per instruction. */
  readonly breakpoints: Uint8Array;
  /** Per address: 1 = stop on read, 2 = stop on write. */
  readonly watches: Uint8Array;
  /** History ring of executed instructions: location, word, AC sign, AC, MQ, XR1, XR2, XR4. */
  history: Float64Array | null = null;
  historyNext = 0;
  historyCount = 0;
  /** Called after every instruction when set (tracing); costs nothing when null. */
  tracer: ((location: number) => void) | null = null;
  private debugOn = false;
  /** Address that matched a watch in the last instruction, or -1. */
  watchHit = -1;

  constructor(readonly io: IoPort, options: CpuOptions = {}) {
    const size = options.coreWords ?? 32768;
    if (size !== 4096 && size !== 8192 && size !== 32768) {
      throw new RangeError(`core size must be 4096, 8192 or 32768 words, not ${size}`);
    }
    this.mem = new Float64Array(size);
    this.addrMask = size - 1;
    this.breakpoints = new Uint8Array(size);
    this.watches = new Uint8Array(size);
  }

  /** Recompute the single flag the hot loop tests; call after changing any debug aid. */
  updateDebug(): void {
    this.debugOn = this.breakpoints.some((b) => b !== 0) || this.watches.some((w) => w !== 0)
      || this.history !== null || this.tracer !== null;
  }

  /** Console Reset: registers and indicators cleared, core kept (ibm704.md §2). */
  reset(): void {
    this.ic = 0; this.acSign = 0; this.acMag = 0; this.mq = 0;
    this.xr1 = 0; this.xr2 = 0; this.xr4 = 0;
    this.acOverflow = false; this.mqOverflow = false; this.divideCheck = false; this.trapMode = false;
    this.senseLights = 0;
    this.stopMessage = ''; this.errorAddress = -1;
  }

  /** The index value selected by a tag: multiple tags OR the registers (ibm704.md §3.1). */
  indexValue(t: number): number {
    return (t & 1 ? this.xr1 : 0) | (t & 2 ? this.xr2 : 0) | (t & 4 ? this.xr4 : 0);
  }

  /** Load every register a tag selects (ibm704.md §3.1). */
  setIndex(t: number, v: number): void {
    if (t & 1) this.xr1 = v;
    if (t & 2) this.xr2 = v;
    if (t & 4) this.xr4 = v;
  }

  step(): StopReason {
    return this.run(1);
  }

  /**
   * Execute at most `limit` instructions. A breakpoint at the starting location is taken only
   * when `breakAtStart` is set, so `continue` from a breakpoint moves on.
   */
  run(limit: number, breakAtStart = false): StopReason {
    const mem = this.mem;
    const am = this.addrMask;
    const io = this.io;
    let ic = this.ic & am;
    let n = 0;
    let cyc = this.cycles;
    let reason: StopReason = 'limit';
    this.stopMessage = '';
    this.watchHit = -1;
    const debug = this.debugOn;

    while (n < limit) {
      if (debug) {
        if ((n > 0 || breakAtStart) && this.breakpoints[ic] !== 0) { reason = 'breakpoint'; this.stopMessage = 'breakpoint'; break; }
        if (this.history !== null) this.recordHistory(ic);
      }
      const L = ic;
      const w = mem[L]!;
      ic = (L + 1) & am;
      const op = (w / OPDIV) >>> 0;
      const f = FLAGS[op]!;
      if (f === 0) {
        ic = L;
        reason = 'error';
        this.errorAddress = L;
        this.stopMessage = 'illegal operation';
        break;
      }
      let y = w & 0x7fff;
      const t = (w >>> 15) & 7;
      if (t !== 0 && (f & INDEXED) !== 0) y = (y - this.indexValue(t)) & am;
      else y &= am;
      cyc += CYCLES[op]!;
      n++;

      if (debug && (this.watches[y]! & 1) !== 0 && (f & READS) !== 0) {
        this.watchHit = y;
        this.stopMessage = `read of ${octal5(y)}`;
      }

      let jump = -1; // transfer target of a transfer-type instruction, when taken
      let isTransfer = false;
      if ((op & 0o3000) !== 0) {
        // Type A (ibm704.md §5.6): prefix selects, address unindexed, unsigned compare with D.
        // The decrement is address arithmetic too: 12 or 13 bits on a 4K or 8K machine (§3).
        const dec = Math.floor(w / W2_18) & am;
        const x = t === 0 ? 0 : this.indexValue(t);
        let taken: boolean;
        switch (op >>> 9) {
          case 1: // TXI
            if (t !== 0) this.setIndex(t, (x + dec) & am);
            taken = true;
            break;
          case 2: // TIX
            taken = x > dec;
            if (taken && t !== 0) this.setIndex(t, x - dec);
            break;
          case 3: // TXH
            taken = x > dec;
            break;
          case 6: // TNX: decrement and fall through, else transfer
            taken = !(x > dec);
            if (!taken && t !== 0) this.setIndex(t, x - dec);
            break;
          default: // 7: TXL
            taken = x <= dec;
            break;
        }
        isTransfer = true;
        if (taken) jump = y;
      } else switch (op) {
        // ---- load and store (§5.1)
        case 0o0500: { // CLA
          const v = mem[y]!;
          if (v >= P35) { this.acSign = 1; this.acMag = v - P35; } else { this.acSign = 0; this.acMag = v; }
          break;
        }
        case 0o0502: { // CLS
          const v = mem[y]!;
          if (v >= P35) { this.acSign = 0; this.acMag = v - P35; } else { this.acSign = 1; this.acMag = v; }
          break;
        }
        case 0o4500: this.acSign = 0; this.acMag = mem[y]!; break; // CAL: S lands in P
        case 0o0560: this.mq = mem[y]!; break; // LDQ
        case 0o0601: this.store(y, this.acSign * P35 + (this.acMag < P35 ? this.acMag : this.acMag % P35)); break; // STO
        case 0o0602: this.store(y, this.acMag >= P36 ? this.acMag - P36 : this.acMag); break; // SLW: P,1-35
        case 0o4600: this.store(y, this.mq); break; // STQ
        case 0o0600: this.store(y, 0); break; // STZ
        case 0o0621: this.store(y, mem[y]! - (mem[y]! & 0x7fff) + (this.acMag & 0x7fff)); break; // STA
        case 0o0622: { // STD: bits 3-17
          const cur = mem[y]!;
          this.store(y, cur - (Math.floor(cur / W2_18) & 0x7fff) * W2_18 + (Math.floor(this.acMag / W2_18) & 0x7fff) * W2_18);
          break;
        }
        case 0o0630: { // STP: S,1,2 := AC P,1,2
          const cur = mem[y]!;
          this.store(y, (cur % 8589934592) + Math.floor((this.acMag % P36) / 8589934592) * 8589934592);
          break;
        }
        case 0o4620: { // SLQ: S,1-17 := MQ S,1-17
          const cur = mem[y]!;
          this.store(y, (cur % W2_18) + Math.floor(this.mq / W2_18) * W2_18);
          break;
        }
        // ---- fixed point (§5.2)
        case 0o0400: { const v = mem[y]!; if (v >= P35) this.add(1, v - P35); else this.add(0, v); break; } // ADD
        case 0o0402: { const v = mem[y]!; if (v >= P35) this.add(0, v - P35); else this.add(1, v); break; } // SUB
        case 0o0401: { const v = mem[y]!; this.add(0, v >= P35 ? v - P35 : v); break; } // ADM
        case 0o4400: { const v = mem[y]!; this.add(1, v >= P35 ? v - P35 : v); break; } // SBM
        case 0o0200: cyc += multiply(this, mem[y]!, false) - 20; break; // MPY
        case 0o4200: cyc += multiply(this, mem[y]!, true) - 20; break; // MPR
        case 0o0220: case 0o0221: { // DVH, DVP
          const c = divide(this, mem[y]!);
          if (c > 0) cyc += c - 3;
          else if (op === 0o0220) { reason = 'halt'; this.stopMessage = 'divide check (DVH)'; }
          break;
        }
        // ---- logic (§5.3)
        case 0o4320: this.acSign = 0; this.acMag = and36(this.logicalWord(), mem[y]!); break; // ANA
        case 0o0320: this.store(y, and36(this.logicalWord(), mem[y]!)); break; // ANS
        case 0o4501: this.acMag = (this.acMag >= P36 ? P36 : 0) + or36(this.logicalWord(), mem[y]!); break; // ORA
        case 0o4602: this.store(y, or36(this.logicalWord(), mem[y]!)); break; // ORS
        case 0o0361: this.addLogical(mem[y]!); break; // ACL
        // ---- shifts (§5.4): count = low 8 bits of Y
        case 0o0767: shiftAls(this, y & 255); cyc += shiftCycles(y & 255) - 2; break;
        case 0o0771: shiftArs(this, y & 255); cyc += shiftCycles(y & 255) - 2; break;
        case 0o0763: shiftLeftLong(this, y & 255, false); cyc += shiftCycles(y & 255) - 2; break; // LLS
        case 0o4763: shiftLeftLong(this, y & 255, true); cyc += shiftCycles(y & 255) - 2; break; // LGL
        case 0o0765: shiftLrs(this, y & 255); cyc += shiftCycles(y & 255) - 2; break;
        case 0o4773: rotateMq(this, y & 255); cyc += shiftCycles(y & 255) - 2; break; // RQL
        // ---- floating point (§5.5, §6)
        case 0o0300: cyc += floatAdd(this, mem[y]!, false, true) - 6; break; // FAD
        case 0o0302: cyc += floatAdd(this, mem[y]!, true, true) - 6; break; // FSB
        case 0o4300: cyc += floatAdd(this, mem[y]!, false, false) - 5; break; // UFA
        case 0o4302: cyc += floatAdd(this, mem[y]!, true, false) - 5; break; // UFS
        case 0o0260: floatMultiply(this, mem[y]!, true); break; // FMP
        case 0o4260: floatMultiply(this, mem[y]!, false); break; // UFM
        case 0o0240: case 0o0241: { // FDH, FDP
          const c = floatDivide(this, mem[y]!);
          if (c > 0) cyc += c - 3;
          else if (op === 0o0240 && this.divideCheck) { reason = 'halt'; this.stopMessage = 'divide check (FDH)'; }
          break;
        }
        // ---- index registers (§5.6): Y is not indexed; the tag names the registers
        case 0o0534: if (t !== 0) this.setIndex(t, mem[y]! & am); break; // LXA
        case 0o4534: if (t !== 0) this.setIndex(t, (Math.floor(mem[y]! / W2_18) & 0x7fff) & am); break; // LXD
        case 0o4634: { // SXD: the OR of the selected registers, also written back to each [C][R]
          const x = this.indexValue(t);
          if (t !== 0) this.setIndex(t, x);
          const cur = mem[y]!;
          this.store(y, cur - (Math.floor(cur / W2_18) & 0x7fff) * W2_18 + x * W2_18);
          break;
        }
        case 0o0734: if (t !== 0) this.setIndex(t, this.acMag & am); break; // PAX
        case 0o4734: if (t !== 0) this.setIndex(t, (Math.floor(this.acMag / W2_18) & 0x7fff) & am); break; // PDX
        case 0o4754: { // PXD
          const x = this.indexValue(t);
          if (t !== 0) this.setIndex(t, x);
          this.acSign = 0;
          this.acMag = x * W2_18;
          break;
        }
        case 0o0074: // TSX: XR := two's complement of L; transfer to the unindexed address
          if (t !== 0) this.setIndex(t, -L & am);
          isTransfer = true; jump = y;
          break;
        // ---- transfers and tests (§5.7)
        case 0o0020: isTransfer = true; jump = y; break; // TRA
        case 0o0021: ic = y; break; // TTR: never trapped
        case 0o0100: isTransfer = true; if (this.acMag === 0) jump = y; break; // TZE
        case 0o4100: isTransfer = true; if (this.acMag !== 0) jump = y; break; // TNZ
        case 0o0120: isTransfer = true; if (this.acSign === 0) jump = y; break; // TPL
        case 0o4120: isTransfer = true; if (this.acSign !== 0) jump = y; break; // TMI
        case 0o0140: isTransfer = true; if (this.acOverflow) { this.acOverflow = false; jump = y; } break; // TOV
        case 0o4140: isTransfer = true; if (this.acOverflow) this.acOverflow = false; else jump = y; break; // TNO
        case 0o0161: isTransfer = true; if (this.mqOverflow) { this.mqOverflow = false; jump = y; } break; // TQO
        case 0o0162: isTransfer = true; if (this.mq < P35) jump = y; break; // TQP
        case 0o0040: // TLQ: MQ < AC algebraically, AC magnitude with Q,P; -0 < +0
          isTransfer = true;
          if (order(this.mq >= P35 ? 1 : 0, this.mq >= P35 ? this.mq - P35 : this.mq) < order(this.acSign, this.acMag)) jump = y;
          break;
        case 0o0340: { // CAS: AC > C(Y) -> L+1, = -> L+2, < -> L+3
          const a = order(this.acSign, this.acMag);
          const v = mem[y]!;
          const b = v >= P35 ? order(1, v - P35) : order(0, v);
          if (a === b) ic = (ic + 1) & am;
          else if (a < b) ic = (ic + 2) & am;
          break;
        }
        case 0o0000: // HTR: stop; Start resumes at Y
          ic = y; reason = 'halt'; io.halt(cyc);
          this.stopMessage = `HTR at ${octal5(L)}`;
          break;
        case 0o0420: // HPR: stop; Start resumes at L+1
          reason = 'halt'; io.halt(cyc);
          this.stopMessage = `HPR at ${octal5(L)}`;
          break;
        case 0o0761: break; // NOP
        case 0o0760: // PSE group, chosen by the effective address (§5.3, §5.7, §5.8)
          switch (y) {
            case 0: this.acMag = 0; break; // CLM
            case 1: if ((this.acMag & 1) === 1) ic = (ic + 1) & am; break; // LBT
            case 2: this.acSign ^= 1; break; // CHS
            case 3: this.acSign = 0; break; // SSP
            case 6: this.acMag = P37 - 1 - this.acMag; break; // COM
            case 7: this.trapMode = true; break; // ETM
            case 0o10: roundAc(this); break; // RND
            case 0o12: if (this.divideCheck) this.divideCheck = false; else ic = (ic + 1) & am; break; // DCT
            case 0o140: this.senseLights = 0; break; // SLF
            case 0o141: case 0o142: case 0o143: case 0o144: this.senseLights |= 1 << (y - 0o141); break; // SLN
            case 0o161: case 0o162: case 0o163: case 0o164: case 0o165: case 0o166: // SWT
              if (this.senseSwitches & (1 << (y - 0o161))) ic = (ic + 1) & am;
              break;
            case 0o341: case 0o342: io.punchSense(y - 0o340); break; // SPU
            case 0o360: if (io.printerTest()) ic = (ic + 1) & am; break; // SPT
            default:
              if (y > 0o360 && y <= 0o372) io.printerSense(y - 0o360); // SPR 1-10
              // CFF (030) and unassigned addresses do nothing (§5.8).
              break;
          }
          break;
        case 0o4760: // MSE group
          switch (y) {
            case 1: if ((Math.floor(this.acMag / P35) & 1) !== 0) ic = (ic + 1) & am; break; // PBT
            case 3: this.acSign = 1; break; // SSM
            case 7: this.trapMode = false; break; // LTM
            case 0o11: if (!io.testEndOfTape()) ic = (ic + 1) & am; break; // ETT: skip when all is well
            case 0o12: if (!io.testTapeCheck()) ic = (ic + 1) & am; break; // RTT
            case 0o141: case 0o142: case 0o143: case 0o144: { // SLT: test and turn off
              const bit = 1 << (y - 0o141);
              if (this.senseLights & bit) { this.senseLights &= ~bit; ic = (ic + 1) & am; }
              break;
            }
            default: break; // unassigned MSE addresses do nothing (§5.8)
          }
          break;
        // ---- input/output (§5.10, §6.4)
        case 0o0762: case 0o0766: { // RDS, WRS
          const done = io.select(y, op === 0o0766, cyc);
          if (done < 0) { reason = 'error'; ic = L; this.errorAddress = L; this.stopMessage = io.error; break; }
          cyc = Math.max(cyc, done);
          break;
        }
        case 0o0764: case 0o0770: case 0o0772: { // BST, WEF, REW
          const done = io.tapeCommand(op, y, cyc);
          if (done < 0) { reason = 'error'; ic = L; this.errorAddress = L; this.stopMessage = io.error; break; }
          cyc = Math.max(cyc, done);
          break;
        }
        case 0o0460: // LDA
          if (!io.drumAddress(mem[y]! & 0x7fff, cyc)) { reason = 'error'; ic = L; this.errorAddress = L; this.stopMessage = 'LDA with no drum selected'; }
          break;
        case 0o0700: case 0o4700: { // CPY, CAD: three exits, every word through the MQ
          if (!io.connected) { reason = 'error'; ic = L; this.errorAddress = L; this.stopMessage = 'CPY with no unit selected'; break; }
          const writing = io.writing;
          let r: number;
          if (writing) {
            this.mq = mem[y]!;
            r = io.copyOut(this.mq, cyc);
            cyc++; // writing takes at least 4 [V] §9.6
            if (r === 0 && op === 0o4700) this.addLogical(this.mq); // CAD sums what it writes too [C]
          } else {
            r = io.copyIn(cyc);
          }
          if (r === NO_INPUT) { reason = 'input'; ic = L; cyc -= CYCLES[op]!; n--; this.stopMessage = io.error; break; }
          cyc = Math.max(cyc, io.readyAt());
          if (r === END_OF_FILE) ic = (L + 2) & am;
          else if (r === END_OF_RECORD) ic = (L + 3) & am;
          else if (r >= 0 && !writing) {
            this.mq = r;
            this.store(y, r);
            if (op === 0o4700) this.addLogical(r); // CAD: ACL the word into the AC (checksums)
          }
          break;
        }
        default:
          throw new Error(`internal: operation ${op.toString(8)} is in the table but not in the CPU`);
      }

      if (isTransfer) {
        if (this.trapMode) {
          cyc++; // 3 cycles in trapping mode [V] §9.5
          if (this.trap(L, jump >= 0)) { ic = 1; jump = -1; }
        }
        if (jump >= 0) ic = jump;
      }
      if (reason !== 'limit') break;
      if (debug) {
        this.afterInstruction(L);
        if (this.watchHit >= 0) { reason = 'breakpoint'; break; }
      }
    }

    this.ic = ic;
    this.instructions += n;
    this.cycles = cyc;
    return reason;
  }

  /** Trapping mode (§5.9): L goes to the address of location 0; a taken transfer goes to 1. */
  private trap(L: number, taken: boolean): boolean {
    const w0 = this.mem[0]!;
    this.mem[0] = w0 - (w0 & 0x7fff) + L;
    return taken;
  }

  /** The AC's 36-bit logical word, P,1-35 (ibm704.md §5.3). Integer `&` and `-` keep `%` (a
   * floating-point call in V8) out of the hot loop. */
  private logicalWord(): number {
    return this.acMag >= P36 ? this.acMag - P36 : this.acMag;
  }

  /** ACL: 36-bit add into AC P,1-35 with end-around carry from P into 35; Q and S unchanged (§5.3). */
  private addLogical(w: number): void {
    let s = this.logicalWord() + w;
    if (s >= P36) s = s - P36 + 1;
    this.acMag = (this.acMag >= P36 ? P36 : 0) + s;
  }

  /** Sign-magnitude addition with the 704's rules (ibm704.md §5.2). */
  private add(sign: number, mag: number): void {
    if (sign === this.acSign) {
      const ac = this.acMag;
      if (ac < P35) { // Q and P clear: the common case, without floating modulo
        if (ac + mag >= P35) this.acOverflow = true; // a carry reached P
        this.acMag = ac + mag;
      } else {
        if ((ac % P35) + mag >= P35) this.acOverflow = true;
        this.acMag = (ac + mag) % P37; // a carry beyond Q is lost
      }
    } else if (this.acMag >= mag) {
      this.acMag -= mag; // equal magnitudes keep the AC's sign
    } else {
      this.acMag = mag - this.acMag;
      this.acSign = sign;
    }
  }

  private store(y: number, v: number): void {
    this.mem[y] = v;
    if (this.debugOn && (this.watches[y]! & 2) !== 0) { this.watchHit = y; this.stopMessage = `write to ${octal5(y)}`; }
  }

  private afterInstruction(L: number): void {
    if (this.tracer !== null) this.tracer(L);
  }

  private recordHistory(ic: number): void {
    const h = this.history!;
    const i = this.historyNext * 8;
    h[i] = ic; h[i + 1] = this.mem[ic]!; h[i + 2] = this.acSign; h[i + 3] = this.acMag;
    h[i + 4] = this.mq; h[i + 5] = this.xr1; h[i + 6] = this.xr2; h[i + 7] = this.xr4;
    this.historyNext = (this.historyNext + 1) % (h.length / 8);
    if (this.historyCount < h.length / 8) this.historyCount++;
  }
}

/** Algebraic order of a sign-magnitude value with -0 below +0 (CAS, TLQ). */
const order = (sign: number, mag: number): number => (sign !== 0 ? -mag - 0.5 : mag);

