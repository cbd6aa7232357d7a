import { expect, type Page, type Response, test } from '@playwright/test';
import { type ServerOptions, startServer, type TestServer } from './server.ts';

export const PASSWORD = 'admin123456';

/** Starts a fresh server before the spec file's tests and stops it (by PID) after them. */
export function startServerForThisFile(options: ServerOptions = {}): () => TestServer {
  let server: TestServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer(options);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}

const isCaptchaResponse = (response: Response) => new URL(response.url()).pathname === '/api/captcha/';

async function captchaKeyOf(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { data?: { key?: unknown }; key?: unknown };
  const key = body.data?.key ?? body.key;
  return key === undefined || key === null ? undefined : String(key);
}

/**
 * Opens `path` (signed out it lands on /login) and waits for the login form with its captcha loaded.
 * Returns the captcha key the page shows (undefined when captcha is off).
 */
export async function openLogin(page: Page, server: TestServer, path = '/login', captcha = true) {
  const captchaResponse = captcha ? page.waitForResponse(isCaptchaResponse) : undefined;
  await page.goto(`${server.url}${path}`);
  await expect(page.getByLabel('用户名')).toBeEditable();
  return captchaResponse ? captchaKeyOf(await captchaResponse) : undefined;
}

/** Fills the form; with a key, answers the captcha through the server's test hook. */
export async function fillLogin(
  page: Page,
  server: TestServer,
  values: { username: string; password?: string; captchaKey?: string | undefined; captcha?: string },
) {
  await page.getByLabel('用户名').fill(values.username);
  await page.getByLabel('密码', { exact: true }).fill(values.password ?? PASSWORD);
  if (values.captcha !== undefined) await captchaField(page).fill(values.captcha);
  else if (values.captchaKey !== undefined)
    await captchaField(page).fill(await server.captchaAnswer(values.captchaKey));
}

/** Signs in through the form (captcha on) and waits for the shell. */
export async function signIn(page: Page, server: TestServer, username = 'superadmin', path = '/login') {
  const key = await openLogin(page, server, path);
  await fillLogin(page, server, { username, captchaKey: key });
  await captchaField(page).press('Enter');
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** The 验证码 input (the refresh button's label also mentions 验证码). */
export const captchaField = (page: Page) => page.getByRole('textbox', { name: '验证码', exact: true });

/** Names of the cookies the console sets for a session. */
export async function sessionCookies(page: Page) {
  const cookies = await page.context().cookies();
  const byName = new Map(cookies.map((c) => [c.name, c.value]));
  return { token: byName.get('token'), refresh: byName.get('refresh'), uuid: byName.get('uuid') };
}
