/**
 * Generated codes (seed §9): a timestamp plus a random number (placeholder menu paths, upload keys), and a
 * random string, 32 characters by default. Uses `crypto.getRandomValues`, so codes are not guessable.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomInts(count: number, bound: number): number[] {
  // Rejection sampling keeps every value equally likely.
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const out: number[] = [];
  const buf = new Uint32Array(Math.max(count, 1));
  while (out.length < count) {
    crypto.getRandomValues(buf);
    for (const v of buf) {
      if (v < limit) out.push(v % bound);
      if (out.length === count) break;
    }
  }
  return out;
}

/** `randomString()` → 32 characters of [A-Za-z0-9]. */
export function randomString(length = 32, alphabet = ALPHABET): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError('length must be a non-negative integer');
  if (alphabet.length === 0) throw new RangeError('alphabet must not be empty');
  return randomInts(length, alphabet.length)
    .map((i) => alphabet[i])
    .join('');
}

/** Milliseconds since the epoch followed by a random number of `digits` digits, e.g. `17952345740001234`. */
export function timestampCode(now: number = Date.now(), digits = 4): string {
  const random = randomInts(digits, 10).join('');
  return `${Math.trunc(now)}${random}`;
}
