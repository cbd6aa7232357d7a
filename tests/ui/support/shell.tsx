import { act } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { fromPromise } from 'xstate';
import { createAppMachine } from '../../../src/machines/app/app.machine.ts';
import { getTabsRef } from '../../../src/machines/app/selectors.ts';
import { createShellLogic } from '../../../src/machines/app/shell.ts';
import { AppActor } from '../../../src/ui/app/actor.ts';
import { renderUi } from './render.tsx';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/**
 * Renders `router` inside the app's actor with the shell's charts running, as the services boot them: the
 * shell charts are handed over, then the tabs restored (none saved); the session never restores (its
 * reader never answers), so nothing else moves. Returns the tabs chart (once the shell is running).
 */
export async function renderShell(router: Router) {
  const logic = createAppMachine({
    session: { actors: { readStoredSession: fromPromise(() => new Promise(() => {})) as never } },
  });
  const shell = createShellLogic({
    tabs: {
      actions: {
        saveTabs: () => {},
        navigateTo: (_: unknown, { to }: { to: string }) => void router.navigate(to),
      },
    },
  });
  function Boot({ children }: { children: ReactNode }) {
    const app = AppActor.useActorRef();
    const ready = AppActor.useSelector((s) => s.context.shellReady);
    useEffect(() => app.send({ type: 'app.shellLoaded', logic: shell }), [app]);
    useEffect(() => {
      if (ready) getTabsRef(app).send({ type: 'tabs.restore', saved: null, validPaths: [] });
    }, [ready, app]);
    return ready ? children : null;
  }
  let tabs: ReturnType<typeof getTabsRef> | undefined;
  function Grab() {
    tabs = getTabsRef(AppActor.useActorRef());
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
  return { tabs: () => tabs as NonNullable<typeof tabs> };
}
