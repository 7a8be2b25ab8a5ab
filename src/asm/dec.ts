// DEC constants converted exactly as UA SAP's DECOP does it (uasap.sap, section UA SAP 6,
// DECOP through STOR; sap.md §5): the digits are gathered as a 35-bit integer N, a decimal
// exponent counts the digits after the point plus E, and the number is floated and scaled by a
// table of powers of ten with the 704's own floating-point instructions (from cpu/arith.ts), so
// the last bit comes out as UA SAP's does. B asks for a fixed-point result with the binary point
// after bit k.
// UA SAP run on SIMH differs in the last bits of some numbers with a negative exponent: SIMH's FDP
// keeps the old MQ as low dividend bits, where the 704 clears it (ibm704.md §6.3, §11 item 2).

import { floatAdd, floatDivide, floatMultiply, shiftLeftLong, shiftLrs, type Registers } from '../cpu/arith.ts';
import { SIGN } from '../cpu/word.ts';

const P27 = 2 ** 27;
const P35 = 2 ** 35;
const P36 = 2 ** 36;

/** 704 floating word: sign, characteristic, 27-bit fraction. */
const float = (sign: number, char: number, frac: number): number => sign * SIGN + char * P27 + frac;

/**
 * UA SAP's table of 10^k (k = 1-48) as floating words whose characteristic is 35 less than
 * true, fraction rounded to 27 bits (checked against the table in uasap.sap); the 35 is put
 * back (EXC1) or taken off (EXC2) after scaling so the table's largest entries fit.
 */
const POWERS: readonly number[] = (() => {
  const t = [0];
  for (let k = 1; k <= 48; k++) {
    const v = 10n ** BigInt(k);
    const e = v.toString(2).length; // v = f x 2^e, 1/2 <= f < 1
    let frac = e > 27 ? v >> BigInt(e - 27) : v << BigInt(27 - e);
    if (e > 27 && (v >> BigInt(e - 28)) & 1n) frac += 1n; // round to nearest
    t.push(float(0, e + 128 - 35, Number(frac)));
  }
  return t;
})();

const FL1 = float(0, 155, 0); // 155B8: floats a 15-bit integer in its address part
const FL2 = float(0, 170, 0); // 170B8: the same for bits 1-20 shifted down 15
const EXC1 = 35 * P27;
const EXC2 = 221 * P27;

/** One DEC number after scanning: what UA SAP keeps in N, EXPN, BN, XR4 and lights 1-3. */
export interface DecNumber {
  /** N: sign and 35-bit magnitude of the digits (sign-magnitude word). */
  readonly n: number;
  /** XR4: digits after the point counted negatively, plus dropped overflow digits (15 bits). */
  readonly count: number;
  readonly point: boolean;
  readonly exponent?: number; // EXPN, signed
  readonly binary?: number; // BN, signed
}

/** Result: the word, or undefined where UA SAP substitutes zero and flags U (an illegal datum). */
export function convertDec(d: DecNumber): number | undefined {
  if (d.n % P35 === 0) return d.n; // zero keeps its sign
  let xr = d.count & 0x7fff;
  if (d.exponent !== undefined) xr = (xr + d.exponent) & 0x7fff;
  else if (d.binary === undefined && !d.point) return d.n; // an integer
  const r: Registers = { acSign: 0, acMag: 0, mq: 0, acOverflow: false, mqOverflow: false, divideCheck: false };
  const ac = (): number => r.acSign * SIGN + (r.acMag % P35); // what STO stores
  const cla = (w: number): void => { r.acSign = w >= SIGN ? 1 : 0; r.acMag = w % P35; };
  // CM5: float N in two pieces so no bit is lost; RESID keeps the low-order part.
  const n = d.n;
  cla(n);
  r.acMag = Math.floor(r.acMag / 2 ** 15) + FL2; // ARS 15, ORA FL2
  floatAdd(r, FL2, false, true);
  floatAdd(r, FL1 + (n % 2 ** 15), r.acSign === 1, true); // FAD / FSB FL1 with N's low 15 bits
  const resid = r.mq;
  if (xr !== 0 && xr <= 38) {
    // Positive exponent: N x 10^e as the sum of both partial products.
    const datum = ac();
    r.mq = POWERS[xr]!;
    floatMultiply(r, datum, true);
    const t = ac(), t1 = r.mq;
    r.mq = POWERS[xr]!;
    floatMultiply(r, resid, true);
    floatAdd(r, t1, false, true);
    floatAdd(r, t, false, true);
    if (acl(r, EXC1)) return undefined; // PBT: the characteristic overflowed
  } else if (xr !== 0) {
    // Negative exponent down to -48: divide twice to keep the remainder's bits.
    if (xr <= 0x7fff - 48) return undefined;
    const p = POWERS[0x8000 - xr]!;
    r.mqOverflow = false;
    floatDivide(r, p);
    const t = r.mq;
    floatAdd(r, resid, false, true);
    floatDivide(r, p);
    if (r.mqOverflow) return undefined;
    cla(r.mq);
    floatAdd(r, t, false, true);
    if (!acl(r, EXC2)) return undefined; // PBT: EXC2 must carry out of the characteristic
  }
  if (d.binary === undefined) return ac();
  // CM6: fixed point. Shift = 128 - characteristic + B; a negative shift does not fit.
  const t = ac();
  const shift = 128 - Math.floor((r.acMag % P35) / P27) + d.binary;
  if (shift < 0) return undefined;
  cla(t);
  // Drop the characteristic and pack 35 fraction bits (27 from the AC, 8 more from the MQ).
  shiftLeftLong(r, 8, false);
  r.acMag = Math.floor((r.acMag * 4) % 2 ** 37 / 2 ** 10); // ALS 2, ARS 10
  shiftLeftLong(r, 8, false);
  shiftLrs(r, shift & 0xff);
  return ac();
}

/**
 * ACL into AC P,1-35 with end-around carry; returns the P bit afterwards (PBT).
 */
function acl(r: Registers, y: number): boolean {
  const q = r.acMag >= P36 ? P36 : 0;
  let sum = (r.acMag % P36) + y;
  if (sum >= P36) sum = sum - P36 + 1;
  r.acMag = q + sum;
  return sum >= P35;
}

/**
 * Scan DEC numbers from the variable field the way DECOP reads characters: digits, `+`, `-`
 * (negates what is being gathered), `.`, `E`, `B`, a comma for the next number; anything else
 * ends the card. Returns one DecNumber per word.
 */
export function scanDec(text: string): DecNumber[] {
  const out: DecNumber[] = [];
  let i = 0;
  for (;;) {
    // The three accumulators as sign-magnitude (sign kept apart so -0 survives).
    const acc = { n: [0, 0], e: [0, 0], b: [0, 0] } as Record<'n' | 'e' | 'b', [number, number]>;
    let target: 'n' | 'e' | 'b' = 'n';
    let count = 0;
    let counting = false;
    let point = false, hasE = false, hasB = false;
    let end = true;
    for (; i < text.length; i++) {
      const ch = text[i]!;
      if (ch >= '0' && ch <= '9') {
        const a = acc[target];
        const v = a[1] * 10 + (ch.charCodeAt(0) - 48);
        if (v >= P35) count++; // a digit that does not fit is dropped and counted
        else a[1] = v;
      } else if (ch === '+') {
        // PL1: nothing to gather, but the digit counter still steps
      } else if (ch === '-') {
        acc[target][0] ^= 1;
      } else if (ch === '.') {
        point = true;
        counting = true;
        continue; // PT1 leaves the count unchanged for the point itself
      } else if (ch === 'E' || ch === 'B') {
        if (ch === 'E') hasE = true; else hasB = true;
        target = ch === 'E' ? 'e' : 'b';
        counting = false;
        continue;
      } else {
        end = ch !== ',';
        break;
      }
      if (counting) count--;
    }
    const signed = ([s, m]: [number, number]): number => (s ? -m : m);
    out.push({
      n: acc.n[0] * SIGN + acc.n[1],
      count: count & 0x7fff,
      point,
      ...(hasE ? { exponent: signed(acc.e) } : {}),
      ...(hasB ? { binary: signed(acc.b) } : {}),
    });
    i++;
    if (end) return out;
  }
}
