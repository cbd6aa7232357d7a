import { describe, expect, it } from 'vitest';
import { randomString, timestampCode } from '../../src/services/ids.ts';

describe('generated codes (seed §9)', () => {
  it('a random string is 32 characters by default, alphanumeric', () => {
    expect(randomString()).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(randomString(8)).toHaveLength(8);
    expect(randomString(0)).toBe('');
  });

  it('random strings do not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => randomString()));
    expect(seen.size).toBe(1000);
  });

  it('uses only the given alphabet and refuses nonsense', () => {
    expect(randomString(50, 'ab')).toMatch(/^[ab]{50}$/);
    expect(() => randomString(-1)).toThrow(RangeError);
    expect(() => randomString(3, '')).toThrow(RangeError);
  });

  it('a timestamp code is the timestamp followed by a random number', () => {
    const code = timestampCode(1_795_234_574_000);
    expect(code).toMatch(/^1795234574000\d{4}$/);
    expect(timestampCode(1, 6)).toMatch(/^1\d{6}$/);
  });
});
