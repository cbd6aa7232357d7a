import { apiCall, apiSignIn } from './support/api.ts';
import { signIn, startServerForThisFile } from './support/console.ts';
import { expect, test } from './support/test.ts';

const server = startServerForThisFile();

test('a menu whose component file does not exist is skipped with a log entry; the rest of the menu works', async ({
  page,
}) => {
  const { access } = await apiSignIn(server());
  await apiCall(server(), access, 'POST', '/api/system/menu/', {
    name: '不存在的页面',
    icon: 'file',
    sort: 99,
    web_path: '/ghostPage',
    component: 'xy/ghost/index',
    component_name: 'ghostPage',
    cache: false,
    is_catalog: false,
    is_link: false,
    visible: true,
    status: true,
  });
  await signIn(page, server());
  // the frontend log says the page is unreachable and asks to check the file
  await page.getByTestId('log-badge').click();
  await expect(page.getByTestId('log-message').filter({ hasText: 'xy/ghost/index' })).toContainText(
    '将无法访问，请检查文件是否存在',
  );
  await page.keyboard.press('Escape');
  // the unreachable path falls through to the 404 page, and the other menu pages still open
  await page.goto(`${server().url}/ghostPage`);
  await expect(page.getByText('404').first()).toBeVisible();
  await page.goto(`${server().url}/dept`);
  await expect(page).toHaveURL(`${server().url}/dept`);
  await expect(page.getByText('DVAdmin团队').first()).toBeVisible();
});
