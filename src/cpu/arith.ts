// Cold arithmetic of the 704 kept out of the hot switch: fixed multiply/divide, long shifts and
// the floating-point procedures. Each works on the register file and returns the cycles taken.
// Sources: ibm704.md §5.2, §5.4, §6.1-6.3, with the gate-level corrections of §6.5 [V].

import { SIGN } from './word.ts';

/** The registers these routines read and write (the Cpu class implements it). */
export interface Registers {
  acSign: number; // 0 or 1
  acMag: number; // Q,P,1-35: 0 .. 2^37-1
  mq: number; // 36-bit word
  acOverflow: boolean;
  mqOverflow: boolean;
  divideCheck: boolean;
}

const P35 = 34359738368; // 2^35
const P36 = 68719476736; // 2^36
const P37 = 137438953472; // 2^37
const P27 = 134217728; // 2^27
const P18 = 262144;
const P17 = 131072;

/** |a| x |b| for 35-bit magnitudes as [high 35 bits, low 35 bits], exactly (18-bit limbs). */
export function mul35(a: number, b: number, out: Float64Array): void {
  const aH = Math.floor(a / P18), aL = a % P18;
  const bH = Math.floor(b / P18), bL = b % P18;
  const low = aL * bL;
  const mid = aH * bL + aL * bH;
  const t = low + (mid % P17) * P18;
  out[1] = t % P35;
  out[0] = aH * bH * 2 + Math.floor(mid / P17) + Math.floor(t / P35);
}

/**
 * (hi * 2^35 + lo) / d for hi < d < 2^37, lo < 2^35: quotient (< 2^35) and remainder, exactly.
 * Long division in 17- and 18-bit steps keeps every intermediate below 2^53.
 */
export function div72(hi: number, lo: number, d: number, out: Float64Array): void {
  const q1 = divStep(hi, Math.floor(lo / P18), P17, d);
  const q2 = divStep(remainder, lo % P18, P18, d);
  out[0] = q1 * P18 + q2;
  out[1] = remainder;
}

let remainder = 0;

/** One long-division step: (rem * scale + chunk) / d with rem < d; leaves the remainder in `remainder`. */
function divStep(rem: number, chunk: number, scale: number, d: number): number {
  const n = rem * scale + chunk;
  let q = Math.floor(n / d);
  let r = n - q * d;
  // The floating quotient can round across an integer: correct by one.
  if (r < 0) { q--; r += d; } else if (r >= d) { q++; r -= d; }
  remainder = r;
  return q;
}

const pair = new Float64Array(2);

/** MPY/MPR (ibm704.md §5.2): (AC,MQ) := C(Y) x C(MQ); both signs the xor, also for a zero product. */
export function multiply(r: Registers, y: number, round: boolean): number {
  const sign = (y >= SIGN ? 1 : 0) ^ (r.mq >= SIGN ? 1 : 0);
  mul35(y >= SIGN ? y - SIGN : y, r.mq >= SIGN ? r.mq - SIGN : r.mq, pair);
  r.acSign = sign;
  r.acMag = pair[0]!;
  r.mq = sign * SIGN + pair[1]!;
  if (round) roundAc(r);
  return 20; // [IBM][V] §9.3
}

/**
 * RND (and MPR's rounding): if MQ bit 1 is set the AC *magnitude* grows by one in bit 35 —
 * the manual's rule, confirmed on the gate-level model (-5 rounds to -6), unlike SIMH (§11 item 3).
 */
export function roundAc(r: Registers): void {
  if ((r.mq % P35) >= P35 / 2) {
    if ((r.acMag % P35) + 1 >= P35) r.acOverflow = true; // carry into P, as for ADD
    r.acMag = (r.acMag + 1) % P37;
  }
}

/**
 * DVH/DVP (ibm704.md §5.2). Returns the cycles, or -cycles when divide check was raised (so
 * DVH can halt). The MQ sign takes the would-be quotient sign on divide check [C][V].
 */
export function divide(r: Registers, y: number): number {
  const dv = y >= SIGN ? y - SIGN : y;
  const qSign = r.acSign ^ (y >= SIGN ? 1 : 0);
  if (dv <= r.acMag) {
    r.divideCheck = true;
    r.mq = qSign * SIGN + (r.mq % P35);
    return -3; // [V] §9.3
  }
  div72(r.acMag, r.mq % P35, dv, pair);
  r.mq = qSign * SIGN + pair[0]!;
  r.acMag = pair[1]!; // remainder keeps the dividend's sign; Q,P end up 0
  return 20;
}

/** Powers of two for shift counts: a table lookup instead of Math.pow in the shift paths. */
export const POW2 = Float64Array.from({ length: 73 }, (_, i) => 2 ** i);

/** x mod 2^k for an integer x >= 0 and k <= 72, without `%` (a library call for doubles in V8). */
export const modPow2 = (x: number, k: number): number => x - Math.floor(x / POW2[k]!) * POW2[k]!;

/** ALS/LLS/LGL overflow rule: a 1 from AC bits 1-35 reaches P within n places (ibm704.md §5.4). */
export const reachesP = (acMag: number, n: number): boolean =>
  n > 0 && (n >= 35 ? modPow2(acMag, 35) !== 0 : modPow2(acMag, 35) >= POW2[35 - n]!);

/**
 * LLS and LGL: AC Q,P,1-35 and the MQ shift left as one register. LLS moves MQ 1-35 (MQ 1 feeds
 * AC 35) and leaves the MQ sign; LGL moves MQ S,1-35 (MQ S feeds AC 35).
 */
export function shiftLeftLong(r: Registers, n: number, logical: boolean): void {
  const width = logical ? 36 : 35;
  const wordMod = 2 ** width;
  const mqSign = r.mq >= SIGN ? 1 : 0;
  let lo = logical ? r.mq : r.mq % P35;
  // Overflow as ALS: a 1 shifted into P, and with more than 35 places the MQ's bits (LLS: MQ 1-35,
  // LGL: MQ S,1-35) pass through AC 35 ... 1 into P as well (ibm704.md §5.4; SIMH tests P after
  // every single place [C]).
  const m = n - 35; // how many of the MQ's top bits reach P
  if (reachesP(r.acMag, n) || (m > 0 && (m >= width ? lo !== 0 : lo >= 2 ** (width - m)))) r.acOverflow = true;
  let hi = r.acMag;
  for (let left = n; left > 0; ) {
    const k = Math.min(left, 35);
    const carry = Math.floor(lo / 2 ** (width - k));
    lo = (lo * 2 ** k) % wordMod;
    hi = ((hi * 2 ** k) % P37) + carry;
    left -= k;
  }
  r.acMag = hi;
  if (logical) {
    r.mq = lo;
  } else {
    r.mq = mqSign * SIGN + lo;
    r.acSign = mqSign; // LLS: AC sign := MQ sign
  }
}

/** LRS: AC Q,P,1-35 and MQ 1-35 right as one register (AC 35 feeds MQ 1); MQ sign := AC sign. */
export function shiftLrs(r: Registers, n: number): void {
  let lo = r.mq % P35;
  let hi = r.acMag;
  for (let left = n; left > 0; ) {
    const k = Math.min(left, 35);
    lo = Math.floor(lo / 2 ** k) + (hi % 2 ** k) * 2 ** (35 - k);
    hi = Math.floor(hi / 2 ** k);
    left -= k;
  }
  r.acMag = hi;
  r.mq = r.acSign * SIGN + lo;
}

/** RQL: MQ S,1-35 rotated left n places (mod 36). */
export function rotateMq(r: Registers, n: number): void {
  const k = n % 36;
  if (k === 0) return;
  const top = Math.floor(r.mq / 2 ** (36 - k));
  r.mq = ((r.mq * 2 ** k) % P36) + top;
}

export const shiftCycles = (n: number): number => 1 + Math.ceil((n + 3) / 12); // [V] §9.2

// ---------------------------------------------------------------- floating point

/** AC characteristic is 10 bits there (Q,P,1-8); MQ's is 8 (ibm704.md §1.1). */
function setAcFloat(r: Registers, sign: number, char: number, frac: number): void {
  if (char < 0 || char > 255) r.acOverflow = true; // spill: the excess shows in Q,P (§6.1 step 10)
  r.acSign = sign;
  r.acMag = (char & 1023) * P27 + frac;
}

function setMqFloat(r: Registers, sign: number, char: number, frac: number): void {
  if (char < 0 || char > 255) r.mqOverflow = true;
  r.mq = sign * SIGN + (char & 255) * P27 + frac;
}

/**
 * FAD/FSB/UFA/UFS by the manual's step list (ibm704.md §6.1) with the gate-level corrections
 * of §6.5 item 2. Returns the cycles (§9.4). `pJoinsSign` false: AC P does not join the AC
 * operand's sign in step 2, as in the odd unassigned codes of the family (opcodes.ts, [V]).
 */
export function floatAdd(r: Registers, y: number, negate: boolean, normalize: boolean, pJoinsSign = true): number {
  let srSign = (y >= SIGN ? 1 : 0) ^ (negate ? 1 : 0);
  let srChar = Math.floor((y % P35) / P27);
  let srFrac = y % P27;
  let acSign = r.acSign;
  let acChar = Math.floor(r.acMag / P27); // 10 bits: Q,P,1-8
  let acFrac = r.acMag % P27;
  // Step 2: the operand with the smaller characteristic goes to the AC. Q,P are lost in the
  // exchange; with P set the AC operand's sign becomes S OR P and the count wraps mod 256 [V].
  if (srChar < acChar) {
    const pSet = Math.floor(r.acMag / P35) & 1;
    const oldSign = acSign | (pJoinsSign ? pSet : 0), oldChar = acChar & 255, oldFrac = acFrac;
    acSign = srSign; acChar = srChar; acFrac = srFrac;
    srSign = oldSign; srChar = oldChar; srFrac = oldFrac;
  }
  const d = (srChar - acChar) & 255;
  // Steps 3-5: MQ takes the smaller operand's sign; its fraction is aligned into AC 9-35/MQ 9-35.
  const mqSign = acSign;
  let hiFrac: number, mqFrac: number;
  if (d >= 54) { hiFrac = 0; mqFrac = 0; }
  else if (d >= 27) { hiFrac = 0; mqFrac = Math.floor(acFrac / 2 ** (d - 27)); }
  else { hiFrac = Math.floor(acFrac / 2 ** d); mqFrac = (acFrac % 2 ** d) * 2 ** (27 - d); }
  let char = srChar;
  // Step 6: the SR fraction is added into the AC fraction algebraically (the MQ takes no part).
  let sign = acSign;
  let frac: number;
  if (srSign === acSign) {
    frac = hiFrac + srFrac;
    if (frac >= P27) { // carry into the characteristic: AC and MQ shift right one place
      mqFrac = Math.floor(mqFrac / 2) + (frac % 2) * (P27 / 2);
      frac = Math.floor(frac / 2);
      char++;
    }
  } else if (srFrac > hiFrac) {
    frac = srFrac - hiFrac;
    sign = srSign;
  } else {
    frac = hiFrac - srFrac; // equal magnitudes leave zero with the AC's sign
  }
  let cycles = 5 + Math.floor(d / 12);
  if (normalize) {
    if (frac === 0) {
      // Step 7: a zero AC fraction becomes a normal zero; the MQ tail is not used.
      setAcFloat(r, sign, 0, 0);
      r.mq = mqSign * SIGN + mqFrac;
      return 6 + Math.floor(d / 12);
    }
    const differ = mqSign !== sign;
    if (differ) frac -= 1;
    let shifts = 0;
    while (frac < P27 / 2) {
      const top = Math.floor(mqFrac / (P27 / 2));
      frac = frac * 2 + (differ ? 1 - top : top);
      mqFrac = (mqFrac % (P27 / 2)) * 2;
      char--;
      shifts++;
    }
    cycles = 7 + Math.floor(d / 12) + Math.floor(shifts / 4);
    setMqFloat(r, mqSign, char - 27, mqFrac); // step 8
    if (differ) { // step 9
      frac += 1;
      if (frac >= P27) { frac = P27 / 2; char++; }
    }
    setAcFloat(r, sign, char, frac);
    return cycles;
  }
  setMqFloat(r, mqSign, char - 27, mqFrac);
  setAcFloat(r, sign, char, frac);
  return cycles;
}

/** FMP/UFM (ibm704.md §6.2, gate-level correction §6.5 item 1). */
export function floatMultiply(r: Registers, y: number, normalize: boolean): number {
  const sign = (y >= SIGN ? 1 : 0) ^ (r.mq >= SIGN ? 1 : 0);
  let char = Math.floor((y % P35) / P27) + Math.floor((r.mq % P35) / P27) - 128;
  // The 54-bit product through the exact 35-bit multiplier, then split into 27-bit halves.
  mul35(y % P27, r.mq % P27, pair);
  const high = pair[0]! * 2 ** 8 + Math.floor(pair[1]! / P27);
  let low = pair[1]! % P27;
  let frac = high;
  if (normalize) {
    if (frac < P27 / 2) {
      // One-place left shift, done before the zero test [V] §6.5 item 1.
      frac = frac * 2 + Math.floor(low / (P27 / 2));
      low = (low % (P27 / 2)) * 2;
      char--;
    }
    if (frac === 0) {
      // The AC is a normal zero; the MQ keeps the doubled low part, and its characteristic
      // field takes its own bits 9-15 in bits 1-7 with bit 8 zero: §6.5 item 1, placed by
      // running 79 such products on the gate-level model [V].
      setAcFloat(r, sign, 0, 0);
      r.mq = sign * SIGN + Math.floor(low / 2 ** 20) * 2 * P27 + low;
      return 17;
    }
  }
  setMqFloat(r, sign, char - 27, low);
  setAcFloat(r, sign, char, frac);
  return 17; // [IBM][V] §9.4
}

/**
 * FDH/FDP (ibm704.md §6.3 with §6.5 items 3-5). Returns cycles, negative when divide check
 * was raised (so FDH can halt).
 */
export function floatDivide(r: Registers, y: number): number {
  const srFrac = y % P27;
  const srChar = Math.floor((y % P35) / P27);
  const qSign = r.acSign ^ (y >= SIGN ? 1 : 0);
  const acFrac0 = r.acMag % P27;
  if (acFrac0 === 0) {
    // Zero dividend: AC +0, MQ zero with the quotient sign [V] §6.5 items 4, 5 (0/0 also checks).
    r.acSign = 0;
    r.acMag = 0;
    r.mq = qSign * SIGN;
    if (srFrac === 0) { r.divideCheck = true; return -3; }
    return 3;
  }
  if (acFrac0 >= 2 * srFrac) {
    // Divide check: AC unchanged; MQ = quotient sign, bit 8 := AC bit 35, rest zero [V] §6.5 item 3.
    r.divideCheck = true;
    r.mq = qSign * SIGN + (r.acMag % 2) * P27;
    return -3;
  }
  let acChar = Math.floor(r.acMag / P27);
  let hi = acFrac0, lo = 0;
  if (acFrac0 >= srFrac) { // step 4: AC 35 enters MQ 9
    lo = (acFrac0 % 2) * (P27 / 2);
    hi = Math.floor(acFrac0 / 2);
    acChar++;
  }
  // Steps 5-8: 27-bit quotient of (hi, lo) / srFrac, with hi < srFrac.
  const q = divStep(hi, Math.floor(lo / 2 ** 14), 2 ** 13, srFrac) * 2 ** 14
    + divStep(remainder, lo % 2 ** 14, 2 ** 14, srFrac);
  const rem = remainder;
  setMqFloat(r, qSign, acChar - srChar + 128, q);
  setAcFloat(r, r.acSign, acChar - 27, rem);
  return 18; // [IBM][V] §9.4
}
