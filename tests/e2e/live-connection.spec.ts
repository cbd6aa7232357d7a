import { apiIngest } from './support/api.ts';
import {
  advanceTime,
  installClock,
  sessionCookies,
  signInDirectly,
  startServerForThisFile,
} from './support/console.ts';
import { expect, test } from './support/test.ts';

// A server that can be stopped and started again on the same port and data (tokens, secrets, refresh
// records survive), with access tokens short enough to expire while it is down. Time moves on the
// browser's clock and the server's together (`clock: true`, `advanceTime`): no waiting.
const INGEST_TOKEN = 'e2e-ingest-token-live-connection';
const ACCESS_TTL_SECONDS = 12;
const server = startServerForThisFile({
  persistent: true,
  clock: true,
  env: { INGEST_TOKEN, ACCESS_TOKEN_TTL: String(ACCESS_TTL_SECONDS) },
});

test('a server outage shows 断开连接; when it is back the socket reconnects without a reload, with a refreshed token, and the feed goes on', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await installClock(page);
  await signInDirectly(page, server());
  const badge = page.getByTestId('feed-connection');
  await expect(badge).toHaveAttribute('data-state', 'connected');
  const tokenBefore = (await sessionCookies(page)).token;
  await page.evaluate(() => {
    (window as unknown as { pageMarker: string }).pageMarker = 'same page';
  });

  await server().halt();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: '断开连接' })).toBeVisible();
  await expect(badge).not.toHaveAttribute('data-state', 'connected');
  // Stay down past the access token's lifetime: the socket comes back with an expired token unless the
  // session managed a refresh first; either way the connection must end up authorised.
  await advanceTime(page, server(), (ACCESS_TTL_SECONDS + 2) * 1000);

  const refreshed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/token/refresh/' && r.status() === 200,
    { timeout: 60_000 },
  );
  await server().resume();
  await refreshed;
  await expect(badge).toHaveAttribute('data-state', 'connected', { timeout: 60_000 });
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: '连接成功' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe(
    'same page',
  );
  expect((await sessionCookies(page)).token).not.toBe(tokenBefore);
  await expect(page.getByLabel('用户名')).toHaveCount(0);

  await apiIngest(server(), INGEST_TOKEN, {
    title: '恢复后的商品',
    price: 88,
    seller: '重连测试',
    keywords: ['重连'],
  });
  await expect(page.getByTestId('feed-item').first()).toContainText('恢复后的商品', { timeout: 5000 });
});
