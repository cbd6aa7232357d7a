/**
 * The sign-in page's boot data, which the reference server puts into /login's HTML as a JSON block beside
 * the form it draws from it (the public settings, the captcha flag and the first challenge), so the console
 * takes that form over, captcha included, without waiting for a request (or for the network layer that would
 * make it). Absent against another backend (the page then asks the API). Read without the network chunk (no
 * zod): known keys keep their contract types, a value of the wrong type is dropped, a malformed `boot` is
 * ignored.
 */
import type { Settings } from '../contract/index.ts';
import { SIGN_IN_BOOT_ID } from '../contract/sign-in.ts';
import type { CaptchaChallenge } from '../machines/session/types.ts';

/** `captcha`: the first challenge, when the server inlined one (a visitor without a session). */
export type BootData = { settings: Settings; captchaEnabled: boolean; captcha?: CaptchaChallenge };

const BOOLEAN_KEYS = new Set(['base.captcha_state', 'base.single_login']);
const TEXT_KEYS = new Set([
  'base.default_password',
  'login.site_name',
  'login.site_logo',
  'login.login_background',
  'login.copyright',
  'login.keep_record',
  'login.help_url',
  'login.privacy_url',
  'login.clause_url',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The settings as the contract types them: known keys of the wrong type are left out. */
function typedSettings(raw: Record<string, unknown>): Settings {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (BOOLEAN_KEYS.has(key) && typeof value !== 'boolean') continue;
    if (TEXT_KEYS.has(key) && value !== null && typeof value !== 'string') continue;
    settings[key] = value;
  }
  return settings as Settings;
}

/** Boot data, validated; undefined when absent or malformed. */
export function readBoot(value: unknown): BootData | undefined {
  if (!isRecord(value)) return undefined;
  const { settings, captchaEnabled, captcha } = value;
  if (!isRecord(settings) || typeof captchaEnabled !== 'boolean') return undefined;
  const boot: BootData = { settings: typedSettings(settings), captchaEnabled };
  const challenge = captchaEnabled ? readChallenge(captcha) : undefined;
  if (challenge) boot.captcha = challenge;
  return boot;
}

/** An inlined challenge: a string or number key and an image as a data URL; anything else is ignored. */
function readChallenge(value: unknown): CaptchaChallenge | undefined {
  if (!isRecord(value)) return undefined;
  const { key, image } = value;
  const keyOk = (typeof key === 'string' && key !== '') || (typeof key === 'number' && Number.isFinite(key));
  if (!keyOk || typeof image !== 'string' || !image.startsWith('data:image/')) return undefined;
  return { key, image };
}

/** The page's JSON block (`<script type="application/json" id="sign-in-boot">`), parsed; undefined without one. */
export function inlinedBoot(doc: Pick<Document, 'getElementById'> = document): BootData | undefined {
  const text = doc.getElementById(SIGN_IN_BOOT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return readBoot(JSON.parse(text));
  } catch {
    return undefined;
  }
}

let taken = false;
/**
 * The page's inlined boot data, once: the first sign-in page of a page load uses it; a later one (after a
 * session ended without a reload) asks the API, since the settings may have changed meanwhile.
 */
export function takeInlinedBoot(): BootData | undefined {
  if (taken || typeof document === 'undefined') return undefined;
  taken = true;
  return inlinedBoot();
}
