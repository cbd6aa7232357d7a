/**
 * The header tools wired to their charts. Each tolerates its chart being absent from the root actor
 * (`system.get(id)` undefined): it then renders disabled, showing the defaults.
 */
import { useSelector } from '@xstate/react';
import { selectIsFullscreen, selectIsSwitching } from '../../../machines/fullscreen/selectors.ts';
import { DEFAULT_COLOR } from '../../../machines/preferences/palette.ts';
import { DEFAULT_PREFERENCES } from '../../../machines/preferences/restore.ts';
import {
  selectAsideTransition,
  selectBreadcrumbs,
  selectColor,
  selectColorScheme,
  selectIsRestored,
  selectPageTransition,
  selectSize,
  selectThemeName,
} from '../../../machines/preferences/selectors.ts';
import { DEFAULT_THEME, THEMES } from '../../../machines/preferences/themes.ts';
import { selectIsRestored as selectAreTabsRestored, selectLimit } from '../../../machines/tabs/selectors.ts';
import { DEFAULT_TAB_LIMIT, MAX_TAB_LIMIT, MIN_TAB_LIMIT } from '../../../machines/tabs/types.ts';
import { ColorPicker } from './ColorPicker.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import { LayoutSettings, type LayoutToggle } from './LayoutSettings.tsx';
import { useFullscreenRef, usePreferencesRef, useTabsRef } from './refs.ts';
import { SizeMenu } from './SizeMenu.tsx';
import { ThemeDialog } from './ThemeDialog.tsx';

export function FullscreenContainer() {
  const fullscreen = useFullscreenRef();
  const active = useSelector(fullscreen, (s) => (s ? selectIsFullscreen(s) : false));
  const busy = useSelector(fullscreen, (s) => (s ? selectIsSwitching(s) : false));
  return (
    <FullscreenButton
      active={active}
      busy={busy}
      disabled={!fullscreen}
      onToggle={() => fullscreen?.send({ type: 'fullscreen.toggled' })}
    />
  );
}

/** Changes are ignored by the chart until the user's saved preferences are restored: disabled till then. */
function usePreferences() {
  const preferences = usePreferencesRef();
  const ready = useSelector(preferences, (s) => (s ? selectIsRestored(s) : false));
  return { preferences, disabled: !preferences || !ready };
}

export function ThemeContainer() {
  const { preferences, disabled } = usePreferences();
  const value = useSelector(preferences, (s) => (s ? selectThemeName(s) : DEFAULT_THEME));
  const colorScheme = useSelector(preferences, (s) => (s ? selectColorScheme(s) : 'auto'));
  return (
    <ThemeDialog
      themes={THEMES}
      value={value}
      disabled={disabled}
      onChange={(theme) => preferences?.send({ type: 'preferences.themeChanged', theme })}
      colorScheme={colorScheme}
      onColorSchemeChange={(scheme) =>
        preferences?.send({ type: 'preferences.colorSchemeChanged', colorScheme: scheme })
      }
      layout={<LayoutContainer />}
    />
  );
}

const TOGGLED = {
  breadcrumbs: 'preferences.breadcrumbsToggled',
  pageTransition: 'preferences.pageTransitionToggled',
  asideTransition: 'preferences.asideTransitionToggled',
} as const satisfies Record<LayoutToggle, string>;

/** The 布局 section: layout preferences (preferences chart) and the tab limit (tabs chart). */
function LayoutContainer() {
  const { preferences, disabled } = usePreferences();
  const tabs = useTabsRef();
  const d = DEFAULT_PREFERENCES;
  const breadcrumbs = useSelector(preferences, (s) => (s ? selectBreadcrumbs(s) : d.breadcrumbs));
  const pageTransition = useSelector(preferences, (s) => (s ? selectPageTransition(s) : d.pageTransition));
  const asideTransition = useSelector(preferences, (s) => (s ? selectAsideTransition(s) : d.asideTransition));
  const tabLimit = useSelector(tabs, (s) => (s ? selectLimit(s) : DEFAULT_TAB_LIMIT));
  // The tabs chart takes the limit once the user's saved list (which carries it) is restored.
  const tabsReady = useSelector(tabs, (s) => (s ? selectAreTabsRestored(s) : false));
  return (
    <LayoutSettings
      values={{ breadcrumbs, pageTransition, asideTransition }}
      disabled={disabled}
      onToggle={(name) => preferences?.send({ type: TOGGLED[name] })}
      tabLimit={tabLimit}
      tabLimitRange={{ min: MIN_TAB_LIMIT, max: MAX_TAB_LIMIT }}
      tabLimitDisabled={!tabsReady}
      onTabLimitChange={(limit) => tabs?.send({ type: 'tabs.limitChanged', limit })}
    />
  );
}

export function SizeContainer() {
  const { preferences, disabled } = usePreferences();
  const value = useSelector(preferences, (s) => (s ? selectSize(s) : 'default'));
  return (
    <SizeMenu
      value={value}
      disabled={disabled}
      onChange={(size) => preferences?.send({ type: 'preferences.sizeChanged', size })}
    />
  );
}

export function ColorContainer() {
  const { preferences, disabled } = usePreferences();
  const value = useSelector(preferences, (s) => (s ? selectColor(s) : DEFAULT_COLOR));
  return (
    <ColorPicker
      value={value}
      disabled={disabled}
      onChange={(color) => preferences?.send({ type: 'preferences.colorChanged', color })}
    />
  );
}
