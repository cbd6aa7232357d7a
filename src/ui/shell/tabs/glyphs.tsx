import { Svg } from '../../icons/Svg.tsx';

/** Line glyphs of the tab bar and the phone console (the shared icon set has no arrows or close marks). */
const paths = {
  close: ['M6 6l12 12M18 6L6 18'],
  closeCircle: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', 'M9 9l6 6M15 9l-6 6'],
  refresh: ['M20 11a8 8 0 1 0-2.3 5.7', 'M20 4v7h-7'],
  arrowLeft: ['M19 12H5', 'M11 6l-6 6 6 6'],
  arrowRight: ['M5 12h14', 'M13 6l6 6-6 6'],
  chevronDown: ['M6 9l6 6 6-6'],
  chevronLeft: ['M15 6l-6 6 6 6'],
  chevronRight: ['M9 6l6 6-6 6'],
  pin: ['M15 4.5l-4 4l-4 1.5l-1.5 1.5l7 7l1.5-1.5l1.5-4l4-4', 'M9 15l-4.5 4.5', 'M14.5 4l5.5 5.5'],
} as const;

export type TabGlyph = keyof typeof paths;

export function TabIcon({ name, size = 14 }: { name: TabGlyph; size?: number }) {
  return <Svg paths={paths[name]} name={name} size={size} />;
}
