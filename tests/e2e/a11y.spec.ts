/**
 * Accessibility: the sign-in page, the shell (menus, tabs, header tools, the search panel) and every page of
 * the menu pass axe-core's WCAG 2.1 A/AA rules with no serious or critical violation, in zh-CN and in en.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { shownCaptchaKey } from './support/captcha.ts';
import { sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

const server = sharedServerForThisFile();
const MENU_PARTS = 3;

test.describe.configure({ mode: 'parallel' });

/**
 * axe-core itself, put into a document once and run there with `axe.run`. @axe-core/playwright put the whole
 * library into the page again on every scan and finished each scan in a blank page it opened for that: 1.4–2.3 s
 * a page against 0.2–0.45 s, three quarters of the menu sweep's time. Frames are not scanned (`iframes: false`):
 * an embedded page is another site's, and a frame without axe would hold the scan until axe's frame timeout.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  iframes: false,
};

/** axe's results for the document, or for the part of it `within` selects. */
async function axeRun(page: Page, within?: string): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ([within, options]) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      return axe.run(within ? { include: [[within]] } : document, options);
    },
    [within ?? '', AXE_OPTIONS] as const,
  );
}

/**
 * Serious and critical violations, each as `rule: element` lines a reader can act on. `within` narrows the
 * scan to one part of the page (a menu page's own content: the header and the side menu around it are the
 * same on every page and are scanned with the shell).
 */
async function violations(page: Page, within?: string): Promise<string[]> {
  // Colours are read as they settle: a page's fade-in (mid-transition text is partly transparent) may start
  // after a check for running animations (its lazy chunk mounts later), so transitions are switched off for
  // the scan — what is scanned is the end state — and whatever still runs is waited for.
  await page.evaluate(() => {
    if (document.getElementById('a11y-no-motion')) return;
    const style = document.createElement('style');
    style.id = 'a11y-no-motion';
    style.textContent =
      '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }';
    document.head.append(style);
  });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const result = await axeRun(page, within);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id}: ${n.html.slice(0, 140)} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
}

async function useLanguage(page: Page, language: 'zh-CN' | 'en') {
  if (language === 'en') await page.context().addCookies([{ name: 'lang', value: 'en', url: server().url }]);
}

/** The pages of the superadmin's menu, from the search panel (every menu page, hidden ones too). */
async function menuPages(page: Page): Promise<string[]> {
  await page.getByTestId('header-search').click();
  const results = page.getByTestId('search-result');
  await expect(results.first()).toBeVisible();
  const paths = await results.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path') ?? ''));
  await page.keyboard.press('Escape');
  return paths.filter((p) => p.startsWith('/') && p !== '/index');
}

test('the scan reports violations planted in a page: a button without a name, text too faint to read', async ({
  page,
}) => {
  await page.goto(`${server().url}/login`);
  await expect(page.getByLabel('用户名')).toBeEditable();
  await page.evaluate(() => {
    const planted = document.createElement('div');
    planted.id = 'planted';
    planted.innerHTML = '<button type="button"></button><p style="color:#ddd;background:#fff">faint text</p>';
    document.body.append(planted);
  });
  const found = await violations(page, '#planted');
  expect(found.some((v) => v.startsWith('button-name:'))).toBe(true);
  expect(found.some((v) => v.startsWith('color-contrast:'))).toBe(true);
  // `within` keeps the scan to the planted part: the sign-in form around it has none
  expect(found.every((v) => v.includes('<button type="button">') || v.includes('faint text'))).toBe(true);
});

for (const language of ['zh-CN', 'en'] as const) {
  test(`the sign-in page has no serious accessibility violation (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto(`${server().url}/login`);
    await expect(page.getByLabel(language === 'en' ? 'Username' : '用户名')).toBeEditable();
    await shownCaptchaKey(page);
    expect(await violations(page)).toEqual([]);
  });

  test(`the shell and its search panel have no serious accessibility violation (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await signInDirectly(page, server());
    expect(await violations(page)).toEqual([]);
    await page.getByTestId('header-search').click();
    await expect(page.getByTestId('search-result').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  // The menu's pages in three parts (page i in part i mod 3), each its own test: a part stays well inside
  // its timeout on a loaded 2-core machine (one sweep of every page had outgrown its 5 minutes there), and
  // workers on a larger machine share the sweep.
  for (let part = 0; part < MENU_PARTS; part++)
    test(`every menu page has no serious accessibility violation (${language}, part ${part + 1}/${MENU_PARTS})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await useLanguage(page, language);
      await signInDirectly(page, server());
      const paths = (await menuPages(page)).filter((_, i) => i % MENU_PARTS === part);
      expect(paths.length).toBeGreaterThan(0);
      const found: string[] = [];
      for (const path of paths) {
        // opened from the search panel as a user would (no reload per page), then its tab closed again so
        // the scan sees one page at a time
        await page.getByTestId('header-search').click();
        await page.locator(`[data-testid="search-result"][data-path="${path}"]`).click();
        await expect(page).toHaveURL((url) => url.pathname === path);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // the page's own content with its tab bar and breadcrumbs (the <main> landmark)
        for (const v of await violations(page, 'main')) found.push(`${path} ${v}`);
        await page
          .getByRole('button', {
            name: language === 'en' ? 'Close all tabs' : '关闭全部',
            exact: true,
          })
          .click();
        await expect(page).toHaveURL((url) => url.pathname === '/index');
      }
      expect(found).toEqual([]);
    });
}
