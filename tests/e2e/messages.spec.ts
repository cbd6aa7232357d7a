import { apiCall, apiSignIn } from './support/api.ts';
import { installClock, settleRequests, signInDirectly, startServerForThisFile } from './support/console.ts';
import type { TestServer } from './support/server.ts';
import { expect, type Page, test } from './support/test.ts';

// Its own server: the messages sent here would pop up in every other test's console.
const server = startServerForThisFile();
const POLL_PATH = '/xy/message/get_message/';
/** The message poller's period (seed §3): every 5 s, run on the browser's clock (`page.clock`). */
const POLL_MS = 5000;

/** Sends a message-centre message to user 1 (superadmin) as superadmin, over the signed API. */
async function sendMessage(target: TestServer, title: string, content: string) {
  const { access } = await apiSignIn(target);
  await apiCall(target, access, 'POST', '/api/system/message_center/', {
    title,
    content,
    target_type: 0,
    target_user: [1],
  });
}

const notificationsTitled = (page: Page, title: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: title });

/** The header's unread count, read from the user dropdown (null when there is no badge). */
async function headerUnread(page: Page): Promise<string | null> {
  await page.getByTestId('user-menu').click();
  const item = page.getByRole('menuitem', { name: /站内信/ });
  await expect(item).toBeVisible();
  const badge = item.getByTestId('unread-badge');
  const text = (await badge.count()) ? await badge.textContent() : null;
  await page.keyboard.press('Escape');
  await expect(item).toBeHidden();
  return text;
}

test('站内信 lists received messages, filters unread and marks one read', async ({ page }) => {
  await sendMessage(server(), '例行维护通知', '<p>今晚 22:00 维护</p>');
  await signInDirectly(page, server());
  await page.goto(`${server().url}/userMessage`);
  const row = page.getByTestId('inbox-row').filter({ hasText: '例行维护通知' });
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row).toContainText('今晚 22:00 维护');

  // This very message is also a sticky notification (seed §4: an unread message does not auto-close) that
  // may lie over the filter: the rule here is the inbox's filter, so the click goes to the control itself.
  await page.getByText('未读', { exact: true }).first().dispatchEvent('click');
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '标记已读' }).click();
  await expect(row).toBeHidden();

  await page.getByText('已读', { exact: true }).first().dispatchEvent('click');
  await expect(page.getByTestId('inbox-row').filter({ hasText: '例行维护通知' })).toHaveAttribute(
    'data-read',
    'true',
  );
});

test('a new message is a sticky notification that pauses polling; closing it marks it read and shows the next', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await installClock(page);
  await signInDirectly(page, server());
  await page.goto(`${server().url}/userMessage`);
  await expect(page.getByTestId('inbox-list')).toHaveAttribute('aria-busy', 'false');
  const rows = page.getByTestId('inbox-row');
  const before = await rows.count();

  await sendMessage(server(), '库存告警一号', '<p>第一条</p>');
  await sendMessage(server(), '库存告警二号', '<p>第二条</p>');
  // The socket's own notifications of both close after 5 s; the poller's (the newest unread first) stays.
  const first = notificationsTitled(page, '库存告警二号');
  const second = notificationsTitled(page, '库存告警一号');
  await page.clock.runFor(POLL_MS);
  await settleRequests(page);
  await page.clock.runFor(POLL_MS);
  await expect(first).toHaveCount(1, { timeout: 20_000 });
  await expect(second).toHaveCount(0, { timeout: 20_000 });
  await expect(first).toHaveCount(1);

  // The inbox reloaded by itself when the poller showed the message, and the header counts both unread.
  await expect(rows).toHaveCount(before + 2);
  await expect(rows.filter({ hasText: '库存告警二号' })).toHaveAttribute('data-read', 'false');
  expect(await headerUnread(page)).toBe('2');

  // While it is open, no poll reaches the server (two periods and more).
  const polls = await server().requestCount(POLL_PATH);
  await page.clock.runFor(2 * POLL_MS + 1000);
  await settleRequests(page);
  expect(await server().requestCount(POLL_PATH)).toBe(polls);
  await expect(first).toHaveCount(1);
  await expect(second).toHaveCount(0);

  // Closing it marks it read (status 1 on the wire) and polling resumes with the next unread message.
  const read = page.waitForRequest(
    (r) => r.method() === 'PUT' && /\/xy\/message\/\d+\/read\/$/.test(new URL(r.url()).pathname),
  );
  await first.getByRole('button').last().click();
  expect((await read).postDataJSON()).toMatchObject({ status: 1 });
  await settleRequests(page);
  await page.clock.runFor(POLL_MS);
  await expect(second).toHaveCount(1, { timeout: 2 * POLL_MS + 5000 });
  await expect(rows.filter({ hasText: '库存告警二号' })).toHaveAttribute('data-read', 'true');
  await expect(rows.filter({ hasText: '库存告警一号' })).toHaveAttribute('data-read', 'false');
  expect(await headerUnread(page)).toBe('1');
});
