// The learning tape: *LEARN TAPE reads Alpha's and Beta's polynomials, correlations, tallies,
// black marks and the reserve list from tape 3, and after each learning game the program writes
// them on tape 4; the host (src/checkers/learningTape.ts) swaps the new tape in. A second session
// starts where the first ended.

import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Machine } from '../../src/machine/machine.ts';
import { attachLearningTapes, decodeLearningTape, readLearningTape, STATE_WORDS } from '../../src/checkers/learning/learningTape.ts';
import { asciiToWords } from '../../src/devices/codes.ts';
import { TAPE_MARK, wordsToRecord, writeTapeFile } from '../../src/devices/tapeImage.ts';
import { TapeUnit } from '../../src/devices/tape.ts';
import { TapeKindError } from '../../src/host/tapeKind.ts';
import { bootWith, sym, peek } from './deck.ts';

const LIMIT = 3_000_000_000;

function session(dir: string, cards: string[]) {
  const learning = join(dir, 'learning.tap');
  const fresh = join(dir, 'learning.new.tap');
  const m = bootWith(cards, true);
  const tapes = attachLearningTapes(m.io, learning, fresh);
  const stop = m.run(LIMIT);
  expect(stop.reason, stop.message).toBe('halt');
  const lines = m.printer.lines.map((l) => l.replace(/^\f/, '').trimEnd());
  const r = tapes.finish(lines.join('\n'));
  return { m, lines, installed: r.installed, learning, fresh };
}

/** The state words LGN .. ARV-1 as the program holds them. */
const stateOf = (m: Machine): number[] => [...Array(STATE_WORDS).keys()].map((j) => m.cpu.mem[sym('LGN') + j]!);

describe('the learning tape', () => {
  it('the state block is as long as the host expects', () => {
    expect(sym('ARV') - sym('LGN')).toBe(STATE_WORDS);
  });

  const dir = mkdtempSync(join(tmpdir(), 'learn-'));
  const game = ['*SETUP W/W18,19,21,22,24,26,27,29,30,31/B1,2,3,5,6,7,9,10,11,13', '*SELF'];

  it('a blank tape: the first polynomial; each game writes tape 4, the host swaps it in', () => {
    const s = session(dir, ['*LEARN TAPE', ...game, ...game, '*END']);
    expect(s.lines[1]).toBe('LEARN TAPE 3 BLANK OR NOT A LEARNING TAPE');
    expect(s.lines[2]).toBe('LEARN ON - ALPHA AND BETA, 16 TERMS, 22 IN RESERVE');
    expect(s.lines.filter((l) => l.startsWith('LEARN TAPE 4'))).toEqual(['LEARN TAPE 4 WRITTEN - GAMES 1', 'LEARN TAPE 4 WRITTEN - GAMES 2']);
    expect(s.installed).toBe(true);
    expect(existsSync(s.fresh)).toBe(false);
    const tape = readLearningTape(s.learning);
    expect(tape.complete).toBe(true);
    const st = tape.state!;
    expect(st.games).toBe(2);
    expect(st.adjustments).toBe(peek(s.m, 'LNADJ'));
    expect(st.adjustments).toBeGreaterThan(0);
    expect(st.alphaNext).toBe('WHITE');
    expect(st.wins + st.losses + st.draws).toBe(2);
    for (let i = 1; i <= 16; i++) {
      expect(st.alpha[i - 1]!.term).toBe(peek(s.m, 'AK', -i));
      expect(st.alpha[i - 1]!.correlation * 65536).toBe(peek(s.m, 'ACR', -i));
      expect(st.alpha[i - 1]!.timesAdjusted).toBe(peek(s.m, 'AN', -i));
      expect(st.alpha[i - 1]!.coefficient).toBe(peek(s.m, 'ACF', -i));
      expect(st.beta[i - 1]!.term).toBe(peek(s.m, 'UK', -i));
    }
    expect(st.reserve[0]).toBe(peek(s.m, 'ARV', -1));
    expect(new Set([...st.alpha.map((a) => a.term), ...st.reserve]).size).toBe(38);
  });

  it('the next session reads it and goes on from there', () => {
    const before = readLearningTape(join(dir, 'learning.tap')).state!;
    const s = session(dir, ['*LEARN TAPE', '*END']);
    expect(s.lines[1]).toBe('LEARN TAPE 3 READ - GAMES 2');
    expect(s.installed).toBe(false); // no game, nothing written
    expect(peek(s.m, 'LNADJ')).toBe(before.adjustments);
    for (let i = 1; i <= 16; i++) expect(peek(s.m, 'ACR', -i)).toBe(Math.round(before.alpha[i - 1]!.correlation * 65536));
    const s2 = session(dir, ['*LEARN TAPE', ...game, '*END']);
    expect(s2.lines).toContain('ALPHA PLAYS WHITE - LEARNING GAME 3');
    expect(s2.lines).toContain('LEARN TAPE 4 WRITTEN - GAMES 3');
    expect(readLearningTape(join(dir, 'learning.tap')).state!.games).toBe(3);
  });

  // The host refuses such a tape before the 704 boots (tapeKind.ts); the program's own check is
  // the second line, tested here with the tape mounted on unit 3 directly, as an operator might.
  it('a tape that is not a learning tape leaves the state in core alone', () => {
    const plain = bootWith([], true);
    plain.run(LIMIT);
    const LEARNT = asciiToWords('LEARNT')[0]!;
    const bad = [
      [1, 2, 3, 4, 5],
      [LEARNT, STATE_WORDS, ...new Array(STATE_WORDS - 1).fill(7)], // one word short
      [LEARNT, STATE_WORDS, ...new Array(STATE_WORDS + 1).fill(7)], // one word long
      [LEARNT + 1, STATE_WORDS, ...new Array(STATE_WORDS).fill(7)], // not LEARNT
    ];
    for (const words of bad) {
      const d2 = mkdtempSync(join(tmpdir(), 'learn-'));
      const entries = [wordsToRecord(words, 'binary'), TAPE_MARK];
      const path = join(d2, 'learning.tap');
      writeTapeFile(path, entries);
      expect(() => attachLearningTapes({ attachTape: () => undefined }, path)).toThrow(TapeKindError);
      const m = bootWith(['*LEARN TAPE', '*END'], true);
      const unit3 = new TapeUnit(3);
      unit3.attach(path, { readOnly: true });
      m.io.attachTape(3, unit3);
      expect(m.run(LIMIT).reason).toBe('halt');
      expect(m.printer.lines.map((l) => l.replace(/^\f/, '').trimEnd())[1]).toBe('LEARN TAPE 3 BLANK OR NOT A LEARNING TAPE');
      expect(stateOf(m)).toEqual(stateOf(plain));
      expect(decodeLearningTape(entries).complete).toBe(false);
    }
    expect(decodeLearningTape([]).complete).toBe(false);
  });

  it('*LEARN ON alone touches no tape', () => {
    const m = bootWith(['*LEARN ON', '*LEARN OFF', '*END'], true);
    expect(m.run(LIMIT).reason).toBe('halt'); // tapes 3 and 4 are not attached
  });
});
