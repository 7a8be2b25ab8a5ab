// Portable Draughts Notation: games as tag pairs, movetext and a result, read into move lists
// and turned into the program's cards (docs/checkers-game.md): `*SETUP` for a FEN tag, one move
// card per move. Comments {…} and variations (…) are skipped, move numbers, NAGs ($n) and
// move strength marks (! ?) are read past. Moves are taken as written: whether they are legal
// is for the 704 to say. Errors name file:line:column and the game, which is skipped; the
// reading goes on at the next game. A move with words glued to it (`8-11Redoverstepped...`, a
// comment that lost its braces) is read as the move and that comment, and noted.

import { parseFen, toFen, type Position, type Side, startPosition } from './board.ts';

export class PdnError extends Error {
  constructor(readonly file: string, readonly line: number, readonly column: number, readonly problem: string) {
    super(`${file}:${line}:${column}: ${problem}`);
  }
}

export interface PdnMove {
  /** As written, e.g. `11-15`, `24x15x6`. */
  text: string;
  path: number[];
  /** Move number (1. for Black's move and White's reply) and whose move it is. */
  number: number;
  side: Side;
  line: number;
  column: number;
}

export interface PdnGame {
  /** 1-based position in the file. */
  index: number;
  tags: Map<string, string>;
  moves: PdnMove[];
  /** `1-0`, `0-1`, `1/2-1/2`, `*` (or another result token as written). */
  result: string;
  /** From the FEN tag, or the standard start. */
  start: Position;
  fen?: string;
  line: number;
}

const RESULT = /^(?:1-0|0-1|1\/2-1\/2|2-0|0-2|1-1|0-0|\*)$/;
const MOVE = /^\d{1,2}(?:[-xX]\d{1,2})+[!?]{0,2}$/;
/** A move with a comment glued on, its braces lost: the move, then words. */
const GLUED = /^(\d{1,2}(?:[-xX]\d{1,2})+[!?]{0,2})([A-Za-z][^]*)$/;
const NUMBER = /^(\d+)(\.+)/;
const DELIMITERS = new Set([' ', '\t', '\r', '\n', '[', ']', '{', '}', '(', ')']);

export interface PdnFile {
  games: PdnGame[];
  /** One for each game that could not be read; the reading goes on at the next game's tags. */
  errors: PdnError[];
  /** Text read in a way its writer surely meant but did not write (a comment without braces). */
  recovered: PdnError[];
}

/** Every game of a PDN text. */
export function parsePdn(text: string, file = 'pdn'): PdnFile {
  return new PdnReader(text, file).read();
}

class PdnReader {
  private i = 0;
  private line = 1;
  private lineStart = 0;
  private readonly games: PdnGame[] = [];
  private readonly errors: PdnError[] = [];
  private readonly recovered: PdnError[] = [];
  private game: PdnGame | null = null;
  private started = 0;
  private side: Side = 'black';
  private number = 1;

  constructor(private readonly text: string, private readonly file: string) {}

  read(): PdnFile {
    while (this.i < this.text.length) {
      try {
        this.token();
      } catch (e) {
        if (!(e instanceof PdnError)) throw e;
        const g = this.game;
        this.errors.push(g === null ? e : new PdnError(e.file, e.line, e.column, `${e.problem}; game ${g.index} (from line ${g.line}) skipped`));
        this.game = null;
        this.skipToTags();
      }
    }
    const g = this.game;
    if (g !== null && (g.moves.length > 0 || g.tags.size > 0)) {
      this.errors.push(this.error(this.i, `game ${g.index} (from line ${g.line}) has no result at the end of the file`));
    }
    return { games: this.games, errors: this.errors, recovered: this.recovered };
  }

  private error(at: number, problem: string, line = this.line, lineStart = this.lineStart): PdnError {
    return new PdnError(this.file, line, at - lineStart + 1, problem);
  }

  /** Step over one character, counting lines. */
  private step(): void {
    if (this.text[this.i] === '\n') {
      this.line++;
      this.lineStart = this.i + 1;
    }
    this.i++;
  }

  /** After an error: on to the next line that starts with a tag. */
  private skipToTags(): void {
    do this.step();
    while (this.i < this.text.length && !(this.text[this.i] === '[' && this.i === this.lineStart));
  }

  /** From `{` past the next `}` (comments do not nest). */
  private skipComment(): void {
    const [line, lineStart, at] = [this.line, this.lineStart, this.i];
    do {
      if (this.i >= this.text.length) throw this.error(at, 'comment opened here is not closed', line, lineStart);
      this.step();
    } while (this.text[this.i - 1] !== '}');
  }

  /** From `(` past its `)`: variations nest and may hold comments. */
  private skipVariation(): void {
    const [line, lineStart, at] = [this.line, this.lineStart, this.i];
    let depth = 0;
    do {
      if (this.i >= this.text.length) throw this.error(at, 'variation opened here is not closed', line, lineStart);
      const ch = this.text[this.i]!;
      if (ch === '{') {
        this.skipComment();
        continue;
      }
      if (ch === '(') depth++;
      else if (ch === ')') depth--;
      this.step();
    } while (depth > 0);
  }

  private current(): PdnGame {
    if (this.game === null) {
      this.game = { index: ++this.started, tags: new Map(), moves: [], result: '', start: startPosition(), line: this.line };
      this.side = 'black';
      this.number = 1;
    }
    return this.game;
  }

  private token(): void {
    const ch = this.text[this.i]!;
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') this.step();
    else if (ch === '{') this.skipComment();
    else if (ch === '(') this.skipVariation();
    else if (ch === ')' || ch === '}' || ch === ']') throw this.error(this.i, `"${ch}" with nothing open`);
    else if (ch === '[') this.tag();
    else this.word();
  }

  private tag(): void {
    const g = this.current();
    if (g.moves.length > 0) throw this.error(this.i, `a tag after the moves of game ${g.index}: its result (1-0, 0-1, 1/2-1/2 or *) is missing`);
    const m = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\\n]|\\.)*)"\s*\]/.exec(this.text.slice(this.i, this.i + 4096));
    if (!m) throw this.error(this.i, 'malformed tag: expected [Name "value"]');
    const [name, value] = [m[1]!, m[2]!.replace(/\\(.)/g, '$1')];
    if (name.toUpperCase() === 'FEN') {
      try {
        g.start = parseFen(value);
      } catch (e) {
        throw this.error(this.i, (e as Error).message);
      }
      g.fen = value.trim();
      this.side = g.start.toMove;
    }
    g.tags.set(name, value);
    for (let n = m[0].length; n > 0; n--) this.step();
  }

  /** A move number, a move, a NAG or a result (with no blank between a number and its move). */
  private word(): void {
    const at = this.i;
    while (this.i < this.text.length && !DELIMITERS.has(this.text[this.i]!)) this.i++;
    let word = this.text.slice(at, this.i);
    if (RESULT.test(word)) {
      if (this.game === null) throw this.error(at, `result ${word} with no game before it`);
      this.game.result = word;
      this.games.push(this.game);
      this.game = null;
      return;
    }
    const g = this.current();
    let from = at;
    const num = NUMBER.exec(word);
    if (num) {
      if (Number(num[1]) !== this.number) throw this.error(at, `move number ${num[1]}, expected ${this.number}`);
      if (num[2]!.length >= 3 && this.side === 'black') throw this.error(at, `"${num[0]}" (White's move) but it is Black's move ${this.number}`);
      word = word.slice(num[0].length);
      from += num[0].length;
      if (word === '') return;
    }
    if (/^\$\d+$/.test(word)) return;
    const glued = MOVE.test(word) ? null : GLUED.exec(word);
    if (glued) {
      this.recovered.push(this.error(from + glued[1]!.length, `game ${g.index}: "${glued[2]}" after ${glued[1]} read as a comment that lost its braces`));
      word = glued[1]!;
    }
    if (!MOVE.test(word)) throw this.error(from, `"${word}" is not a move, a move number or a result`);
    const text = word.replace(/[!?]+$/, '');
    const path = text.split(/[-xX]/).map(Number);
    const off = path.find((s) => s < 1 || s > 32);
    if (off !== undefined) throw this.error(from, `square ${off} in "${word}" is not 1-32`);
    g.moves.push({ text, path, number: this.number, side: this.side, line: this.line, column: from - this.lineStart + 1 });
    if (this.side === 'white') this.number++;
    this.side = this.side === 'black' ? 'white' : 'black';
  }
}

/** Columns of a card the 704 reads. */
const CARD_COLUMNS = 72;

/**
 * The `*SETUP` card(s) for a position: the FEN with `/` for `:`, broken after a comma when it
 * does not fit on one card (the next card goes on with the list).
 */
export function setupCards(fen: string): string[] {
  const text = `*SETUP ${toFen(parseFen(fen)).replaceAll(':', '/')}`;
  const cards: string[] = [];
  let rest = text;
  while (rest.length > CARD_COLUMNS) {
    const cut = rest.lastIndexOf(',', CARD_COLUMNS - 1) + 1;
    cards.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return [...cards, rest];
}

/**
 * How a give-away game is marked (docs/checkers-game.md): the board, the moves and the compulsory
 * capture are English draughts' (PDN GameType 21, the default), only the goal is reversed, so a
 * `Variant` tag says so. Read back, any `Variant` of give-away / giveaway (any case) counts.
 */
export const GIVEAWAY_TAG: [string, string] = ['Variant', 'Give-away'];
export const isGiveawayGame = (g: PdnGame): boolean => /^give-?away$/i.test(g.tags.get('Variant') ?? '');

/**
 * The cards that start a game in book mode: `*GIVEAWAY ON` for a give-away game (tagged, or all
 * games with `giveaway`), its set-up if any, then `*BOOK`.
 */
export const bookStart = (g: PdnGame, giveaway = false): string[] =>
  [...(giveaway || isGiveawayGame(g) ? ['*GIVEAWAY ON'] : []), ...(g.fen ? setupCards(g.fen) : []), '*BOOK'];

/** Ordinary checkers again after a game tagged give-away (unless every game is give-away). */
export const bookEnd = (g: PdnGame, giveaway = false): string[] => (isGiveawayGame(g) && !giveaway ? ['*GIVEAWAY OFF'] : []);

/** All the cards of a game in book mode: its start, one card per move, then its end. */
export const bookCards = (g: PdnGame, giveaway = false): string[] => [...bookStart(g, giveaway), ...g.moves.map((m) => m.text), ...bookEnd(g, giveaway)];

/** A short name for reports: `game 3 (E Fuller - MF Tinsley)`. */
export function gameName(g: PdnGame): string {
  const [b, w] = [g.tags.get('Black'), g.tags.get('White')];
  return `game ${g.index}${b || w ? ` (${b ?? '?'} - ${w ?? '?'})` : ''}`;
}

/** How a move is cited: `13... 19x12` for White's, `13. 12-16` for Black's. */
export const moveName = (m: PdnMove): string => `${m.number}${m.side === 'black' ? '.' : '...'} ${m.text}`;

export interface PdnOut {
  tags: [string, string][];
  moves: string[];
  result: string;
  /** Whose move the first is (Black unless a FEN says otherwise). */
  first: Side;
  /** Put in braces before the result (e.g. how the game ended). */
  comment?: string;
}

/** Numbered movetext (`1. 11-15 23-18 2. ...`, `1... 23-18` when White starts), wrapped at `width`. */
export function movetext(moves: readonly string[], first: Side, tail: string[] = [], width = 80): string {
  const words: string[] = [];
  let n = 1;
  moves.forEach((m, k) => {
    const black = (k % 2 === 0) === (first === 'black');
    if (black) words.push(`${n}.`);
    else if (k === 0) words.push(`${n}...`);
    words.push(m.toLowerCase());
    if (!black) n++;
  });
  const lines: string[] = [];
  let cur = '';
  for (const w of [...words, ...tail]) {
    if (cur && cur.length + 1 + w.length > width) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  return [...lines, cur].join('\n');
}

/** PDN text for games: tags, then the numbered moves, a comment if any, and the result. */
export function writePdn(games: readonly PdnOut[]): string {
  return games.map((g) => {
    const tags = g.tags.map(([k, v]) => `[${k} "${v.replace(/["\\]/g, '\\$&')}"]\n`).join('');
    const comment = g.comment ? [`{${g.comment.replace(/}/g, ')')}}`] : [];
    return `${tags}${movetext(g.moves, g.first, [...comment, g.result])}\n`;
  }).join('\n');
}
