// A self-play session directory (`selfplay --state DIR`): the journal (session.json: settings,
// games done, results, per-game statistics), the games as PDN (games.pdn) and, with --rote, the
// memory tape (memory.tap). The journal is the record: it is replaced atomically after each
// game, and games.pdn is rewritten from it (atomically) right after, so an interrupted or killed
// run leaves the games done so far and a later run goes on with the next one.

import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { readText } from '../../devices/fileErrors.ts';
import type { Side } from '../notation/board.ts';
import type { LearnStats } from '../learning/learnPrint.ts';
import { GIVEAWAY_TAG, writePdn, type PdnOut } from '../notation/pdn.ts';
import { makeFolder } from '../../host/makeFolder.ts';

export interface SessionSettings {
  /** Games the session is to play (a later run may raise it with --games). */
  games: number;
  /** The ballots file, or null for games from the start (or `fen`). */
  openings: string | null;
  /** The seed that orders the ballots (null without openings). */
  seed: number | null;
  /** Barred ballots included. */
  barred: boolean;
  fen: string | null;
  // Files (openings, memory, learning) are kept by keptPath: relative to the session directory when inside it.
  /** Rote learning: on the session's memory.tap (`--rote`) or the tape `memory`. */
  rote: boolean;
  memory: string | null;
  /** Generalization learning (`*LEARN TAPE`): on the session's learning.tap (`--learn`) or the tape `learning`. */
  learn: boolean;
  learning: string | null;
  /** Give-away checkers (`--giveaway`); absent in journals written before the option: false. */
  giveaway?: boolean;
  /** Samuel's series of tests for generalization learning (`--series`, `*LEARN SERIES n`); absent before the option: 1. */
  series?: 1 | 2;
  /** Alpha's term table also every n of its moves (`--print-every`, `*LEARN PRINT n`); absent or 0: at game ends only. */
  printEvery?: number;
  /** Rote and generalization learning in the same games (`--combine`, `*LEARN COMBINE`, beyond Samuel); absent: apart. */
  combine?: boolean;
}

export interface RoteStats {
  lookups: number;
  hits: number;
  pliesGained: number;
  /** Boards on the memory tape before the game (ROTE ON) and after its last merge. */
  boardsBefore: number | null;
  boardsAfter: number | null;
  /** A memory set's reels the operator changed in the game and its merges (rote.sap KMNT); absent for a tape image. */
  reelChanges?: number;
}

export interface JournalGame {
  /** 1-based number of the game in the session. */
  round: number;
  ballot: { number: number; moves: string[]; status: string; name: string } | null;
  /** The start position, when not the standard one. */
  fen: string | null;
  first: Side;
  moves: string[];
  /** PDN result, Black's score first. */
  result: string;
  /** The 704's GAME OVER line, its winner and reason. */
  over: string;
  winner: Side | null;
  reason: string;
  /** Emulated 704 seconds from the game's first line to GAME OVER; wall seconds for the whole game. */
  seconds704: number;
  wallSeconds: number;
  rote: RoteStats | null;
  /** The learning lines after the game (with --learn). */
  learning: LearnStats | null;
  /** Give-away checkers: the 704's GAME OVER line says so (absent before the option: false). */
  giveaway?: boolean;
  /**
   * SHA-256 of the new memory and learning tape images chosen after the game (null: none went in),
   * written before they are put in place: a resumed session puts in place only a left-over image
   * the journal names. Absent in journals written before it and in games without tapes.
   */
  tapes?: { memory: string | null; learning: string | null };
  /** The final position, followed from the 704's own MOVE lines (for pictures). */
  finalFen: string;
  finished: string;
}

export interface Journal {
  version: 1;
  kind: 'samuel704 selfplay';
  created: string;
  updated: string;
  settings: SessionSettings;
  games: JournalGame[];
  /** Runs that were stopped (Ctrl-C) before the session's games were all played. */
  interruptions: number;
}

export const journalFile = (dir: string): string => join(dir, 'session.json');
export const pdnFile = (dir: string): string => join(dir, 'games.pdn');
export const memoryFile = (dir: string): string => join(dir, 'memory.tap');
export const learningFile = (dir: string): string => join(dir, 'learning.tap');

/**
 * A file as the session's settings keep it: relative to the session directory when it is inside it
 * (so a copied or moved directory uses its own tapes), else absolute.
 */
export function keptPath(dir: string, path: string): string {
  const rel = relative(dir, resolve(path));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : resolve(path);
}

/** A file the settings keep (`keptPath`), as a path to open. */
export const sessionPath = (dir: string, kept: string): string => resolve(dir, kept);

export function newJournal(settings: SessionSettings): Journal {
  const now = new Date().toISOString();
  return { version: 1, kind: 'samuel704 selfplay', created: now, updated: now, settings, games: [], interruptions: 0 };
}

/** The session's journal, or null when DIR holds none yet. */
export function loadJournal(dir: string): Journal | null {
  const path = journalFile(dir);
  if (!existsSync(path)) return null;
  const broken = (why: string): Error =>
    new Error(`${path}: not a readable samuel704 self-play journal (${why}); the session's tapes are untouched — restore session.json from a copy, or start the session in another directory`);
  let j: Journal;
  try {
    j = JSON.parse(readText(path, 'session journal')) as Journal;
  } catch (e) {
    if (e instanceof SyntaxError) throw broken(e.message);
    throw e;
  }
  if (j?.version !== 1 || j.kind !== 'samuel704 selfplay' || !Array.isArray(j.games) || typeof j.settings !== 'object') throw broken('its version, kind, settings or games are not those of a journal');
  return j;
}

/** Journal first (the record), then the PDN made from it; both atomically. */
export function saveSession(dir: string, j: Journal): void {
  makeFolder(dir);
  j.updated = new Date().toISOString();
  writeFileAtomic(journalFile(dir), journalText(j));
  writeFileAtomic(pdnFile(dir), writePdn(j.games.map(gamePdn)));
}

/** The journal as JSON: settings and counts laid out, then one game a line. */
function journalText(j: Journal): string {
  const { games, ...head } = j;
  const lines = games.map((g) => `  ${JSON.stringify(g)}`).join(',\n');
  return `${JSON.stringify(head, null, 1).replace(/\n}$/, '')},\n "games": [${lines ? `\n${lines}\n ` : ''}]\n}\n`;
}

/** PDN result from the winner: the first number is Black's (the side that starts). */
export const resultFor = (winner: Side | null | undefined): string => (winner === undefined ? '*' : winner === 'black' ? '1-0' : winner === 'white' ? '0-1' : '1/2-1/2');

export function gamePdn(g: JournalGame): PdnOut {
  const tags: [string, string][] = [
    ['Event', 'samuel704 self-play'], ['Round', String(g.round)], ['Black', 'Samuel 704'], ['White', 'Samuel 704'], ['Result', g.result],
  ];
  if (g.giveaway) tags.push(GIVEAWAY_TAG);
  if (g.ballot) tags.push(['Ballot', `ACF ${g.ballot.number}: ${g.ballot.moves.join(' ')}${g.ballot.name ? ` ${g.ballot.name}` : ''}`]);
  if (g.fen) tags.push(['SetUp', '1'], ['FEN', g.fen]);
  return { tags, moves: g.moves, result: g.result, first: g.first, comment: g.over };
}

/** Games won by Black, by White, drawn. */
export function tally(games: readonly { winner: Side | null }[]): { black: number; white: number; drawn: number } {
  const n = (w: Side | null): number => games.filter((g) => g.winner === w).length;
  return { black: n('black'), white: n('white'), drawn: n(null) };
}
