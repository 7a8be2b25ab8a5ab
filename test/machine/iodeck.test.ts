// The units and the boot path seen from a 704 program: asm/examples/iotest.sap, assembled by our
// assembler into a deck that boots with LOAD CARDS (ibm704.md §7.1; our loader in front), reads
// its own data cards after the transfer card, punches, prints (WPR + 24 CPYs with SPR spacing,
// formats.md §5.1), writes and reads tape 2 in binary and BCD mode with tape marks, backspaces
// and rewinds (ibm704.md §7.4), and takes every CPY exit (§5.10: word L+1, end of file L+2 at the
// end of the deck and at a tape mark, end of record L+3). The program checks itself and stops at
// its own HTR for each failure; here we also check from outside what the units received.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';
import { cardToWords, DECK_EOF, readDeckFile, textCard, wordsToCard, writeDeckFile, type Card } from '../../src/devices/cards.ts';
import { ImageError } from '../../src/devices/errors.ts';
import { TAPE_TIMING, TapeUnit } from '../../src/devices/tape.ts';
import { encodeTap, readTapeFile, recordToText, recordToWords, type TapeRecord } from '../../src/devices/tapeImage.ts';
import { PRINTER_TIMING, PUNCH_TIMING, READER_TIMING, type RecordTiming } from '../../src/devices/timing.ts';
import { END_OF_FILE, END_OF_RECORD } from '../../src/devices/unit.ts';
import { Machine } from '../../src/machine/machine.ts';

const SOURCE = 'asm/examples/iotest.sap';
const P18 = 2 ** 18;
const SIGN = 2 ** 35;

const program = assemble([{ name: SOURCE, text: readFileSync(SOURCE, 'utf8') }]);
const sym = (name: string): number => {
  const v = program.symbols.get(name);
  if (v === undefined) throw new Error(`${SOURCE} has no symbol ${name}`);
  return v;
};
const octal = (n: number): string => n.toString(8).padStart(5, '0');
/** The program's symbol for a halt location, so that a failure names its check (F...). */
const nameOf = (loc: number): string => [...program.symbols].find(([, v]) => v === loc)?.[0] ?? octal(loc);

// The data cards the program expects after its transfer card (see the REM cards of iotest.sap).
const BINARY_1 = Array.from({ length: 24 }, (_, i) => 1 * P18 + i);
const BINARY_2 = Array.from({ length: 24 }, (_, i) => SIGN + 2 * P18 + i);
const TEXT = 'THIS TEXT CARD WENT THROUGH THE READER TO THE PRINTER AND THE PUNCH';
const dataCards = (): Card[] => [wordsToCard(BINARY_1), wordsToCard(BINARY_2), textCard(TEXT)];

// Tape records as the program defines them (RECA, RECB, RECC).
const RECORD_A = [0o123456701234, 0, 0o777777777777, 0o400000000001, 1, 2, 3, SIGN + 704, 0o525252525252, 0o010101010101];
const RECORD_B = 'RECORD B,0 ON TAPE';
const RECORD_C = [0o707070707070];

interface Run {
  m: Machine;
  tape: TapeUnit;
  stop: ReturnType<Machine['run']>;
  /** CPY results per unit: words, end-of-record and end-of-file exits. */
  exits: Record<'reader' | 'tape', { words: number; eor: number; eof: number }>;
}

function boot(options: { data?: Card[]; readerEof?: boolean; tapeReadOnly?: boolean; noTape?: boolean } = {}): Run {
  const m = new Machine({ coreWords: 32768 });
  m.reader.feed([...program.cards.map(wordsToCard), ...(options.data ?? dataCards())]);
  m.reader.setEndOfFile(options.readerEof ?? true);
  const tape = new TapeUnit(2);
  tape.mount([], { readOnly: options.tapeReadOnly ?? false });
  if (!options.noTape) m.io.attachTape(2, tape);
  const exits = { reader: { words: 0, eor: 0, eof: 0 }, tape: { words: 0, eor: 0, eof: 0 } };
  const count = (unit: { read(now: number): number }, c: { words: number; eor: number; eof: number }): void => {
    const read = unit.read.bind(unit);
    unit.read = (now: number): number => {
      const r = read(now);
      if (r === END_OF_RECORD) c.eor++;
      else if (r === END_OF_FILE) c.eof++;
      else if (r >= 0) c.words++;
      return r;
    };
  };
  count(m.reader, exits.reader);
  count(tape, exits.tape);
  m.loadCards();
  const stop = m.run(1_000_000);
  return { m, tape, stop, exits };
}

/** Where the run stopped, by the program's label. */
const haltedAt = (r: Run): string => (r.stop.reason === 'halt' ? nameOf(r.m.cpu.ic) : `${r.stop.reason}: ${r.stop.message}`);

describe('iotest.sap: a self-loading deck that exercises every unit', () => {
  it('assembles cleanly into our loader, its absolute cards and a transfer card', () => {
    expect(program.errors).toEqual([]);
    expect(program.diagnostics).toEqual([]);
    expect(program.start).toBe(sym('START'));
    const last = program.cards[program.cards.length - 1]!;
    expect(last[0]).toBe(sym('START')); // transfer card: count 0, address START (formats.md §3.3)
    expect(last.slice(1).every((w) => w === 0)).toBe(true);
  });

  const ok = boot();

  it('checks itself and halts at DONE', () => {
    expect(haltedAt(ok)).toBe('DONE');
    expect(ok.stop.message).toBe(`HTR at ${octal(sym('DONE'))}, IC ${octal(sym('DONE'))}`);
    expect(ok.m.reader.hopperCount).toBe(0);
  });

  it('prints the heading on a new page, the text card double spaced, tape record B and the success line', () => {
    expect(ok.m.printer.lines).toEqual([
      '\fIOTEST - CARD READER, PUNCH, PRINTER AND TAPE 2', // SPR 1: top of a page
      '', // SPR 3: double space before the card
      TEXT, // the card's own row image, sent to the printer as it was read
      'TAPE 2 SAYS RECORD B,0 ON TAPE', // BCD record B as read back, turned into punches by the program
      'IOTEST OK',
    ]);
  });

  it('punches the three data cards back and a fourth with record A as read from tape', () => {
    const punched = ok.m.punch.punched.map((p) => cardToWords(p.card));
    expect(punched).toHaveLength(4);
    expect(punched[0]).toEqual(BINARY_1);
    expect(punched[1]).toEqual(BINARY_2);
    expect(punched[2]).toEqual(cardToWords(textCard(TEXT)));
    expect(punched[3]).toEqual([...RECORD_A, ...new Array<number>(14).fill(0)]);
  });

  it('leaves tape 2 rewound with A (binary), B (BCD), a tape mark, C (binary) and a tape mark', () => {
    const e = ok.tape.entries;
    expect(e.map((x) => (x.kind === 'mark' ? 'mark' : `${x.parity} ${x.frames.length}`))).toEqual(['binary 60', 'bcd 18', 'mark', 'binary 6', 'mark']);
    expect(recordToWords(e[0] as TapeRecord)).toEqual(RECORD_A);
    expect(recordToText(e[1] as TapeRecord)).toBe(RECORD_B);
    // BCD on tape (formats.md §1.3): blank 60 is written 20, digit 0 is written 012.
    const b = (e[1] as TapeRecord).frames;
    expect(b[6]).toBe(0o20);
    expect(b[9]).toBe(0o12);
    expect(recordToWords(e[3] as TapeRecord)).toEqual(RECORD_C);
    expect(ok.tape.position).toBe(0);
  });

  it('takes every CPY exit: words, end of record on cards and tape, end of file at the deck end and at tape marks', () => {
    // Data cards: three whole cards, each ended by the 25th CPY, then the end of file. The loader's
    // first card is also read to its end of record (ibm704.md §7.1); its other CPYs stop early.
    expect(ok.exits.reader.eof).toBe(1);
    expect(ok.exits.reader.eor).toBe(1 + 3);
    // Tape reads: A, B, C, C again, B after the partly read A, A in BCD mode end with their
    // records; the tape mark is met twice.
    expect(ok.exits.tape).toEqual({ words: 10 + 3 + 1 + 1 + 1 + 3 + 10, eor: 6, eof: 2 });
  });

  it('takes an emulated time the device timings account for (ibm704.md §9.6)', () => {
    const cards = program.cards.length + 3; // every card the reader moved
    const lines = 4;
    const punched = 4;
    const rows = (t: RecordTiming): number => 11 * t.row + t.pair; // first to 24th word of a record
    // Lower bound: the reader starts a card at most once per card cycle, and the CPU waits for
    // every word of every card, line and punched card (one unit at a time, §7.6).
    const lower = Math.max(
      READER_TIMING.start + (cards - 1) * READER_TIMING.cycle + rows(READER_TIMING),
      cards * rows(READER_TIMING) + lines * rows(PRINTER_TIMING) + punched * rows(PUNCH_TIMING),
    );
    // Upper bound: every record waits at worst for its unit's whole cycle, its start and its rows;
    // every tape select, motion and word at worst one start and one word each, rewinds at most the
    // whole tape; the program's own instructions at most 20 cycles each (MPY/DVP are the slowest).
    const worst = (t: RecordTiming): number => t.cycle + t.start + rows(t) + t.end;
    const tapeFrames = ok.tape.entries.reduce((n, x) => n + (x.kind === 'mark' ? 1 : x.frames.length) + 150, 0);
    const tapeOps = 40;
    const upper = cards * worst(READER_TIMING) + lines * worst(PRINTER_TIMING) + punched * worst(PUNCH_TIMING)
      + tapeOps * (TAPE_TIMING.start + 10 * TAPE_TIMING.word) + 5 * tapeFrames / TAPE_TIMING.rewindFramesPerCycle
      + 20 * ok.m.cpu.instructions;
    const cycles = ok.m.cpu.cycles;
    expect(cycles).toBeGreaterThanOrEqual(lower);
    expect(cycles).toBeLessThanOrEqual(upper);
    // About 8.5 s: 26 cards at 250 a minute dominate.
    expect(cycles * 12e-6).toBeGreaterThan(6);
    expect(cycles * 12e-6).toBeLessThan(12);
  });

  describe('its checks are live', () => {
    it('stops at FBINV when a word of binary card 1 is wrong', () => {
      const data = dataCards();
      data[0] = wordsToCard(BINARY_1.map((w, i) => (i === 7 ? w + 1 : w)));
      const r = boot({ data });
      expect(haltedAt(r)).toBe('FBINV');
      expect(r.m.punch.punched).toHaveLength(1); // the card was punched back before the check
    });

    it('stops at FBINM when card 1 carries a minus word', () => {
      const data = dataCards();
      data[0] = wordsToCard(BINARY_1.map((w, i) => (i === 23 ? w + SIGN : w)));
      expect(haltedAt(boot({ data }))).toBe('FBINM');
    });

    it('stops at FNCARD when the end of file comes after two data cards', () => {
      const r = boot({ data: dataCards().slice(0, 2) });
      expect(haltedAt(r)).toBe('FNCARD');
      expect(r.exits.reader.eof).toBe(1);
    });

    it('stops at FMANY when a fourth data card follows', () => {
      expect(haltedAt(boot({ data: [...dataCards(), wordsToCard(BINARY_1)] }))).toBe('FMANY');
    });
  });

  describe('what the machine does around the program', () => {
    it('stops for input when the reader has no end-of-file switch, and goes on when the operator presses it', () => {
      const r = boot({ readerEof: false });
      expect(r.stop.reason).toBe('input');
      expect(r.stop.message).toContain('card reader');
      expect(r.m.printer.lines).toHaveLength(3); // heading and the text card so far
      r.m.reader.feed([DECK_EOF]);
      const stop = r.m.run(1_000_000);
      expect(stop.reason).toBe('halt');
      expect(nameOf(r.m.cpu.ic)).toBe('DONE');
    });

    it('stops with an error naming the tape when tape 2 is read-only or missing', () => {
      const ro = boot({ tapeReadOnly: true });
      expect(ro.stop.reason).toBe('error');
      expect(ro.stop.message).toContain('WRS 0222: tape 2: cannot write');
      expect(ro.stop.message).toContain('read-only');
      expect(ro.m.cpu.errorAddress).toBe(sym('TAPE') + 1); // the WTB 2 after REW 2
      const none = boot({ noTape: true });
      expect(none.stop.reason).toBe('error');
      expect(none.stop.message).toContain('tape 2 is not attached');
      expect(nameOf(none.m.cpu.errorAddress)).toBe('TAPE');
    });
  });
});

describe('tape images the machine cannot mount', () => {
  const dir = mkdtempSync(join(tmpdir(), 'iodeck-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // A machine after a successful run: its tape 2 holds what the program wrote.
  const run = boot();
  const mounted = run.tape.entries;
  const good = encodeTap(mounted);

  const cases: { name: string; bytes: () => Uint8Array; offset: number; problem: RegExp }[] = [
    // Cut inside record B: its length marker promises more bytes than the file has.
    { name: 'truncated.tap', bytes: () => good.slice(0, 4 + 60 + 4 + 4 + 10), offset: 4 + 60 + 4, problem: /record of 18 bytes runs past the end of the file/ },
    // A frame of record A with a flipped bit: even parity inside a binary (odd) record.
    { name: 'parity.tap', bytes: () => { const b = good.slice(); b[4 + 5] ^= 0x01; return b; }, offset: 4 + 5, problem: /parity error/ },
    // Record A's trailing length does not match its leading one.
    { name: 'trailer.tap', bytes: () => { const b = good.slice(); b[4 + 60] = 61; return b; }, offset: 4 + 60, problem: /trailing length/ },
  ];

  for (const c of cases) {
    it(`${c.name}: names the file and byte offset, leaves the file and the mounted tape alone`, () => {
      const path = join(dir, c.name);
      const bytes = c.bytes();
      writeFileSync(path, bytes);
      const before = statSync(path);
      let error: unknown;
      try {
        run.tape.attach(path);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ImageError);
      const ie = error as ImageError;
      expect(ie.file).toBe(path);
      expect(ie.where).toEqual({ offset: c.offset });
      expect(ie.message).toContain(`${path}: byte ${c.offset}: `);
      expect(ie.problem).toMatch(c.problem);
      expect([...readFileSync(path)]).toEqual([...bytes]);
      expect(statSync(path).mtimeMs).toBe(before.mtimeMs);
      expect(run.tape.entries).toBe(mounted); // still the reel it had
    });
  }

  it('and the drive still serves the machine: the deck runs again on it', () => {
    run.m.reader.feed([...program.cards.map(wordsToCard), ...dataCards()]);
    run.m.loadCards();
    const stop = run.m.run(1_000_000);
    expect(stop.reason).toBe('halt');
    expect(nameOf(run.m.cpu.ic)).toBe('DONE');
    expect(encodeTap(run.tape.entries)).toEqual(good);
  });

  it('the good image of the same run mounts and reads back', () => {
    const path = join(dir, 'good.tap');
    writeFileSync(path, good);
    const drive = new TapeUnit(2);
    drive.attach(path, { readOnly: true });
    expect(drive.entries).toEqual(mounted);
  });
});

describe('the same deck through `samuel704 asm` and `samuel704 run`', () => {
  const dir = mkdtempSync(join(tmpdir(), 'iodeck-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // `npm run cli -- ARGS` runs `tsx src/cli/index.ts ARGS`; this is that command without npm.
  const cli = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

  it('boots the assembled deck and its data deck, prints to stdout, punches and writes tape 2', () => {
    const deck = join(dir, 'iotest.cbn');
    const data = join(dir, 'data.cbn');
    const punch = join(dir, 'punch.cbn');
    const tape = join(dir, 'tape2.tap');
    expect(cli(['asm', SOURCE, '-o', deck]).status).toBe(0);
    writeDeckFile(data, dataCards());
    const r = cli(['run', '--boot', 'cards', '--cards', deck, '--cards', data, '--reader-eof', '--printer', '-', '--punch', punch, '--tape', `2=${tape}`]);
    expect(r.stderr).toContain(`halt: HTR at ${octal(sym('DONE'))}`);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe([
      '\fIOTEST - CARD READER, PUNCH, PRINTER AND TAPE 2', '', TEXT, 'TAPE 2 SAYS RECORD B,0 ON TAPE', 'IOTEST OK', '',
    ].join('\n'));
    const punched = readDeckFile(punch).map((c) => cardToWords(c as Card));
    expect(punched).toEqual([BINARY_1, BINARY_2, cardToWords(textCard(TEXT)), [...RECORD_A, ...new Array<number>(14).fill(0)]]);
    const written = readTapeFile(tape);
    expect(written.map((e) => (e.kind === 'mark' ? 'mark' : e.parity))).toEqual(['binary', 'bcd', 'mark', 'binary', 'mark']);
    expect(recordToWords(written[0] as TapeRecord)).toEqual(RECORD_A);
    expect(recordToText(written[1] as TapeRecord)).toBe(RECORD_B);
  });

  it('refuses a corrupt tape image with its file and byte offset, and leaves it as it was', () => {
    const bad = join(dir, 'bad.tap');
    const bytes = new Uint8Array([12, 0, 0, 0, 0x41, 0x42]); // a 12-frame record cut after 2 frames
    writeFileSync(bad, bytes);
    const deck = join(dir, 'deck.cbn');
    writeDeckFile(deck, program.cards.map(wordsToCard));
    const r = cli(['run', '--boot', 'cards', '--cards', deck, '--tape', `2=${bad}`]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${bad}: byte 0: record of 12 bytes runs past the end of the file`);
    expect([...readFileSync(bad)]).toEqual([...bytes]);
  });
});
