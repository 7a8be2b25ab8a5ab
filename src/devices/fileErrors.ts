// The file system's errors in words that name the file and say what to do: Node's own messages
// ("EISDIR: illegal operation on a directory, read", "ENOSPC: no space left on device, write")
// name neither the file nor the way out.

import { readFileSync } from 'node:fs';

const WHY: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'it is a directory, not a file',
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read only',
  ENOSPC: 'no space left on the device — free some space and run again',
  EDQUOT: 'disk quota exceeded — free some space and run again',
  EMFILE: 'too many open files',
  EIO: 'input/output error on the device',
};

/** A file system error that names its file. */
export class FileError extends Error {
  constructor(readonly file: string, readonly code: string | undefined, message: string) {
    super(message);
    this.name = 'FileError';
  }
}

/** `e` (from fs) as a FileError: `PATH: cannot DOING: why (CODE); NOTE`; other errors pass through. */
export function fileError(e: unknown, path: string, doing: string, note?: string): Error {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (e instanceof FileError || typeof code !== 'string') return e as Error;
  return new FileError(path, code, `${path}: cannot ${doing}: ${WHY[code] ?? (e as Error).message} (${code})${note ? `; ${note}` : ''}`);
}

/** The bytes of a file; an error names it and `what` it was to be (a deck, a tape image...). */
export function readFile(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw fileError(e, path, `read the ${what}`);
  }
}

/** The text of a file (UTF-8), errors as readFile's. */
export const readText = (path: string, what: string): string => readFile(path, what).toString('utf8');
