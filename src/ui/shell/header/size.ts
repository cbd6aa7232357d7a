import type { MantineSize, MantineThemeOverride } from '@mantine/core';
import type { Size } from '../../../machines/preferences/types.ts';

/** Element's four component sizes on Mantine's scale: the default input size and a rem scale. */
export type MantineSizing = {
  /** The `size` prop default for inputs, buttons, selects and menus. */
  size: MantineSize;
  /** `theme.scale`: every rem value of every Mantine component is multiplied by it. */
  scale: number;
};

const SIZING: Record<Size, MantineSizing> = {
  default: { size: 'sm', scale: 1 },
  medium: { size: 'sm', scale: 0.95 },
  small: { size: 'xs', scale: 0.9 },
  mini: { size: 'xs', scale: 0.85 },
};

/** The Mantine sizing for a saved size (unknown values read as `default`). */
export function mantineSizeFor(size: Size | string): MantineSizing {
  return SIZING[size as Size] ?? SIZING.default;
}

/**
 * A theme override that applies a size to the whole UI: merge it into the theme the MantineProvider gets
 * (`mergeThemeOverrides(theme, themeOverrideForSize(size))`). The page is remounted through /refresh after
 * a change, so the new scale takes effect everywhere at once.
 */
export function themeOverrideForSize(size: Size | string): MantineThemeOverride {
  const { size: componentSize, scale } = mantineSizeFor(size);
  const sized = { defaultProps: { size: componentSize } };
  return {
    scale,
    components: {
      Button: sized,
      Input: sized,
      InputWrapper: sized,
      TextInput: sized,
      PasswordInput: sized,
      NumberInput: sized,
      Select: sized,
      MultiSelect: sized,
      Textarea: sized,
      SegmentedControl: sized,
      Checkbox: sized,
      Radio: sized,
      Switch: sized,
      Pagination: sized,
    },
  };
}
