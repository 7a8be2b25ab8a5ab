// A progress bar on stderr for long runs (self-play, book games, matches): done/total, rate and
// ETA, drawn by cli-progress (only when stderr is a terminal; it redraws on its own timer, so the
// bar shows the latest count even while the 704 is busy); `note` prints a line above it.

import cliProgress, { type Options, type Params, type SingleBar } from 'cli-progress';
import { style } from '../cli/style.ts';

/** 12 ms, 12.3 s, 4 min 05 s, 2 h 07 min. */
export function duration(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

export class Progress {
  private readonly bar: SingleBar | null;
  private began = Date.now();
  /** Done before this run (a resumed session): counted in done/total, not in the rate. */
  private base = 0;
  private done = 0;
  private started = false;
  /** Shown after the ETA (e.g. the results so far). */
  private status = '';

  constructor(
    private readonly total: number,
    private readonly unit: string,
    private readonly out: NodeJS.WriteStream = process.stderr,
    enabled = out.isTTY === true,
  ) {
    this.bar = enabled ? new cliProgress.SingleBar({
      stream: out, format: (o, p) => this.line(o, p), barsize: 30, barCompleteChar: '█', barIncompleteChar: '░',
      hideCursor: false, gracefulExit: false, clearOnComplete: true, fps: 5, forceRedraw: true,
    }) : null;
  }

  /** Start the count at `done` (work done by an earlier run). */
  resumeFrom(done: number): this {
    this.base = done;
    this.done = done;
    return this;
  }

  /** Set the count done (and the status text); the bar redraws at most 5 times a second. */
  update(done: number, status?: string): void {
    this.done = done;
    if (status !== undefined) this.status = status;
    if (!this.bar) return;
    if (!this.started) this.start();
    else this.bar.update(done);
  }

  /** A line of output that the bar must not overwrite. */
  note(text: string, stream: NodeJS.WriteStream = process.stdout): void {
    if (this.started) this.out.write('\r\x1b[K');
    stream.write(text + '\n');
    if (this.started) this.bar!.render();
  }

  /** Take the bar off the screen (it comes back at the next update). */
  clear(): void {
    if (!this.started) return;
    this.bar!.stop();
    this.out.write('\r\x1b[K');
    this.started = false;
  }

  private start(): void {
    this.started = true;
    if (this.done === this.base) this.began = Date.now();
    this.bar!.start(this.total, this.done);
  }

  private line(o: Options, p: Params): string {
    const wall = (Date.now() - this.began) / 1000;
    const rate = wall > 0 ? (this.done - this.base) / wall : 0;
    const perMin = (rate * 60).toFixed(rate * 60 < 10 ? 1 : 0);
    const eta = rate > 0 && p.total > this.done ? duration((p.total - this.done) / rate) : rate > 0 ? '0 s' : '?';
    const bar = cliProgress.Format.BarFormat(Math.min(1, p.progress), o);
    const filled = bar.lastIndexOf('█') + 1;
    return `${style.ok(bar.slice(0, filled))}${style.dim(bar.slice(filled))} ${Math.floor(this.done)}/${this.total} ${this.unit}  ${perMin}/min  ETA ${eta}${this.status ? `  ${this.status}` : ''}`;
  }
}
