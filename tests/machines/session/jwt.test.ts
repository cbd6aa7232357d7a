import { describe, expect, it } from 'vitest';
import {
  decodeJwtPayload,
  isUsableToken,
  jwtExpiresAt,
  MAX_TIMER_MS,
  REFRESH_LEAD_MS,
  refreshDelay,
} from '../../../src/machines/session/jwt.ts';
import { accessToken, makeJwt } from '../support/jwt.ts';

// A real access token from the recorded dvadmin fixtures (token_refresh.json).
const DVADMIN_ACCESS =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIiwiZXhwIjoxNzk1MjM4MTc0LCJpYXQiOjE3OTUyMzQ1NzQsImp0aSI6IjA1OTg2YWUzMDgyNDQyMzM4ZGEzNzU3NWM5YWEzZjZjIiwidXNlcl9pZCI6MX0.QUIT8vx5Si-hpdjPgMF-cEuutxKk1ixJju2GsYCdR4E';

describe('JWT exp decoding', () => {
  it('reads the claims of a dvadmin access token', () => {
    expect(decodeJwtPayload(DVADMIN_ACCESS)).toMatchObject({
      token_type: 'access',
      exp: 1795238174,
      user_id: 1,
    });
    expect(jwtExpiresAt(DVADMIN_ACCESS)).toBe(1795238174 * 1000);
  });

  it('decodes base64url payloads with non-ASCII claims', () => {
    expect(decodeJwtPayload(makeJwt({ exp: 10, name: '超级管理员' }))).toEqual({
      exp: 10,
      name: '超级管理员',
    });
  });

  it('a text that is not a JWT, or a JWT without a numeric exp, has no expiry', () => {
    expect(jwtExpiresAt('undefined')).toBeNull();
    expect(jwtExpiresAt('a.%%%.c')).toBeNull();
    expect(jwtExpiresAt(makeJwt({ exp: 'soon' }))).toBeNull();
    expect(decodeJwtPayload(`x.${Buffer.from('[1]').toString('base64url')}.y`)).toBeNull();
  });
});

describe('refresh timing', () => {
  const now = Date.UTC(2026, 0, 1);

  it('the refresh is due 60 s before exp, counted from when the token was received', () => {
    const token = accessToken(now - 30 * 60_000);
    expect(refreshDelay(jwtExpiresAt(token), now)).toBe(90 * 60_000 - REFRESH_LEAD_MS);
  });

  it('an expired token is refreshed at once; a token without exp only after a 401', () => {
    expect(refreshDelay(now - 1, now)).toBe(0);
    expect(refreshDelay(null, now)).toBe(MAX_TIMER_MS);
  });

  it('a token living less than the lead is refreshed after four fifths of its life, not in a loop', () => {
    expect(refreshDelay(now + 5_000, now)).toBe(4_000);
    expect(refreshDelay(now + 1_000, now)).toBeGreaterThan(0);
  });

  it('never asks a timer for more than it can hold', () => {
    expect(refreshDelay(now + 100 * 24 * 3600_000, now)).toBe(MAX_TIMER_MS);
  });
});

describe('usable tokens', () => {
  it("a token cookie equal to the text 'undefined' is no token", () => {
    expect(isUsableToken('undefined')).toBe(false);
    expect(isUsableToken('null')).toBe(false);
    expect(isUsableToken('')).toBe(false);
    expect(isUsableToken(undefined)).toBe(false);
    expect(isUsableToken(DVADMIN_ACCESS)).toBe(true);
  });
});
