/**
 * What views read from `session` and its `login` child. Each selector returns a primitive or a value kept
 * in context (stable identity), so `useSelector(actor, selectX)` re-renders only when it changes.
 */
import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine.ts';
import type { sessionMachine } from './session.machine.ts';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

export type SessionStatus = 'restoring' | 'signedOut' | 'signedIn' | 'signingOut' | 'loggedOut';

export const selectSessionStatus = (s: SessionSnapshot): SessionStatus =>
  (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as SessionStatus;
export const selectIsRestoring = (s: SessionSnapshot) => s.matches('restoring');
export const selectIsSignedIn = (s: SessionSnapshot) => s.matches('signedIn');
export const selectIsSignedOut = (s: SessionSnapshot) => s.matches('signedOut');
/** Start-up still running (the shell shows a loading screen). */
export const selectIsStarting = (s: SessionSnapshot) => s.matches({ signedIn: { data: 'loading' } });
/** User, settings, dictionaries, departments and menus are loaded. */
export const selectIsReady = (s: SessionSnapshot) => s.matches({ signedIn: { data: 'ready' } });
export const selectHasStartupFailed = (s: SessionSnapshot) => s.matches({ signedIn: { data: 'failed' } });
/** `{step, reason}` of the failed start-up; `step` is one of `STARTUP_STEPS`. */
export const selectStartupError = (s: SessionSnapshot) => s.context.startupError;
/** The logout confirm is open: the view shows the modal and greys the page. */
export const selectIsConfirmingLogout = (s: SessionSnapshot) =>
  s.matches({ signedIn: { logout: 'confirmingLogout' } });
/** Logout confirmed and in progress (or done, the page is about to reload). */
export const selectIsSigningOut = (s: SessionSnapshot) => s.matches('signingOut') || s.matches('loggedOut');
export const selectIsRefreshing = (s: SessionSnapshot) => s.matches({ signedIn: { token: 'refreshing' } });

export const selectToken = (s: SessionSnapshot) => s.context.token;
export const selectUuid = (s: SessionSnapshot) => s.context.uuid;
export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectUserName = (s: SessionSnapshot) =>
  s.context.user?.name || s.context.user?.username || null;
export const selectAvatar = (s: SessionSnapshot) => s.context.user?.avatar ?? null;
export const selectSettings = (s: SessionSnapshot) => s.context.settings;
export const selectDictionaries = (s: SessionSnapshot) => s.context.dictionaries;
export const selectDepartments = (s: SessionSnapshot) => s.context.departments;
export const selectMenus = (s: SessionSnapshot) => s.context.menus;
/** Why the last session ended (`reason.text ?? t(reason.key)`). */
export const selectSignOutReason = (s: SessionSnapshot) => s.context.signOutReason;
/** The `login` child while signed out (the /login page reads and sends to it). */
export const selectLoginActor = (s: SessionSnapshot) => s.children.login;

/* ---------- login ---------- */

export const selectLoginSettings = (s: LoginSnapshot) => s.context.settings;
/** Settings and captcha state still loading: the page can show its skeleton. */
export const selectIsLoginPreparing = (s: LoginSnapshot) =>
  s.matches('loadingSettings') || s.matches('checkingCaptcha');
export const selectCaptchaEnabled = (s: LoginSnapshot) => s.context.captchaEnabled;
export const selectCaptchaKey = (s: LoginSnapshot) => s.context.captcha?.key ?? null;
export const selectCaptchaImage = (s: LoginSnapshot) => s.context.captcha?.image ?? null;
export const selectIsCaptchaLoading = (s: LoginSnapshot) =>
  s.matches('checkingCaptcha') || s.matches({ ready: { captcha: 'loading' } });
export const selectHasCaptchaFailed = (s: LoginSnapshot) => s.matches({ ready: { captcha: 'failed' } });
export const selectIsSubmitting = (s: LoginSnapshot) => s.matches({ ready: { form: 'submitting' } });
/** Why the last attempt failed: show `text ?? t(key)`. */
export const selectLoginError = (s: LoginSnapshot) => s.context.error;
/** The username to prefill (kept after a failed attempt). */
export const selectLoginUsername = (s: LoginSnapshot) => s.context.username;

/* ---------- the token port (what a refused request hears) ---------- */

/** The session's answer to a request refused with `failedToken`, or undefined while it is still deciding. */
export type TokenAnswerState =
  | { kind: 'renewed'; token: string }
  | { kind: 'ended' }
  | { kind: 'unavailable' };

/**
 * Read after `session.refreshRequested`: a newer token than the refused one (retry), no session (the request
 * fails as an expiry), the refresh waiting to retry after a network failure (no token for now), or
 * undefined while refreshing (wait for the next state).
 */
export function selectTokenAnswer(
  s: SessionSnapshot,
  failedToken: string | undefined,
): TokenAnswerState | undefined {
  if (!s.matches('signedIn')) return { kind: 'ended' };
  if (s.matches({ signedIn: { token: 'refreshing' } })) return undefined;
  if (s.matches({ signedIn: { token: 'waitingToRetry' } })) return { kind: 'unavailable' };
  const token = s.context.token;
  return token && token !== failedToken ? { kind: 'renewed', token } : { kind: 'unavailable' };
}
