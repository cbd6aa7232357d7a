// The demo that lives (issue 13): `npm run manage -- demo-feed` runs simulated phones against the real server
// — heartbeats, their tasks, listings through the phone token — while /items is open. What it stored arrives
// on the page without a reload; what a filter or the blacklist dropped never shows.
// Its own server with the demo set seeded (DEMO_DATA=1: tasks, phones, filters, a blacklisted seller).
import { spawn } from 'node:child_process';
import { signInDirectly, startServerForThisFile } from './support/console.ts';
import { ROOT } from './support/server.ts';
import { expect, test } from './support/test.ts';

const server = startServerForThisFile({ env: { DEMO_DATA: '1' } });

/** Runs the demo feed to its end; resolves its output lines. */
function demoFeed(count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/manage.ts',
        'demo-feed',
        '--rate',
        '10',
        '--count',
        String(count),
        '--url',
        server().url,
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: server().dataDir, INGEST_TOKEN: '' } },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out.split('\n')) : reject(new Error(`demo-feed exited ${code}:\n${out}`)),
    );
  });
}

test('the demo feed’s stored listings arrive on /items live; the ones a filter or the blacklist dropped never show', async ({
  page,
}) => {
  await signInDirectly(page, server(), 'superadmin', '/items');
  await expect(page.getByTestId('items-live-status')).toHaveAttribute('data-state', 'following');
  const marker = await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same page';
    return 'same page';
  });

  // Each listing is dropped by a filter or the blacklist with a chance of 1 in 5: 30 make one all but certain.
  const lines = await demoFeed(30);
  const stored = lines.flatMap((l) => /^#(\d+) /.exec(l)?.[1] ?? []);
  const dropped = lines.flatMap((l) => {
    const m = /^· (filter|blacklist)(?: 「[^」]*」)?: (.+) \((.+)\) ← /.exec(l);
    return m ? [{ title: m[2]!, seller: m[3]! }] : [];
  });
  expect(stored.length, lines.join('\n')).toBeGreaterThan(0);
  expect(dropped.length, lines.join('\n')).toBeGreaterThan(0);

  // The latest stored listings are on the page, newest first, and the page was never reloaded.
  const rows = page.getByTestId('items-row');
  await expect(rows.first()).toHaveAttribute('data-row', stored.at(-1)!);
  for (const id of stored.slice(-10)) await expect(page.locator(`[data-row="${id}"]`)).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(marker);
  for (const { title, seller } of dropped) {
    await expect(rows.filter({ hasText: title }).filter({ hasText: seller })).toHaveCount(0);
  }
});
