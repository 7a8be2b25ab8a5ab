// SAP source files as the assembler reads them. SAP has no include card, so a program in several
// files is described by a manifest, as asm/checkers/main.sap is: its cards up to
//   REM ---- THE FILES GO HERE ----
// then the files named on its `REM FILE name` cards (beside it, in that order), then the rest of
// it (the END card). Any other file is read as it is.

import { dirname, join } from 'node:path';
import type { Source } from './deck.ts';
import { readText } from '../devices/fileErrors.ts';

const MARK = /^\s+REM ---- THE FILES GO HERE ----/;
const FILE_CARD = /^\s+REM FILE (\S+)/;

export function readSources(paths: readonly string[]): Source[] {
  return paths.flatMap((path) => expandManifest(path, readText(path, 'SAP source')));
}

function expandManifest(path: string, text: string): Source[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => MARK.test(l));
  if (at < 0) return [{ name: path, text }];
  const files = lines.slice(0, at).flatMap((l) => FILE_CARD.exec(l)?.[1]?.toLowerCase() ?? []);
  return [
    { name: path, text: lines.slice(0, at + 1).join('\n') + '\n' },
    ...files.map((f) => {
      const name = join(dirname(path), f);
      return { name, text: readText(name, `SAP source named by ${path}`) };
    }),
    // The tail keeps its own name so diagnostics still point into the manifest.
    { name: `${path}(end)`, text: lines.slice(at + 1).join('\n') },
  ];
}
