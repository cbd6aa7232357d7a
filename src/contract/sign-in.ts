// The sign-in page the reference server draws into /login's HTML (issue 15): what it puts beside the form and
// where a build keeps the renderer. No dependency: the entry reads it before any other code has loaded.

/**
 * What the sign-in page needs before its form, which the reference server puts into /login's HTML as a JSON
 * data block (`<script type="application/json" id="sign-in-boot">`, never run) beside the form it draws from
 * the same data: the public settings of /api/init/settings/, whether a captcha is asked
 * (/api/captcha/status/) and, for a visitor without a session, the page's first challenge (what /api/captcha/
 * would answer). Public data, the same as those endpoints answer anyone. Against another backend it is
 * absent and the page asks the API; later challenges (refresh, expiry, a failed login) always come from it.
 */
export const SIGN_IN_BOOT_ID = 'sign-in-boot';
/** Where, under a build's output directory, the server finds its sign-in renderer (scripts/lib/sign-in-renderer.ts). */
export const SIGN_IN_RENDERER = '.ssr/draw-sign-in.mjs';
export type SignInBootData = {
  settings: Record<string, unknown>;
  captchaEnabled: boolean;
  captcha?: { key: string | number; image: string };
};

/**
 * The attributes of the form the server draws (src/ui/login/draw-sign-in.tsx) and of what the page's inline
 * guard holds on it until the console's form takes over (src/ui/login/handover.ts).
 */
export const SERVER_DRAWN = {
  form: 'data-server-drawn',
  submit: 'data-queued-submit',
  captcha: 'data-queued-captcha',
} as const;
