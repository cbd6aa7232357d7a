import type { Page } from '@playwright/test';

/**
 * The key of the captcha challenge the login page shows (`data-captcha-key` on its image button, set once
 * the image is there: inlined by the server with the page, or answered by /api/captcha/); undefined when
 * the form has no captcha row. For the e2e tests and the benches alike (no test-runner API).
 */
export async function shownCaptchaKey(page: Page, timeout = 30_000): Promise<string | undefined> {
  const button = page.getByTestId('captcha-image');
  if ((await button.count()) === 0) return undefined;
  await button.and(page.locator('[data-captcha-key]')).waitFor({ timeout });
  return (await button.getAttribute('data-captcha-key')) ?? undefined;
}
