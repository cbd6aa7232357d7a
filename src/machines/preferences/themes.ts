import type { Theme } from './types.ts';

/** A small SVG of the layout (header, aside, main) as a data URI: the theme dialog's preview image. */
function preview(c: Theme['colors'], backgroundImage?: string): string {
  const pattern = backgroundImage
    ? '<circle cx="70" cy="30" r="1.5" fill="#fff"/><circle cx="90" cy="45" r="1" fill="#fff"/>'
    : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">` +
    `<rect width="120" height="80" fill="${c.main}"/>${pattern}` +
    `<rect width="120" height="14" fill="${c.header}"/>` +
    `<rect y="14" width="28" height="66" fill="${c.aside}"/>` +
    `<rect x="6" y="22" width="16" height="3" rx="1" fill="${c.text}"/>` +
    `<rect x="6" y="30" width="12" height="3" rx="1" fill="${c.text}"/>` +
    `<rect x="34" y="20" width="40" height="4" rx="1" fill="${c.text}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function theme(name: string, title: string, colors: Theme['colors'], backgroundImage?: string): Theme {
  const t: Theme = {
    name,
    title,
    titleKey: `preferences:theme.${name}`,
    preview: preview(colors, backgroundImage),
    colors,
  };
  if (backgroundImage) t.backgroundImage = backgroundImage;
  return t;
}

/**
 * The themes, first one first: an unknown saved theme falls back to `THEMES[0]`, which is also the
 * default (`element`, seed §4). Names follow dvadmin / d2-admin so saved values keep their meaning.
 */
export const THEMES: readonly Theme[] = [
  theme('element', 'Element', { header: '#FFFFFF', aside: '#FFFFFF', main: '#F0F2F5', text: '#409EFF' }),
  theme('d2', 'd2admin 经典', { header: '#EBF1F6', aside: '#EBF1F6', main: '#FFFFFF', text: '#2F74FF' }),
  theme('violet', '紫罗兰', { header: '#6B4FBB', aside: '#5B3FA8', main: '#F4F1FB', text: '#FFFFFF' }),
  theme(
    'line',
    '简约线条',
    { header: '#F8F8F8', aside: '#F8F8F8', main: '#FFFFFF', text: '#606266' },
    'repeating-linear-gradient(135deg, #f7f7f7 0 12px, #ffffff 12px 24px)',
  ),
  theme(
    'star',
    '流星',
    { header: '#0B1026', aside: '#0B1026', main: '#141A38', text: '#C0C4CC' },
    'radial-gradient(circle at 20% 30%, rgba(255,255,255,.8) 0 1px, transparent 2px), radial-gradient(circle at 70% 60%, rgba(255,255,255,.6) 0 1px, transparent 2px), linear-gradient(160deg, #0b1026, #2b3266)',
  ),
  theme('tomorrow-night-blue', 'Tomorrow Night Blue (vsCode)', {
    header: '#001733',
    aside: '#001733',
    main: '#002451',
    text: '#FFFFFF',
  }),
];

export const DEFAULT_THEME = 'element';

export const findTheme = (name: string): Theme | undefined => THEMES.find((t) => t.name === name);
