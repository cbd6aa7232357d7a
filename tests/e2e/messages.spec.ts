import { expect, test } from '@playwright/test';
import { signParams } from '../../src/contract/sign.ts';
import { apiSignIn } from './support/api.ts';
import { signIn, startServerForThisFile } from './support/console.ts';
import type { TestServer } from './support/server.ts';

const server = startServerForThisFile();

/** Sends a message-centre message to user 1 (superadmin) as superadmin, over the signed API. */
async function sendMessage(target: TestServer, title: string, content: string) {
  const { access } = await apiSignIn(target);
  const config = await (await fetch(`${target.url}/app-config.js`)).text();
  const secret = /"signSecret"\s*:\s*"([^"]*)"/.exec(config)?.[1] ?? '';
  const body = { title, content, target_type: 0, target_user: [1] };
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = signParams(secret, body, timestamp);
  const response = await fetch(
    `${target.url}/api/system/message_center/?timestamp=${timestamp}&sign=${sign}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${access}` },
      body: JSON.stringify(body),
    },
  );
  const envelope = (await response.json()) as { code: number; msg: unknown };
  expect(envelope.code, JSON.stringify(envelope.msg)).toBe(2000);
}

test('站内信 lists received messages, filters unread and marks one read', async ({ page }) => {
  await sendMessage(server(), '例行维护通知', '<p>今晚 22:00 维护</p>');
  await signIn(page, server());
  await page.goto(`${server().url}/userMessage`);
  const row = page.getByTestId('inbox-row').filter({ hasText: '例行维护通知' });
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row).toContainText('今晚 22:00 维护');

  await page.getByText('未读', { exact: true }).first().click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '标记已读' }).click();
  await expect(row).toBeHidden();

  await page.getByText('已读', { exact: true }).first().click();
  await expect(page.getByTestId('inbox-row').filter({ hasText: '例行维护通知' })).toHaveAttribute(
    'data-read',
    'true',
  );
});
