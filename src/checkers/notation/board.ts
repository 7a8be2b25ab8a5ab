// Positions for display only: read from the board the 704 prints, from a PDN FEN, or followed
// from the move paths the 704 printed (its own MOVE lines), and drawn for a person. Nothing here
// decides whether a move is legal; a path is replayed as the program reported it.
//
// Squares are the standard 1-32 (Fig. B-1), Black at the top (1-4). Row r, column c (0-7) is
// dark when r + c is odd and is square 4r + c/2 + 1.

import chalk from 'chalk';

export type Side = 'black' | 'white';
/** b, w men; B, W kings; null empty. */
export type Piece = 'b' | 'w' | 'B' | 'W' | null;

export interface Position {
  /** Index 1-32; index 0 unused. */
  squares: Piece[];
  toMove: Side;
}

export const other = (s: Side): Side => (s === 'black' ? 'white' : 'black');

/** Row 0-7 (Black's side first) and column 0-7 of a square 1-32, and back. */
export const rowOf = (s: number): number => Math.floor((s - 1) / 4);
export const colOf = (s: number): number => 2 * ((s - 1) % 4) + (rowOf(s) % 2 === 0 ? 1 : 0);
export const squareAt = (r: number, c: number): number => 4 * r + Math.floor(c / 2) + 1;

/** Pieces on the board. */
export const piecesOf = (p: Position): number => p.squares.filter((q) => q !== null).length;

export function startPosition(): Position {
  const squares: Piece[] = new Array<Piece>(33).fill(null);
  for (let s = 1; s <= 12; s++) squares[s] = 'b';
  for (let s = 21; s <= 32; s++) squares[s] = 'w';
  return { squares, toMove: 'black' };
}

/**
 * A PDN FEN (`W:W18,K22:B1-3`, the lists in either order, ranges and K for kings) or the 704's
 * set-up argument (the same with `/` for `:`). Throws on what is not one.
 */
export function parseFen(fen: string): Position {
  const text = fen.replace(/\s+/g, '').replace(/\.$/, '');
  const parts = text.split(/[:/]/);
  const bad = (why: string): Error => new Error(`bad FEN "${fen}": ${why}`);
  const side = parts[0]!.toUpperCase();
  if (side !== 'B' && side !== 'W') throw bad('it must start with B or W, the side to move');
  const squares: Piece[] = new Array<Piece>(33).fill(null);
  for (const list of parts.slice(1)) {
    const colour = list[0]?.toUpperCase();
    if (colour !== 'B' && colour !== 'W') throw bad(`"${list}" is not a piece list starting with B or W`);
    for (const item of list.slice(1).split(',').filter((i) => i !== '')) {
      const m = /^(K?)(\d+)(?:-(\d+))?$/i.exec(item);
      if (!m) throw bad(`"${item}" is not a square, K and a square, or a range`);
      const [a, b] = [Number(m[2]), Number(m[3] ?? m[2])];
      if (a < 1 || b > 32 || a > b) throw bad(`"${item}" is not within 1-32`);
      for (let s = a; s <= b; s++) {
        if (squares[s]) throw bad(`square ${s} is given twice`);
        squares[s] = (m[1] ? colour : colour.toLowerCase()) as Piece;
      }
    }
  }
  return { squares, toMove: side === 'B' ? 'black' : 'white' };
}

/** The PDN FEN of a position, kings marked K, squares in order. */
export function toFen(p: Position): string {
  const list = (colour: 'b' | 'w'): string => p.squares
    .flatMap((x, s) => (x?.toLowerCase() === colour ? [`${x === colour ? '' : 'K'}${s}`] : []))
    .join(',');
  return `${p.toMove === 'black' ? 'B' : 'W'}:W${list('w')}:B${list('b')}`;
}

/** The squares a path jumps over (a step of two rows is a jump). */
export function capturedBy(path: readonly number[]): number[] {
  const taken: number[] = [];
  for (let i = 1; i < path.length; i++) {
    const [a, b] = [path[i - 1]!, path[i]!];
    if (Math.abs(rowOf(a) - rowOf(b)) === 2) taken.push(squareAt((rowOf(a) + rowOf(b)) / 2, (colOf(a) + colOf(b)) / 2));
  }
  return taken;
}

/** A path as people write a move: its squares joined by `x` for a jump, else by `-` (9-14, 5x14x23). */
export const pathText = (path: readonly number[]): string => path.join(capturedBy(path).length ? 'x' : '-');

/**
 * The position after a path the program printed (from, then each landing square): the piece
 * moves, a piece between two squares two rows apart is taken, a man on the far row is crowned.
 */
export function applyPath(p: Position, path: readonly number[]): Position {
  const squares = p.squares.slice();
  let piece = squares[path[0]!] ?? null;
  squares[path[0]!] = null;
  for (const s of capturedBy(path)) squares[s] = null;
  const to = path[path.length - 1]!;
  if ((piece === 'b' && rowOf(to) === 7) || (piece === 'w' && rowOf(to) === 0)) piece = piece.toUpperCase() as Piece;
  squares[to] = piece;
  return { squares, toMove: other(p.toMove) };
}

const CELLS: Record<string, Piece> = { ' . ': null, ' B ': 'b', '(B)': 'B', ' W ': 'w', '(W)': 'W' };

/**
 * The 704's board picture (docs/checkers-game.md): a heading line `POSITION - BLACK TO MOVE` and
 * eight rows of cells in columns 5-28. Returns null when the lines are not one.
 */
export function parsePrintedBoard(lines: readonly string[]): Position | null {
  const head = /^POSITION - (BLACK|WHITE) TO MOVE$/.exec(lines[0] ?? '');
  if (!head || lines.length < 9) return null;
  const squares: Piece[] = new Array<Piece>(33).fill(null);
  for (let r = 0; r < 8; r++) {
    const row = lines[1 + r]!.padEnd(60);
    if (row.slice(0, 4) !== '    ') return null;
    for (let c = 0; c < 8; c++) {
      const cell = row.slice(4 + 3 * c, 7 + 3 * c);
      if ((r + c) % 2 === 0) {
        if (cell !== '   ') return null;
        continue;
      }
      if (!(cell in CELLS)) return null;
      squares[squareAt(r, c)] = CELLS[cell]!;
    }
  }
  return { squares, toMove: head[1] === 'BLACK' ? 'black' : 'white' };
}

export interface DrawOptions {
  /** Squares to mark (the last move's path). */
  highlight?: readonly number[];
}

/**
 * The board for a terminal: Black at the top, square numbers at the right. In colour when chalk
 * finds a colour terminal; otherwise plain text with b/w for men and B/W for kings.
 */
export function drawBoard(p: Position, options: DrawOptions = {}): string {
  const colour = chalk.level > 0;
  const marked = new Set(options.highlight ?? []);
  const lines: string[] = [];
  for (let r = 0; r < 8; r++) {
    let board = '';
    let numbers = '';
    for (let c = 0; c < 8; c++) {
      if ((r + c) % 2 === 0) {
        board += colour ? chalk.bgWhite('   ') : '   ';
        numbers += '   ';
        continue;
      }
      const s = squareAt(r, c);
      const piece = p.squares[s] ?? null;
      numbers += String(s).padStart(3);
      if (!colour) {
        board += ` ${piece ?? (marked.has(s) ? '*' : '.')} `;
        continue;
      }
      const glyph = piece === null ? '   ' : piece === piece.toUpperCase() ? ' ♛ ' : ' ● ';
      const fg = piece?.toLowerCase() === 'b' ? chalk.black.bold : chalk.whiteBright.bold;
      const bg = marked.has(s) ? chalk.bgYellow : chalk.bgGreen;
      board += bg(fg(glyph));
    }
    lines.push(`  ${board}   ${colour ? chalk.dim(numbers.trimEnd()) : numbers.trimEnd()}`);
  }
  const count = (x: Piece, one: string, many: string): string => {
    const n = p.squares.filter((q) => q === x).length;
    return `${n} ${n === 1 ? one : many}`;
  };
  const side = (man: Piece, king: Piece): string => `${count(man, 'man', 'men')}, ${count(king, 'king', 'kings')}`;
  lines.push(`  Black ${side('b', 'B')}; White ${side('w', 'W')}; ${p.toMove === 'black' ? 'Black' : 'White'} to move`);
  return lines.join('\n');
}
