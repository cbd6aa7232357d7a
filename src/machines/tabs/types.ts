/** What the router reports for a page shown in the layout (seed §3 "Open tab / opened page"). */
export type TabRoute = {
  /** Route name (a dynamic route's `component_name`). */
  name: string;
  /** Path with query and hash: where clicking the tab goes back to. */
  fullPath: string;
  /** The route pattern (`/user/:id`); restoring checks it against the routes that exist. Defaults to the path. */
  path?: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /**
   * `title` is the menu title as the server sent it; `titleKey` an i18n key for static routes. The view
   * translates at render time, so titles follow the language instead of freezing at open time.
   * `hidden` routes (refresh, redirect) never become tabs.
   */
  meta: { title: string; titleKey?: string; icon?: string; hidden?: boolean };
  /** The route's menu has `cache`: the page stays mounted (keep-alive) while its tab is open. */
  cache?: boolean;
};

/**
 * An open tab: the route plus its identity (`key`, the path without query or hash). A `pinned` tab (affixed
 * from its context menu) survives close left / right / others / all and the tab limit, and has no close
 * button until it is unpinned.
 */
export type Tab = TabRoute & { key: string; pinned?: true };

/** Commands of the tab context menu and the dropdown after the tab bar. */
export const TAB_COMMANDS = [
  'refresh',
  'pin',
  'unpin',
  'closeLeft',
  'closeRight',
  'closeOthers',
  'closeAll',
] as const;
export type TabCommand = (typeof TAB_COMMANDS)[number];

/** Open tabs at most, the index tab included, unless pinned tabs alone exceed it. */
export const DEFAULT_TAB_LIMIT = 20;
export const MIN_TAB_LIMIT = 2;
export const MAX_TAB_LIMIT = 100;

/** A saved tab: its route, and `pinned` when it is (absent in lists saved before pins existed). */
export type SavedTab = TabRoute & { pinned?: true };

/**
 * The persisted slice (never the snapshot). `version` lets an old layout be recognised and dropped; lists
 * saved before pins and the limit existed are still version 1 (no `pinned`, no `limit`: the default).
 */
export type SavedTabs = { version: 1; tabs: SavedTab[]; limit?: number };

export type TabsContext = {
  /** Open tabs; the index tab is always `tabs[0]`. */
  tabs: Tab[];
  /** Key of the tab that matches the router's location. */
  current: string;
  /** Per-tab refresh counters: part of the `<Activity>` key, so bumping one remounts only that page. */
  refreshKeys: Record<string, number>;
  /**
   * Keys of active tabs closed while the router has not yet left them: a late `tab.opened` for one of these
   * is the old location echoing back, not the user reopening it.
   */
  leaving: string[];
  /** The most tabs kept open (`DEFAULT_TAB_LIMIT` unless the user set another, saved with the list). */
  limit: number;
  /** Keys of the open tabs but index, oldest first: the limit closes the oldest unpinned one. */
  openOrder: string[];
};

export type TabsEvent =
  /** The router showed a page in the layout. */
  | { type: 'tab.opened'; route: TabRoute }
  /** The user clicked a tab. */
  | { type: 'tab.selected'; key: string }
  | { type: 'tab.close'; key: string }
  | { type: 'tab.refresh'; key: string }
  | { type: 'tab.closeLeft'; key: string }
  | { type: 'tab.closeRight'; key: string }
  | { type: 'tab.closeOthers'; key: string }
  | { type: 'tab.closeAll' }
  /** Affix a tab (context menu 固定) / release it (取消固定). */
  | { type: 'tab.pin'; key: string }
  | { type: 'tab.unpin'; key: string }
  /** The user set the most tabs to keep open (any number: only integers within the bounds are taken). */
  | { type: 'tabs.limitChanged'; limit: number }
  /** A context-menu or dropdown command by name; `key` defaults to the current tab. */
  | { type: 'tab.command'; command: string; key?: string }
  /** Drag and drop: indexes in `tabs`. */
  | { type: 'tab.moved'; from: number; to: number }
  /** Menus are known: the saved list (any shape) and the route patterns that exist now. */
  | { type: 'tabs.restore'; saved: unknown; validPaths: readonly string[] }
  /**
   * The user's menus changed while signed in (live permissions): the route patterns that exist now. Tabs of
   * routes no longer among them close, with a toast naming them.
   */
  | { type: 'tabs.routesChanged'; validPaths: readonly string[] }
  /** The user signed out: close every tab; the next user's list comes with `tabs.restore`. */
  | { type: 'tabs.signedOut' };

/**
 * A toast request; `tabs:invalidOperation` is 无效的操作 / "Invalid operation". `values` are the key's
 * interpolation values (`tabs:revoked` lists the closed tabs' `titles`).
 */
export type TabsNotice = {
  kind: 'warning';
  reason: { key: string; text?: string; values?: Record<string, unknown> };
};
