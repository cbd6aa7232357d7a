import { describe, expect, it } from 'vitest';
import { preferencesMachine } from '../../src/machines/preferences/preferences.machine.ts';
import type { Preferences, PreferencesEvent } from '../../src/machines/preferences/types.ts';
import { type ChartFixture, coverChart } from './support/paths.ts';

/** Every event the chart handles, with the payload variants its guards tell apart. */
const events: PreferencesEvent[] = [
  {
    type: 'preferences.restore',
    saved: { theme: 'violet', color: '#67C23A', size: 'small', colorScheme: 'light', asideCollapse: true },
  },
  { type: 'preferences.restore', saved: { theme: 'gone' } },
  { type: 'preferences.themeChanged', theme: 'star' },
  { type: 'preferences.themeChanged', theme: 'gone' },
  { type: 'preferences.colorChanged', color: '#F56C6C' },
  { type: 'preferences.colorChanged', color: 'red' },
  { type: 'preferences.colorSchemeChanged', colorScheme: 'dark' },
  { type: 'preferences.colorSchemeChanged', colorScheme: 'sepia' },
  { type: 'preferences.sizeChanged', size: 'mini' },
  { type: 'preferences.sizeChanged', size: 'huge' },
  { type: 'preferences.pageTransitionToggled' },
  { type: 'preferences.asideCollapseToggled' },
  { type: 'preferences.asideTransitionToggled' },
  { type: 'preferences.breadcrumbsToggled' },
];

const preferencesFixture: ChartFixture = {
  machine: preferencesMachine,
  events,
  // Bounded by the fixtures: a few themes, colours, sizes and colour schemes. The four toggles are left
  // out: no guard reads them, and their 16 combinations would multiply the traversal (the chart spec checks
  // each toggle).
  summarize: ({ theme, color, size, colorScheme }: Preferences) => ({ theme, color, size, colorScheme }),
};

describe('preferences: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('preferences', preferencesFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
  });
});
