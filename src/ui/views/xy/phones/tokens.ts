// The create answer of a phone carries its agent token once (`data.token`); the page shows it then.

/** The agent token of a create (or rotate) answer, if it has one. */
export function issuedToken(data: unknown): string | undefined {
  const token = (data as { token?: unknown } | null | undefined)?.token;
  return typeof token === 'string' && token ? token : undefined;
}
