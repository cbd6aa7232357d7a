// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginView, type LoginViewProps } from '../../src/ui/login/LoginView.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

const captchaOn = { enabled: true, key: 7, image: 'data:image/png;base64,AAAA', loading: false };

function props(overrides: Partial<LoginViewProps> = {}): LoginViewProps {
  return {
    siteName: '企业级后台管理系统',
    logo: null,
    background: null,
    copyright: '2021-2022 django-vue-admin.com 版权所有',
    keepRecord: '晋ICP备18005113号-3',
    helpUrl: 'https://django-vue-admin.com',
    privacyUrl: '#privacy',
    clauseUrl: '#clause',
    language: 'zh-CN',
    onLanguageChange: vi.fn(),
    captcha: captchaOn,
    submitting: false,
    error: null,
    onSubmit: vi.fn(),
    onRefreshCaptcha: vi.fn(),
    ...overrides,
  };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('login page', () => {
  it('shows the site name, copyright, 备案 link and help / privacy / terms links from the settings', () => {
    renderUi(<LoginView {...props({ siteName: '测试站点' })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('测试站点');
    expect(screen.getByText('Copyright © 2021-2022 django-vue-admin.com 版权所有')).toBeTruthy();
    const record = screen.getByRole('link', { name: '晋ICP备18005113号-3' });
    expect(record.getAttribute('href')).toBe('https://beian.miit.gov.cn');
    expect(screen.getByRole('link', { name: '帮助' }).getAttribute('href')).toBe(
      'https://django-vue-admin.com',
    );
    expect(screen.getByRole('link', { name: '隐私' }).getAttribute('href')).toBe('#privacy');
    expect(screen.getByRole('link', { name: '条款' }).getAttribute('href')).toBe('#clause');
    expect(screen.getByRole('tab', { name: '账号密码登录' })).toBeTruthy();
  });

  it('falls back to 企业级后台管理系统 and hides links the settings leave empty', () => {
    renderUi(
      <LoginView
        {...props({ siteName: null, keepRecord: null, helpUrl: '', privacyUrl: null, clauseUrl: null })}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('企业级后台管理系统');
    expect(screen.queryByRole('link', { name: '帮助' })).toBeNull();
    expect(screen.queryByRole('link', { name: /ICP/ })).toBeNull();
  });

  it('has no 验证码 row when captcha is off', () => {
    renderUi(
      <LoginView {...props({ captcha: { enabled: false, key: null, image: null, loading: false } })} />,
    );
    expect(screen.queryByLabelText('验证码', { selector: 'input' })).toBeNull();
    expect(field('用户名').placeholder).toBe('请输入用户名');
  });

  it('Enter in a field submits username, password and captcha', () => {
    const p = props();
    renderUi(<LoginView {...p} />);
    fireEvent.change(field('用户名'), { target: { value: 'superadmin' } });
    fireEvent.change(field('密码'), { target: { value: 'admin123456' } });
    fireEvent.change(field('验证码'), { target: { value: '21' } });
    // Enter in a text field submits its form (implicit submission); jsdom needs the submit event itself.
    fireEvent.submit(field('验证码').form as HTMLFormElement);
    expect(p.onSubmit).toHaveBeenCalledWith({
      username: 'superadmin',
      password: 'admin123456',
      captcha: '21',
    });
  });

  it('required fields say what is missing and nothing is sent', () => {
    const p = props();
    renderUi(<LoginView {...p} />);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    for (const [label, message] of [
      ['用户名', '请输入用户名'],
      ['密码', '请输入密码'],
      ['验证码', '请输入验证码'],
    ] as const) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        message,
      );
    }
    expect(p.onSubmit).not.toHaveBeenCalled();
  });

  it('a failed login keeps the username, clears the captcha for the new challenge and shows the reason', () => {
    const p = props();
    const { rerender } = renderUi(<LoginView {...p} />);
    fireEvent.change(field('用户名'), { target: { value: 'superadmin' } });
    fireEvent.change(field('密码'), { target: { value: 'wrong' } });
    fireEvent.change(field('验证码'), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(p.onSubmit).toHaveBeenCalledTimes(1);
    // the chart answers: failed, with the server's message and a fresh challenge
    rerender(<LoginView {...p} error="账号/密码错误" captcha={{ ...captchaOn, key: 8 }} />);
    expect(field('用户名').value).toBe('superadmin');
    expect(field('验证码').value).toBe('');
    expect(within(screen.getByRole('alert')).getByText('账号/密码错误')).toBeTruthy();
  });

  it('clicking the captcha image asks for a new challenge', () => {
    const p = props();
    renderUi(<LoginView {...p} />);
    fireEvent.click(screen.getByTestId('captcha-image'));
    expect(p.onRefreshCaptcha).toHaveBeenCalledTimes(1);
  });

  it('the footer switches the language', () => {
    const p = props();
    renderUi(<LoginView {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(p.onLanguageChange).toHaveBeenCalledWith('en');
  });

  it('speaks English when the language is en', () => {
    renderUi(<LoginView {...props({ siteName: null, language: 'en' })} />, 'en');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(field('Username').placeholder).toBe('Enter your username');
  });
});
