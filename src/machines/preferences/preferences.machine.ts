/**
 * Preferences: theme, colour, colour scheme (light / dark / follow the system), component size, page
 * transition, aside collapse, aside transition and whether the breadcrumbs show (seed §3 "Per-user stored
 * settings", §4 Theme / Theme colour / size / aside toggles; breadcrumbs: issue 16).
 *
 * Regions: one. `restoring` holds the defaults until the saved slice for the current user arrives
 * (`preferences.restore`, validated field by field: invalid parts fall back, an unknown theme falls back to
 * the first theme, an unknown colour scheme to `auto`, an absent or corrupt breadcrumbs flag to shown);
 * `ready` takes the user's changes. A later `preferences.restore` (another user signed
 * in) restores again from either state.
 *
 * Lifecycle: lives as long as the shell. Changes are ignored while `restoring` so the defaults never
 * overwrite a saved slice; in `ready` every change saves the whole slice (`savePreferences`). Colour,
 * theme and colour scheme apply at once, without a reload (`applyColor` with the ten-shade palette and its readable variants,
 * `applyTheme`, `applyColorScheme`: `auto` is resolved by the view against `prefers-color-scheme`); a size change saves first
 * and then reloads the page view through `/refresh` (`reloadThroughRefresh`), as dvadmin does.
 *
 * Not modelled: the theme dialog's open/closed state (view state); the language (its own cookie, i18n).
 */
import { assign, setup } from 'xstate';
import { generatePalette, normalizeHex, type ReadableColors, readableColors } from './palette.ts';
import { isColorScheme, isSize, restorePreferences } from './restore.ts';
import { findTheme, THEMES } from './themes.ts';
import type { ColorScheme, Preferences, PreferencesEvent, Theme } from './types.ts';

type Args = { context: Preferences };

const save = { type: 'savePreferences', params: ({ context }: Args) => ({ slice: { ...context } }) } as const;
const applyTheme = {
  type: 'applyTheme',
  params: ({ context }: Args) => ({ theme: findTheme(context.theme) ?? (THEMES[0] as Theme) }),
} as const;
const applyColor = {
  type: 'applyColor',
  params: ({ context }: Args) => ({
    color: context.color,
    palette: generatePalette(context.color),
    readable: readableColors(context.color),
  }),
} as const;
const applyColorScheme = {
  type: 'applyColorScheme',
  params: ({ context }: Args) => ({ colorScheme: context.colorScheme }),
} as const;

export const preferencesMachine = setup({
  types: {
    context: {} as Preferences,
    events: {} as PreferencesEvent,
  },
  actions: {
    /** Persist the slice for this user. */
    savePreferences: (_, _params: { slice: Preferences }) => {},
    applyTheme: (_, _params: { theme: Theme }) => {},
    /**
     * Ten shades, light to dark, the chosen colour at `PRIMARY_SHADE`; and its readable variants (filled
     * backgrounds under white text, text on light and dark surfaces: WCAG AA for any colour the user picks).
     */
    applyColor: (_, _params: { color: string; palette: string[]; readable: ReadableColors }) => {},
    /** Light, dark, or `auto` (follow the system's `prefers-color-scheme`, live). */
    applyColorScheme: (_, _params: { colorScheme: ColorScheme }) => {},
    /** Remount the current page through the hidden `/refresh` route so every component takes the size. */
    reloadThroughRefresh: () => {},
    restore: assign(({ event }) =>
      event.type === 'preferences.restore' ? restorePreferences(event.saved) : {},
    ),
    setTheme: assign(({ event }) =>
      event.type === 'preferences.themeChanged' ? { theme: event.theme } : {},
    ),
    setColor: assign(({ context, event }) =>
      event.type === 'preferences.colorChanged' ? { color: normalizeHex(event.color) ?? context.color } : {},
    ),
    setSize: assign(({ event }) =>
      event.type === 'preferences.sizeChanged' && isSize(event.size) ? { size: event.size } : {},
    ),
    setColorScheme: assign(({ event }) =>
      event.type === 'preferences.colorSchemeChanged' && isColorScheme(event.colorScheme)
        ? { colorScheme: event.colorScheme }
        : {},
    ),
    togglePageTransition: assign({ pageTransition: ({ context }) => !context.pageTransition }),
    toggleAsideCollapse: assign({ asideCollapse: ({ context }) => !context.asideCollapse }),
    toggleAsideTransition: assign({ asideTransition: ({ context }) => !context.asideTransition }),
    toggleBreadcrumbs: assign({ breadcrumbs: ({ context }) => !context.breadcrumbs }),
  },
  guards: {
    isKnownTheme: ({ event }) =>
      event.type === 'preferences.themeChanged' && findTheme(event.theme) !== undefined,
    isValidColor: ({ event }) =>
      event.type === 'preferences.colorChanged' && normalizeHex(event.color) !== null,
    isColorScheme: ({ event }) =>
      event.type === 'preferences.colorSchemeChanged' && isColorScheme(event.colorScheme),
    /** Only a different, known size reloads the page. */
    isNewSize: ({ context, event }) =>
      event.type === 'preferences.sizeChanged' && isSize(event.size) && event.size !== context.size,
  },
}).createMachine({
  id: 'preferences',
  context: () => restorePreferences(undefined),
  initial: 'restoring',
  on: {
    'preferences.restore': {
      target: '.ready',
      actions: ['restore', applyTheme, applyColor, applyColorScheme],
    },
  },
  states: {
    restoring: {},
    ready: {
      on: {
        'preferences.themeChanged': { guard: 'isKnownTheme', actions: ['setTheme', applyTheme, save] },
        'preferences.colorChanged': { guard: 'isValidColor', actions: ['setColor', applyColor, save] },
        'preferences.colorSchemeChanged': {
          guard: 'isColorScheme',
          actions: ['setColorScheme', applyColorScheme, save],
        },
        'preferences.sizeChanged': { guard: 'isNewSize', actions: ['setSize', save, 'reloadThroughRefresh'] },
        'preferences.pageTransitionToggled': { actions: ['togglePageTransition', save] },
        'preferences.asideCollapseToggled': { actions: ['toggleAsideCollapse', save] },
        'preferences.asideTransitionToggled': { actions: ['toggleAsideTransition', save] },
        'preferences.breadcrumbsToggled': { actions: ['toggleBreadcrumbs', save] },
      },
    },
  },
});

export type PreferencesMachine = typeof preferencesMachine;
