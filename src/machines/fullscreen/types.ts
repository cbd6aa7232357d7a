export type FullscreenEvent =
  /** The header's full-screen button. */
  | { type: 'fullscreen.toggled' }
  /** The browser entered or left full screen (the watcher reports `fullscreenchange`; Esc, F11 and so on). */
  | { type: 'fullscreen.changed'; active: boolean };
