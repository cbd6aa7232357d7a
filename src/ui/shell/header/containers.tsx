/**
 * The header tools wired to their charts. Each tolerates its chart being absent from the root actor
 * (`system.get(id)` undefined): it then renders disabled, showing the defaults.
 */
import { useSelector } from '@xstate/react';
import { selectIsFullscreen, selectIsSwitching } from '../../../machines/fullscreen/selectors.ts';
import { DEFAULT_COLOR } from '../../../machines/preferences/palette.ts';
import {
  selectColor,
  selectIsRestored,
  selectSize,
  selectThemeName,
} from '../../../machines/preferences/selectors.ts';
import { DEFAULT_THEME, THEMES } from '../../../machines/preferences/themes.ts';
import { ColorPicker } from './ColorPicker.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import { useFullscreenRef, usePreferencesRef } from './refs.ts';
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
  return (
    <ThemeDialog
      themes={THEMES}
      value={value}
      disabled={disabled}
      onChange={(theme) => preferences?.send({ type: 'preferences.themeChanged', theme })}
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
