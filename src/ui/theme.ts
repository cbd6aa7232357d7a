import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  Popover,
  Tooltip,
} from '@mantine/core';
import { readableOn } from '../machines/preferences/palette.ts';

/**
 * The console's theme (light and dark: Mantine's own dark palette). Primary is dvadmin's #409EFF, the rest of
 * the scale follows Element's light/dark steps so hover and active states stay on-brand. The user's theme
 * colour replaces these shades at run time (the preferences chart's `applyColor`).
 *
 * Readable text (WCAG AA): `autoContrast` with a luminance threshold of 0.18 — where white and black text
 * read equally well (4.6:1) — so every filled control of any Mantine colour puts the readable one on it.
 * Shade 6 here is the default colour's readable filled variant (white text on it reads), which is what filled
 * brand controls show (`src/ui/readable-colors.css`), so `autoContrast` picks white for them.
 */
const brand: MantineColorsTuple = [
  '#ecf5ff',
  '#d9ecff',
  '#c6e2ff',
  '#a0cfff',
  '#79bbff',
  '#53a8ff',
  '#3077bf',
  '#3a8ee6',
  '#337ecc',
  '#2b6aab',
];

/** The toast container's layer (src/ui/app/Toasts.tsx): above modals and drawers (200). */
export const TOASTS_Z_INDEX = 1000;
/** Dropdowns and tooltips: above the toasts (Mantine's default, 300, is below them). */
const DROPDOWNS_Z_INDEX = TOASTS_Z_INDEX + 100;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  autoContrast: true,
  luminanceThreshold: 0.18,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // A dropdown the user has just opened (a header tool's menu, a select's options) is drawn above the
    // toasts: top toasts sit right under the header, where the header tools' dropdowns open — a toast
    // that arrives then (连接成功 after sign-in) would otherwise cover what the user is about to click.
    // Menu, Select and the other dropdowns are drawn by Popover; tooltips keep Mantine's layer beside them
    // (the same z-index: a tooltip shown inside a dropdown comes later in the page, so on top).
    Popover: Popover.extend({ defaultProps: { zIndex: DROPDOWNS_Z_INDEX } }),
    Tooltip: Tooltip.extend({ defaultProps: { zIndex: DROPDOWNS_Z_INDEX } }),
  },
  shadows: {
    xs: '0 1px 2px rgba(16, 24, 40, 0.05)',
    sm: '0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)',
    md: '0 8px 24px rgba(16, 24, 40, 0.08)',
    lg: '0 16px 48px rgba(16, 24, 40, 0.12)',
  },
});

/** Mantine's dark-scheme surface text in a colour stands on (dark-6, the lighter of body and cards). */
const DARK_SURFACE = '#2E2E2E';

/**
 * Text in a colour reads at WCAG AA (4.5:1) for every palette colour: Mantine's defaults put `c="red"` text
 * (shade 6) at 3.3:1 on white and light badges (shade 9 on shade 1) under 4.5:1 for several colours. Each
 * colour's `text` and `light-color` become the nearest readable mix of Mantine's own shade. The brand
 * colour is the user's and follows at run time (`readable-colors.css`).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'brand' || !shades) continue;
    light[`--mantine-color-${name}-text`] = readableOn(shades[6], '#FFFFFF', 'black');
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1], 'black');
    dark[`--mantine-color-${name}-text`] = readableOn(shades[4], DARK_SURFACE, 'white');
  }
  return { variables: {}, light, dark };
};
