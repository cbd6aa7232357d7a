import { z } from 'zod';

/**
 * Run-time configuration the reference server publishes at `/app-config.js` as
 * `window.__APP_CONFIG__ = {...};`, so one SPA build works against any backend and signs requests with the
 * server's secret. The secret is public by design: signing is tamper-evidence, not authentication.
 */
export const APP_CONFIG_GLOBAL = '__APP_CONFIG__';
export const appConfigSchema = z.object({
  /** Base URL of the API; empty = same origin. */
  apiBase: z.string(),
  /** HMAC key for the request signature (CONTRACT.md, "Signature"). */
  signSecret: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
