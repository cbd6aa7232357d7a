import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { fromCallback, fromPromise } from 'xstate';
import { createAppMachine } from '../../../src/machines/app/app.machine.ts';
import { getTabsRef, selectShellStatus } from '../../../src/machines/app/selectors.ts';
import { createShellMachine } from '../../../src/machines/shell/shell.machine.ts';
import type { UserSlices, UserSlicesInput } from '../../../src/machines/shell/userData.ts';
import { AppActor } from '../../../src/ui/app/actor.ts';
import { stored } from '../../machines/session/data.ts';
import { renderUi } from './render.tsx';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/**
 * Renders `router` inside the app's actor with the shell running, as the services boot it: a session is
 * restored (its start-up never answers, so nothing else moves), the shell chart starts, reads no saved
 * data and restores the tabs once the menus (none) are known. Returns the tabs chart.
 */
export async function renderShell(router: Router) {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const logic = createAppMachine({
    session: {
      actors: { readStoredSession: fromPromise(async () => stored), startup: never as never },
      actions: { cacheMenus: () => {}, clearCookies: () => {} },
    },
    app: {
      actors: {
        loadShell: fromPromise(async () => {}),
        shell: createShellMachine({
          tabs: {
            actions: {
              saveTabs: () => {},
              navigateTo: (_: unknown, { to }: { to: string }) => void router.navigate(to),
            },
          },
          messagePoller: { actors: { ticker: fromCallback(() => () => {}) } },
          shell: {
            actors: {
              readUserSlices: fromPromise<UserSlices, UserSlicesInput>(async () => ({
                preferences: undefined,
                tabs: null,
              })),
            },
          },
        }),
      },
    },
  });
  function Boot({ children }: { children: ReactNode }) {
    const running = AppActor.useSelector((s) => selectShellStatus(s) === 'running');
    return running ? children : null;
  }
  let tabs: ReturnType<typeof getTabsRef>;
  function Grab() {
    const app = AppActor.useActorRef();
    tabs = getTabsRef(app);
    // no start-up in these tests: the tabs are restored with nothing saved, as after a first sign-in
    if (tabs?.getSnapshot().matches('restoring'))
      tabs.send({ type: 'tabs.restore', saved: null, validPaths: [] });
    return null;
  }
  renderUi(
    <AppActor.Provider logic={logic}>
      <Boot>
        <Grab />
        <RouterProvider router={router} />
      </Boot>
    </AppActor.Provider>,
  );
  await act(async () => {});
  await act(async () => {});
  return { tabs: () => tabs as NonNullable<typeof tabs> };
}
