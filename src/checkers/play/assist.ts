// Help for the person playing the 704, every answer the 704's own: a hint is the program's
// `*HINT` card (the move it would play in the person's place, searched in the game's own 704 so
// that the game's repetitions and move count stand), and the legal moves come from its `*MOVES`
// card (docs/checkers-game.md). The host never decides legality or chooses a move.

/** What the score after a program's move means (shown once, and by `help`). */
export const SCORE_NOTE = `The score is the 704's own estimate of the position for the side that moved, backed up from its
search (Samuel's scoring polynomial, times 64): positive means it thinks it stands better.
Hundreds to a few thousand are positional (mobility, centre, advancement); tens of thousands
and more mean material (a man or more up); above 2^30 - 64 = 1073741760 it sees a certain win.`;

/** A "yes" to a question (y, yes, in any case). */
export const isYes = (answer: string | null): boolean => answer !== null && /^y(es)?$/i.test(answer.trim());
