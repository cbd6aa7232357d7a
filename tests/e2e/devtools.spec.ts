import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { sharedServerForThisFile, signInDirectly, startServerForThisFile } from './support/console.ts';
import { ROOT } from './support/server.ts';
import { expect, type Page, test } from './support/test.ts';

// Changes nothing another file sees: the shared server. E2E_WEB_DIR: a server of its own serving another
// build than dist/ (a session checking its own build while others use dist/).
const server = process.env.E2E_WEB_DIR
  ? startServerForThisFile({ env: { WEB_DIR: process.env.E2E_WEB_DIR } })
  : sharedServerForThisFile();

/** Every script the page fetched whose file name starts with `prefix` (Vite names chunks after modules). */
function chunkRequests(page: Page, prefix: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').at(-1) ?? '';
    if (name.startsWith(prefix) && name.endsWith('.js')) seen.push(name);
  });
  return seen;
}

test.beforeEach(async ({ context }) => {
  // The Stately inspector opens stately.ai in a window: nothing leaves the machine in tests.
  await context.route(/stately\.ai/, (route) => route.abort());
});

test('with ?debug the state panel shows the signed-in session and the tabs, and copies a replayable report', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server().url });
  const inspector = chunkRequests(page, 'inspection-stately-');
  await signInDirectly(page, server(), 'superadmin', '/login?debug');
  await page.getByTestId('header-devtools').click();
  const panel = page.getByTestId('devtools-panel');
  await expect(panel).toBeVisible();
  const actor = (key: string) => panel.locator(`[data-testid="devtools-actor"][data-actor="${key}"]`);
  await expect(actor('app')).toBeVisible();
  await expect(actor('session').getByTestId('devtools-actor-state')).toHaveText(/^signedIn/);
  await expect(actor('tabs').getByTestId('devtools-actor-state')).toHaveText(/^ready/);
  for (const key of ['routeGuard', 'log', 'preferences', 'fullscreen', 'socket', 'messagePoller'])
    await expect(actor(key)).toHaveCount(1);
  // The context summary is masked: the session's token shows its claims, never its signature.
  await actor('session').locator('summary').click();
  const cookieToken = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
  expect(cookieToken.split('.')).toHaveLength(3);
  await expect(actor('session').locator('pre')).not.toContainText(cookieToken.split('.')[2] as string);

  await page.getByRole('tab', { name: /^事件/ }).click();
  await expect(panel.getByTestId('devtools-event').first()).toBeVisible();

  await page.getByTestId('devtools-copy').click();
  await expect(page.getByTestId('devtools-notice')).toContainText('已复制报告');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const report = JSON.parse(copied) as {
    version: number;
    actors: Record<string, { chart: string; events: { type: string }[]; states: unknown[] }>;
  };
  expect(report.version).toBe(1);
  expect(report.actors.session?.events.map((e) => e.type)).toContain('xstate.init');
  expect(report.actors.session?.states.at(-1)).toMatchObject({ signedIn: expect.anything() });
  expect(report.actors.tabs?.events.length).toBeGreaterThan(1);
  expect(copied).not.toContain('admin123456');
  expect(copied).not.toContain(cookieToken.split('.')[2]);
  expect(inspector).toEqual([]);

  // What the operator attaches replays: `npm run replay <report.json>`.
  const file = test.info().outputPath('report.json');
  writeFileSync(file, copied);
  const replay = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(replay.stderr).not.toMatch(/DIVERGED/);
  expect(replay.stdout).toMatch(/every recorded state reproduced/);
  expect(replay.status).toBe(0);
});

test('without ?debug the production build has no panel button and loads no devtools chunk', async ({
  page,
}) => {
  const store = chunkRequests(page, 'inspection-store-');
  const inspector = chunkRequests(page, 'inspection-stately-');
  await signInDirectly(page, server());
  await expect(page.getByTestId('header-search')).toBeVisible();
  await expect(page.getByTestId('header-devtools')).toHaveCount(0);
  expect(store).toEqual([]);
  expect(inspector).toEqual([]);
});

test('?inspect loads the Stately inspector chunk (and only then)', async ({ page, context }) => {
  const inspector = chunkRequests(page, 'inspection-stately-');
  const stately: string[] = [];
  context.on('request', (request) => {
    if (/stately\.ai/.test(request.url())) stately.push(request.url());
  });
  await page.goto(`${server().url}/login?inspect`);
  await expect(page.getByLabel('用户名')).toBeEditable();
  await expect.poll(() => inspector.length).toBe(1);
  // It opens the inspector's window on stately.ai (blocked here).
  await expect.poll(() => stately[0]).toMatch(/^https:\/\/stately\.ai\/inspect/);
});
