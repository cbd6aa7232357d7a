/** Default theme colour (seed §9). */
export const DEFAULT_COLOR = '#409EFF';

/** Where the chosen colour sits in the palette (Mantine's default light `primaryShade`). */
export const PRIMARY_SHADE = 6;

/** Shades 0‥5 mix the colour with white by these amounts, shades 7‥9 with black. */
const TINTS = [0.9, 0.8, 0.7, 0.5, 0.3, 0.15];
const SHADES = [0.2, 0.35, 0.5];

type Rgb = [number, number, number];

/** `#RGB` or `#RRGGBB` (case-insensitive) → `#RRGGBB` upper case; null for anything else. */
export function normalizeHex(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${hex.toUpperCase()}`;
}

const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
const mix = (from: Rgb, to: Rgb, amount: number): Rgb =>
  from.map((c, i) => c + ((to[i] as number) - c) * amount) as Rgb;

/**
 * Ten shades from light to dark around `color` (at `PRIMARY_SHADE`): lighter ones mixed with white,
 * darker ones with black, as element-ui derives its `light-N` / `dark-2` variables. Throws on a colour
 * that is not hex: the chart only passes validated colours.
 */
export function generatePalette(color: string): string[] {
  const hex = normalizeHex(color);
  if (!hex) throw new Error(`not a hex colour: ${color}`);
  const rgb = toRgb(hex);
  return [
    ...TINTS.map((t) => toHex(mix(rgb, [255, 255, 255], t))),
    hex,
    ...SHADES.map((s) => toHex(mix(rgb, [0, 0, 0], s))),
  ];
}

/** Relative luminance (WCAG 2). */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 … 21). */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** WCAG AA for normal text. */
export const AA = 4.5;
/** The dark scheme's surfaces (Mantine's dark-7 body and dark-6 cards), the darkest text must stand on. */
const DARK_SURFACE = '#2E2E2E';

/**
 * `color` mixed toward black (or white) in 5 % steps until it reaches `ratio` against `background`;
 * black (white) when no mix does. The colour itself when it already reads.
 */
export function readableOn(color: string, background: string, toward: 'black' | 'white', ratio = AA): string {
  const rgb = toRgb(normalizeHex(color) ?? DEFAULT_COLOR);
  const end: Rgb = toward === 'black' ? [0, 0, 0] : [255, 255, 255];
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = toHex(mix(rgb, end, amount));
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return toward === 'black' ? '#000000' : '#FFFFFF';
}

/** The theme colour's variants that keep text readable (WCAG AA), whatever colour the user picked. */
export type ReadableColors = {
  /** Background of filled controls: white text on it reads. */
  filled: string;
  filledHover: string;
  /** Text and outlines in the theme colour on white and on the light tint (shade 1), light scheme. */
  text: string;
  /** The same on the dark scheme's surfaces. */
  textDark: string;
};

export function readableColors(color: string): ReadableColors {
  const palette = generatePalette(color);
  const filled = readableOn(color, '#FFFFFF', 'black');
  return {
    filled,
    filledHover: toHex(mix(toRgb(filled), [0, 0, 0], 0.12)),
    text: readableOn(color, palette[1] as string, 'black'),
    textDark: readableOn(color, DARK_SURFACE, 'white'),
  };
}
