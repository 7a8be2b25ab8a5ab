// A progress bar on stderr for long runs (self-play, book games): done/total, rate and ETA.
// Drawn only when stderr is a terminal; `note` prints a line above it.

import { style } from '../cli/style.ts';

/** 12 ms, 12.3 s, 4 min 05 s, 2 h 07 min. */
export function duration(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

const WIDTH = 30;
/** Redraw at most this often (ms). */
const EVERY = 200;

export class Progress {
  private done = 0;
  private readonly began = Date.now();
  private drawnAt = 0;
  private shown = false;
  /** Done before this run (a resumed session): counted in done/total, not in the rate. */
  private base = 0;
  /** Shown after the ETA (e.g. the results so far). */
  private status = '';

  constructor(
    private readonly total: number,
    private readonly unit: string,
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly enabled = out.isTTY === true,
  ) {}

  /** Start the count at `done` (work done by an earlier run). */
  resumeFrom(done: number): this {
    this.base = done;
    this.done = done;
    return this;
  }

  /** Set the count done (and the status text) and redraw (throttled). */
  update(done: number, status?: string): void {
    this.done = done;
    if (status !== undefined) this.status = status;
    if (!this.enabled || Date.now() - this.drawnAt < EVERY) return;
    this.draw();
  }

  /** A line of output that the bar must not overwrite. */
  note(text: string, stream: NodeJS.WriteStream = process.stdout): void {
    this.clear();
    stream.write(text + '\n');
    if (this.enabled) this.draw();
  }

  clear(): void {
    if (this.shown) this.out.write('\r\x1b[K');
    this.shown = false;
  }

  private draw(): void {
    const wall = (Date.now() - this.began) / 1000;
    const frac = this.total > 0 ? Math.min(1, this.done / this.total) : 0;
    const fill = Math.round(frac * WIDTH);
    const rate = wall > 0 ? (this.done - this.base) / wall : 0;
    const eta = rate > 0 ? duration((this.total - this.done) / rate) : '?';
    const perMin = (rate * 60).toFixed(rate * 60 < 10 ? 1 : 0);
    this.out.write(`\r\x1b[K${style.ok('█'.repeat(fill))}${style.dim('░'.repeat(WIDTH - fill))} ${Math.floor(this.done)}/${this.total} ${this.unit}  ${perMin}/min  ETA ${eta}${this.status ? `  ${this.status}` : ''}`);
    this.shown = true;
    this.drawnAt = Date.now();
  }
}
