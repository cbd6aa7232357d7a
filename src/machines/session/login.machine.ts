/**
 * Login: the /login page while signed out (invoked by `session` in `signedOut` with id `login`;
 * views reach it with `selectLoginActor(sessionSnapshot)`: no systemId, the child comes and goes).
 *
 * Lifecycle: `loadingSettings` (site name, logo, copyright, keep_record for the page) → `checkingCaptcha`
 * (`/api/captcha/status/`, the settings flag on a stock dvadmin) → `ready`, a parallel state:
 * - `captcha`: `off`, or `loading` → `shown` / `failed`; a click reloads it, so does its expiry
 *   (`captchaLifetime`: the server keeps a challenge about 5 min) and every failed login.
 * - `form`: `editing` ⇄ `submitting`. A failure keeps the username, clears the captcha answer (the view keys
 *   the field by the challenge, so the reloaded challenge starts empty) and exposes the reason.
 * A successful login ends the chart (`succeeded`) with the tokens and user as output; `session` stores them.
 *
 * Settings or captcha-status failures are not fatal: the page falls back to its defaults. A captcha that
 * fails to load shows its retry on the image; the form's `error` stays about the login itself.
 * Every state and transition is taken by the generated paths (no exceptions). Not modelled:
 * field-level validation (the view checks required fields; the chart only refuses an incomplete submit),
 * other login methods (SMS, OAuth).
 */
import { assertEvent, assign, raise, setup } from 'xstate';
import type { Settings } from '../../contract/index.ts';
import { notProvided, reasonFromError } from '../shared/effects.ts';
import type {
  CaptchaChallenge,
  LoginContext,
  LoginEvent,
  LoginOutcome,
  LoginRequest,
  LoginResult,
} from './types.ts';

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginResult,
  },
  actors: {
    loadSettings: notProvided<Settings>('loadSettings'),
    /** Resolves whether the server wants a captcha (status endpoint, else the settings flag). */
    loadCaptchaState: notProvided<boolean, { settings: Settings | null }>('loadCaptchaState'),
    /** null when the server answers `{}` (captcha off). */
    loadCaptcha: notProvided<CaptchaChallenge | null>('loadCaptcha'),
    login: notProvided<LoginOutcome, LoginRequest>('login'),
  },
  actions: {
    clearCaptcha: assign({ captcha: null }),
  },
  guards: {
    isCaptchaEnabled: ({ context }) => context.captchaEnabled,
    hasChallenge: ({ event }) => 'output' in event && event.output != null,
    /** Username and password given, and the captcha answer when a captcha is asked. */
    canSubmit: ({ context, event }) =>
      event.type === 'login.submitted' &&
      event.username.trim() !== '' &&
      event.password !== '' &&
      (!context.captchaEnabled || !!event.captcha?.trim()),
  },
  delays: {
    /** The server keeps a challenge about 5 minutes; show a fresh one before the answer would be refused. */
    captchaLifetime: 290_000,
  },
}).createMachine({
  id: 'login',
  context: { settings: null, captchaEnabled: false, captcha: null, username: '', error: null, result: null },
  initial: 'loadingSettings',
  output: ({ context }) => context.result as LoginResult,
  states: {
    loadingSettings: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'checkingCaptcha', actions: assign({ settings: ({ event }) => event.output }) },
        onError: 'checkingCaptcha',
      },
    },
    checkingCaptcha: {
      invoke: {
        id: 'loadCaptchaState',
        src: 'loadCaptchaState',
        input: ({ context }) => ({ settings: context.settings }),
        onDone: { target: 'ready', actions: assign({ captchaEnabled: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: assign({
            captchaEnabled: ({ context }) => context.settings?.['base.captcha_state'] === true,
          }),
        },
      },
    },
    ready: {
      type: 'parallel',
      states: {
        captcha: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'isCaptchaEnabled', target: 'loading' }, { target: 'off' }],
            },
            off: {},
            loading: {
              entry: 'clearCaptcha',
              invoke: {
                id: 'loadCaptcha',
                src: 'loadCaptcha',
                onDone: [
                  {
                    guard: 'hasChallenge',
                    target: 'shown',
                    actions: assign({ captcha: ({ event }) => event.output }),
                  },
                  // The server answered `{}`: captcha is off after all.
                  { target: 'off', actions: assign({ captchaEnabled: false }) },
                ],
                // The view offers a retry on the image; the form's error stays about the login itself.
                onError: 'failed',
              },
            },
            shown: {
              after: { captchaLifetime: 'loading' },
              on: { 'login.captchaRefreshRequested': 'loading' },
            },
            failed: {
              on: { 'login.captchaRefreshRequested': 'loading' },
            },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'login.submitted': [
                  {
                    guard: 'canSubmit',
                    target: 'submitting',
                    actions: assign({ username: ({ event }) => event.username.trim(), error: null }),
                  },
                  { actions: assign({ error: { key: 'session:login.incomplete' } }) },
                ],
              },
            },
            submitting: {
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ context, event }) => {
                  assertEvent(event, 'login.submitted');
                  const request: LoginRequest = { username: context.username, password: event.password };
                  if (context.captchaEnabled) {
                    request.captcha = event.captcha?.trim() ?? '';
                    if (context.captcha) request.captchaKey = context.captcha.key;
                  }
                  return request;
                },
                onDone: {
                  target: '#login.succeeded',
                  actions: assign({
                    result: ({ context, event }) => ({ ...event.output, username: context.username }),
                  }),
                },
                onError: {
                  target: 'editing',
                  actions: [
                    assign({ error: ({ event }) => reasonFromError(event.error, 'session:login.failed') }),
                    raise({ type: 'login.captchaRefreshRequested' }),
                  ],
                },
              },
            },
          },
        },
      },
    },
    succeeded: { type: 'final' },
  },
});
