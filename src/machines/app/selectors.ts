/**
 * How views reach the children: `useActorRef()` of the app context, then `system.get(id)` with one of
 * these ids, then `useSelector(child, selectX)` with the child's selectors. `session`, `routeGuard` and
 * `log` run for the app's life; the shell's children (`tabs`, `fullscreen`, `preferences`, `socket`,
 * `messagePoller`, `unread`, `search`) only while the shell runs, so their getters may answer undefined.
 * The shell's page charts (`profile`, `inbox`, `feed`) have no systemId: `selectPageChild` finds them in
 * the shell's snapshot by the key their page opened them with.
 */
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { feedMachine } from '../feed/feed.machine.ts';
import type { fullscreenMachine } from '../fullscreen/fullscreen.machine.ts';
import type { logMachine } from '../log/log.machine.ts';
import type { messagePollerMachine } from '../messagePoller/messagePoller.machine.ts';
import type { inboxMachine } from '../messages/inbox.machine.ts';
import type { unreadMachine } from '../messages/unread.machine.ts';
import type { preferencesMachine } from '../preferences/preferences.machine.ts';
import type { profileMachine } from '../profile/profile.machine.ts';
import type { routeGuardMachine } from '../routeGuard/routeGuard.machine.ts';
import type { searchMachine } from '../search/search.machine.ts';
import type { sessionMachine } from '../session/session.machine.ts';
import type { socketMachine } from '../socket/socket.machine.ts';
import type { tabsMachine } from '../tabs/tabs.machine.ts';
import type { appMachine } from './app.machine.ts';

export const SYSTEM_IDS = {
  session: 'session',
  routeGuard: 'routeGuard',
  log: 'log',
  login: 'login',
  tabs: 'tabs',
  fullscreen: 'fullscreen',
  preferences: 'preferences',
  socket: 'socket',
  messagePoller: 'messagePoller',
  unread: 'unread',
  search: 'search',
} as const;

export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type RouteGuardRef = ActorRefFrom<typeof routeGuardMachine>;
export type LogRef = ActorRefFrom<typeof logMachine>;
export type TabsRef = ActorRefFrom<typeof tabsMachine>;
export type FullscreenRef = ActorRefFrom<typeof fullscreenMachine>;
export type PreferencesRef = ActorRefFrom<typeof preferencesMachine>;
export type SocketRef = ActorRefFrom<typeof socketMachine>;
export type MessagePollerRef = ActorRefFrom<typeof messagePollerMachine>;
export type UnreadRef = ActorRefFrom<typeof unreadMachine>;
export type SearchRef = ActorRefFrom<typeof searchMachine>;
export type ProfileRef = ActorRefFrom<typeof profileMachine>;
export type InboxRef = ActorRefFrom<typeof inboxMachine>;
export type FeedRef = ActorRefFrom<typeof feedMachine>;

/** The page charts by name, as the shell spawns them (`shell.pageOpened`). */
export type PageRefs = { profile: ProfileRef; inbox: InboxRef; feed: FeedRef };

type SystemOwner = Pick<AnyActorRef, 'system'>;

export const getSessionRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.session) as SessionRef;
export const getRouteGuardRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.routeGuard) as RouteGuardRef;
export const getLogRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.log) as LogRef;
export const getTabsRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.tabs) as TabsRef | undefined;
export const getFullscreenRef = (app: SystemOwner) =>
  app.system.get(SYSTEM_IDS.fullscreen) as FullscreenRef | undefined;
export const getPreferencesRef = (app: SystemOwner) =>
  app.system.get(SYSTEM_IDS.preferences) as PreferencesRef | undefined;
export const getSocketRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.socket) as SocketRef | undefined;
export const getMessagePollerRef = (app: SystemOwner) =>
  app.system.get(SYSTEM_IDS.messagePoller) as MessagePollerRef | undefined;
export const getUnreadRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.unread) as UnreadRef | undefined;
export const getSearchRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.search) as SearchRef | undefined;

type AppSnapshot = SnapshotFrom<typeof appMachine>;

/**
 * Where the shell is: `signedOut` (none), `loading` (its chunk), `running`, or `failed` (the chunk did not
 * load: offer `app.retryShell`).
 */
export function selectShellStatus(s: AppSnapshot): 'signedOut' | 'loading' | 'running' | 'failed' {
  if (s.matches({ signedIn: 'running' })) return 'running';
  if (s.matches({ signedIn: 'shellFailed' })) return 'failed';
  return s.matches('signedIn') ? 'loading' : 'signedOut';
}

/** The running shell actor (undefined unless `selectShellStatus` is `running`). */
export const selectShellRef = (s: AppSnapshot) => s.children.shell;

/** A page chart the shell runs under `key` (undefined before its page opened it, or once closed). */
export const selectPageChild = <C extends keyof PageRefs>(
  shellSnapshot: unknown,
  key: string,
): PageRefs[C] | undefined =>
  (shellSnapshot as { children?: Record<string, unknown> } | undefined)?.children?.[key] as
    | PageRefs[C]
    | undefined;
