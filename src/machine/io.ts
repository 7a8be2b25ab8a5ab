// The 704's polled I/O: one unit selected at a time by RDS/WRS, words moved by CPY/CAD through
// the MQ, interlocks that make a new select wait for the previous unit (ibm704.md §5.10, §6.4,
// §7.6). Unit addresses: formats.md §2. There are no channels and no interrupts on the 704.

import type { IoPort } from '../cpu/cpu.ts';
import { NO_INPUT, type Unit } from '../devices/unit.ts';

/** A tape drive: the unit plus the tape motions and the indicators ETT and RTT test. */
export interface TapeDrive extends Unit {
  /** BST: back over one record (a tape mark counts as one). Returns the cycle when done. */
  backspace(now: number): number;
  /** WEF: write a tape mark. */
  writeTapeMark(now: number): number;
  /** REW. */
  rewind(now: number): number;
  /** Indicators the drive raises; the I/O system reads and clears them. */
  endOfTape: boolean;
  tapeCheck: boolean;
}

export interface Drum extends Unit {
  /** LDA: the drum word address for the following CPYs; `now` times the rotation to it. */
  setAddress(address: number, now: number): void;
}

export interface Printer extends Unit {
  sense(n: number): void;
  /** SPT: the printer's test impulse (consumed when read). */
  test(): boolean;
}

export interface Punch extends Unit {
  sense(n: number): void;
}

const IOD = 0o333; // I/O delay pseudo-unit: waits for the previous unit, selects nothing

export class Io implements IoPort {
  private readonly units = new Map<number, Unit>();
  private readonly tapes = new Map<number, TapeDrive>();
  private selected: Unit | null = null;
  private selectedWriting = false;
  private printer: Printer | null = null;
  private punch: Punch | null = null;
  error = '';
  /**
   * The operator's run sheet: what to do at a program's stop `HPR code` (its address field) before
   * pressing START (ibm704.md §5.7: Start resumes at L+1), given the console's AC (magnitude) and
   * MQ. Machine.run does it and runs on; a stop with no entry stays a stop.
   */
  readonly operator = new Map<number, (console: { ac: number; mq: number }) => void>();

  get writing(): boolean {
    return this.selected !== null && (this.selected.writesNext?.() ?? this.selectedWriting);
  }

  get connected(): boolean {
    return this.selected !== null;
  }

  /** The unit at a 704 unit address, if attached. */
  unitAt(address: number): Unit | undefined {
    return this.units.get(address);
  }

  attachReader(unit: Unit): void {
    this.units.set(0o321, unit);
  }

  attachPunch(unit: Punch): void {
    this.units.set(0o341, unit);
    this.punch = unit;
  }

  attachPrinter(unit: Printer): void {
    this.units.set(0o361, unit); // 0362 prints any punched column as "1" (formats.md §2)
    this.units.set(0o362, unit);
    this.printer = unit;
  }

  /** Tape n (1-10) answers at 0200+n (BCD mode) and 0220+n (binary mode). */
  attachTape(n: number, drive: TapeDrive): void {
    this.detach(0o200 + n);
    this.units.set(0o200 + n, drive);
    this.units.set(0o220 + n, drive);
    this.tapes.set(n, drive);
  }

  /** Drum n (1-8) at 0300+n. */
  attachDrum(n: number, drum: Drum): void {
    this.detach(0o300 + n);
    this.units.set(0o300 + n, drum);
  }

  /** Remove whatever answers at this address (and the tape's other mode address). */
  detach(address: number): Unit | undefined {
    const unit = this.units.get(address);
    if (!unit) return undefined;
    if (this.selected === unit) this.selected = null;
    for (const [a, u] of this.units) if (u === unit) this.units.delete(a);
    for (const [n, t] of this.tapes) if (t === unit) this.tapes.delete(n);
    return unit;
  }

  select(address: number, write: boolean, now: number): number {
    const t = this.release(now);
    if (address === IOD) return t;
    const unit = this.units.get(address);
    if (!unit) {
      this.error = `${write ? 'WRS' : 'RDS'} ${address.toString(8).padStart(4, '0')}: ${unitName(address)} is not attached`;
      return -1;
    }
    try {
      unit.select(write, address, t);
    } catch (e) {
      // A unit refuses what it cannot do (WRS to the reader, a read-only tape, no reel mounted).
      this.error = `${write ? 'WRS' : 'RDS'} ${address.toString(8).padStart(4, '0')}: ${(e as Error).message}`;
      return -1;
    }
    this.selected = unit;
    this.selectedWriting = write;
    return t;
  }

  copyIn(now: number): number {
    const unit = this.selected!;
    const r = unit.read(now);
    if (r === NO_INPUT) this.error = `waiting for input on the ${unit.name}`;
    else if (r < 0) this.selected = null; // end of record or file disconnects the unit
    return r;
  }

  copyOut(word: number, now: number): number {
    const r = this.selected!.write(word, now);
    if (r < 0) this.selected = null;
    return r;
  }

  readyAt(): number {
    return this.selected?.readyAt ?? 0;
  }

  /**
   * BST/WEF/REW name a tape by either of its addresses: 0201-0212 or 0221-0232 (ibm704.md §5.10
   * unit table; the mode bit means nothing to a tape motion). UA SAP's tape load card
   * (Z0ftware uatapeload.dck) rewinds and backspaces tape 1 as REW 0221 / BSR 0221, and SIMH
   * i704 [C] accepts that.
   */
  tapeCommand(op: number, address: number, now: number): number {
    const n = address >= 0o221 && address <= 0o232 ? address - 0o220 : address - 0o200;
    const drive = n >= 1 && n <= 10 ? this.tapes.get(n) : undefined;
    const name = op === 0o764 ? 'BST' : op === 0o770 ? 'WEF' : 'REW';
    if (!drive) {
      this.error = `${name} ${address.toString(8).padStart(4, '0')}: ${n >= 1 && n <= 10 ? `tape ${n} is not attached` : 'not a tape address'}`;
      return -1;
    }
    const t = this.release(now);
    try {
      return op === 0o764 ? drive.backspace(t) : op === 0o770 ? drive.writeTapeMark(t) : drive.rewind(t);
    } catch (e) {
      this.error = `${name} on ${drive.name}: ${(e as Error).message}`;
      return -1;
    }
  }

  drumAddress(address: number, now: number): boolean {
    const d = this.selected as Partial<Drum> | null;
    if (!d || typeof d.setAddress !== 'function') return false;
    d.setAddress(address, now);
    return true;
  }

  printerSense(n: number): void {
    this.printer?.sense(n);
  }

  punchSense(n: number): void {
    this.punch?.sense(n);
  }

  printerTest(): boolean {
    return this.printer?.test() ?? false;
  }

  testEndOfTape(): boolean {
    let on = false;
    for (const t of this.tapes.values()) if (t.endOfTape) { on = true; t.endOfTape = false; }
    return on;
  }

  testTapeCheck(): boolean {
    let on = false;
    for (const t of this.tapes.values()) if (t.tapeCheck) { on = true; t.tapeCheck = false; }
    return on;
  }

  halt(now: number): void {
    this.release(now);
  }

  /** End the current selection: the unit closes its record; returns when the unit is free (§7.6). */
  private release(now: number): number {
    const u = this.selected;
    if (!u) return now;
    this.selected = null;
    u.disconnect(now);
    return Math.max(now, u.readyAt);
  }
}

/** Name of what answers at a unit address, for messages (formats.md §2). */
export function unitName(address: number): string {
  if (address >= 0o201 && address <= 0o212) return `tape ${address - 0o200} (BCD)`;
  if (address >= 0o221 && address <= 0o232) return `tape ${address - 0o220} (binary)`;
  if (address >= 0o301 && address <= 0o310) return `drum ${address - 0o300}`;
  if (address === 0o321) return 'card reader';
  if (address === 0o341) return 'card punch';
  if (address === 0o361 || address === 0o362) return 'printer';
  if (address === 0o30) return 'CRT display';
  return `unit ${address.toString(8).padStart(4, '0')}`;
}
