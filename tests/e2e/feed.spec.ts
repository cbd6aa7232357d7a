import { apiIngest } from './support/api.ts';
import { signInDirectly, startServerForThisFile } from './support/console.ts';
import type { TestServer } from './support/server.ts';
import { expect, type Page, test } from './support/test.ts';

const INGEST_TOKEN = 'e2e-ingest-token-0123456789';
const server = startServerForThisFile({ env: { INGEST_TOKEN } });

const ingest = (target: TestServer, items: object | object[]) => apiIngest(target, INGEST_TOKEN, items);

const feedItems = (page: Page) => page.getByTestId('feed-item');

test('the workbench opens with the latest items and today’s count', async ({ page }) => {
  await ingest(server(), {
    title: '二手相机 A7M3',
    price: 6800,
    seller: '摄影小王',
    url: 'https://example.test/1',
    keywords: ['相机'],
  });
  await ingest(server(), {
    title: '机械键盘 87 键',
    price: 199.5,
    seller: '键盘侠',
    url: 'https://example.test/2',
    keywords: ['键盘'],
  });
  const stats = page.waitForResponse((r) => new URL(r.url()).pathname === '/xy/items/stats/');
  await signInDirectly(page, server());
  const { data } = (await (await stats).json()) as { data: { today: number; total: number } };
  expect(data.today).toBeGreaterThanOrEqual(2);
  await expect(feedItems(page).first()).toContainText('机械键盘 87 键');
  await expect(feedItems(page).nth(1)).toContainText('二手相机 A7M3');
  await expect(feedItems(page).first()).toContainText('¥199.50');
  await expect(feedItems(page).first().getByRole('link', { name: '机械键盘 87 键' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(page.getByTestId('feed-today')).toHaveText(String(data.today));
  await expect(page.getByTestId('feed-total')).toHaveText(String(data.total));
});

test('an item posted to the ingest appears in the live list within a second, without a reload', async ({
  page,
}) => {
  await signInDirectly(page, server());
  const badge = page.getByTestId('feed-connection');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('已连接');
  await expect(page.getByTestId('feed-today')).toHaveText(/^\d+$/);
  const before = Number(await page.getByTestId('feed-today').textContent());
  await ingest(server(), { title: '实时推送的商品', price: 12, seller: '推送测试', keywords: ['实时'] });
  // pushed over the socket as it is stored: on screen within a second of the ingest's answer
  await expect(feedItems(page).first()).toContainText('实时推送的商品', { timeout: 1000 });
  await expect(page.getByTestId('feed-today')).toHaveText(String(before + 1));
});
