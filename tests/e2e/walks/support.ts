/**
 * The walks' mapping tables (see ./engine.ts): for the `tabs` and `session` charts, each user intent →
 * the chart events it causes and the user action that performs it in the page, and each state → a check of
 * the page. Events no user causes (router reports, responses, the start-up loads) are produced by the real
 * app: `react` says which ones follow a step, so the model settles where the user acts again.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { sessionMachine } from '../../../src/machines/session/session.machine.ts';
import { selectDropdownMenu, selectTabMenu } from '../../../src/machines/tabs/selectors.ts';
import { INDEX_TAB } from '../../../src/machines/tabs/tabList.ts';
import { tabsMachine } from '../../../src/machines/tabs/tabs.machine.ts';
import type { TabRoute, TabsContext } from '../../../src/machines/tabs/types.ts';
import { addSessionCookies, apiSignIn } from '../support/api.ts';
import { captchaField, fillLogin, openLogin, sessionCookies } from '../support/console.ts';
import type { TestServer } from '../support/server.ts';
import type { Snap, WalkModel, WalkStep } from './engine.ts';

/* ---------------------------------------------------------------- tabs ---------------------------------- */

/** Demo pages the tabs walk opens (created as menus through the API before the walks). */
export const TAB_PAGES = [
  { name: '示例甲', path: '/demoA', component: 'demo/notes/index', component_name: 'demoA' },
  { name: '示例乙', path: '/demoB', component: 'demo/notes/index', component_name: 'demoB' },
] as const;

const pageRoute = (p: (typeof TAB_PAGES)[number]): TabRoute => ({
  name: p.component_name,
  fullPath: p.path,
  params: {},
  query: {},
  meta: { title: p.name },
});

/** The routes the router reports, by path (the model's stand-in for the real matches). */
const ROUTES: Record<string, TabRoute> = Object.fromEntries([
  [INDEX_TAB.fullPath, INDEX_TAB],
  ...TAB_PAGES.map((p) => [p.path, pageRoute(p)]),
]);

type TabsIntent =
  | { type: 'signIn' }
  | { type: 'open'; path: string }
  | { type: 'select'; key: string }
  | { type: 'close'; key: string }
  | { type: 'menu'; key: string; command: string }
  | { type: 'dropdown'; command: string }
  | { type: 'closeAllButton' }
  | { type: 'drag'; from: number; to: number };

const tabsOf = (s: Snap) => (s.context as TabsContext).tabs;
const currentOf = (s: Snap) => (s.context as TabsContext).current;
const titleOf = (key: string) => ROUTES[key]?.meta.title ?? key;

const COMMAND_LABEL: Record<string, string> = {
  refresh: '刷新',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其它',
  closeAll: '关闭全部',
};

const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const tabEl = (page: Page, title: string) => tabBar(page).getByRole('tab', { name: title });
const tabTitles = (page: Page) =>
  tabBar(page)
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((t) => t.querySelector('span')?.textContent ?? ''));

/**
 * Between walks on one signed-in page: close every tab (the 关闭全部 button), which is where every tabs
 * walk stands after its sign-in step (index only, current). Returns the step to resume the walk at.
 */
export async function resetTabs(page: Page): Promise<number> {
  if ((await tabTitles(page)).length > 1) await page.getByRole('button', { name: '关闭全部' }).click();
  return 1;
}

export const tabsWalk: WalkModel<TabsIntent> = {
  name: 'tabs',
  machine: tabsMachine,
  maxPaths: 14,
  intents: (s) => {
    if (s.matches('restoring')) return [{ type: 'signIn' }];
    const tabs = tabsOf(s);
    const current = currentOf(s);
    const out: TabsIntent[] = [];
    for (const p of TAB_PAGES) if (p.path !== current) out.push({ type: 'open', path: p.path });
    for (const t of tabs) if (t.key !== current) out.push({ type: 'select', key: t.key });
    for (const t of tabs.slice(1)) out.push({ type: 'close', key: t.key });
    // Pins are not walked: a pinned tab survives 关闭全部, the reset between walks on the shared page
    // (tests/e2e/shell-nav.spec.ts drives pinning).
    for (const t of tabs) {
      for (const item of selectTabMenu(s as never, t.key))
        if (!item.disabled && item.command !== 'pin' && item.command !== 'unpin')
          out.push({ type: 'menu', key: t.key, command: item.command });
    }
    for (const item of selectDropdownMenu(s as never))
      if (!item.disabled) out.push({ type: 'dropdown', command: item.command });
    if (tabs.length > 1) out.push({ type: 'closeAllButton' });
    for (let from = 1; from < tabs.length; from++)
      for (let to = 1; to < tabs.length; to++) if (from !== to) out.push({ type: 'drag', from, to });
    return out;
  },
  toEvents: (intent): AnyEventObject[] => {
    switch (intent.type) {
      case 'signIn':
        // The app restores the (empty) saved list once the menus are known; the router shows /index.
        return [
          { type: 'tabs.restore', saved: undefined, validPaths: TAB_PAGES.map((p) => p.path) },
          { type: 'tab.opened', route: INDEX_TAB },
        ];
      case 'open':
        return [{ type: 'tab.opened', route: ROUTES[intent.path] }];
      case 'select':
        return [{ type: 'tab.selected', key: intent.key }];
      case 'close':
        return [{ type: 'tab.close', key: intent.key }];
      case 'menu':
        return [{ type: 'tab.command', command: intent.command, key: intent.key }];
      case 'dropdown':
        return [{ type: 'tab.command', command: intent.command }];
      case 'closeAllButton':
        return [{ type: 'tab.command', command: 'closeAll' }];
      case 'drag':
        return [{ type: 'tab.moved', from: intent.from, to: intent.to }];
    }
  },
  // The chart asks the router to navigate; the router then reports the page it shows.
  react: (_s, actions) =>
    actions
      .filter((a) => a.type === 'navigateTo')
      .map((a) => ({ type: 'tab.opened', route: ROUTES[(a.params as { to: string }).to] })),
  summarize: (c: TabsContext) => ({
    tabs: c.tabs.map((t) => t.fullPath),
    current: c.current,
    leaving: c.leaving,
  }),
  describe: (i) => {
    switch (i.type) {
      case 'signIn':
        return 'sign in';
      case 'open':
        return `open ${titleOf(i.path)}`;
      case 'select':
        return `click ${titleOf(i.key)}`;
      case 'close':
        return `× ${titleOf(i.key)}`;
      case 'menu':
        return `${titleOf(i.key)} menu ${i.command}`;
      case 'dropdown':
        return `dropdown ${i.command}`;
      case 'closeAllButton':
        return 'close-all button';
      case 'drag':
        return `drag ${i.from}→${i.to}`;
    }
  },
  start: async ({ page, server }) => {
    await openLogin(page, server);
  },
  actions: {
    signIn: async ({ page, server }) => {
      const key = await openLogin(page, server);
      await fillLogin(page, server, { username: 'superadmin', captchaKey: key });
      await captchaField(page).press('Enter');
      // the start-up loads after sign-in are slow on a loaded machine
      await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    },
    open: async ({ page, intent }) => {
      await page
        .getByRole('navigation', { name: '侧栏菜单' })
        .getByText(titleOf(intent.path as string), { exact: true })
        .click();
    },
    select: async ({ page, intent }) => {
      await tabEl(page, titleOf(intent.key as string)).click();
    },
    close: async ({ page, intent }) => {
      const title = titleOf(intent.key as string);
      // the × is for the mouse (the keyboard closes a focused tab with Delete): clicked as a mouse user would
      await tabEl(page, title).getByTestId('tab-close').click();
    },
    menu: async ({ page, intent }) => {
      await tabEl(page, titleOf(intent.key as string)).click({ button: 'right' });
      const menu = page.getByTestId('tab-context-menu');
      await menu.getByRole('menuitem', { name: COMMAND_LABEL[intent.command as string] }).click();
      await expect(menu).toBeHidden();
    },
    dropdown: async ({ page, intent }) => {
      await page.getByRole('button', { name: '更多操作' }).click();
      const menu = page.getByTestId('tab-dropdown');
      await menu.getByRole('menuitem', { name: COMMAND_LABEL[intent.command as string] }).click();
      await expect(menu).toBeHidden();
    },
    closeAllButton: async ({ page }) => {
      await page.getByRole('button', { name: '关闭全部' }).click();
    },
    drag: async ({ page, before, intent }) => {
      const tabs = tabsOf(before);
      const from = tabs[intent.from as number];
      const to = tabs[intent.to as number];
      if (!from || !to) throw new Error(`no tab at ${intent.from} or ${intent.to}`);
      await tabEl(page, titleOf(from.key)).dragTo(tabEl(page, titleOf(to.key)));
    },
  },
  checks: {
    // Before signing in: the login form, no tab bar.
    restoring: async ({ page }) => {
      await expect(page.getByLabel('用户名')).toBeEditable();
      await expect(tabBar(page)).toHaveCount(0);
    },
    // Restored: the bar shows the chart's tabs in order, the current one selected, the URL on it.
    ready: async ({ page, after }) => {
      const titles = tabsOf(after).map((t) => titleOf(t.key));
      await expect.poll(() => tabTitles(page)).toEqual(titles);
      const current = titleOf(currentOf(after));
      await expect(tabEl(page, current)).toHaveAttribute('aria-selected', 'true');
      await expect(tabBar(page).locator('[aria-selected="true"]')).toHaveCount(1);
      const fullPath = tabsOf(after).find((t) => t.key === currentOf(after))?.fullPath ?? '';
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === fullPath);
    },
    // Settled on the current tab: its page is what is shown, and the document title names it.
    'ready.idle': async ({ page, after }) => {
      const key = currentOf(after);
      await expect(page).toHaveTitle(`后台管理系统 | ${titleOf(key)}`);
      if (key === INDEX_TAB.fullPath) await expect(page.getByTestId('welcome-dept')).toBeVisible();
      else await expect(page.getByTestId('demo-location').filter({ visible: true })).toHaveText(key);
    },
  },
  transient: {
    'ready.navigating':
      'closing the active tab asks the router for the next tab; the router reports it within the same action',
  },
  outOfReach: {},
};

/* -------------------------------------------------------------- session --------------------------------- */

type SessionIntent =
  | { type: 'visit' }
  | { type: 'visitWithSession' }
  | { type: 'visitWithSessionStartupFails' }
  | { type: 'signIn' }
  | { type: 'wrongPassword' }
  | { type: 'signInStartupFails' }
  | { type: 'retryStartup' }
  | { type: 'requestLogout' }
  | { type: 'cancelLogout' }
  | { type: 'confirmLogout' }
  | { type: 'confirmLogoutServerDown' }
  | { type: 'userDisabled' }
  | { type: 'peerSignsOut' }
  | { type: 'peerSignsIn' }
  | { type: 'peerRefreshes' };

/** The request the start-up's first step makes; the walk fails it to reach the start-up error. */
const USER_INFO = '**/api/system/user/user_info/**';

const STARTUP_FAILS: readonly string[] = ['signInStartupFails', 'visitWithSessionStartupFails'];

const loginOutput = {
  access: 'walk.access',
  refresh: 'walk.refresh',
  userId: 1,
  name: '超级管理员',
  receivedAt: 0,
  username: 'superadmin',
};
const startupOk = {
  ok: true,
  data: { user: { id: 1, username: 'superadmin', name: '超级管理员' }, menus: [] },
};
const startupFailed = { ok: false, step: 'userInfo', reason: { key: 'http:status.500' } };

async function openLogoutConfirm(page: Page, before: Snap) {
  if (before.matches({ signedIn: { data: 'failed' } }))
    await page.getByTestId('startup-error').getByRole('button', { name: '退出登录' }).click();
  else {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '注销' }).click();
  }
}

/** Requests that carry the session: the API and the message poll. */
const isSignedRequest = (url: URL) => /^\/(api|xy)\//.test(url.pathname);

/** A session from earlier in this browser: its cookies (signed in over the API), then the console opened. */
async function openWithEarlierSession(page: Page, server: TestServer) {
  await addSessionCookies(page.context(), server, await apiSignIn(server));
  await page.goto(`${server.url}/index`);
}

const logoutDialog = (page: Page) => page.getByRole('dialog', { name: '注销用户' });

/**
 * Another tab of the same browser (same context: same cookies, same BroadcastChannel origin), opened by the
 * first peer step and kept for the next ones.
 */
async function peerTab(page: Page): Promise<Page> {
  return (
    page
      .context()
      .pages()
      .find((other) => other !== page) ?? page.context().newPage()
  );
}

/** The peer tab, signed in with the shared session (opened on /index when it is not showing the shell). */
async function signedInPeer(page: Page, server: TestServer): Promise<Page> {
  const peer = await peerTab(page);
  if (!(await peer.getByTestId('user-menu').isVisible())) {
    await peer.goto(`${server.url}/index`);
    await expect(peer.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  }
  return peer;
}

/** A signed request's refusal as the server words an expired access token. */
const TOKEN_EXPIRED = JSON.stringify({
  code: 401,
  msg: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
  data: null,
});

async function submitLogin(page: Page, step: WalkStep, password?: string) {
  const captcha = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/captcha/');
  await page.getByTestId('captcha-image').click();
  const body = (await (await captcha).json()) as { data?: { key?: string | number } };
  await fillLogin(page, step.server, {
    username: 'superadmin',
    ...(password ? { password } : {}),
    captchaKey: body.data?.key === undefined ? undefined : String(body.data.key),
  });
  await captchaField(page).press('Enter');
}

export const sessionWalk: WalkModel<SessionIntent> = {
  name: 'session',
  machine: sessionMachine,
  maxPaths: 12,
  intents: (s) => {
    if (s.matches('restoring'))
      return [{ type: 'visit' }, { type: 'visitWithSession' }, { type: 'visitWithSessionStartupFails' }];
    if (s.matches('signedOut'))
      return [
        { type: 'signIn' },
        { type: 'wrongPassword' },
        { type: 'signInStartupFails' },
        { type: 'peerSignsIn' },
      ];
    if (s.matches({ signedIn: { logout: 'confirmingLogout' } }))
      return [{ type: 'cancelLogout' }, { type: 'confirmLogout' }, { type: 'confirmLogoutServerDown' }];
    if (s.matches({ signedIn: { data: 'failed' } }))
      return [{ type: 'retryStartup' }, { type: 'requestLogout' }];
    if (s.matches({ signedIn: { data: 'ready' } }))
      return [
        { type: 'requestLogout' },
        { type: 'userDisabled' },
        { type: 'peerSignsOut' },
        { type: 'peerRefreshes' },
      ];
    return [];
  },
  toEvents: (intent): AnyEventObject[] => {
    switch (intent.type) {
      case 'visit':
        return [{ type: 'xstate.done.actor.readStoredSession', output: { receivedAt: 0 } }];
      case 'visitWithSession':
      case 'visitWithSessionStartupFails':
        return [
          {
            type: 'xstate.done.actor.readStoredSession',
            output: { token: 'walk.access', refresh: 'walk.refresh', uuid: '1', receivedAt: 0 },
          },
        ];
      case 'signIn':
      case 'signInStartupFails':
        return [{ type: 'xstate.done.actor.login', output: loginOutput }];
      case 'wrongPassword':
        return []; // the login chart says why; the session stays signed out
      case 'retryStartup':
        return [{ type: 'session.startupRetried' }];
      case 'requestLogout':
        return [{ type: 'session.logoutRequested' }];
      case 'cancelLogout':
        return [{ type: 'session.logoutCancelled' }];
      case 'confirmLogout':
      case 'confirmLogoutServerDown':
        return [{ type: 'session.logoutConfirmed' }];
      case 'userDisabled':
        return [{ type: 'session.expired', reason: 'user_not_found' }];
      case 'peerSignsOut':
        return [{ type: 'session.peerSignedOut' }];
      case 'peerSignsIn':
        return [
          {
            type: 'session.peerSignedIn',
            session: { token: 'walk.access', refresh: 'walk.refresh', uuid: '1', receivedAt: 0 },
          },
        ];
      case 'peerRefreshes':
        return [{ type: 'session.peerRefreshed', uuid: '1', token: 'walk.peer', receivedAt: 0 }];
    }
  },
  // The responses: the start-up loads (failing only on the attempt the walk made fail), the logout call and
  // the local database.
  react: (s, _actions, intent) => {
    if (s.matches({ signedIn: { data: 'loading' } }))
      return [
        {
          type: 'xstate.done.actor.startup',
          output: STARTUP_FAILS.includes(intent.type) ? startupFailed : startupOk,
        },
      ];
    if (s.matches({ signingOut: 'callingLogoutApi' }))
      return intent.type === 'confirmLogoutServerDown'
        ? [{ type: 'xstate.error.actor.logout', error: { message: 'Network Error', transient: true } }]
        : [{ type: 'xstate.done.actor.logout' }];
    if (s.matches({ signingOut: 'clearingLocalData' }))
      return [{ type: 'xstate.done.actor.clearLocalDatabase' }];
    return [];
  },
  summarize: () => null,
  describe: (i) => i.type,
  actions: {
    visit: async ({ page, server }) => {
      await openLogin(page, server, '/index');
    },
    visitWithSession: async ({ page, server }) => {
      await openWithEarlierSession(page, server);
    },
    visitWithSessionStartupFails: async ({ page, server }) => {
      await page.route(USER_INFO, (route) => route.fulfill({ status: 500, body: 'boom' }));
      await openWithEarlierSession(page, server);
    },
    signIn: async (step) => {
      await submitLogin(step.page, step);
    },
    wrongPassword: async (step) => {
      await submitLogin(step.page, step, 'not-the-password');
      await expect(step.page.getByRole('alert').filter({ hasText: '账号/密码错误' }).first()).toBeVisible();
      await expect(step.page.getByLabel('用户名')).toHaveValue('superadmin');
    },
    signInStartupFails: async (step) => {
      await step.page.route(USER_INFO, (route) => route.fulfill({ status: 500, body: 'boom' }));
      await submitLogin(step.page, step);
    },
    retryStartup: async ({ page }) => {
      await page.unroute(USER_INFO);
      await page.getByTestId('startup-error').getByRole('button', { name: '重试' }).click();
    },
    requestLogout: async ({ page, before }) => {
      await openLogoutConfirm(page, before);
    },
    cancelLogout: async ({ page }) => {
      await logoutDialog(page).getByRole('button', { name: '取消' }).click();
      await expect(page.getByText('取消注销操作')).toBeVisible();
    },
    confirmLogout: async ({ page }) => {
      const logoutCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout/');
      await logoutDialog(page).getByRole('button', { name: '确定' }).click();
      await logoutCall;
    },
    // The logout call fails (the server is unreachable): the console signs out locally all the same.
    confirmLogoutServerDown: async ({ page }) => {
      const logoutCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout/');
      await page.route('**/api/logout/**', (route) => route.abort('connectionrefused'));
      await logoutDialog(page).getByRole('button', { name: '确定' }).click();
      await logoutCall;
    },
    // An administrator disables the user: the server answers every signed request 401 user_not_found (as
    // server/http/auth.ts does). No click is needed (one would race the toast): the app's own message poll
    // asks within 5 s and meets the refusal.
    userDisabled: async ({ page }) => {
      // Only requests carrying the token, and only until the session has ended: the login page that
      // follows must load its settings and captcha from the real server.
      let refused = false;
      await page.route(isSignedRequest, async (route) => {
        if (refused || !route.request().headers().authorization) return route.continue();
        refused = true;
        await route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            code: 401,
            msg: { detail: '用户不存在或已被删除', code: 'user_not_found' },
            data: null,
          }),
        });
      });
      await expect(page.getByText('用户无效，请重新登录！').first()).toBeVisible({ timeout: 20_000 });
      await page.unroute(isSignedRequest);
    },
    // Another tab logs out through its user menu: this page follows to the login page without a click.
    peerSignsOut: async ({ page, server }) => {
      const peer = await signedInPeer(page, server);
      await peer.getByTestId('user-menu').click();
      await peer.getByRole('menuitem', { name: '注销' }).click();
      await logoutDialog(peer).getByRole('button', { name: '确定' }).click();
      await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 5_000 });
      await expect(page.getByText('已在其他标签页退出登录').first()).toBeVisible();
      // The other tab has cleared the shared cookies and reloaded at /login.
      await expect(peer).toHaveURL(`${server.url}/login`);
    },
    // Another tab signs in through its form: this page comes back without a click.
    peerSignsIn: async ({ page, server }) => {
      const peer = await peerTab(page);
      const key = await openLogin(peer, server);
      await fillLogin(peer, server, { username: 'superadmin', captchaKey: key });
      await captchaField(peer).press('Enter');
      await expect(peer.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    },
    // Another tab's request is refused as expired: it refreshes once, and this page's next request (its
    // message poll, within 5 s) carries the new token — taken from the other tab, not refreshed here.
    peerRefreshes: async ({ page, server }) => {
      const peer = await signedInPeer(page, server);
      const refreshesHere: string[] = [];
      const countHere = (r: { url(): string }) => {
        if (new URL(r.url()).pathname === '/token/refresh/') refreshesHere.push(r.url());
      };
      page.on('request', countHere);
      let refused = false;
      await peer.route(isSignedRequest, async (route) => {
        if (refused || !route.request().headers().authorization) return route.continue();
        refused = true;
        await route.fulfill({ contentType: 'application/json', body: TOKEN_EXPIRED });
      });
      const refreshed = await peer.waitForResponse((r) => new URL(r.url()).pathname === '/token/refresh/', {
        timeout: 20_000,
      });
      expect(refreshed.status()).toBe(200);
      await peer.unroute(isSignedRequest);
      const { token } = await sessionCookies(peer);
      await page.waitForRequest(
        (r) => isSignedRequest(new URL(r.url())) && r.headers().authorization === `JWT ${token}`,
        { timeout: 20_000 },
      );
      page.off('request', countHere);
      expect(refreshesHere).toEqual([]);
    },
  },
  checks: {
    // Signed out: the login page with its form, no session cookie.
    signedOut: async ({ page }) => {
      await expect(page).toHaveURL(/\/login(\?|$)/);
      await expect(page.getByLabel('用户名')).toBeEditable();
      await expect(page.getByTestId('user-menu')).toHaveCount(0);
      expect((await sessionCookies(page)).token).toBeUndefined();
    },
    // Signed in: the session cookies are set and the login form is gone.
    signedIn: async ({ page }) => {
      await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
      await expect(page.getByLabel('用户名')).toHaveCount(0);
      expect((await sessionCookies(page)).token).toBeTruthy();
    },
    'signedIn.data.ready': async ({ page }) => {
      // the start-up loads are slow on a loaded machine
      await expect(page.getByTestId('user-menu')).toContainText('你好 超级管理员', { timeout: 30_000 });
      await expect(page.getByTestId('startup-error')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: '侧栏菜单' })).toBeVisible();
    },
    'signedIn.data.failed': async ({ page }) => {
      const screen = page.getByTestId('startup-error');
      await expect(screen).toContainText('控制台启动失败', { timeout: 30_000 });
      await expect(screen).toContainText('用户信息');
    },
    'signedIn.token.valid': async ({ page }) => {
      const { token, refresh, uuid } = await sessionCookies(page);
      expect([!!token, !!refresh, uuid]).toEqual([true, true, '1']);
    },
    'signedIn.logout.idle': async ({ page }) => {
      await expect(logoutDialog(page)).toHaveCount(0);
    },
    'signedIn.logout.confirmingLogout': async ({ page }) => {
      await expect(logoutDialog(page)).toBeVisible();
      await expect(logoutDialog(page)).toContainText('确定要注销当前用户吗');
    },
    // Logged out: back on /login (the page reloaded), every session cookie cleared.
    loggedOut: async ({ page, server }) => {
      await expect(page).toHaveURL(`${server.url}/login`);
      await expect(page.getByLabel('用户名')).toBeEditable();
      expect(await sessionCookies(page)).toEqual({ token: undefined, refresh: undefined, uuid: undefined });
    },
  },
  transient: {
    restoring: 'reading the cookies happens while the page loads, before anything is shown',
    'signedIn.data.loading': 'the start-up loads run right after sign-in; the walk checks where they end',
    'signingOut.callingLogoutApi': 'the logout call is answered within the confirm action',
    'signingOut.clearingLocalData': 'clearing local data ends within the confirm action',
  },
  outOfReach: {
    'signedIn.token.refreshing':
      'a refresh starts on a timer or a 401 from the http client, not on a user action (token-refresh.spec.ts)',
    'signedIn.token.waitingToRetry': 'needs a network failure of the refresh call (unit paths cover it)',
  },
};
