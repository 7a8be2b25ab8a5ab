// The octal core-image format of `samuel704 run --load` and `asm --image`:
//   each line `address word word ...`: address 5 octal digits, each word a sign (+/-) and
//   12 octal digits of the 35-bit magnitude; `#` starts a comment; blank lines are ignored.
// Consecutive words on a line go to consecutive addresses. A comment line `# start NNNNN` (asm
// --image writes it from the END card) gives the address execution starts at.

import { formatAddr, formatSigned, parseWord } from '../cpu/word.ts';

export interface CoreImage {
  /** Address → word, in the order the file gives them. */
  words: Map<number, number>;
  /** The start address of a `# start NNNNN` line, if any. */
  start?: number;
}

/**
 * Store the words in a core of `mask + 1` words; a word beyond it is an error naming `source`
 * (a smaller core would wrap it onto another word without a word of warning).
 */
export function loadWords(mem: Float64Array, mask: number, words: ReadonlyMap<number, number>, source: string): void {
  for (const a of words.keys()) {
    if (a > mask) throw new Error(`${source}: word at ${formatAddr(a)} is beyond this ${mask + 1}-word core (00000-${formatAddr(mask)}) and would wrap onto ${formatAddr(a & mask)}; give a larger --core`);
  }
  for (const [a, w] of words) mem[a] = w;
}

/** A line/column-located problem in an image file. */
export class ImageSyntaxError extends Error {
  constructor(readonly file: string, readonly line: number, readonly column: number, problem: string, text: string) {
    super(`${file}:${line}:${column}: ${problem}\n  ${text}\n  ${' '.repeat(Math.max(0, column - 1))}^`);
    this.name = 'ImageSyntaxError';
  }
}

export function parseImage(text: string, file: string): CoreImage {
  const words = new Map<number, number>();
  let start: number | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const startLine = /^\s*#\s*start\s+([0-7]{1,5})\s*$/.exec(raw);
    if (startLine) start = parseInt(startLine[1]!, 8);
    const line = raw.replace(/#.*/, '');
    const tokens = [...line.matchAll(/\S+/g)];
    if (tokens.length === 0) return;
    const [first, ...rest] = tokens;
    const err = (t: RegExpMatchArray, problem: string): ImageSyntaxError =>
      new ImageSyntaxError(file, i + 1, t.index! + 1, problem, raw);
    if (!/^[0-7]{5}$/.test(first![0])) throw err(first!, `"${first![0]}" is not a 5-digit octal address`);
    if (rest.length === 0) throw err(first!, 'an address with no words after it');
    let addr = parseInt(first![0], 8);
    for (const t of rest) {
      if (!/^[+-][0-7]{12}$/.test(t[0])) throw err(t, `"${t[0]}" is not a word (a sign and 12 octal digits)`);
      if (addr > 0o77777) throw err(t, 'the words run past address 77777');
      words.set(addr++, parseWord(t[0]));
    }
  });
  return start === undefined ? { words } : { words, start };
}

/** Write words as an image, eight to a line, starting a new line wherever the addresses jump. */
export function formatImage(words: Map<number, number>, header = ''): string {
  const out: string[] = header ? header.split('\n').map((l) => `# ${l}`) : [];
  const addrs = [...words.keys()].sort((a, b) => a - b);
  let line: string[] = [];
  let next = -1;
  for (const a of addrs) {
    if (a !== next || line.length === 9) {
      if (line.length) out.push(line.join(' '));
      line = [formatAddr(a)];
    }
    line.push(formatSigned(words.get(a)!));
    next = a + 1;
  }
  if (line.length) out.push(line.join(' '));
  return out.join('\n') + '\n';
}
