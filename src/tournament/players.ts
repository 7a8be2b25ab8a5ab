// Who plays in a tournament: Mańdziuk heuristics (evolved files or built-in specimens), the null
// heuristic, Samuel's own program, and rapid-draughts at a depth. A player is a plain object, so
// it crosses to a worker thread unchanged; every 704 player becomes `*MANDZ` cards
// (asm/checkers/mandziuk.sap, docs/mandziuk.md) for its colour.

import { existsSync, readFileSync } from 'node:fs';
import { UNTRAINED } from '../checkers/learning/learningTape.ts';
import { HEURISTIC_NAMES, geneCount, isHeuristic, type HeuristicName } from '../mandziuk/heuristics.ts';

export { geneCount };

/** A gene is a real weight; the 704 takes it as an integer, the gene times this (QMSTP). */
export const GENE_SCALE = 1024;

export type Player =
  | { kind: 'heuristic'; name: string; heuristic: HeuristicName; depth: number; genes: number[] }
  /** `noCut`: the paper's null search, no cut-off until a game's end is seen (`*MANDZ c NOCUT`, section 7.1.2). */
  | { kind: 'null'; name: string; depth: number; noCut?: boolean }
  /**
   * Samuel's program; with `learning`, Alpha's polynomial from that learning tape, learning off
   * (`*LEARN USE`), on a 704 of its own whose moves are relayed (game.ts): the TD-GAC stand-in.
   */
  | { kind: 'samuel'; name: string; learning?: string }
  | { kind: 'rapid'; name: string; depth: number };

/** An evolved heuristic as saved by `samuel704 evolve` and read by `tournament`. */
export interface HeuristicFile {
  format: 'samuel704-heuristic';
  name: string;
  heuristic: HeuristicName;
  giveaway: boolean;
  genes: number[];
  /** The depth it was evolved at (a tournament plays at its own --depth). */
  depth?: number;
}

/** Read a heuristic file; a bad one names the file and what is wrong. */
export function readHeuristicFile(path: string, giveaway: boolean): HeuristicFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`);
  }
  const f = data as Partial<HeuristicFile>;
  if (f.format !== 'samuel704-heuristic') throw new Error(`${path}: not a samuel704 heuristic file (format "samuel704-heuristic")`);
  if (typeof f.heuristic !== 'string' || !isHeuristic(f.heuristic)) throw new Error(`${path}: heuristic must be one of ${HEURISTIC_NAMES.join(' ')}`);
  if (!Array.isArray(f.genes) || !f.genes.every((g) => typeof g === 'number' && Number.isFinite(g))) throw new Error(`${path}: genes must be a list of numbers`);
  const n = geneCount(f.heuristic, giveaway);
  if (f.genes.length !== n) throw new Error(`${path}: ${f.heuristic} has ${n} genes in ${giveaway ? 'give-away' : 'checkers'}, the file ${f.genes.length}`);
  if (f.giveaway !== undefined && f.giveaway !== giveaway) throw new Error(`${path}: evolved for ${f.giveaway ? 'give-away' : 'checkers'}, the tournament plays ${giveaway ? 'give-away' : 'checkers'}`);
  return { format: 'samuel704-heuristic', name: f.name ?? path, heuristic: f.heuristic, giveaway, genes: f.genes, depth: f.depth };
}

/**
 * A player from the command line: `null`, `null-nocut` (the paper's null search, no cut-offs until
 * a game's end is seen), `samuel`, `samuel:TAPE` (Alpha's polynomial from a learning tape, learning
 * off, on a 704 of its own; `samuel:start` the untrained one), `rapid-draughts`, or a heuristic file, each
 * optionally `@depth` (default `depth`); `name=` in front renames it.
 */
export function parsePlayer(spec: string, depth: number, giveaway: boolean): Player {
  const named = /^([^=]+)=(.+)$/.exec(spec);
  const body = named ? named[2]! : spec;
  const at = /^(.*)@(\d+)$/.exec(body);
  const what = at ? at[1]! : body;
  const d = at ? Number(at[2]) : depth;
  if (d < 1 || d > 10) throw new Error(`${spec}: depth ${d} is not 1-10`);
  const label = (fallback: string): string => named?.[1] ?? fallback;
  if (what === 'null') return { kind: 'null', name: label(`null@${d}`), depth: d };
  if (what === 'null-nocut') return { kind: 'null', name: label(`null-nocut@${d}`), depth: d, noCut: true };
  if (what === 'samuel') return { kind: 'samuel', name: label('Samuel 704') };
  const tape = /^samuel:(.+)$/.exec(what)?.[1];
  if (tape !== undefined) {
    if (tape !== UNTRAINED && !existsSync(tape)) throw new Error(`${spec}: no learning tape ${tape}`);
    return { kind: 'samuel', name: label(`Samuel 704 (${tape === UNTRAINED ? 'untrained polynomial' : tape})`), learning: tape };
  }
  if (what === 'rapid-draughts') {
    if (giveaway) throw new Error(`${spec}: rapid-draughts plays ordinary checkers only`);
    return { kind: 'rapid', name: label(`rapid-draughts@${d}`), depth: d };
  }
  const f = readHeuristicFile(what, giveaway);
  return { kind: 'heuristic', name: label(f.name), heuristic: f.heuristic, depth: d, genes: f.genes };
}

/** Weights as the 704 takes them: integers, a few to a card (columns 1-72). */
function weightCards(colour: string, genes: readonly number[]): string[] {
  const cards: string[] = [];
  let card = `*MANDZ ${colour} W`;
  for (const g of genes) {
    const w = String(Math.round(g * GENE_SCALE));
    if (card.length + 1 + w.length > 72) {
      cards.push(card);
      card = `*MANDZ ${colour} W`;
    }
    card += ` ${w}`;
  }
  return [...cards, card];
}

/** The cards that give a 704 player colour `side` on the game's machine (none for a player relayed from elsewhere: rapid-draughts, a Samuel polynomial). */
export function playerCards(p: Player, side: 'black' | 'white'): string[] {
  const colour = side.toUpperCase();
  switch (p.kind) {
    case 'heuristic': return [`*MANDZ ${colour} ${p.heuristic} ${p.depth}`, ...weightCards(colour, p.genes)];
    case 'null': return [`*MANDZ ${colour} NULL ${p.depth}`, ...(p.noCut ? [`*MANDZ ${colour} NOCUT`] : [])];
    case 'samuel': return p.learning === undefined ? [`*MANDZ ${colour} OFF`] : [];
    case 'rapid': return [];
  }
}

/** `--heuristic FILE[@depth]` of play and match: the cards that give the 704's colour an evolved heuristic. */
export const heuristicCards = (spec: string | undefined, side: 'black' | 'white', giveaway = false): string[] =>
  (spec ? playerCards(parsePlayer(spec, 6, giveaway), side) : []);

export const HEURISTIC_HELP = 'the 704 plays an evolved heuristic (a samuel704 evolve file, FILE[@depth], depth 6 unless given) with the plain alpha-beta of seed 002';
