/**
 * The shell chart with its effects bound, in its own chunk: tabs, full screen, preferences, the live
 * socket, the message poller, the header's unread count and search, the page charts (profile, inbox,
 * feed) and the user's saved slices (Dexie). Nothing here is needed to draw the
 * sign-in page: the root's `loadShell` imports this module once a session exists (the sign-in page
 * prefetches it in idle time), then invokes the chart (src/machines/app/app.machine.ts).
 */
import { fromPromise } from 'xstate';
import type { z } from 'zod';
import type { UserInfo } from '../machines/profile/types.ts';
import { createShellMachine } from '../machines/shell/shell.machine.ts';
import type { UserSlices } from '../machines/shell/userData.ts';
import { setColorScheme } from './color-scheme.ts';
import { getConfig } from './config.ts';
import type { HttpClient, LogFn } from './http/types.ts';
import { t } from './i18n/index.ts';
import { createFeedImplementations } from './implementations/feed.ts';
import { createFullscreenImplementations } from './implementations/fullscreen.ts';
import {
  createMessagePollerImplementations,
  mantineMessageNotifications,
} from './implementations/messagePoller.ts';
import { createInboxImplementations, createUnreadImplementations } from './implementations/messages.ts';
import { createPreferencesImplementations } from './implementations/preferences.ts';
import { createProfileImplementations } from './implementations/profile.ts';
import { createSearchImplementations } from './implementations/search.ts';
import { createSocketImplementations, showSocketNotification } from './implementations/socket.ts';
import { createTabsImplementations } from './implementations/tabs.ts';
import { showNotice } from './notify.ts';
import { createSocketConnector } from './socket.ts';
import { createLocalStore, type LocalStore } from './storage/local-store.ts';

/** Keys of the per-user slices in the local database's `sys` area. */
export const SLICE_KEYS = { preferences: 'preferences', tabs: 'tabs' } as const;

/** Slices are validated by the charts that read them (field by field, with defaults): stored as they are. */
const anyValue = { safeParse: (data: unknown) => ({ success: true, data }) } as unknown as z.ZodType<unknown>;

let store: LocalStore | undefined;
let storeUuid: () => string | undefined = () => undefined;
/** One connection for the page's life; per-user keys follow the uuid cookie (or `ghost-uuid`). */
function localStore(): LocalStore {
  store ??= createLocalStore({ getUuid: () => storeUuid() });
  return store;
}

/** The signed-in user's saved slices (the shell's `readUserSlices`). */
export async function readUserSlices(): Promise<UserSlices> {
  const db = localStore();
  const [preferences, tabs] = await Promise.all([
    db.get('sys', SLICE_KEYS.preferences, anyValue, undefined),
    db.get('sys', SLICE_KEYS.tabs, anyValue, undefined),
  ]);
  return { preferences, tabs };
}

export type ShellDeps = {
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
  /** The uuid cookie: whose slices are read and saved. */
  getUuid(): string | undefined;
  log: LogFn;
  logError(effect: string): (error: unknown) => void;
  /** The http client, once the network chunk is in. */
  network(): Promise<HttpClient>;
  getToken(): string | undefined;
  requestTokenRefresh(token: string | undefined): void;
  /** Sends to the session chart (the profile page's saved user, the sign-out after a password change). */
  toSession(event: SessionNotice): void;
};

/** What the shell's charts tell the session. */
export type SessionNotice =
  /** The socket heard `permissions` (live permissions): the session fetches the menus again. */
  | { type: 'session.permissionsChanged' }
  | { type: 'session.userUpdated'; user: UserInfo }
  | { type: 'session.logoutRequested' }
  | { type: 'session.logoutConfirmed' };

export function createShellSystem(deps: ShellDeps) {
  storeUuid = deps.getUuid;
  const saveSlice = async (key: string, value: unknown) => {
    if (!(await localStore().set('sys', key, value))) throw new Error(`could not store ${key}`);
  };
  const translate = (key: string, options?: Record<string, unknown>) => t(key, options);
  return createShellMachine({
    shell: { actors: { readUserSlices: fromPromise(readUserSlices) } },
    tabs: createTabsImplementations({
      navigate: (to) => deps.navigate(to),
      saveTabs: (slice) => saveSlice(SLICE_KEYS.tabs, slice),
      notify: ({ kind, reason }) =>
        showNotice({
          kind,
          message: reason.text ?? t(reason.key, reason.values),
          // A tab closed by a permission change is named: long enough to read.
          durationMs: reason.values ? 6000 : 3000,
        }),
      onError: deps.logError('saving the tabs'),
    }),
    preferences: createPreferencesImplementations({
      savePreferences: (slice) => saveSlice(SLICE_KEYS.preferences, slice),
      navigate: (to, options) => deps.navigate(to, options),
      currentPath: () => `${location.pathname}${location.search}${location.hash}`,
      root: document.documentElement,
      setColorScheme,
      onError: deps.logError('saving the preferences'),
    }),
    fullscreen: createFullscreenImplementations({ document }),
    socket: createSocketImplementations({
      connect: createSocketConnector({ apiBase: getConfig().apiBase }),
      getToken: deps.getToken,
      requestTokenRefresh: deps.requestTokenRefresh,
      permissionsChanged: () => deps.toSession({ type: 'session.permissionsChanged' }),
      notify: showNotice,
      showNotification: showSocketNotification,
      log: deps.log,
      t: translate,
    }),
    messagePoller: createMessagePollerImplementations({
      http: deps.network,
      ...mantineMessageNotifications,
      log: deps.log,
      t: translate,
    }),
    unread: createUnreadImplementations({ http: deps.network }),
    search: createSearchImplementations({
      navigate: (to) => deps.navigate(to),
      openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    }),
    profile: createProfileImplementations({
      http: deps.network,
      onUserSaved: (user) => {
        deps.toSession({ type: 'session.userUpdated', user });
        showNotice({ kind: 'success', message: t('profile:saved'), durationMs: 3000 });
      },
      onPasswordChanged: () =>
        showNotice({ kind: 'success', message: t('profile:password.changed'), durationMs: 5000 }),
      onSignOut: () => {
        // The session chart has no direct sign-out: walk its logout flow, confirming at once (the user
        // already confirmed by changing the password; the old tokens are no longer theirs to keep).
        deps.toSession({ type: 'session.logoutRequested' });
        deps.toSession({ type: 'session.logoutConfirmed' });
      },
    }),
    inbox: createInboxImplementations({ http: deps.network }),
    feed: createFeedImplementations({ http: deps.network }),
  });
}
