// An independent reference model of the 704's arithmetic, written from ibm704.md (§1, §2, §5.2-
// §5.4, §5.7, §6.1-§6.3, §6.5, §9) and NOT from src/cpu. Everything is BigInt, registers are
// whole bit strings, and the procedures are phrased differently from the CPU on purpose (one
// combined shift register for the long shifts, one 54-bit fraction register for floating add),
// so that a shared misreading is less likely than a shared slip.

const B = BigInt;
export const M27 = (1n << 27n) - 1n;
export const M35 = (1n << 35n) - 1n;
export const M36 = (1n << 36n) - 1n;
export const M37 = (1n << 37n) - 1n;
export const S35 = 1n << 35n; // sign bit of a word, P of the AC

/** The registers the reference touches: AC sign, AC Q,P,1-35 (37 bits), MQ (36 bits), indicators. */
export interface RefState {
  acSign: number;
  acMag: bigint;
  mq: bigint;
  acOverflow: boolean;
  mqOverflow: boolean;
  divideCheck: boolean;
}

export const refState = (acSign: number, acMag: number, mq: number): RefState => ({
  acSign, acMag: B(acMag), mq: B(mq), acOverflow: false, mqOverflow: false, divideCheck: false,
});

const signOf = (w: bigint): number => (w & S35 ? 1 : 0);
const magOf = (w: bigint): bigint => w & M35;

// ---------------------------------------------------------------- fixed point (§5.2)

/**
 * The common addition of §5.2 with the operand already given a sign: alike signs add the
 * 37-bit AC magnitude and the 35-bit operand (carry past Q lost, overflow when a carry enters
 * P); unlike signs subtract the smaller from the larger, the larger's sign wins, and equal
 * magnitudes leave zero with the AC's sign.
 */
function addSigned(s: RefState, sign: number, mag: bigint): void {
  if (sign === s.acSign) {
    const low = (s.acMag & M35) + mag; // positions 1-35 plus the operand
    if (low >> 35n) s.acOverflow = true; // a carry went into P
    s.acMag = (s.acMag + mag) & M37;
  } else if (mag > s.acMag) {
    s.acMag = mag - s.acMag;
    s.acSign = sign;
  } else {
    s.acMag = s.acMag - mag;
  }
}

export type AddOp = 'ADD' | 'SUB' | 'ADM' | 'SBM';
export function refAdd(s: RefState, op: AddOp, word: number): void {
  const w = B(word);
  const sign = op === 'ADD' ? signOf(w) : op === 'SUB' ? 1 - signOf(w) : op === 'ADM' ? 0 : 1;
  addSigned(s, sign, magOf(w));
}

/** MPY/MPR: 70-bit product of magnitudes; AC = high 35, MQ = low 35; both signs the xor. */
export function refMpy(s: RefState, word: number, round: boolean): void {
  const w = B(word);
  const sign = signOf(w) ^ signOf(s.mq);
  const product = magOf(w) * magOf(s.mq);
  s.acSign = sign;
  s.acMag = product >> 35n;
  s.mq = (B(sign) << 35n) | (product & M35);
  if (round) refRnd(s);
}

/** RND per the manual and the gate-level model: MQ bit 1 set -> AC magnitude + 1 (-5 -> -6). */
export function refRnd(s: RefState): void {
  if (s.mq & (1n << 34n)) {
    if ((s.acMag & M35) === M35) s.acOverflow = true; // the unit carries into P
    s.acMag = (s.acMag + 1n) & M37;
  }
}

/** DVH/DVP: 72-bit dividend AC(Q,P,1-35),MQ(1-35) by |C(Y)|; returns false on divide check. */
export function refDiv(s: RefState, word: number): boolean {
  const w = B(word);
  const divisor = magOf(w);
  const qSign = s.acSign ^ signOf(w);
  if (!(divisor > s.acMag)) {
    s.divideCheck = true;
    s.mq = (B(qSign) << 35n) | magOf(s.mq); // MQ sign := would-be quotient sign [C][V]
    return false;
  }
  const dividend = (s.acMag << 35n) | magOf(s.mq);
  s.mq = (B(qSign) << 35n) | (dividend / divisor);
  s.acMag = dividend % divisor; // sign of the AC (the dividend's) unchanged
  return true;
}

// ---------------------------------------------------------------- logic (§5.3)

export function refAcl(s: RefState, word: number): void {
  const q = s.acMag & (1n << 36n);
  let sum = (s.acMag & M36) + B(word);
  if (sum > M36) sum = (sum & M36) + 1n; // end-around carry from P into 35
  s.acMag = q | sum;
}

export function refAna(s: RefState, word: number): void {
  s.acMag = s.acMag & M36 & B(word);
  s.acSign = 0;
}

export function refOra(s: RefState, word: number): void {
  s.acMag = s.acMag | B(word);
}

// ---------------------------------------------------------------- shifts (§5.4)

/** True when a 1 among the top min(n, width) bits of `belowP` (a field just right of P) reaches P. */
function onesEnterP(belowP: bigint, width: number, n: number): boolean {
  const k = Math.min(n, width);
  return k > 0 && belowP >> B(width - k) !== 0n;
}

export type ShiftOp = 'ALS' | 'ARS' | 'LLS' | 'LRS' | 'LGL' | 'RQL';
export function refShift(s: RefState, op: ShiftOp, n: number): void {
  const N = B(n);
  const mqSign = signOf(s.mq);
  switch (op) {
    case 'ALS':
      if (onesEnterP(s.acMag & M35, 35, n)) s.acOverflow = true;
      s.acMag = (s.acMag << N) & M37;
      break;
    case 'ARS':
      s.acMag >>= N;
      break;
    case 'LLS': { // [Q P AC1-35 MQ1-35] as one 72-bit register
      const reg = (s.acMag << 35n) | magOf(s.mq);
      if (onesEnterP(reg & ((1n << 70n) - 1n), 70, n)) s.acOverflow = true;
      const r = (reg << N) & ((1n << 72n) - 1n);
      s.acMag = r >> 35n;
      s.mq = (B(mqSign) << 35n) | (r & M35);
      s.acSign = mqSign;
      break;
    }
    case 'LRS': {
      const reg = ((s.acMag << 35n) | magOf(s.mq)) >> N;
      s.acMag = reg >> 35n;
      s.mq = (B(s.acSign) << 35n) | (reg & M35);
      break;
    }
    case 'LGL': { // [Q P AC1-35 MQ S,1-35] as one 73-bit register
      const reg = (s.acMag << 36n) | s.mq;
      if (onesEnterP(reg & ((1n << 71n) - 1n), 71, n)) s.acOverflow = true;
      const r = (reg << N) & ((1n << 73n) - 1n);
      s.acMag = r >> 36n;
      s.mq = r & M36;
      break;
    }
    case 'RQL': {
      const k = B(n % 36);
      s.mq = ((s.mq << k) | (s.mq >> (36n - k))) & M36;
      break;
    }
  }
}

export const refShiftCycles = (n: number): number => 1 + Math.ceil((n + 3) / 12); // §9.2

// ---------------------------------------------------------------- comparisons (§5.7)

/** -1, 0, 1 comparing two sign-magnitude values algebraically with -0 < +0. */
export function compareSM(aSign: number, aMag: bigint, bSign: number, bMag: bigint): number {
  if (aSign !== bSign) return aSign === 0 ? 1 : -1; // any + (even +0) beats any - (even -0)
  if (aMag === bMag) return 0;
  const bigger = aMag > bMag ? 1 : -1;
  return aSign === 0 ? bigger : -bigger;
}

/** CAS: which of L+1, L+2, L+3 comes next (returned as 1, 2, 3). */
export function refCas(s: RefState, word: number): 1 | 2 | 3 {
  const w = B(word);
  const c = compareSM(s.acSign, s.acMag, signOf(w), magOf(w));
  return c > 0 ? 1 : c === 0 ? 2 : 3;
}

/** TLQ transfers when C(MQ) < C(AC). */
export const refTlq = (s: RefState): boolean => compareSM(signOf(s.mq), magOf(s.mq), s.acSign, s.acMag) < 0;

// ---------------------------------------------------------------- floating point (§6)

const charOfWord = (w: bigint): number => Number((w >> 27n) & 0xffn);

/** Put sign, characteristic and fraction in the AC; the characteristic is 10 bits (Q,P,1-8). */
function setAcFloat(s: RefState, sign: number, char: number, frac: bigint): void {
  if (char < 0 || char > 255) s.acOverflow = true;
  s.acSign = sign;
  s.acMag = (B(((char % 1024) + 1024) % 1024) << 27n) | frac;
}

function setMqFloat(s: RefState, sign: number, char: number, frac: bigint): void {
  if (char < 0 || char > 255) s.mqOverflow = true;
  s.mq = (B(sign) << 35n) | (B(((char % 256) + 256) % 256) << 27n) | frac;
}

/**
 * FAD/FSB (normalize) and UFA/UFS, following the manual's steps of §6.1 with §6.5 item 2.
 * Returns the cycles of §9.4.
 */
export function refFad(s: RefState, word: number, negate: boolean, normalize: boolean): number {
  // Step 1
  const y = B(word);
  let sr = { sign: signOf(y) ^ (negate ? 1 : 0), char: charOfWord(y), frac: y & M27 };
  const acField = Number(s.acMag >> 27n); // Q,P,1-8
  let ac = { sign: s.acSign, char: acField, frac: s.acMag & M27 };
  // Step 2: the smaller characteristic goes to the AC. A P bit in the AC operand ORs into its
  // sign and its characteristic loses Q,P (count modulo 256) [V §6.5 item 2].
  const exchanged = sr.char < acField;
  if (exchanged) {
    const pBit = Number((s.acMag >> 35n) & 1n);
    const old = { sign: ac.sign | pBit, char: acField & 0xff, frac: ac.frac };
    ac = sr;
    sr = old;
  }
  // Step 3
  const mqSign = ac.sign;
  // Step 4: one 54-bit register F = [AC 9-35 | MQ 9-35], the AC part shifted right d places.
  const d = (((sr.char - ac.char) % 256) + 256) % 256;
  let F = d >= 54 ? 0n : (ac.frac << 27n) >> B(d);
  // Step 5
  let char = sr.char;
  // Step 6
  let A = F >> 27n;
  let M = F & M27;
  let sign: number;
  if (sr.sign === ac.sign) {
    sign = ac.sign;
    A += sr.frac;
    if (A > M27) { // carry into the characteristic: AC and MQ right one place, 1 into AC 9
      F = ((A << 27n) | M) >> 1n;
      A = F >> 27n;
      M = F & M27;
      char += 1;
    }
  } else if (sr.frac > A) {
    sign = sr.sign;
    A = sr.frac - A;
  } else {
    sign = ac.sign;
    A = A - sr.frac;
  }
  const dCycles = Math.floor(d / 12);
  if (!normalize) {
    setMqFloat(s, mqSign, char - 27, M);
    setAcFloat(s, sign, char, A);
    return 5 + dCycles;
  }
  // Step 7
  if (A === 0n) {
    // Normal zero; sign of the smaller-characteristic operand, or the AC's if they were equal.
    setAcFloat(s, exchanged ? ac.sign : s.acSign, 0, 0n);
    s.mq = (B(mqSign) << 35n) | M; // step 8: MQ characteristic 0
    return 6 + dCycles;
  }
  const differ = mqSign !== sign;
  let shifts = 0;
  if (differ) {
    // Work on [AC-1 | complement of MQ]: zeros entering MQ 35 come out of it as ones.
    let G = ((A - 1n) << 27n) | (~M & M27);
    while ((G >> 53n) === 0n) {
      G = ((G << 1n) | 1n) & ((1n << 54n) - 1n);
      shifts++;
    }
    A = G >> 27n;
    M = ~G & M27; // the MQ itself kept the true bits
  } else {
    let G = (A << 27n) | M;
    while ((G >> 53n) === 0n) {
      G <<= 1n;
      shifts++;
    }
    A = G >> 27n;
    M = G & M27;
  }
  char -= shifts;
  setMqFloat(s, mqSign, char - 27, M); // step 8
  if (differ) { // step 9
    A += 1n;
    if (A > M27) { A >>= 1n; char += 1; }
  }
  setAcFloat(s, sign, char, A);
  return 7 + dCycles + Math.floor(shifts / 4);
}

/**
 * FMP/UFM (§6.2 with §6.5 item 1). Returns true when the MQ's characteristic field is one the
 * spec leaves unclear (FMP with the top 27 product bits zero and the low part starting with 0).
 */
export function refFmp(s: RefState, word: number, normalize: boolean): boolean {
  const y = B(word);
  const sign = signOf(y) ^ signOf(s.mq);
  let char = charOfWord(y) + charOfWord(s.mq) - 128;
  let product = (y & M27) * (s.mq & M27); // 54 bits: AC 9-35 | MQ 9-35
  if (normalize && (product >> 53n) === 0n) { // AC 9 = 0: one place left (before the zero test)
    product = (product << 1n) & ((1n << 54n) - 1n);
    char -= 1;
  }
  const A = product >> 27n;
  const M = product & M27;
  if (normalize && A === 0n) {
    setAcFloat(s, sign, 0, 0n);
    s.mq = (B(sign) << 35n) | M;
    return true;
  }
  setMqFloat(s, sign, char - 27, M);
  setAcFloat(s, sign, char, A);
  return false;
}

/** FDH/FDP (§6.3 with §6.5 items 3-5). Returns the cycles; sets divideCheck as the machine would. */
export function refFdp(s: RefState, word: number): number {
  const y = B(word);
  const div = y & M27;
  const a = s.acMag & M27;
  const qSign = s.acSign ^ signOf(y);
  if (a === 0n) { // zero dividend fraction: AC +0, MQ zero with the quotient sign; 0/0 checks
    s.acSign = 0;
    s.acMag = 0n;
    s.mq = B(qSign) << 35n;
    if (div === 0n) s.divideCheck = true;
    return 3;
  }
  if (a >= 2n * div) { // divide check: AC unchanged, MQ = quotient sign and AC 35 in MQ 8
    s.divideCheck = true;
    s.mq = (B(qSign) << 35n) | ((s.acMag & 1n) << 27n);
    return 3;
  }
  let acChar = Number(s.acMag >> 27n);
  let dividend = a << 27n;
  if (a >= div) { dividend = a << 26n; acChar += 1; }
  setMqFloat(s, qSign, acChar - charOfWord(y) + 128, dividend / div);
  setAcFloat(s, s.acSign, acChar - 27, dividend % div);
  return 18;
}
