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
  /**
   * What the sign-in page needs before its form (the reference server inlines it; against another backend
   * it is absent and the page asks the API): the public settings of /api/init/settings/ and whether a
   * captcha is asked (/api/captcha/status/). Public data, the same as those endpoints answer anyone.
   * `captcha`: the page's first challenge (what /api/captcha/ would answer: key and image), when a captcha
   * is asked of a visitor without a session; later ones (refresh, expiry, a failed login) come from the API.
   */
  boot: z
    .object({
      settings: z.record(z.string(), z.unknown()),
      captchaEnabled: z.boolean(),
      captcha: z.object({ key: z.union([z.string(), z.number()]), image: z.string() }).optional(),
    })
    .optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
