/**
 * A page's own chart, run by the shell (src/machines/shell/shell.machine.ts, "Page charts"): the page asks
 * for it when it mounts (`shell.pageOpened`) and lets it go when it unmounts (`shell.pageClosed`), and
 * reads it from the shell's snapshot, so the state panel, the inspector and replay see it with the others.
 *
 * The chart is opened in a layout effect, so it exists before the first paint (the first render has none:
 * draw nothing or a loader). A page hidden under `<Activity>` (keep-alive) runs its effects' cleanups, so
 * its chart stops and starts afresh when the page shows again.
 */
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef } from 'react';
import { type PageRefs, selectPageChild, selectShellRef } from '../../machines/app/selectors.ts';
import type { PageOpened } from '../../machines/shell/types.ts';
import { AppActor } from './actor.ts';

type Opened<C extends keyof PageRefs> = Omit<Extract<PageOpened, { chart: C }>, 'type'>;

export function usePageChart<C extends keyof PageRefs>(
  open: Opened<C> & { chart: C },
): PageRefs[C] | undefined {
  const shell = AppActor.useSelector(selectShellRef);
  const latest = useRef(open);
  latest.current = open;
  const { key } = open;
  // A key names one page's chart: a new key opens a new chart (the input is read when it opens).
  useLayoutEffect(() => {
    if (!shell) return;
    shell.send({ ...latest.current, type: 'shell.pageOpened' } as PageOpened);
    return () => {
      // A shell already stopped (signed out, another user) took its children with it.
      if (shell.getSnapshot().status === 'active') shell.send({ type: 'shell.pageClosed', key });
    };
  }, [shell, key]);
  return useSelector(shell, (s) => selectPageChild<C>(s, key));
}
