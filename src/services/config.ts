import { z } from 'zod';

/**
 * App configuration. Build time: `VITE_API_BASE`, `VITE_SIGN_SECRET`, `VITE_APP_TITLE`. Run time:
 * `window.__APP_CONFIG__ = {apiBase, signSecret, title}` (the reference server serves /app-config.js, loaded
 * by index.html before the bundle) overrides the build values key by key. Everything is validated; a bad
 * value fails loudly at start-up with the offending key named.
 *
 * The signing secret ships in the browser bundle: the signature is tamper-evidence and replay-limiting, not
 * authentication (CONTRACT.md, "Signature").
 */
export type AppConfig = {
  /** API base URL without a trailing slash; '' means the page's own origin. */
  apiBase: string;
  /** HMAC secret of the request signature; undefined turns signing off. */
  signSecret: string | undefined;
  /** Product title override (page title prefix, login heading fallback); undefined → the localised default. */
  title: string | undefined;
};

export type RuntimeConfig = Partial<Record<'apiBase' | 'signSecret' | 'title', unknown>>;

declare global {
  interface Window {
    __APP_CONFIG__?: RuntimeConfig;
  }
}

export class AppConfigError extends Error {
  override name = 'AppConfigError';
}

const apiBaseSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\/[^/\s]+(\/\S*)?$/i.test(v), {
    message: 'must be empty (same origin), a path starting with "/" or an http(s):// URL',
  })
  .transform((v) => v.replace(/\/+$/, ''));

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const configSchema = z.object({
  apiBase: apiBaseSchema.default(''),
  signSecret: optionalText,
  title: optionalText,
});

type EnvLike = Record<string, unknown>;

/** Merges build-time env and the run-time object (run time wins when a key is present) and validates. */
export function loadConfig(env: EnvLike, runtime: RuntimeConfig | undefined | null): AppConfig {
  if (runtime != null && (typeof runtime !== 'object' || Array.isArray(runtime))) {
    throw new AppConfigError('Invalid app configuration: window.__APP_CONFIG__ must be an object');
  }
  const pick = (runtimeKey: keyof RuntimeConfig, envKey: string) =>
    runtime && runtime[runtimeKey] !== undefined && runtime[runtimeKey] !== null
      ? runtime[runtimeKey]
      : env[envKey];
  const merged = {
    apiBase: pick('apiBase', 'VITE_API_BASE'),
    signSecret: pick('signSecret', 'VITE_SIGN_SECRET'),
    title: pick('title', 'VITE_APP_TITLE'),
  };
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new AppConfigError(`Invalid app configuration (${details})`);
  }
  return parsed.data;
}

let cached: AppConfig | undefined;

/** The configuration of this page, computed once. */
export function getConfig(): AppConfig {
  if (!cached) {
    const runtime = typeof window !== 'undefined' ? window.__APP_CONFIG__ : undefined;
    cached = loadConfig(import.meta.env as EnvLike, runtime);
  }
  return cached;
}

/** Test hook: forget the computed configuration. */
export function resetConfigCache(): void {
  cached = undefined;
}

/**
 * Absolute URL of a server-relative path such as an uploaded file's `media/files/…` (shown as
 * `<api base> + url`). Absolute http(s)/data/blob URLs pass through.
 */
export function resolveApiUrl(apiBase: string, url: string): string {
  if (/^(https?:|data:|blob:)/i.test(url)) return url;
  return `${apiBase}/${url.replace(/^\/+/, '')}`;
}
