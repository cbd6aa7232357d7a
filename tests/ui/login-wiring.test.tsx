// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { Settings } from '../../src/contract/session.ts';
import { createAppMachine } from '../../src/machines/app/app.machine.ts';
import { loginMachine } from '../../src/machines/session/login.machine.ts';
import type {
  CaptchaChallenge,
  LoginOutcome,
  LoginRequest,
  StoredSession,
} from '../../src/machines/session/types.ts';
import { AppActor } from '../../src/ui/app/actor.ts';
import { LoginPage } from '../../src/ui/login/LoginPage.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

const settings: Settings = {
  'base.captcha_state': true,
  'login.site_name': '闲鱼监控后台',
  'login.copyright': '2024 示例公司',
  'login.keep_record': '京ICP备00000000号',
  'login.help_url': 'https://example.com/help',
  'login.privacy_url': '',
  'login.clause_url': '',
};

/** The real root chart (session → login) with fake effects: no network, a session that is signed out. */
function appWith(
  login: (request: LoginRequest) => Promise<LoginOutcome>,
  captchaState: () => Promise<boolean> = async () => true,
) {
  let challenge = 0;
  const loadCaptcha = vi.fn(async (): Promise<CaptchaChallenge | null> => {
    challenge += 1;
    return { key: challenge, image: `data:image/png;base64,${challenge}` };
  });
  const loginEffect = vi.fn(login);
  const logic = createAppMachine({
    session: {
      actors: {
        readStoredSession: fromPromise<StoredSession>(async () => ({ receivedAt: 0 })),
        login: loginMachine.provide({
          actors: {
            loadSettings: fromPromise<Settings>(async () => settings),
            loadCaptchaState: fromPromise<boolean, { settings: Settings | null }>(captchaState),
            loadCaptcha: fromPromise(loadCaptcha),
            login: fromPromise<LoginOutcome, LoginRequest>(({ input }) => loginEffect(input)),
          },
        }),
      },
    },
    routeGuard: { actions: { navigate: () => {}, patchRoutes: () => {}, resetRoutes: () => {} } },
    log: { actors: { watchGlobalErrors: fromCallback(() => () => {}) } },
  });
  return { logic, loadCaptcha, loginEffect };
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('login page wired to the login chart', () => {
  it('shows the text of the settings the chart loaded', async () => {
    const { logic } = appWith(() => new Promise(() => {}));
    renderUi(
      <AppActor.Provider logic={logic}>
        <LoginPage />
      </AppActor.Provider>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('闲鱼监控后台');
    expect(screen.getByText('Copyright © 2024 示例公司')).toBeTruthy();
    expect(screen.getByRole('link', { name: '京ICP备00000000号' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '隐私' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '验证码' }).getAttribute('src')).toContain('base64,1'),
    );
  });

  it('submitting sends the values and the challenge key to the login effect', async () => {
    const { logic, loginEffect } = appWith(() => new Promise(() => {}));
    renderUi(
      <AppActor.Provider logic={logic}>
        <LoginPage />
      </AppActor.Provider>,
    );
    await screen.findByRole('img', { name: '验证码' });
    fireEvent.change(input('用户名'), { target: { value: 'superadmin' } });
    fireEvent.change(input('密码'), { target: { value: 'admin123456' } });
    fireEvent.change(input('验证码'), { target: { value: '14' } });
    fireEvent.submit(input('验证码').form as HTMLFormElement);
    await waitFor(() => expect(loginEffect).toHaveBeenCalledTimes(1));
    expect(loginEffect.mock.calls[0]?.[0]).toEqual({
      username: 'superadmin',
      password: 'admin123456',
      captcha: '14',
      captchaKey: 1,
    });
    expect(await screen.findByRole('button', { name: '登录中…' })).toBeTruthy();
  });

  it('a refused login keeps the username, shows the server message and a fresh, empty captcha', async () => {
    const { logic, loadCaptcha } = appWith(() => Promise.reject(new Error('账号/密码错误')));
    renderUi(
      <AppActor.Provider logic={logic}>
        <LoginPage />
      </AppActor.Provider>,
    );
    await screen.findByRole('img', { name: '验证码' });
    fireEvent.change(input('用户名'), { target: { value: 'superadmin' } });
    fireEvent.change(input('密码'), { target: { value: 'wrong' } });
    fireEvent.change(input('验证码'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain('账号/密码错误');
    await waitFor(() => expect(loadCaptcha).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '验证码' }).getAttribute('src')).toContain('base64,2'),
    );
    expect(input('用户名').value).toBe('superadmin');
    expect(input('验证码').value).toBe('');
  });

  it('the form appears whole: not before the captcha decision, then with its captcha row', async () => {
    let decide: (enabled: boolean) => void = () => {};
    const decision = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    const { logic } = appWith(
      () => new Promise(() => {}),
      () => decision,
    );
    renderUi(
      <AppActor.Provider logic={logic}>
        <LoginPage />
      </AppActor.Provider>,
    );
    // the settings are in (they are asked first); the captcha status is not
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByLabelText('用户名')).toBeNull();
    decide(true);
    await screen.findByLabelText('用户名', { selector: 'input' });
    expect(screen.getByLabelText('验证码', { selector: 'input' })).toBeTruthy();
  });
});
