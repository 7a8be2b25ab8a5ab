// Errors raised by the devices and their image formats. Messages always say where: the file and
// byte offset for binary images, file:line:column for text decks, the unit's name for devices.

/** Malformed or truncated image file; nothing has been changed when it is thrown. */
export class ImageError extends Error {
  constructor(
    readonly file: string,
    readonly where: { offset: number } | { line: number; column: number },
    readonly problem: string,
  ) {
    super('offset' in where ? `${file}: byte ${where.offset}: ${problem}` : `${file}:${where.line}:${where.column}: ${problem}`);
    this.name = 'ImageError';
  }
}

/** A unit was asked to do something it cannot (write on a read-only tape, WRS to the reader...). */
export class DeviceError extends Error {
  constructor(readonly unit: string, problem: string) {
    super(`${unit}: ${problem}`);
    this.name = 'DeviceError';
  }
}
