import { apiCall, apiSignIn } from '../support/api.ts';
import { startServerForThisFile } from '../support/console.ts';
import { expect, type Page, test } from '../support/test.ts';
import { planWalks, runWalk } from './engine.ts';
import { resetTabs, TAB_PAGES, tabsWalk } from './support.ts';

// Paths generated from the tabs chart (src/machines/tabs/tabs.machine.ts), each driven through the tab bar:
// side menu, tab clicks, close buttons, the context menu, the dropdown, the close-all button and dragging.
// The walks share one signed-in page (signing in is most of a walk's time): the first walk signs in through
// the form, the next ones start after a reset (关闭全部) at the state every walk has after its sign-in.
const server = startServerForThisFile();
const plan = planWalks(tabsWalk);

let shared: Page | undefined;
let signedIn = false;
const checked = new Set<string>();
const performed = new Set<string>();

test.beforeAll(async ({ browser }) => {
  const s = server();
  const { access } = await apiSignIn(s);
  for (const [index, page] of TAB_PAGES.entries()) {
    await apiCall(s, access, 'POST', '/api/system/menu/', {
      ...page,
      icon: 'file',
      sort: 30 + index,
      web_path: page.path,
      cache: false,
      is_catalog: false,
      is_link: false,
      visible: true,
      status: true,
    });
  }
  shared = await browser.newPage();
});

test.afterAll(async () => {
  await shared?.context().close();
  console.info(
    `tabs walks checked states [${[...checked].sort().join(', ')}], performed [${[...performed].sort().join(', ')}]`,
  );
});

test('every tabs state a user can reach has a page check, and the walks cover it', () => {
  console.info(plan.line);
  expect(plan.problems).toEqual([]);
  expect(plan.coverage.states.visited).toEqual(plan.coverage.states.total);
  expect(plan.coverage.intents).toEqual(
    ['close', 'closeAllButton', 'drag', 'dropdown', 'menu', 'open', 'select', 'signIn'].sort(),
  );
  // every walk signs in first, so a shared page can resume each one after its sign-in step
  expect(plan.walks.every((w) => w.intents[0]?.type === 'signIn')).toBe(true);
});

for (const walk of plan.walks) {
  test(walk.title, async () => {
    test.fail(walk.knownBug !== undefined, walk.knownBug);
    const page = shared as Page;
    const resumeAt = signedIn ? await resetTabs(page) : 0;
    signedIn = true;
    const run = await runWalk(tabsWalk, walk, page, server(), resumeAt);
    for (const k of run.checked) checked.add(k);
    for (const k of run.performed) performed.add(k);
  });
}
