import { addSessionCookies, apiSignIn } from './support/api.ts';
import {
  advanceTime,
  installClock,
  sessionCookies,
  signInDirectly,
  startServerForThisFile,
} from './support/console.ts';
import { expect, test } from './support/test.ts';

// Short-lived access tokens; time moves on the browser's clock and the server's together (`clock: true`,
// `advanceTime`), so a token expires without waiting for it in real time. Long enough that both tabs of the
// two-tab test have booted before it expires in real time (a boot under load took over 5 s; a second tab
// booting while the first rotated the token once ended signed out — see the closing note of this change).
const ACCESS_TTL_SECONDS = 15;
const server = startServerForThisFile({
  clock: true,
  env: { ACCESS_TOKEN_TTL: String(ACCESS_TTL_SECONDS) },
});

test('an expired access token is refreshed without the user noticing', async ({ page, context }) => {
  // A session from earlier (tokens in the cookies), and the console opened after its access token expired:
  // the server's clock and the browser's both past the token's expiry.
  const tokens = await apiSignIn(server());
  const past = (ACCESS_TTL_SECONDS + 2) * 1000;
  await server().advanceClock(past);
  await installClock(page, { time: Date.now() + past });
  await addSessionCookies(context, server(), tokens);
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/token/refresh/') refreshes.push(r.status());
  });
  await page.goto(`${server().url}/userInfo`);
  await expect(page.getByRole('heading', { name: '基本信息' })).toBeVisible();
  await expect(page).toHaveURL(`${server().url}/userInfo`);
  expect(refreshes.length).toBeGreaterThan(0);
  expect((await sessionCookies(page)).token).not.toBe(tokens.access);
  // navigating on keeps working, with no login page and no error toast
  await page.getByRole('navigation', { name: '侧栏菜单' }).getByText('控制台').click();
  await expect(page).toHaveURL(`${server().url}/index`);
  await expect(page.getByTestId('user-menu')).toContainText('你好 超级管理员');
  await expect(page.getByLabel('用户名')).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});

test('a short-lived access token is refreshed about once per lifetime, not in a loop', async ({ page }) => {
  // The refresh lead (60 s) is capped at a fifth of the token's remaining life (src/machines/session/jwt.ts).
  // A refresh loop would also never let `advanceTime` settle the page's requests.
  await installClock(page, { time: Date.now() + server().clockOffsetMs });
  await signInDirectly(page, server());
  let refreshes = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/token/refresh/') refreshes += 1;
  });
  await advanceTime(page, server(), ACCESS_TTL_SECONDS * 1000);
  expect(refreshes).toBeGreaterThan(0);
  expect(refreshes).toBeLessThanOrEqual(3);
});

test('two tabs of one session refresh the shared token without signing each other out', async ({
  page,
  context,
}) => {
  // Both tabs hold the same token and so plan their refresh for the same moment (one clock for the
  // context: their timers fire in the same step); with rotation, spending one refresh token twice would
  // make the server revoke the session. The tabs share a Web Lock instead.
  test.setTimeout(90_000);
  await installClock(page, { time: Date.now() + server().clockOffsetMs });
  await signInDirectly(page, server());
  const second = await context.newPage();
  await second.goto(`${server().url}/index`);
  await expect(second.getByTestId('user-menu')).toContainText('你好 超级管理员');
  const refreshes: number[] = [];
  for (const tab of [page, second]) {
    tab.on('response', (r) => {
      if (new URL(r.url()).pathname === '/token/refresh/') refreshes.push(r.status());
    });
  }
  const before = (await sessionCookies(page)).refresh;
  await advanceTime(page, server(), 3 * ACCESS_TTL_SECONDS * 1000);
  expect(refreshes.length).toBeGreaterThan(0);
  expect(refreshes.every((status) => status === 200)).toBe(true);
  expect((await sessionCookies(page)).refresh).not.toBe(before);
  for (const tab of [page, second]) {
    await tab.getByRole('navigation', { name: '侧栏菜单' }).getByText('控制台').click();
    await expect(tab).toHaveURL(`${server().url}/index`);
    await expect(tab.getByLabel('用户名')).toHaveCount(0);
    await expect(tab.getByTestId('user-menu')).toContainText('你好 超级管理员');
  }
});
