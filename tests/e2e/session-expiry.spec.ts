import {
  advanceTimeUntil,
  captchaField,
  fillLogin,
  installClock,
  sessionCookies,
  signIn,
  startServerForThisFile,
} from './support/console.ts';
import { expect, test } from './support/test.ts';

// Access tokens live 10 s, so the session refreshes 8 s after sign-in (the lead is capped at a fifth of
// the token's life). Time moves on the browser's clock and the server's together (`clock: true`,
// `advanceTimeUntil`): no waiting for the refresh in real time.
const ACCESS_TTL_SECONDS = 10;
const server = startServerForThisFile({ clock: true, env: { ACCESS_TOKEN_TTL: String(ACCESS_TTL_SECONDS) } });

test('when the token can no longer be refreshed the session ends: back to /login with the page as redirect', async ({
  page,
}) => {
  await installClock(page);
  await signIn(page, server());
  await page.goto(`${server().url}/userInfo`);
  await expect(page.getByRole('heading', { name: '基本信息' })).toBeVisible();
  // The server refuses the refresh token from now on.
  await page.route('**/token/refresh/**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ code: 401, msg: 'token invalid', data: null }),
    }),
  );
  // up to the refresh (8 s after sign-in; part of it may have passed while signing in), short of the
  // token's expiry, and no further once the session has ended
  await advanceTimeUntil(page, server(), (ACCESS_TTL_SECONDS - 1) * 1000, () =>
    new URL(page.url()).pathname.startsWith('/login'),
  );
  await expect(page).toHaveURL(/\/login\?redirect=%2FuserInfo$/);
  await expect(page.getByText('登录超时，请重新登录！')).toBeVisible();
  await expect(page.getByLabel('用户名')).toBeEditable();
  // The page clears its cookies; the HttpOnly refresh cookie is the server's to clear (the session asks it).
  await expect
    .poll(() => sessionCookies(page))
    .toEqual({ token: undefined, refresh: undefined, uuid: undefined });

  // Signing in again on the same page (a fresh router, the menu routes rebuilt) returns to the page.
  await page.unroute('**/token/refresh/**');
  // The login page loads a captcha of its own: wait for it, so the answer read below is the refreshed one's.
  const captchaButton = page.getByTestId('captcha-image');
  await expect(captchaButton.locator('img')).toBeVisible();
  await expect(captchaButton).not.toHaveAttribute('data-loading');
  const captcha = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/captcha/');
  await page.getByTestId('captcha-image').click();
  const { data } = (await (await captcha).json()) as { data: { key: string } };
  await fillLogin(page, server(), { username: 'superadmin', captchaKey: data.key });
  await captchaField(page).press('Enter');
  await expect(page).toHaveURL(`${server().url}/userInfo`);
  await expect(page.getByRole('heading', { name: '基本信息' })).toBeVisible();
  await page.getByRole('navigation', { name: '侧栏菜单' }).getByText('控制台').click();
  await expect(page).toHaveURL(`${server().url}/index`);
});
