// *LEARN COMBINE's safeguards (asm/checkers/learn.sap LXSVQ, LXEND; rote.sap KEXPN), beyond
// Samuel, who left combining rote and generalization learning for later ("this must be done with
// some care", Procedures involving both forms of learning): rote learning saves nothing until
// Alpha's polynomial has gone LXGMS games unchanged, then only Alpha's boards; a change after
// saving began expunges the memory and saving drops back.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachMemoryTapes } from '../../src/checkers/rote/memoryTape.ts';
import { attachLearningTapes, readLearningTape } from '../../src/checkers/learning/learningTape.ts';
import { readTapeFile } from '../../src/devices/tapeImage.ts';
import { textCard } from '../../src/devices/cards.ts';
import type { Machine } from '../../src/machine/machine.ts';
import { bootWith, Game704, linesOf, peek, poke, sym } from './deck.ts';

/** The deck booted and run to its command loop, then made quick: no few-pieces shift, games of `plies` plies. */
function bootShort(cards: string[], eof: boolean, plies: number): Machine {
  const m = bootWith(cards, eof);
  const at = sym('GCMD');
  m.cpu.breakpoints[at] = 1;
  m.cpu.updateDebug();
  m.run(100_000_000);
  m.cpu.breakpoints[at] = 0;
  m.cpu.updateDebug();
  poke(m, 'VFEW', 0);
  poke(m, 'GMAXM', plies);
  return m;
}

describe('LXEND and LXSVQ, one call at a time', () => {
  it('counts the games with Alpha\'s terms and coefficients unchanged, and lets rote learning save from the LXGMS-th, only in Alpha\'s searches', () => {
    const g = new Game704().start();
    g.poke('KON', 1);
    g.poke('LCMB', 1);
    g.poke('LXGMS', 2);
    const state = () => [g.peek('LXSTB'), g.peek('LXSAV')];
    g.call('LXEND'); // the first game's end: the copy was empty, so the polynomial "changed"
    expect(state()).toEqual([0, 0]);
    g.call('LXEND');
    expect(state()).toEqual([1, 0]);
    g.call('LXSVQ', { ac: 0 });
    expect(g.peek('KNOSV')).toBe(1); // not stable yet: Alpha's search saves nothing either
    g.call('LXEND');
    expect(state()).toEqual([2, 1]);
    g.call('LXSVQ', { ac: 0 });
    expect(g.peek('KNOSV')).toBe(0); // Alpha's search saves
    g.call('LXSVQ', { ac: 1 });
    expect(g.peek('KNOSV')).toBe(1); // Beta's does not: another polynomial
    g.poke('ACF', 2 ** 17, -3); // slot 3's coefficient changes: counted again from 0 (the memory is expunged: below)
    g.poke('LXSAV', 0);
    g.call('LXEND');
    expect(state()).toEqual([0, 0]);
    const printed = g.m.printer.lines.map((l) => l.trimEnd());
    expect(printed).toEqual([
      'LEARN COMBINE - GAMES UNCHANGED 0 - ROTE DOES NOT SAVE', 'LEARN COMBINE - GAMES UNCHANGED 1 - ROTE DOES NOT SAVE',
      'LEARN COMBINE - GAMES UNCHANGED 2 - ROTE SAVES', 'LEARN COMBINE - GAMES UNCHANGED 0 - ROTE DOES NOT SAVE',
    ]);
  });

  it('does nothing without *LEARN COMBINE or without rote learning', () => {
    const g = new Game704().start();
    g.poke('KON', 1);
    g.call('LXEND');
    g.poke('KON', 0);
    g.poke('LCMB', 1);
    g.call('LXEND');
    expect(g.m.printer.lines).toEqual([]);
  });
});

describe('a combined learning run', () => {
  it('saves only Alpha\'s boards once stable, and a change of the polynomial expunges the memory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'combine-'));
    const setup = '*SETUP B/W18,23,27,K30/B5,10,14,K3';
    const m = bootShort(['*ROTE ON', '*LEARN COMBINE', '*LEARN ON', setup, '*SELF'], false, 4); // four plies a game: two moves each
    const tapes = attachMemoryTapes(m.io, join(dir, 'memory.tap'), join(dir, 'new.tap'));
    expect(m.run(2_000_000_000).reason).toBe('input'); // game 1: learning changes the polynomial; nothing saved
    expect(linesOf(m).filter((l) => l.startsWith('ROTE MERGE'))).toEqual([]);
    poke(m, 'LXSAV', 1); // as if the polynomial had been stable: game 2 saves Alpha's boards
    m.reader.feed([setup, '*SELF', '*END'].map((t) => textCard(t)));
    expect(m.run(2_000_000_000).reason).toBe('halt');
    const lines = linesOf(m);
    tapes.finish(lines.join("\n"));
    const game2 = lines.slice(lines.lastIndexOf('GAME  SELF-PLAY'));
    const alpha = /^ALPHA PLAYS (BLACK|WHITE)/.exec(game2.find((l) => l.startsWith('ALPHA PLAYS'))!)![1];
    expect(game2.filter((l) => l.startsWith(`MOVE `) && l.includes(` ${alpha} `))).toHaveLength(2);
    const merges = game2.filter((l) => l.startsWith('ROTE MERGE')).map((l) => Number(/BOARDS (\d+)/.exec(l)![1]));
    expect(merges).toEqual([2, 0]); // Alpha's two boards (not Beta's), then all expunged
    expect(game2).toContain('LEARN COMBINE - POLYNOMIAL CHANGED - MEMORY EXPUNGED');
    expect(game2.some((l) => /^ROTE ADDED 2 .* FORGOTTEN 2/.test(l))).toBe(true);
  });
});

describe("*LEARN COMBINE's state on the learning tape", () => {
  /** One learning game from a small ending, tape 3 = `tape`, tape 4 = `tape`.new; `before` pokes the booted program. */
  function learningRun(tape: string, cards: string[], before: (m: Machine) => void = () => {}) {
    const m = bootShort([...cards, '*SETUP B/W18,23,27,K30/B5,10,14,K3', '*SELF', '*END'], true, 2);
    before(m);
    const tapes = attachLearningTapes(m.io, tape);
    expect(m.run(2_000_000_000).reason).toBe('halt');
    const r = tapes.finish(linesOf(m).join('\n'));
    return { m, installed: r.installed };
  }

  it('is a second record after the state, read back by the next run; a tape without it counts stability afresh', () => {
    const dir = mkdtempSync(join(tmpdir(), 'combine-tape-'));
    const tape = join(dir, 'learning.tap');
    const first = learningRun(tape, ['*LEARN COMBINE', '*LEARN TAPE'], (m) => {
      poke(m, 'LXSTB', 5);
      poke(m, 'LXSAV', 1);
    });
    expect(first.installed).toBe(true);
    expect(readLearningTape(tape).state!.combine).toEqual({ gamesUnchanged: 5, saving: true });
    const second = learningRun(tape, ['*LEARN COMBINE', '*LEARN TAPE']);
    expect([peek(second.m, 'LXSTB'), peek(second.m, 'LXSAV')]).toEqual([5, 1]);
    // without *LEARN COMBINE the tape is as before: one record, and reading it clears the state
    learningRun(tape, ['*LEARN TAPE']);
    expect(readTapeFile(tape).map((e) => e.kind)).toEqual(['record', 'mark']);
    expect(readLearningTape(tape).state!.combine).toBeUndefined();
    const third = learningRun(tape, ['*LEARN TAPE'], (m) => poke(m, 'LXSTB', 7));
    expect(peek(third.m, 'LXSTB')).toBe(0);
  });
});
