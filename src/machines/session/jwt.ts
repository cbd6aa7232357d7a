/**
 * Pure JWT and token helpers. No signature check: the server verifies tokens, the console only reads `exp`
 * to refresh shortly before the access token runs out.
 */

/** Refresh this long before the access token expires. */
export const REFRESH_LEAD_MS = 60_000;
/** The longest delay a browser timer honours (larger values fire at once). */
export const MAX_TIMER_MS = 2_147_483_647;

function base64UrlDecode(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The payload claims of a JWT, or null when the text is not one. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const value: unknown = JSON.parse(base64UrlDecode(part));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** `exp` of a JWT in milliseconds since the epoch, or null when absent or unreadable. */
export function jwtExpiresAt(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * Milliseconds from `receivedAt` (when the token was read or issued, stamped by the effect that produced it)
 * until the refresh is due: `lead` before expiry, at once when already past, and the longest timer when the
 * token carries no `exp` (a request that fails with 401 still triggers a refresh).
 * The lead never exceeds a fifth of the time the token has left: a server issuing short-lived tokens
 * (shorter than the lead) would otherwise be asked for a new one in a tight loop.
 */
export function refreshDelay(expiresAt: number | null, receivedAt: number, lead = REFRESH_LEAD_MS): number {
  if (expiresAt === null) return MAX_TIMER_MS;
  const remaining = expiresAt - receivedAt;
  if (remaining <= 0) return 0;
  return Math.min(MAX_TIMER_MS, remaining - Math.min(lead, remaining / 5));
}

/** Seed §4: a token cookie equal to the text 'undefined' (or empty, or 'null') is no token. */
export function isUsableToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token !== '' && token !== 'undefined' && token !== 'null';
}
