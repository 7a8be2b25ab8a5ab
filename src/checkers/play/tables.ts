// play --tables N: several games at once against different people (Samuel 1959, "For
// demonstration purposes, and also as a means of avoiding lost machine time while an opponent is
// thinking, it is sometimes convenient to play several simultaneous games against different
// opponents ... six, although eight have been played"). The 704 keeps the games: `*TABLE n` puts
// the game in hand on its drum and brings table n's in (asm/checkers/game.sap, GCTAB). The host
// starts a game at each table, then routes each typed line "N MOVE" to table N as the cards
// `*TABLE N` and the move; which lines belong to which table it learns from the 704's TABLE n lines.

import { textCard, type Card } from '../../devices/cards.ts';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { style } from '../../cli/style.ts';
import { applyPath, drawBoard, other, parseFen, startPosition, type Position, type Side } from '../notation/board.ts';
import { GIVEAWAY_TAG, setupCards, writePdn } from '../notation/pdn.ts';
import { mountLearningTape, useCards } from '../learning/learningTape.ts';
import { CheckersSession, giveawayCards, type Event } from '../program/session.ts';
import { wholeNumber } from '../selfplay/selfplay.ts';
import { onInterrupt } from '../../host/interrupt.ts';
import { attachTableDrums, MAX_TABLES } from './console.ts';
import { lineReader } from './lineReader.ts';

export interface TablesOptions {
  tables?: string;
  programPlays: string;
  fen?: string;
  pdn?: string;
  giveaway?: boolean;
  learning?: string;
  learn?: string | boolean;
  console?: boolean;
  deck?: string;
  rote?: boolean;
  memory?: string;
  heuristic?: string;
}

const HELP = `Each line is a table's number and what its person does:
  3 11-15     table 3's move (every landing square of a jump: 3 15x24)
  3 board     the 704 prints table 3's board       3 moves    its legal moves
  3 hint      the move the 704 would play for table 3's person
  3 resign    table 3's person concedes
  help, quit
The 704 answers at once and the next person may type; a game waits on its drum meanwhile.`;

const out = (text = ''): void => {
  process.stdout.write(text + '\n');
};
const sideName = (s: Side): string => (s === 'black' ? 'Black' : 'White');

interface Table {
  pos: Position;
  moves: string[];
  over: Extract<Event, { kind: 'game-over' }> | null;
}

export async function playTables(opts: TablesOptions): Promise<void> {
  const n = wholeNumber(opts.tables ?? '', '--tables');
  if (n > MAX_TABLES) throw new Error(`--tables: at most ${MAX_TABLES} (the 733 drum has eight drums, one a game)`);
  const refused = ([['learn', '--learn (Alpha learns from one game at a time)'], ['console', '--console (the entry keys name no table)'], ['deck', '--deck'], ['rote', '--rote'], ['memory', '--memory'], ['heuristic', '--heuristic']] as const)
    .filter(([k]) => opts[k] !== undefined && opts[k] !== false);
  if (refused.length) throw new Error(`--tables does not go with ${refused.map(([, why]) => why).join(', ')}`);
  const side = opts.programPlays.toLowerCase();
  if (side !== 'black' && side !== 'white') throw new Error(`--program-plays: "${opts.programPlays}" is not black or white`);
  const program: Side = side;
  const start = (): Position => (opts.fen ? parseFen(opts.fen) : startPosition());
  const tables: Table[] = Array.from({ length: n }, () => ({ pos: start(), moves: [], over: null }));
  const cards = [...useCards(opts.learning), ...giveawayCards(opts.giveaway)];
  for (let t = 1; t <= n; t++) cards.push(`*TABLE ${t}`, ...(opts.fen ? setupCards(opts.fen) : []), `*PLAY ${program.toUpperCase()}`);
  const session = new CheckersSession(cards, false);
  onInterrupt(() => session.interrupt());
  attachTableDrums(session.machine);
  if (opts.learning) mountLearningTape(session.machine.io, opts.learning);
  out(style.dim(`${n} tables: the 704 plays ${sideName(program)} at each, the people ${sideName(other(program))}. Type the table's number, then the move; help for help.`));

  let current = 1;
  const show = (e: Event): void => {
    const t = tables[current - 1]!;
    const tag = style.head(`table ${current}`);
    switch (e.kind) {
      case 'table': current = e.table; break;
      case 'move':
        t.pos = applyPath(t.pos, e.path);
        t.moves.push(e.path.join(e.jump ? 'x' : '-'));
        out(`${tag} move ${e.ply} ${e.by === 'program' ? '704' : 'person'} (${sideName(e.side)}): ${style.reg(e.path.join(e.jump ? 'x' : '-'))}`);
        if (e.by === 'program') out(drawBoard(t.pos, { highlight: e.path }));
        break;
      case 'board': out(`${tag} the 704's board:`); out(drawBoard(e.position)); break;
      case 'legal': out(`${tag} legal: ${e.path.join(e.jump ? 'x' : '-')}`); break;
      case 'hint': out(`${tag} the 704 would play ${style.reg(e.path.join(e.jump ? 'x' : '-'))}`); break;
      case 'illegal': case 'bad': out(`${tag} ${style.error(`the 704: ${e.text}`)}`); break;
      case 'game-over': t.over = e; out(`${tag} ${style.ok(e.text)}`); break;
      case 'predict': out(`${tag} ${style.warn(e.text)}`); break;
      case 'game': break;
      case 'banner': out(style.dim(e.text)); break;
      default: out(`${tag} ${style.dim(e.text)}`);
    }
  };

  const reader = lineReader();
  try {
    for (;;) {
      const r = await session.run(show);
      if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
      if (r.interrupted) process.exitCode = 130;
      if (r.stop !== 'input' || tables.every((t) => t.over)) break;
      const line = await reader.ask('table and move> ');
      if (line === null) break;
      const typed = line.trim();
      if (typed === '') continue;
      if (/^help$/i.test(typed)) { out(HELP); continue; }
      if (/^quit$/i.test(typed)) break;
      const m = /^(\d+)\s+(\S.*)$/.exec(typed);
      const t = m ? Number(m[1]) : 0;
      if (!m || t < 1 || t > n) { out(style.error(`say a table 1-${n} and a move, e.g. 1 11-15 (help for help)`)); continue; }
      if (tables[t - 1]!.over) { out(`table ${t}'s game is over: ${tables[t - 1]!.over!.text}`); continue; }
      const what = m[2]!.trim();
      const card = ({ board: '*BOARD', moves: '*MOVES', hint: '*HINT', resign: '*CONCEDE' } as Record<string, string>)[what.toLowerCase()] ?? what.toUpperCase();
      let punched: Card;
      try {
        punched = textCard(card, 'your card');
      } catch (e) {
        out(style.error((e as Error).message));
        continue;
      }
      session.feed(...(t === current ? [] : [`*TABLE ${t}`]), punched);
    }
  } finally {
    reader.close();
  }
  tables.forEach((t, i) => out(`${style.head(`table ${i + 1}`)} ${t.over ? t.over.text : `unfinished after ${t.moves.length} plies`}`));
  if (opts.pdn) {
    const result = (t: Table): string => (!t.over ? '*' : t.over.winner === 'black' ? '1-0' : t.over.winner === 'white' ? '0-1' : '1/2-1/2');
    const [black, white] = program === 'black' ? ['Samuel 704', 'Person'] : ['Person', 'Samuel 704'];
    writeFileAtomic(opts.pdn, writePdn(tables.map((t, i) => ({
      tags: [['Event', 'samuel704 play --tables'], ['Round', String(i + 1)], ['Black', black], ['White', white], ['Result', result(t)],
        ...(opts.giveaway ? [GIVEAWAY_TAG] : []), ...(opts.fen ? [['SetUp', '1'], ['FEN', opts.fen]] as [string, string][] : [])],
      moves: t.moves, result: result(t), first: start().toMove, comment: t.over?.text,
    }))));
  }
}
