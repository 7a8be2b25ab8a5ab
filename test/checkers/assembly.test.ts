// The checkers program assembles clean: no errors and no warnings (a user assembling it with
// `samuel704 asm asm/checkers/main.sap` sees nothing but the files written).

import { describe, expect, it } from 'vitest';
import { checkersAssembly } from './deck.ts';

describe('asm/checkers/main.sap', () => {
  it('assembles without a diagnostic (a remainder is stored after the quotient, so no flag Q)', () => {
    expect(checkersAssembly().diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`)).toEqual([]);
  });
});
