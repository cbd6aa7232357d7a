// @vitest-environment jsdom
// The first-paint sign-in form (src/main.tsx draws it before the console exists) hands what the visitor did
// to the console's own form when that replaces it (src/ui/login/handover.ts).
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstPaintLogin } from '../../src/ui/login/FirstPaintLogin.tsx';
import { captureHandover, takeHandover } from '../../src/ui/login/handover.ts';
import { LoginForm } from '../../src/ui/login/LoginForm.tsx';
import { renderUi } from './support/render.tsx';

afterEach(() => {
  cleanup();
  takeHandover();
});

const boot = {
  settings: { 'login.site_name': '闲鱼监控' },
  captchaEnabled: true,
  captcha: { key: 41, image: 'data:image/svg+xml;base64,PHN2Zy8+' },
};
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

/** The first-paint form with `typed` in its fields; returns its container. */
function firstPaint(typed: { username?: string; password?: string; captcha?: string }) {
  const view = renderUi(<FirstPaintLogin boot={boot} onPainted={() => {}} />);
  if (typed.username) fireEvent.input(field('用户名'), { target: { value: typed.username } });
  if (typed.password) fireEvent.input(field('密码'), { target: { value: typed.password } });
  if (typed.captcha) fireEvent.input(field('验证码'), { target: { value: typed.captcha } });
  return view;
}

/** The console's form replacing it, as start-console does: capture, then the new form mounts. */
function consoleForm(container: HTMLElement, onSubmit = vi.fn(), onRefreshCaptcha = vi.fn()) {
  captureHandover(container);
  cleanup();
  renderUi(
    <LoginForm
      captcha={{ enabled: true, key: 41, image: boot.captcha.image, loading: false }}
      submitting={false}
      error={null}
      onSubmit={onSubmit}
      onRefreshCaptcha={onRefreshCaptcha}
    />,
  );
  return { onSubmit, onRefreshCaptcha };
}

describe('the first-paint sign-in form', () => {
  it('draws the inlined settings and captcha challenge, usable at once', () => {
    firstPaint({});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('闲鱼监控');
    expect(screen.getByTestId('captcha-image').getAttribute('data-captcha-key')).toBe('41');
    expect(field('密码').disabled).toBe(false);
    expect((screen.getByRole('button', { name: '登录' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('hands the typed values, the focused field and its selection to the console’s form', () => {
    const { container } = firstPaint({ username: 'superadmin', password: 'secret-1' });
    field('密码').focus();
    field('密码').setSelectionRange(2, 5);
    const { onSubmit } = consoleForm(container);
    expect(field('用户名').value).toBe('superadmin');
    expect(field('密码').value).toBe('secret-1');
    expect(document.activeElement).toBe(field('密码'));
    expect([field('密码').selectionStart, field('密码').selectionEnd]).toEqual([2, 5]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a submit made before the console took over is carried out by the console’s form', () => {
    const { container } = firstPaint({ username: 'superadmin', password: 'secret-1', captcha: '21' });
    fireEvent.submit(screen.getByRole('form'));
    const { onSubmit } = consoleForm(container);
    expect(onSubmit).toHaveBeenCalledWith({ username: 'superadmin', password: 'secret-1', captcha: '21' });
  });

  it('a captcha click made before the console took over asks a new challenge, and does not submit the old answer', () => {
    const { container } = firstPaint({ username: 'superadmin', password: 'secret-1', captcha: '21' });
    fireEvent.click(screen.getByTestId('captcha-image'));
    fireEvent.submit(screen.getByRole('form'));
    const { onSubmit, onRefreshCaptcha } = consoleForm(container);
    expect(onRefreshCaptcha).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('with nothing to hand over, the console’s form starts empty and submits nothing', () => {
    renderUi(
      <LoginForm
        captcha={{ enabled: false, key: null, image: null, loading: false }}
        submitting={false}
        error={null}
        onSubmit={vi.fn()}
        onRefreshCaptcha={vi.fn()}
      />,
    );
    expect(field('用户名').value).toBe('');
    expect(document.activeElement).toBe(document.body);
  });
});
