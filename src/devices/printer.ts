// The 716 printer at unit 0361 (formats.md §5, ibm704.md §7.3): WPR, then exactly 24 CPYs of a
// row image (9L ... 12R) print one line of 72 positions, each column decoded from its punches
// as on a card; a 25th CPY takes the end-of-record exit. Unit 0362 prints any punched column as
// "1" (formats.md §2). SPR impulses given after the select control the carriage; their meaning
// was set by the plugboard, and this printer is wired as formats.md §5.1 describes:
//   SPR 1     skip to the top of a page before the line,
//   SPR 2-4   single, double or triple space before the line (single is also the default),
//   SPR 9     print this image on wheels 73-120 of the line just printed (no spacing); columns
//             1-48 land on 73-120 and 49-72 wrap onto 1-24, as Sim704 wires it [R],
//   others    not wired.
// SPT skips when the page overflowed (the line count passed the form length) since the last
// select, and clears that (ibm704.md §5.8, SIMH's behaviour).

import { blankCard, type Card } from './cards.ts';
import { hollerithToAscii } from './codes.ts';
import { writeFileAtomic } from './atomicFile.ts';
import { DeviceError } from './errors.ts';
import { RowImageWriter } from './rowImage.ts';
import { PRINTER_TIMING, RowPacer, type RecordTiming } from './timing.ts';

const WIDTH = 120;
const SPR = (n: number): number => 1 << n;

export interface PrinterOptions {
  /**
   * Called for every line of paper as it is printed, blank lines included. A line starting a
   * new page begins with a form feed. `replacesPrevious` is true when an SPR 9 pass has added
   * positions 73-120 to the line reported last, which `text` now shows in full.
   */
  onLine?: (text: string, replacesPrevious: boolean) => void;
  /** Lines per page for page overflow (SIMH's default is 55). */
  linesPerPage?: number;
  timing?: RecordTiming;
}

export class Printer extends RowImageWriter {
  readonly name = 'printer';
  /** Everything printed, one entry per line of paper (same conventions as onLine). */
  readonly lines: string[] = [];
  private readonly onLine: PrinterOptions['onLine'];
  private readonly linesPerPage: number;
  private readonly card = blankCard();
  private readonly line = new Array<string>(WIDTH).fill(' ');
  private path: string | null = null;
  private ones = false;
  private lineOnPage = 0;
  private overflow = false;

  constructor(options: PrinterOptions = {}) {
    super(new RowPacer(options.timing ?? PRINTER_TIMING));
    this.onLine = options.onLine;
    this.linesPerPage = options.linesPerPage ?? 55;
  }

  /** Print into a text file as well, written atomically on close. */
  attach(path: string): void {
    this.path = path;
  }

  /** Finish the current line and write the attached file (one text line per line of paper). */
  close(now = this.readyAt): void {
    this.disconnect(now);
    if (this.path === null) return;
    writeFileAtomic(this.path, this.lines.map((l) => l + '\n').join(''));
    this.path = null;
  }

  /** SPR n (1-10). */
  sense(n: number): void {
    if (n < 1 || n > 10) throw new DeviceError(this.name, `SPR ${n}: impulses are 1-10`);
    this.impulses |= SPR(n);
  }

  /** SPT: true (skip) when the page overflowed since the last select; clears it. */
  test(): boolean {
    const on = this.overflow;
    this.overflow = false;
    return on;
  }

  select(write: boolean, address: number, now: number): void {
    if (!write) throw new DeviceError(this.name, 'RPR (printing with echo checking) is not supported');
    this.begin(now);
    this.ones = address === 0o362;
    this.card.fill(0);
    this.overflow = false;
  }

  protected image(): Card {
    return this.card;
  }

  protected complete(): void {
    this.print();
  }

  /** A line cut short by a new select prints with the rows it got; impulses alone still move paper. */
  disconnect(_now: number): void {
    if (this.selected && this.k < 24 && (this.k > 0 || this.impulses !== 0)) this.print();
    this.selected = false;
  }

  private print(): void {
    const right = (this.impulses & SPR(9)) !== 0;
    const replace = right && this.lines.length > 0;
    if (!replace) this.advance();
    for (let col = 0; col < 72; col++) {
      const punches = this.card[col]!;
      if (punches === 0) continue;
      const pos = !right ? col : col < 48 ? 72 + col : col - 48;
      this.line[pos] = this.ones ? '1' : hollerithToAscii(punches);
    }
    const last = this.lines.length - 1;
    const text = (this.lines[last]!.startsWith('\f') ? '\f' : '') + this.line.join('').trimEnd();
    this.lines[last] = text;
    this.onLine?.(text, replace);
  }

  /** Move the paper for a new line and start it blank. */
  private advance(): void {
    this.line.fill(' ');
    if (this.impulses & SPR(1)) {
      this.lineOnPage = 1;
      this.lines.push('\f');
      return;
    }
    const space = this.impulses & SPR(4) ? 3 : this.impulses & SPR(3) ? 2 : 1;
    for (let i = 1; i < space; i++) this.emit('');
    this.lineOnPage += space;
    if (this.lineOnPage > this.linesPerPage) {
      this.overflow = true;
      this.lineOnPage -= this.linesPerPage;
    }
    this.lines.push('');
  }

  private emit(text: string): void {
    this.lines.push(text);
    this.onLine?.(text, false);
  }
}
