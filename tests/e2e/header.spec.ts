import { sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

const server = sharedServerForThisFile();

const primaryColor = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--app-primary').trim());

test('s opens the search panel; typing and Enter navigate to the menu page', async ({ page }) => {
  await signInDirectly(page, server());
  await page.locator('body').press('s');
  const input = page.getByPlaceholder('搜索页面');
  await expect(input).toBeFocused();
  // the `s` that opened the panel is not typed into it
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('search-hint')).toHaveText('您可以使用快捷键 s 唤醒搜索面板，按 esc 关闭');
  await expect(page.getByTestId('search-result').filter({ hasText: '系统管理 / 部门管理' })).toBeVisible();
  await input.fill('部门管理');
  await input.press('Enter');
  await expect(page).toHaveURL(`${server().url}/dept`);
  await expect(input).toBeHidden();
});

test('esc closes the search panel; hidden menu pages are searchable too', async ({ page }) => {
  await signInDirectly(page, server());
  await page.getByTestId('header-search').click();
  const input = page.getByPlaceholder('搜索页面');
  await input.fill('菜单按钮');
  await expect(page.getByTestId('search-result').first()).toHaveAttribute('data-path', '/menuButton');
  await input.press('Escape');
  await expect(input).toBeHidden();
  await expect(page).toHaveURL(`${server().url}/index`);
});

test('s typed into a text field does not open the search panel', async ({ page }) => {
  await signInDirectly(page, server());
  await page.getByTestId('header-color').click();
  const field = page.getByLabel('自定义颜色');
  await field.pressSequentially('s');
  await expect(field).toHaveValue('s');
  await expect(page.getByPlaceholder('搜索页面')).toHaveCount(0);
});

/**
 * The preferences chart ignores changes until the user's saved slice is restored (so defaults never overwrite
 * it); the restore applies the theme, which sets `data-theme` on the root.
 */
const preferencesRestored = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-theme', /.+/);

test('a chosen theme colour is applied and survives a reload', async ({ page }) => {
  await signInDirectly(page, server());
  await preferencesRestored(page);
  await expect.poll(() => primaryColor(page)).toBe('#409EFF');
  await page.getByTestId('header-color').click();
  const violet = page.getByRole('radio', { name: '#722ED1' });
  await expect(violet).toHaveAttribute('aria-checked', 'false');
  await violet.click();
  // the chart took the colour (the swatch reflects its context), then applied it to the page
  await expect(violet).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => primaryColor(page)).toBe('#722ED1');
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect.poll(() => primaryColor(page)).toBe('#722ED1');
  await page.getByTestId('header-color').click();
  await expect(page.getByRole('radio', { name: '#722ED1' })).toHaveAttribute('aria-checked', 'true');
});

test('a toast under the header does not cover a header tool’s dropdown', async ({ page }) => {
  await signInDirectly(page, server());
  await preferencesRestored(page);
  // a toast in the top-right corner: the language switch says so for 3 s (连接成功 may be there too)
  await page.getByRole('button', { name: '语言', exact: true }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'English' })).toBeVisible();
  // the toast in the top slot, right under the header, where the header tools' dropdowns open
  const toast = page.locator('[data-position="top-right"]').getByRole('alert').first();
  await page.getByTestId('header-color').click();
  const violet = page.getByRole('radio', { name: '#722ED1' });
  await expect(violet).toBeVisible();
  const [toastBox, swatchBox] = [await toast.boundingBox(), await violet.boundingBox()];
  // they share the corner …
  expect(toastBox && swatchBox && toastBox.y < swatchBox.y + swatchBox.height).toBe(true);
  // … and the swatch the user opened is the one on top
  const onTop = await violet.evaluate((swatch) => {
    const { x, y, width, height } = swatch.getBoundingClientRect();
    return swatch.contains(document.elementFromPoint(x + width / 2, y + height / 2));
  });
  expect(onTop).toBe(true);
  await expect(toast).toBeVisible();
});

test('the theme dialog marks the active theme and 使用 switches it', async ({ page }) => {
  await signInDirectly(page, server());
  await preferencesRestored(page);
  await page.getByTestId('header-theme').click();
  const dialog = page.getByRole('dialog', { name: '主题' });
  await expect(dialog.getByTestId('theme-element')).toContainText('已激活');
  await dialog.getByTestId('theme-violet').getByRole('button', { name: /使用/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'violet');
  await expect(dialog.getByTestId('theme-violet')).toContainText('已激活');
});

test('the header tools are in order with their tooltips', async ({ page }) => {
  await signInDirectly(page, server());
  const tools = page.getByTestId('header-tools');
  const labels = await tools
    .locator('button[aria-label]')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  expect(labels.slice(0, 7)).toEqual([
    '搜索',
    expect.any(String),
    '全屏',
    '主题',
    '组件大小',
    '语言',
    '主题颜色',
  ]);
  await page.getByTestId('header-size').click();
  await expect(page.getByRole('menuitem')).toHaveText(['默认✓', '中', '小', '最小']);
});

test('a page error shows on the log badge, and the log drawer lists and clears it', async ({ page }) => {
  await signInDirectly(page, server());
  const button = page.getByTestId('header-log');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('header-e2e boom');
    });
  });
  await expect(page.getByTestId('log-badge')).toHaveAttribute('data-label', '1');
  await expect(button).toHaveAttribute('aria-label', /条日志 \| 包含 1 个异常$/);
  await button.click();
  const drawer = page.getByRole('dialog', { name: '前端日志' });
  await expect(drawer.getByTestId('log-message').first()).toContainText('header-e2e boom');
  await drawer.getByRole('button', { name: '清空' }).click();
  await expect(drawer.getByText('没有日志或异常')).toBeVisible();
  await expect(button).toHaveAttribute('aria-label', '没有日志或异常');
});

test('the size menu saves the chosen size, which survives a reload', async ({ page }) => {
  await signInDirectly(page, server());
  await preferencesRestored(page);
  await page.getByTestId('header-size').click();
  await page.getByRole('menuitem', { name: '小', exact: true }).click();
  await expect(page).toHaveURL(`${server().url}/index`);
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.getByTestId('header-size').click();
  await expect(page.getByRole('menuitem', { name: '小', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('the fullscreen button says 全屏, then 退出全屏 while the page is full screen', async ({ page }) => {
  await signInDirectly(page, server());
  const button = page.getByTestId('header-fullscreen');
  await expect(button).toHaveAttribute('aria-label', '全屏');
  await button.click();
  await expect(button).toHaveAttribute('aria-label', '退出全屏');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await button.click();
  await expect(button).toHaveAttribute('aria-label', '全屏');
});
