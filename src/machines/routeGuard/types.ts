import type { MenuRecord } from '../../contract/index.ts';

/** Where the router is (or wants to be): `search` with or without its leading `?`. */
export type RouteLocation = { path: string; search: string };

/** A dynamic route built from a menu record (seed §2 "Dynamic routes"); the UI resolves `component`. */
export type RouteDescriptor = {
  path: string;
  /** `component_name`: the route name (tabs, keep-alive). */
  name: string;
  /** The menu name. */
  title: string;
  /** View path such as `system/dept/index` (a marker prefix selects a shared package's registry). */
  component: string;
  /** Keep the page alive while its tab is open. */
  cache: boolean;
  isLink: boolean;
  menuId: number;
  /**
   * An embedded link (`is_link` with `frame_out: false`): the `http(s)://` address shown in an iframe at
   * `path` (`/iframe/<menu id>`); `component` is then empty.
   */
  frame?: string;
};

/** A side-menu entry (seed §3): built from the visible menu records by `parent`. */
export type MenuTreeItem = {
  /** `String(record.id)`, or `index` for the fixed console entry. */
  id: string;
  /**
   * Route path, `http(s)://` address, or a generated placeholder (`isPlaceholder`) for entries without one:
   * clicking a placeholder leaf shows the 'temporary menu' warning.
   */
  path: string;
  title: string;
  /** i18n key for fixed entries (the console); server titles are shown as sent. */
  titleKey?: string;
  /** Font Awesome 4.7 name without `fa-`. */
  icon: string | null;
  isLink: boolean;
  isPlaceholder: boolean;
  menuPermission: string[];
  children: MenuTreeItem[];
};

export type RouteGuardContext = {
  /** The last location the router reported. */
  location: RouteLocation | null;
  /** Where to go once the routes exist (the navigation to replay). */
  pending: string | null;
  menus: MenuRecord[];
  routes: RouteDescriptor[];
  asideMenu: MenuTreeItem[];
};

export type RouteGuardEvent =
  /** The router reached (or is asked for) a location; the UI reports every location change. */
  | { type: 'route.requested'; path: string; search?: string }
  /** Forwarded by `app` from `session`: a token exists (restored or just signed in). */
  | { type: 'route.signedIn' }
  /** Forwarded by `app`: no session (nothing restored, or it expired). */
  | { type: 'route.signedOut' }
  /** Forwarded by `app` when the session's start-up has the user's menus. */
  | { type: 'route.menusLoaded'; menus: MenuRecord[] }
  /** Forwarded by `app`: the menus were fetched again (live permissions); rebuild, stay where the router is. */
  | { type: 'route.menusChanged'; menus: MenuRecord[] };
