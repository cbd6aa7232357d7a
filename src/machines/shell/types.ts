import type { MenuRecord } from '../../contract/index.ts';
import type { ProfileInput } from '../profile/types.ts';

/** The shell's children by systemId, invoked for the shell's whole life. */
export const SHELL_CHILDREN = [
  'tabs',
  'fullscreen',
  'preferences',
  'socket',
  'messagePoller',
  'unread',
  'search',
] as const;

/** Page charts the shell spawns while their page is mounted (`shell.pageOpened` / `shell.pageClosed`). */
export const PAGE_CHARTS = ['profile', 'inbox', 'feed'] as const;
export type PageChart = (typeof PAGE_CHARTS)[number];

/** A page asks for its chart: `key` names the child in the shell's snapshot (`children[key]`). */
export type PageOpened =
  | { type: 'shell.pageOpened'; key: string; chart: 'profile'; input: ProfileInput }
  | { type: 'shell.pageOpened'; key: string; chart: 'inbox' }
  | { type: 'shell.pageOpened'; key: string; chart: 'feed' };

/** What the root hands over when it starts the shell: whose data, and the menus when already known. */
export type ShellInput = {
  /** The uuid cookie of the user now signed in (null → the local store uses `ghost-uuid`). */
  uuid: string | null;
  /** The menus of this sign-in when the session's start-up already has them (null before). */
  menus: MenuRecord[] | null;
};

/** What the root forwards (from the session) while the shell runs. */
export type ShellEvent =
  /** The session's start-up is done: the tabs may be restored against these menus. */
  | { type: 'shell.menusLoaded'; menus: MenuRecord[] }
  /** Live permissions: the menus were fetched again; tabs of routes that are gone close. */
  | { type: 'shell.menusChanged'; menus: MenuRecord[] }
  /** The access token was refreshed: the socket reconnects with it. */
  | { type: 'shell.tokenRefreshed'; token: string }
  /** A page mounted: spawn its chart under `key` (a key already open is kept as it is). */
  | PageOpened
  /** The page unmounted: stop the chart under `key`. */
  | { type: 'shell.pageClosed'; key: string };

export type ShellContext = {
  uuid: string | null;
  /** The menus of this sign-in, once known. */
  menus: MenuRecord[] | null;
  /** The user's saved tab list (any shape: the tabs chart validates it) once read; null before. */
  savedTabs: { saved: unknown } | null;
  /** Keys of the page charts running now (children spawned by `shell.pageOpened`). */
  pages: string[];
};
