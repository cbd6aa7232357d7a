/**
 * Playwright's `test` with one automatic fixture: what the browser said went wrong (uncaught page errors,
 * console errors) is collected per page and printed when a test fails, so a failure in CI names its cause
 * (a chart that stopped, a request refused) instead of only the assertion that noticed it.
 */
import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) => errors.push(`page error: ${error.stack ?? error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
        });
      };
      for (const page of context.pages()) watch(page);
      context.on('page', watch);
      await use(errors);
      if (testInfo.status !== testInfo.expectedStatus && errors.length)
        console.log(`browser errors during "${testInfo.title}":\n  ${errors.slice(-20).join('\n  ')}`);
    },
    { auto: true },
  ],
});
