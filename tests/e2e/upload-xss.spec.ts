import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signParams } from '../../src/contract/sign.ts';
import { apiSignIn } from './support/api.ts';
import { sharedServerForThisFile, signInDirectly } from './support/console.ts';
import type { TestServer } from './support/server.ts';
import { expect, test } from './support/test.ts';

// Issue 12, item 3: an uploaded file must never run script on the console's origin. The hostile file is an
// .xsd holding an XHTML <script> that would mark the page, beacon home and read the session cookies.
// The upload is the test user's own file (and the legacy one a file of its own in the data dir): the shared server.
const server = sharedServerForThisFile();

const HOSTILE = `<?xml version="1.0"?>
<html xmlns="http://www.w3.org/1999/xhtml"><body><script>
  try { top.__pwned = document.cookie || 'ran'; } catch (e) {}
  try { window.__pwned = 'ran'; } catch (e) {}
  new Image().src = '/pwned-beacon?c=' + encodeURIComponent(document.cookie);
</script></body></html>`;

async function upload(s: TestServer, token: string, filename: string, content: string): Promise<string> {
  const secret = /"signSecret"\s*:\s*"([^"]*)"/.exec(
    await (await fetch(`${s.url}/app-config.js`)).text(),
  )![1]!;
  const timestamp = Math.floor(Date.now() / 1000);
  const query = new URLSearchParams({
    timestamp: String(timestamp),
    sign: signParams(secret, {}, timestamp),
  });
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'application/xml' }), filename);
  const response = await fetch(`${s.url}/api/system/file/?${query}`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}` },
    body: form,
  });
  const envelope = (await response.json()) as { code: number; data: { url: string } };
  expect(envelope.code).toBe(2000);
  return `/${envelope.data.url}`;
}

test('an uploaded .xsd with script, opened from the console, never runs on its origin', async ({ page }) => {
  const s = server();
  const { access } = await apiSignIn(s, 'test');
  const stored = await upload(s, access, 'evil.xsd', HOSTILE);
  expect(stored).toMatch(/\.bin$/);
  // A file stored before the upload policy, under its hostile extension, is served just as inertly.
  mkdirSync(join(s.dataDir, 'media', 'files', 'e', 'e'), { recursive: true });
  writeFileSync(join(s.dataDir, 'media', 'files', 'e', 'e', 'legacy.xsd'), HOSTILE);
  const legacy = '/media/files/e/e/legacy.xsd';

  // The console itself must run under its Content-Security-Policy without a single violation.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signInDirectly(page, s).catch((error) => {
    throw new Error(`${error}\nCSP violations: ${violations.join('\n')}`);
  });
  const title = await page.title();
  for (const url of [stored, legacy]) {
    // Opened as a link would be: a new window on the console's origin downloads it instead of rendering it.
    const download = page.waitForEvent('download');
    await page.evaluate((href) => window.open(href, '_blank'), url);
    expect((await download).url()).toBe(`${s.url}${url}`);
    // Framed inside the console: refused (X-Frame-Options / CSP) or turned into a download — either way it
    // ends without rendering. An attachment fires no `load` in the frame, so wait for whichever comes first;
    // the frame's load promise is left pending when the download wins (it settles when the page closes).
    const framedLoad = page.evaluate(
      (href) =>
        new Promise<void>((done) => {
          const frame = document.createElement('iframe');
          frame.onload = () => done();
          frame.src = href;
          document.body.appendChild(frame);
        }),
      url,
    );
    framedLoad.catch(() => 'the page closed first');
    await Promise.race([framedLoad, page.waitForEvent('download')]);
  }
  // Fetched and rendered by hand as a last resort: the response says so (nosniff, sandbox, attachment).
  const headers = await page.evaluate(async (href) => {
    const r = await fetch(href);
    return {
      type: r.headers.get('content-type'),
      disposition: r.headers.get('content-disposition'),
      nosniff: r.headers.get('x-content-type-options'),
      csp: r.headers.get('content-security-policy'),
    };
  }, legacy);
  expect(headers).toMatchObject({
    type: 'application/octet-stream',
    disposition: 'attachment',
    nosniff: 'nosniff',
  });
  expect(headers.csp).toMatch(/^sandbox\b/);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(await page.title()).toBe(title);
  expect(await s.requestCount('/pwned-beacon')).toBe(0);
  expect(violations.filter((v) => !v.includes('/media/'))).toEqual([]);
  // The page that opened them is still the signed-in console.
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
