import { startServerForThisFile } from '../support/console.ts';
import { type BrowserContext, expect, type Page, test } from '../support/test.ts';
import { chainWalks, planWalks, resumeIndex, runWalk, type Snap } from './engine.ts';
import { sessionWalk } from './support.ts';

// Paths generated from the session chart (src/machines/session/session.machine.ts), each driven through
// the console: opening it with or without an earlier session, the login form, the start-up error screen,
// the logout confirm, and the server ending the session. A walk goes on in the page the previous one left
// when it starts from the state that one ended in (e.g. signed out); otherwise it gets a fresh browser.
const server = startServerForThisFile();
const plan = planWalks(sessionWalk);
const walks = chainWalks(sessionWalk, plan.walks);

let context: BrowserContext | undefined;
let page: Page | undefined;
let endedIn: Snap | undefined;
const checked = new Set<string>();
const performed = new Set<string>();

test.afterAll(async () => {
  await context?.close();
  console.info(
    `session walks checked states [${[...checked].sort().join(', ')}], performed [${[...performed].sort().join(', ')}]`,
  );
});

test('every session state a user can reach has a page check, and the walks cover it', () => {
  console.info(plan.line);
  expect(plan.problems).toEqual([]);
  const unvisited = plan.coverage.states.total.filter((s) => !plan.coverage.states.visited.includes(s));
  expect(unvisited.sort()).toEqual(
    Object.keys(sessionWalk.outOfReach)
      .map((key) => `session.${key}`)
      .sort(),
  );
});

for (const walk of walks) {
  test(walk.title, async ({ browser }) => {
    const resumeAt = endedIn && page ? resumeIndex(sessionWalk, walk, endedIn) : 0;
    endedIn = undefined;
    if (resumeAt === 0 || !page) {
      await context?.close();
      context = await browser.newContext();
      page = await context.newPage();
    }
    const run = await runWalk(sessionWalk, walk, page, server(), resumeAt);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    endedIn = walk.path.state;
    for (const k of run.checked) checked.add(k);
    for (const k of run.performed) performed.add(k);
  });
}
