/**
 * Menus refetch: live permissions (issue 16), invoked by `session` in `signedIn.data.ready` (so it lives as
 * long as the start-up data does and stops with the session).
 *
 * `idle` → (`refetch.requested`, forwarded by `session` from `session.permissionsChanged`, the socket's
 * `permissions`) → `fetching`, which invokes `loadMenus` (`GET web_router`: the menus and their button
 * values) and hands the answer to the session as `session.menusRefetched`; the session keeps it, writes the
 * `menuData` cache and emits `session.menusChanged`, from which the route guard and the tabs rebuild.
 * Another request while fetching starts the fetch again (the answer must include the latest change). A
 * failure keeps the menus the session holds: nothing is shown, the frontend log gets a line.
 *
 * A child chart of its own rather than a state of `session`: a state in the session's `data` region would
 * multiply with its token and logout regions (the generated paths grew by half); here the session gains
 * two self-transitions only. Every state and transition is taken by the generated paths (no exceptions).
 * Not modelled: debouncing a burst of changes (the restart covers it), retrying a failed fetch (the next
 * change or the next sign-in brings the menus).
 */
import { sendParent, setup } from 'xstate';
import type { MenuRecord } from '../../contract/index.ts';
import { notProvided } from '../shared/effects.ts';
import type { SessionEvent } from './types.ts';

export type MenusRefetchEvent = { type: 'refetch.requested' };

export const menusRefetchMachine = setup({
  types: {
    events: {} as MenusRefetchEvent,
  },
  actors: {
    /** `GET /api/system/menu/web_router/`. */
    loadMenus: notProvided<MenuRecord[]>('loadMenus'),
  },
  actions: {
    /** A frontend log line: the menus could not be fetched again. */
    reportFailure: (_, _params: { error: unknown }) => {},
    /** The answer for the session (`sessionMenusRefetchMachine` binds it to `session.menusRefetched`). */
    handOver: (_, _menus: MenuRecord[]) => {},
  },
}).createMachine({
  id: 'menusRefetch',
  initial: 'idle',
  states: {
    idle: {
      on: { 'refetch.requested': 'fetching' },
    },
    fetching: {
      on: { 'refetch.requested': { target: 'fetching', reenter: true } },
      invoke: {
        id: 'loadMenus',
        src: 'loadMenus',
        onDone: { target: 'idle', actions: { type: 'handOver', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

/** As `session` invokes it: the answer goes to the parent as `session.menusRefetched`. */
export const sessionMenusRefetchMachine = menusRefetchMachine.provide({
  actions: {
    handOver: sendParent(
      (_, menus: MenuRecord[]): SessionEvent => ({ type: 'session.menusRefetched', menus }),
    ),
  },
});
