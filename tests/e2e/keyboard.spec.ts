/**
 * Keyboard alone (issue 16): every header tool, the tab bar's tabs and a table row's actions are reached with
 * Tab from the top of the page, show a visible focus ring, and work with Enter / arrows / Delete / Escape.
 */
import { sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

const server = sharedServerForThisFile();

/** What has the focus: its test id, or its role and accessible name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    return (
      el.dataset.testid ?? `${el.getAttribute('role') ?? el.tagName.toLowerCase()}:${el.textContent?.trim()}`
    );
  });

/**
 * The focused element draws a ring a sighted keyboard user can see: its outline or box-shadow while focused
 * differs from its look once the focus is gone (the focus is given back afterwards, as from the keyboard).
 */
const focusRingVisible = (page: Page) =>
  page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const ring = () => {
      const style = getComputedStyle(el);
      const outline = style.outlineStyle === 'none' ? '' : `${style.outlineStyle} ${style.outlineWidth}`;
      return `${outline}|${style.boxShadow}`;
    };
    const focusedLook = ring();
    el.blur();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const blurredLook = ring();
    el.focus({ focusVisible: true } as FocusOptions);
    return focusedLook !== blurredLook;
  });

/**
 * Waits until the focus is inside the open `role` (a dialog, a menu). Mantine's focus trap takes it in a
 * timeout after the popup shows: keys a test presses before that reach the button that opened it, and an
 * Escape then races the trap (the trap focuses the closing popup, and the focus is lost with it).
 */
async function expectFocusWithin(page: Page, role: 'dialog' | 'menu') {
  await expect
    .poll(() => page.evaluate((r) => document.activeElement?.closest(`[role="${r}"]`) != null, role))
    .toBe(true);
}

/** Presses Tab until `matches` holds for the focused element; fails after `max` presses. */
async function tabTo(page: Page, matches: (focus: string) => boolean, max = 120): Promise<string> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await focused(page);
    if (matches(focus)) return focus;
  }
  throw new Error(`not reached with ${max} presses of Tab`);
}

test('every header tool is reached with Tab, shows its focus ring, and opens with Enter', async ({
  page,
}) => {
  await signInDirectly(page, server());
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.locator('body').click({ position: { x: 1, y: 1 } });

  const tools = [
    'header-search',
    'header-log',
    'header-fullscreen',
    'header-size',
    'header-theme',
    'user-menu',
  ];
  const reached = new Set<string>();
  await tabTo(page, (focus) => {
    if (tools.includes(focus)) reached.add(focus);
    return reached.size === tools.length;
  });
  expect([...reached].sort()).toEqual([...tools].sort());

  // the search panel: Enter opens it, typing filters, Enter on a result opens that page, Escape would close
  await page.getByTestId('header-search').focus();
  expect(await focusRingVisible(page)).toBe(true);
  await page.keyboard.press('Enter');
  // typed once the panel's field has the focus (keys pressed while it opens would go elsewhere)
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('用户管理');
  // Enter takes the first result once the whole query has filtered the list
  await expect(page.getByTestId('search-result').first()).toHaveAttribute('data-path', '/user');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user$/);
  // choosing a page closes the panel (keys pressed while it closes would still reach it)
  await expect(page.getByTestId('search-input')).toHaveCount(0);

  // the theme dialog: Enter opens it, Escape closes it and gives the focus back to its tool
  await page.getByTestId('header-theme').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFocusWithin(page, 'dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('header-theme')).toBeFocused();

  // the user menu: Enter opens it, its items are reached with the arrows
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // the arrows move within the menu once its focus trap has taken the focus
  await expectFocusWithin(page, 'menu');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});

test('tabs: Tab reaches the active tab, arrows move between tabs, Enter opens one, Delete closes it', async ({
  page,
}) => {
  await signInDirectly(page, server(), 'superadmin', '/dept');
  // opened from the menu, not by loading /role: a reload right after the first page depended on that page's
  // tab being saved already (the tabs are restored after a reload) and lost it when the load came first
  await page.getByRole('navigation', { name: '侧栏菜单' }).getByText('角色管理').click();
  await expect(page.getByRole('tab', { name: /角色管理/ })).toHaveAttribute('aria-selected', 'true');
  await page.locator('body').click({ position: { x: 1, y: 1 } });

  await tabTo(page, (focus) => focus.startsWith('tab:') && focus.includes('角色管理'));
  expect(await focusRingVisible(page)).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: /部门管理/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dept$/);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /角色管理/ })).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('tab', { name: /角色管理/ })).toHaveCount(0);
});

test('a table row’s actions are reached with Tab, and 编辑 opens the form that Escape closes', async ({
  page,
}) => {
  await signInDirectly(page, server(), 'superadmin', '/role');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.locator('body').click({ position: { x: 1, y: 1 } });

  await tabTo(page, (focus) => focus === 'button:编辑');
  expect(await focusRingVisible(page)).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('角色名称')).not.toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
