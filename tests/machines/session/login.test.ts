import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Settings } from '../../../src/contract/index.ts';
import { loginMachine } from '../../../src/machines/session/login.machine.ts';
import {
  selectCaptchaImage,
  selectCaptchaKey,
  selectHasCaptchaFailed,
  selectIsCaptchaLoading,
  selectIsSubmitting,
  selectLoginError,
  selectLoginUsername,
} from '../../../src/machines/session/selectors.ts';
import type { CaptchaChallenge, LoginOutcome, LoginRequest } from '../../../src/machines/session/types.ts';
import { controllable, rejectsWith, resolvesWith, settle } from '../support/fakes.ts';
import { loginResult, NOW, settings } from './data.ts';

const challenge = (key: number): CaptchaChallenge => ({ key, image: `data:image/png;base64,${key}` });

function startLogin(options: { captchaEnabled?: boolean; settingsFail?: boolean } = {}) {
  const captcha = controllable<CaptchaChallenge | null>();
  const login = controllable<LoginOutcome, LoginRequest>();
  const captchaState = controllable<boolean, { settings: Settings | null }>();
  const machine = loginMachine.provide({
    actors: {
      loadSettings: options.settingsFail ? rejectsWith<Settings>(new Error('500')) : resolvesWith(settings),
      loadCaptchaState: captchaState.logic,
      loadCaptcha: captcha.logic,
      login: login.logic,
    },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    captcha,
    login,
    captchaState,
    async ready(enabled = options.captchaEnabled ?? true) {
      await settle();
      captchaState.last.resolve(enabled);
      await settle();
    },
  };
}

const submit = { type: 'login.submitted', username: 'admin', password: 'secret', captcha: '21' } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('login', () => {
  it('the page loads the settings, asks whether a captcha is needed, then loads one', async () => {
    const { actor, captcha, captchaState, ready } = startLogin();
    await settle();
    expect(actor.getSnapshot().context.settings).toEqual(settings);
    expect(captchaState.last.input).toEqual({ settings });
    await ready();
    expect(selectIsCaptchaLoading(actor.getSnapshot())).toBe(true);
    captcha.last.resolve(challenge(7));
    await settle();
    expect(selectCaptchaKey(actor.getSnapshot())).toBe(7);
    expect(selectCaptchaImage(actor.getSnapshot())).toBe('data:image/png;base64,7');
  });

  it('with captcha off no captcha is loaded and none is sent', async () => {
    const { actor, captcha, login, ready } = startLogin({ captchaEnabled: false });
    await ready();
    expect(captcha.calls).toHaveLength(0);
    actor.send({ type: 'login.submitted', username: 'admin', password: 'secret' });
    expect(login.last.input).toEqual({ username: 'admin', password: 'secret' });
  });

  it('when the captcha status cannot be read the settings flag decides', async () => {
    const { actor, captcha, captchaState } = startLogin();
    await settle();
    captchaState.last.reject(new Error('404'));
    await settle();
    expect(actor.getSnapshot().context.captchaEnabled).toBe(true);
    expect(captcha.calls).toHaveLength(1);
  });

  it('a settings failure still shows the page (captcha per the status)', async () => {
    const { actor, ready } = startLogin({ settingsFail: true });
    await ready(true);
    expect(actor.getSnapshot().context.settings).toBeNull();
    expect(actor.getSnapshot().matches({ ready: { captcha: 'loading', form: 'editing' } })).toBe(true);
  });

  it('clicking the captcha loads a new one; a failed load can be retried', async () => {
    const { actor, captcha, ready } = startLogin();
    await ready();
    captcha.last.resolve(challenge(1));
    await settle();
    actor.send({ type: 'login.captchaRefreshRequested' });
    expect(captcha.calls).toHaveLength(2);
    captcha.last.reject(new Error('502'));
    await settle();
    expect(selectHasCaptchaFailed(actor.getSnapshot())).toBe(true);
    expect(selectLoginError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'login.captchaRefreshRequested' });
    expect(captcha.calls).toHaveLength(3);
  });

  it('a captcha is replaced before the server would refuse it as expired', async () => {
    vi.useFakeTimers({ now: NOW });
    const { captcha, ready } = startLogin();
    await ready();
    captcha.last.resolve(challenge(1));
    await settle();
    vi.advanceTimersByTime(290_000 - 1);
    expect(captcha.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(captcha.calls).toHaveLength(2);
  });

  it('submits username, password, captcha answer and captcha key', async () => {
    const { actor, captcha, login, ready } = startLogin();
    await ready();
    captcha.last.resolve(challenge(7));
    await settle();
    actor.send({ ...submit, username: ' admin ' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(login.last.input).toEqual({ username: 'admin', password: 'secret', captcha: '21', captchaKey: 7 });
  });

  it('a failed login keeps the username, clears the captcha answer, reloads the captcha and says why', async () => {
    const { actor, captcha, login, ready } = startLogin();
    await ready();
    captcha.last.resolve(challenge(7));
    await settle();
    actor.send(submit);
    login.last.reject({ message: '图片验证码错误' });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: { form: 'editing', captcha: 'loading' } })).toBe(true);
    expect(selectLoginUsername(snapshot)).toBe('admin');
    expect(selectLoginError(snapshot)).toEqual({ key: 'session:login.failed', text: '图片验证码错误' });
    // The old challenge is gone (the view keys the answer field by it, so the answer is cleared).
    expect(selectCaptchaKey(snapshot)).toBeNull();
    expect(captcha.calls).toHaveLength(2);
    captcha.last.resolve(challenge(8));
    await settle();
    expect(selectCaptchaKey(actor.getSnapshot())).toBe(8);
  });

  it('an incomplete form is refused without a request', async () => {
    const { actor, login, ready } = startLogin();
    await ready();
    actor.send({ type: 'login.submitted', username: 'admin', password: 'secret' });
    expect(login.calls).toHaveLength(0);
    expect(selectLoginError(actor.getSnapshot())).toEqual({ key: 'session:login.incomplete' });
  });

  it('a successful login ends the chart with the tokens and the username', async () => {
    const { actor, captcha, login, ready } = startLogin();
    await ready();
    captcha.last.resolve(challenge(7));
    await settle();
    actor.send(submit);
    const { username: _, ...outcome } = loginResult;
    login.last.resolve(outcome);
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(loginResult);
  });
});
