// @vitest-environment jsdom
// The first-paint sign-in form (the server draws it into /login's HTML, or src/main.tsx before the console
// exists) hands what the visitor did to the console's own form when that replaces it (src/ui/login/handover.ts).
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_GUARD } from '../../server/http/sign-in-guard.ts';
import { SERVER_DRAWN } from '../../src/contract/sign-in.ts';
import { drawSignIn } from '../../src/ui/login/draw-sign-in.tsx';
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
  // the server's markup is no React tree: the console's render replaces it (here: it goes)
  if (container.isConnected) container.remove();
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

describe('the sign-in form the server drew', () => {
  /** The page as the server sends it: the drawn form in the container, its inline guard running. */
  function serverDrawn() {
    const container = document.createElement('div');
    container.innerHTML = drawSignIn(boot).html;
    document.body.append(container);
    const guard = new Function('window', 'document', SIGN_IN_GUARD);
    const listeners: [string, EventListener][] = [];
    const add = document.addEventListener.bind(document);
    guard(window, {
      addEventListener: (type: string, listener: EventListener, capture: boolean) => {
        listeners.push([type, listener]);
        add(type, listener, capture);
      },
    });
    const release = () => {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
      container.remove();
    };
    return { container, release };
  }

  it('takes typing before any script: the console’s form gets the values, the focus and a held submit', () => {
    const { container, release } = serverDrawn();
    try {
      const form = container.querySelector('form') as HTMLFormElement;
      const input = (name: string) => form.querySelector(`input[name="${name}"]`) as HTMLInputElement;
      input('username').value = 'superadmin';
      input('password').value = 'secret-1';
      input('captcha').value = '21';
      input('captcha').focus();
      const submit = new Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(submit);
      expect(submit.defaultPrevented).toBe(true);
      const { onSubmit, onRefreshCaptcha } = consoleForm(container);
      expect(onSubmit).toHaveBeenCalledWith({ username: 'superadmin', password: 'secret-1', captcha: '21' });
      expect(onRefreshCaptcha).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(field('验证码'));
    } finally {
      release();
    }
  });

  it('a captcha click held by the guard asks a new challenge once the console takes over', () => {
    const { container, release } = serverDrawn();
    try {
      (container.querySelector('[data-captcha-key] img') as HTMLElement).click();
      const { onSubmit, onRefreshCaptcha } = consoleForm(container);
      expect(onRefreshCaptcha).toHaveBeenCalledTimes(1);
      expect(onSubmit).not.toHaveBeenCalled();
    } finally {
      release();
    }
  });

  it('the guard leaves every other form alone (the console’s own submit as its handler says)', () => {
    const { release } = serverDrawn();
    const other = document.createElement('form');
    document.body.append(other);
    try {
      const submit = new Event('submit', { bubbles: true, cancelable: true });
      other.dispatchEvent(submit);
      expect(submit.defaultPrevented).toBe(false);
      expect(other.hasAttribute(SERVER_DRAWN.submit)).toBe(false);
    } finally {
      other.remove();
      release();
    }
  });
});
