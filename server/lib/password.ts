// Password storage. The client sends md5 hex of the password (a dvadmin convention); we store a slow,
// salted scrypt hash of that hex string in a self-describing format, `scrypt$N$r$p$<salt>$<hash>` (base64url),
// so the cost can be raised later without invalidating existing hashes. scrypt runs on libuv's thread pool
// through the async API, so hashing never blocks other requests.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MD5_HEX = /^[0-9a-f]{32}$/;

function derive(secret: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export function isMd5Hex(value: unknown): value is string {
  return typeof value === 'string' && MD5_HEX.test(value.toLowerCase());
}

/** Hashes the md5 hex the client sent (normalised to lowercase). */
export async function hashPassword(md5hex: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(md5hex.toLowerCase(), salt, COST.N, COST.r, COST.p);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(md5hex: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(
    md5hex.toLowerCase(),
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash to verify against when the username does not exist, so an unknown user costs the same time as a
 * wrong password and response timing does not reveal which usernames exist.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('0'.repeat(32));
  return dummyHash;
}
