// Dark mode (issue 16): light / dark / follow the system (the default), per user, applied without a reload.

import { openLogin, sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

const server = sharedServerForThisFile();

const scheme = (page: Page) => page.locator('html');

/** The mean of the background colour's RGB channels: under 80 is dark, over 180 light. */
const brightness = (target: Locator) =>
  target.evaluate((element) => {
    const rgb = getComputedStyle(element)
      .backgroundColor.match(/\d+(\.\d+)?/g)
      ?.slice(0, 3)
      .map(Number);
    return rgb ? (rgb[0]! + rgb[1]! + rgb[2]!) / 3 : -1;
  });

test('with a dark system the console is dark by default; 浅色 turns it light at once and it stays light after a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInDirectly(page, server());
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect.poll(() => brightness(page.locator('body'))).toBeLessThan(80);

  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  // changes count once the user's saved preferences are restored (the restore sets data-theme)
  await expect(page.locator('html')).toHaveAttribute('data-theme', /.+/);
  await page.getByTestId('header-theme').click();
  await page.getByTestId('color-scheme').getByText('浅色').click();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect.poll(() => brightness(page.locator('body'))).toBeGreaterThan(180);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await page.reload();
  await expect(page.getByTestId('header-theme')).toBeVisible();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect.poll(() => brightness(page.locator('body'))).toBeGreaterThan(180);
});

test('the sign-in page, with no user yet, follows a dark system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openLogin(page, server());
  await expect.poll(() => brightness(page.getByLabel('用户名'))).toBeLessThan(80);
  await expect.poll(() => brightness(page.locator('body'))).toBeLessThan(80);
});
