// Problems found while assembling, collected rather than thrown (architecture.md §2.5): every one
// names its card as file:line:column, column being the card column, and is shown with the card
// and a caret under that column.

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  /** Card column, 1-80. */
  readonly column: number;
  readonly severity: Severity;
  readonly message: string;
  /** The card as written (tabs expanded), shown under the message. */
  readonly text: string;
}

/** Where a diagnostic points: a card and a column on it. */
export interface Position {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export class Diagnostics {
  readonly list: Diagnostic[] = [];

  error(at: Position, column: number, message: string): void {
    this.add(at, column, 'error', message);
  }

  warning(at: Position, column: number, message: string): void {
    this.add(at, column, 'warning', message);
  }

  get errorCount(): number {
    return this.list.filter((d) => d.severity === 'error').length;
  }

  private add(at: Position, column: number, severity: Severity, message: string): void {
    this.list.push({ file: at.file, line: at.line, column, severity, message, text: at.text });
  }
}

/** `file:line:column: error: message`, then the card and a caret under the column. */
export function formatDiagnostic(d: Diagnostic, paint: (severity: Severity, s: string) => string = (_, s) => s): string {
  const head = `${d.file}:${d.line}:${d.column}: ${paint(d.severity, d.severity)}: ${d.message}`;
  return `${head}\n  ${d.text.trimEnd()}\n  ${' '.repeat(Math.max(0, d.column - 1))}^`;
}
