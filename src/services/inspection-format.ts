/**
 * How the developer tools show actor data: plain JSON (depth-limited, cycle-safe, actor logic named rather
 * than copied), then masked with the registry's one masking (`maskSecrets`: passwords, tokens, cookies,
 * authorization values at any depth), then summarised for the state panel. Lazy: only the tools import it.
 */
import { maskSecrets } from '../machines/registry.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Actor logic (a machine, a promise…): it has `transition` and `getInitialSnapshot`. */
function isActorLogic(value: unknown): value is { id?: string; config?: { id?: string } } {
  return (
    isRecord(value) &&
    typeof value.transition === 'function' &&
    typeof value.getInitialSnapshot === 'function'
  );
}

/**
 * Plain JSON of any value: `toJSON` is honoured (actor refs and snapshots have one), functions are
 * dropped, actor logic becomes `[logic <id>]`, errors keep name and message, cycles become `[circular]`,
 * and below `depth` levels an object or array becomes `[…]`.
 */
export function toSafePlain(value: unknown, depth = 8, parents: readonly object[] = []): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined;
  if (parents.includes(value)) return '[circular]';
  if (isActorLogic(value)) return `[logic ${value.config?.id ?? value.id ?? 'anonymous'}]`;
  const inside = [...parents, value];
  if (value instanceof Error) {
    const own = toSafePlain({ ...value }, depth - 1, inside);
    return { ...(isRecord(own) ? own : {}), name: value.name, message: value.message };
  }
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') {
    const converted: unknown = json.call(value);
    return converted === value ? {} : toSafePlain(converted, depth, inside);
  }
  if (depth <= 0) return '[…]';
  if (Array.isArray(value)) return value.map((item) => toSafePlain(item, depth - 1, inside) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const plain = toSafePlain(item, depth - 1, inside);
    if (plain !== undefined) out[key] = plain;
  }
  return out;
}

/** Plain and masked: what any tool may show or send. */
export function maskedPlain(value: unknown, depth = 8): unknown {
  return maskSecrets(toSafePlain(value, depth));
}

/**
 * A short view of masked data for the panel: nested `depth` levels, arrays cut to their first `items`,
 * long strings cut to `chars`.
 */
export function summarize(value: unknown, { depth = 3, items = 5, chars = 120 } = {}): unknown {
  if (typeof value === 'string') return value.length > chars ? `${value.slice(0, chars)}…` : value;
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (depth <= 0) return `[${value.length} items]`;
    const shown = value.slice(0, items).map((item) => summarize(item, { depth: depth - 1, items, chars }));
    return value.length > items ? [...shown, `… ${value.length - items} more`] : shown;
  }
  const entries = Object.entries(value);
  if (depth <= 0) return entries.length ? `{${entries.length} keys}` : {};
  return Object.fromEntries(entries.map(([k, v]) => [k, summarize(v, { depth: depth - 1, items, chars })]));
}
