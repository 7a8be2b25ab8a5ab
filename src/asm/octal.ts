// Octal words of OCT and OPD, read as UA SAP's OCTOP does (uasap.sap, section UA SAP 6): each
// digit 0-7 shifts the 36-bit word left three places (a digit reaching the sign position sets
// it), `+` is skipped, `-` sets the sign bit, a comma starts the next word (OCT) and any other
// character ends the card. So `-1` is the sign bit and 1, and `400000000001` is the same word.

import { SIGN } from '../cpu/word.ts';

const P36 = 2 ** 36;

export function scanOctal(text: string): number[] {
  const words: number[] = [];
  let w = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '7') {
      const sign = w >= SIGN ? SIGN : 0;
      w = ((w % SIGN) * 8 + (ch.charCodeAt(0) - 48)) % P36;
      if (sign && w < SIGN) w += SIGN;
    } else if (ch === '-') {
      if (w < SIGN) w += SIGN;
    } else if (ch === ',') {
      words.push(w);
      w = 0;
    } else if (ch !== '+') {
      break;
    }
  }
  words.push(w);
  return words;
}
