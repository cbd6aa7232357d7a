import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The console's light theme. Primary is dvadmin's #409EFF (shade 6), the rest of the scale follows
 * Element's light/dark steps so hover and active states stay on-brand.
 */
const brand: MantineColorsTuple = [
  '#ecf5ff',
  '#d9ecff',
  '#c6e2ff',
  '#a0cfff',
  '#79bbff',
  '#53a8ff',
  '#409eff',
  '#3a8ee6',
  '#337ecc',
  '#2b6aab',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '600' },
  shadows: {
    xs: '0 1px 2px rgba(16, 24, 40, 0.05)',
    sm: '0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)',
    md: '0 8px 24px rgba(16, 24, 40, 0.08)',
    lg: '0 16px 48px rgba(16, 24, 40, 0.12)',
  },
});
