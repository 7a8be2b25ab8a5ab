// Ctrl-C for long work: the first SIGINT asks the work to stop where it can keep what is done;
// a second one, pressed later, ends the process at once.
//
// One Ctrl-C at a terminal reaches the process more than once: the terminal signals the whole
// foreground process group (npm, tsx's parent process and our node), and npm and tsx each relay
// the signal to their child as well. Signals that arrive within REPEAT_MS of the first are that
// same key press; only a later one means "stop now".

const REPEAT_MS = 1000;

/**
 * Call `stop` on the first Ctrl-C; a Ctrl-C more than REPEAT_MS after it exits with code 130.
 * The function returned removes the handler (call it when the work is done).
 */
export function onInterrupt(stop: () => void): () => void {
  let first = 0;
  const handler = (): void => {
    const now = Date.now();
    if (first === 0) {
      first = now;
      stop();
    } else if (now - first > REPEAT_MS) {
      process.exit(130);
    }
  };
  process.on('SIGINT', handler);
  return () => {
    process.removeListener('SIGINT', handler);
  };
}
