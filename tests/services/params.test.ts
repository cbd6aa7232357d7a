import { describe, expect, it } from 'vitest';
import { canonicalString, signParams } from '../../src/contract/index.ts';
import { normalizeQuery, serializeQuery, signQuery } from '../../src/services/http/index.ts';

describe('query parameters (CONTRACT.md "Requests")', () => {
  it('booleans and "true"/"false" become 1/0; null and undefined are left out; dates become ISO text', () => {
    const date = new Date(Date.UTC(2026, 10, 21, 4, 5, 6));
    expect(
      normalizeQuery({
        a: true,
        b: false,
        c: 'true',
        d: 'false',
        e: null,
        f: undefined,
        g: date,
        h: 0,
        i: '',
      }),
    ).toEqual({ a: 1, b: 0, c: 1, d: 0, g: '2026-11-21T04:05:06.000Z', h: 0, i: '' });
  });

  it('arrays are repeated keys without brackets, in order', () => {
    expect(serializeQuery(normalizeQuery({ k: ['a', 'b', true], x: 'y z&' }))).toBe('k=a&k=b&k=1&x=y%20z%26');
  });

  it('the signature covers query and JSON body, with timestamp in seconds', () => {
    const signed = signQuery({ page: 1 }, { name: 'n', flag: false }, 'secret', 1_700_000_000_999);
    expect(signed.timestamp).toBe(1_700_000_000);
    expect(canonicalString({ page: 1, name: 'n', flag: false }, 1_700_000_000)).toBe(
      'flag=0&name=n&page=1&timestamp=1700000000',
    );
    expect(signed.sign).toBe(signParams('secret', { page: 1, name: 'n', flag: false }, 1_700_000_000));
  });

  it('a non-object body (array, text, form) signs the query only', () => {
    const q = signQuery({ page: 1 }, [1, 2], 'secret', 1_700_000_000_000);
    expect(q.sign).toBe(signParams('secret', { page: 1 }, 1_700_000_000));
  });
});
