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
// RPR (RDS 0361) prints with echo checking: 46 CPYs after the select go both ways, the program
// sending the rows 9 to 1 (18 words), reading an echo pair, sending row 0, reading, sending row
// 11, reading, sending row 12, then reading 16 more words; each echo is what the print wheels'
// contacts gave back for the rows sent (the 704 manual's echo table, as Sim704 models it), so a
// program that checks them finds them right. FORTRAN II's output routine prints so.
// SPT skips when the page overflowed (the line count passed the form length) since the last
// select, and clears that (ibm704.md §5.8, SIMH's behaviour).

import { blankCard, setCardWord, type Card } from './cards.ts';
import { hollerithToAscii } from './codes.ts';
import { writeFileAtomic } from './atomicFile.ts';
import { DeviceError } from './errors.ts';
import { RowImageWriter } from './rowImage.ts';
import { END_OF_RECORD } from './unit.ts';
import { PRINTER_TIMING, RowPacer, type RecordTiming } from './timing.ts';

const WIDTH = 120;
const SPR = (n: number): number => 1 << n;
const P36 = 2 ** 36;
const and = (a: number, b: number): number => Number(BigInt(a) & BigInt(b));
const not = (a: number): number => P36 - 1 - a;
/** Echo checking: the CPYs that read, and what each reads from the rows sent so far (w[0..]: 9L 9R 8L 8R ... 1R, 0L 0R, 11L 11R). */
const ECHO: Record<number, (w: readonly number[]) => number> = {};
for (const k of [0, 1]) {
  ECHO[18 + k] = (w) => and(w[2 + k]!, w[10 + k]!); // 8 and 4
  ECHO[22 + k] = (w) => and(w[2 + k]!, w[12 + k]!); // 8 and 3
  ECHO[26 + k] = (w) => w[k]!; // 9
  ECHO[30 + k] = (w) => and(and(w[2 + k]!, not(w[10 + k]!)), not(w[12 + k]!)); // 8 alone
  ECHO[38 + k] = (w) => and(w[10 + k]!, not(w[2 + k]!)); // 4 without 8
  ECHO[40 + k] = (w) => and(w[12 + k]!, not(w[2 + k]!)); // 3 without 8
}
for (let c = 32; c < 38; c++) ECHO[c] = (w) => w[c - 28]!; // 7, 6, 5
for (let c = 42; c < 46; c++) ECHO[c] = (w) => w[c - 28]!; // 2, 1
const ECHO_CPYS = 46;

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
  /** Under RPR: the CPYs done since the select, and the rows sent. */
  private echo: { cpys: number; rows: number[] } | null = null;

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
    this.begin(now);
    this.echo = write ? null : { cpys: 0, rows: [] };
    this.ones = address === 0o362;
    this.card.fill(0);
    this.overflow = false;
  }

  writesNext(): boolean {
    return this.echo === null || ECHO[this.echo.cpys] === undefined;
  }

  override write(word: number, now: number): number {
    const e = this.echo;
    if (e === null) return super.write(word, now);
    if (!this.selected || e.cpys >= ECHO_CPYS) return END_OF_RECORD;
    setCardWord(this.card, e.rows.length, word);
    e.rows.push(word);
    this.k = e.rows.length;
    this.readyAt = now;
    this.echoed();
    return 0;
  }

  override read(): number {
    const e = this.echo;
    if (e === null) return super.read();
    if (!this.selected || e.cpys >= ECHO_CPYS) return END_OF_RECORD;
    const word = ECHO[e.cpys]!(e.rows);
    this.echoed();
    return word;
  }

  /** One more CPY under RPR; the line prints after the last. */
  private echoed(): void {
    if (++this.echo!.cpys === ECHO_CPYS) {
      this.complete();
      this.selected = false;
    }
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
