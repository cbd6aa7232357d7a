import type { MenuRecord } from '../../contract/index.ts';

/** The shell's children by systemId, invoked for the shell's whole life. */
export const SHELL_CHILDREN = ['tabs', 'fullscreen', 'preferences', 'socket', 'messagePoller'] as const;

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
  | { type: 'shell.tokenRefreshed'; token: string };

export type ShellContext = {
  uuid: string | null;
  /** The menus of this sign-in, once known. */
  menus: MenuRecord[] | null;
  /** The user's saved tab list (any shape: the tabs chart validates it) once read; null before. */
  savedTabs: { saved: unknown } | null;
};
