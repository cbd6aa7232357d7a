import { useSelector } from '@xstate/react';
import { Activity, Fragment, type ReactNode, useContext, useEffect, useRef } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  type Location,
  UNSAFE_LocationContext as LocationContext,
  type Params,
  useLocation,
  useMatches,
  useOutlet,
} from 'react-router';
import { selectKeepAliveKeys } from '../../../machines/tabs/selectors.ts';
import { tabKey } from '../../../machines/tabs/tabList.ts';
import type { TabRoute } from '../../../machines/tabs/types.ts';
import { useTabsRef } from '../../app/actor.ts';
import { onSettled } from '../../app/router-settled.ts';
import type { RouteHandle } from '../../app/routes.tsx';
import classes from './Tabs.module.css';

type Kept = {
  element: ReactNode;
  location: React.ContextType<typeof LocationContext>;
  state: React.ContextType<typeof DataRouterStateContext>;
};

const sameKeys = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);
const sameCounters = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** The deepest route the router matched: its params and its handle. */
type ShownMatch = { params: Params; handle?: unknown } | undefined;

/** The page the router shows, as the tabs chart takes it (seed §3 "Open tab"). */
export function toTabRoute(location: Location, match: ShownMatch): TabRoute {
  const handle = (match?.handle ?? {}) as RouteHandle;
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const params = Object.fromEntries(
    Object.entries(match?.params ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const meta: TabRoute['meta'] = { title: handle.title ?? handle.name ?? location.pathname };
  if (handle.titleKey) meta.titleKey = handle.titleKey;
  if (handle.hidden) meta.hidden = true;
  const route: TabRoute = {
    name: handle.name ?? location.pathname,
    fullPath: `${location.pathname}${location.search}${location.hash}`,
    params,
    query,
    meta,
  };
  if (handle.pattern) route.path = handle.pattern;
  if (handle.cache) route.cache = true;
  return route;
}

/**
 * The layout's outlet with keep-alive (ARCHITECTURE.md "Verified on this machine"): every settled location
 * is reported to the tabs chart (`tab.opened`); pages whose route has `cache` stay mounted under
 * `<Activity mode="hidden">` while their tab is open, each with its own saved copy of the router's location
 * and data-router-state contexts, so a hidden page keeps its own URL, params and loader data and does not
 * re-render on navigation. A tab's refresh counter is part of its key: refreshing remounts only that page.
 * Closing a tab drops its page. `transition` plays the page-enter animation on the shown page.
 */
export function KeepAliveOutlet({ transition }: { transition: boolean }) {
  const tabsRef = useTabsRef();
  const outlet = useOutlet();
  const location = useLocation();
  const matches = useMatches();
  const locationContext = useContext(LocationContext);
  const stateContext = useContext(DataRouterStateContext);
  const keepAlive = useSelector(tabsRef, selectKeepAliveKeys, sameKeys);
  const refreshKeys = useSelector(tabsRef, (s) => s.context.refreshKeys, sameCounters);
  const kept = useRef(new Map<string, Kept>()).current;

  const handle = (matches.at(-1)?.handle ?? {}) as RouteHandle;
  const key = tabKey(location.pathname);
  const cached = handle.cache === true && !handle.hidden;

  // Reports each settled location once, and again when the same URL gets its real route (a deep link shown
  // by the catch-all until the menu routes were patched in); the chart decides whether it becomes a tab.
  // Straight from the router, when it settles: React renders a navigation in a transition, which a loaded
  // machine can hold back for seconds, and meanwhile the chart must already know the page the URL shows (a
  // revoked or closed tab is judged against it).
  const { router } = useContext(DataRouterContext) ?? {};
  useEffect(() => {
    if (!router) return;
    return onSettled(
      router,
      ({ location: shown, matches }) =>
        `${shown.pathname}${shown.search}${shown.hash}#${matches.at(-1)?.route.id}`,
      ({ location: shown, matches }) => {
        const match = matches.at(-1);
        tabsRef.send({
          type: 'tab.opened',
          route: toTabRoute(shown, match && { params: match.params, handle: match.route.handle }),
        });
      },
    );
  }, [router, tabsRef]);

  if (cached) kept.set(key, { element: outlet, location: locationContext, state: stateContext });
  for (const k of [...kept.keys()]) if (k !== key && !keepAlive.includes(k)) kept.delete(k);

  const page = (content: ReactNode, shown: boolean) => (
    <div className={classes.page} data-transition={(transition && shown) || undefined}>
      {content}
    </div>
  );
  return (
    <>
      {[...kept.entries()].map(([k, entry]) => (
        <Activity key={`${k}#${refreshKeys[k] ?? 0}`} mode={k === key ? 'visible' : 'hidden'} name={k}>
          <LocationContext.Provider value={entry.location}>
            <DataRouterStateContext.Provider value={entry.state}>
              {page(entry.element, k === key)}
            </DataRouterStateContext.Provider>
          </LocationContext.Provider>
        </Activity>
      ))}
      {cached ? null : <Fragment key={`${key}#${refreshKeys[key] ?? 0}`}>{page(outlet, true)}</Fragment>}
    </>
  );
}
