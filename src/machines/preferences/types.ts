/** Component sizes (seed §3): element-ui's names, kept so saved values from dvadmin still read. */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];

/** Light, dark, or follow the system's `prefers-color-scheme` (the default). */
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** A theme as pure data: the service applies `name` to the document, the dialog shows `preview`. */
export type Theme = {
  name: string;
  /** Chinese title (zh-CN is the default language); `titleKey` translates it. */
  title: string;
  titleKey: string;
  /** An image URL for the theme dialog (a generated SVG data URI: no asset files needed). */
  preview: string;
  /** CSS `background-image` for the layout, for the themes that have one. */
  backgroundImage?: string;
  /** The colours the preview is drawn from; the UI may use them for the shell too. */
  colors: { header: string; aside: string; main: string; text: string };
};

/** The per-user slice (seed §3 "Per-user stored settings", without the tab list). */
export type Preferences = {
  theme: string;
  /** `#RRGGBB`, upper case. */
  color: string;
  size: Size;
  colorScheme: ColorScheme;
  pageTransition: boolean;
  asideCollapse: boolean;
  asideTransition: boolean;
  /** The breadcrumbs above the page content: shown (the default) or hidden. */
  breadcrumbs: boolean;
};

export type PreferencesEvent =
  /** The saved slice for the user now signed in (or `ghost-uuid`), any shape: it is validated. */
  | { type: 'preferences.restore'; saved: unknown }
  | { type: 'preferences.themeChanged'; theme: string }
  | { type: 'preferences.colorChanged'; color: string }
  | { type: 'preferences.sizeChanged'; size: string }
  /** Any string: only `COLOR_SCHEMES` are taken. */
  | { type: 'preferences.colorSchemeChanged'; colorScheme: string }
  | { type: 'preferences.pageTransitionToggled' }
  | { type: 'preferences.asideCollapseToggled' }
  | { type: 'preferences.asideTransitionToggled' }
  | { type: 'preferences.breadcrumbsToggled' };
