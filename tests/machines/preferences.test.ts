import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  AA,
  contrast,
  DEFAULT_COLOR,
  generatePalette,
  luminance,
  normalizeHex,
  PRIMARY_SHADE,
  readableColors,
} from '../../src/machines/preferences/palette.ts';
import { preferencesMachine } from '../../src/machines/preferences/preferences.machine.ts';
import { selectBreadcrumbs, selectPalette, selectTheme } from '../../src/machines/preferences/selectors.ts';
import { THEMES } from '../../src/machines/preferences/themes.ts';
import type { Preferences, PreferencesEvent } from '../../src/machines/preferences/types.ts';

function start() {
  const calls = {
    order: [] as string[],
    saved: [] as Preferences[],
    themes: [] as string[],
    colors: [] as { color: string; palette: string[] }[],
    schemes: [] as string[],
  };
  const machine = preferencesMachine.provide({
    actions: {
      savePreferences: (_, p) => {
        calls.saved.push(p.slice);
        calls.order.push('savePreferences');
      },
      applyTheme: (_, p) => {
        calls.themes.push(p.theme.name);
        calls.order.push('applyTheme');
      },
      applyColor: (_, p) => {
        calls.colors.push(p);
        calls.order.push('applyColor');
      },
      applyColorScheme: (_, p) => {
        calls.schemes.push(p.colorScheme);
        calls.order.push('applyColorScheme');
      },
      reloadThroughRefresh: () => {
        calls.order.push('reloadThroughRefresh');
      },
    },
  });
  const actor = createActor(machine).start();
  const send = (e: PreferencesEvent) => actor.send(e);
  const ctx = () => actor.getSnapshot().context;
  return { actor, calls, send, ctx };
}

const DEFAULT_SLICE: Preferences = {
  theme: 'element',
  color: '#409EFF',
  size: 'default',
  colorScheme: 'auto',
  pageTransition: true,
  asideCollapse: false,
  asideTransition: true,
  breadcrumbs: true,
};

function restored(saved: unknown = {}) {
  const t = start();
  t.send({ type: 'preferences.restore', saved });
  t.calls.order.length = 0;
  t.calls.saved.length = 0;
  t.calls.themes.length = 0;
  t.calls.colors.length = 0;
  t.calls.schemes.length = 0;
  return t;
}

describe('restoring preferences', () => {
  it('before anything is restored the defaults hold: element, #409EFF, default size', () => {
    const t = start();
    expect(t.ctx()).toEqual({
      theme: 'element',
      color: '#409EFF',
      size: 'default',
      colorScheme: 'auto',
      pageTransition: true,
      asideCollapse: false,
      asideTransition: true,
      breadcrumbs: true,
    });
  });

  it('a saved slice is restored and applied without being saved again', () => {
    const t = start();
    const saved: Preferences = {
      theme: 'violet',
      color: '#ff0000',
      size: 'small',
      colorScheme: 'dark',
      pageTransition: false,
      asideCollapse: true,
      asideTransition: false,
      breadcrumbs: false,
    };
    t.send({ type: 'preferences.restore', saved });
    expect(t.ctx()).toEqual({ ...saved, color: '#FF0000' });
    expect(t.calls.themes).toEqual(['violet']);
    expect(t.calls.colors[0]?.color).toBe('#FF0000');
    expect(t.calls.schemes).toEqual(['dark']);
    expect(t.calls.saved).toEqual([]);
    expect(t.calls.order).not.toContain('reloadThroughRefresh');
  });

  it('an unknown saved theme falls back to the first theme', () => {
    const t = start();
    t.send({ type: 'preferences.restore', saved: { theme: 'no-such-theme' } });
    expect(t.ctx().theme).toBe(THEMES[0]!.name);
    expect(selectTheme(t.actor.getSnapshot())).toBe(THEMES[0]);
  });

  it('invalid parts of a saved slice fall back to their defaults and valid parts are kept', () => {
    const t = start();
    t.send({
      type: 'preferences.restore',
      saved: { theme: 'star', color: 'blue', size: 'huge', pageTransition: 'yes', asideCollapse: true },
    });
    expect(t.ctx()).toEqual({
      theme: 'star',
      color: DEFAULT_COLOR,
      size: 'default',
      colorScheme: 'auto',
      pageTransition: true,
      asideCollapse: true,
      asideTransition: true,
      breadcrumbs: true,
    });
  });

  it('a saved value that is not an object restores the defaults', () => {
    for (const saved of [undefined, null, 'element', 7, []]) {
      const t = start();
      t.send({ type: 'preferences.restore', saved });
      expect(t.ctx().theme).toBe('element');
      expect(t.ctx().color).toBe('#409EFF');
    }
  });

  it('changes before the saved slice arrives are ignored, so the defaults never overwrite it', () => {
    const t = start();
    t.send({ type: 'preferences.colorChanged', color: '#FF0000' });
    t.send({ type: 'preferences.asideCollapseToggled' });
    expect(t.calls.saved).toEqual([]);
    expect(t.ctx().color).toBe('#409EFF');
  });

  it('an unknown or corrupt saved colour scheme falls back to auto (follow the system)', () => {
    for (const colorScheme of ['sepia', 'DARK', 1, null, {}]) {
      const t = start();
      t.send({ type: 'preferences.restore', saved: { colorScheme, theme: 'violet' } });
      expect(t.ctx().colorScheme).toBe('auto');
      expect(t.ctx().theme).toBe('violet');
      expect(t.calls.schemes).toEqual(['auto']);
    }
  });

  it('breadcrumbs absent from an older slice, or saved corrupt, fall back to shown; a saved choice is kept', () => {
    for (const breadcrumbs of [undefined, 'no', 0, null, {}]) {
      const t = start();
      t.send({ type: 'preferences.restore', saved: { breadcrumbs, theme: 'violet' } });
      expect(t.ctx().breadcrumbs).toBe(true);
      expect(t.ctx().theme).toBe('violet');
    }
    const t = start();
    t.send({ type: 'preferences.restore', saved: { breadcrumbs: false } });
    expect(selectBreadcrumbs(t.actor.getSnapshot())).toBe(false);
  });

  it('another user signing in restores their slice', () => {
    const t = restored({ theme: 'violet' });
    t.send({ type: 'preferences.restore', saved: { theme: 'd2' } });
    expect(t.ctx().theme).toBe('d2');
  });
});

describe('changing preferences', () => {
  it('changing the colour saves it and applies a ten-shade palette around it', () => {
    const t = restored();
    t.send({ type: 'preferences.colorChanged', color: '#67c23a' });
    expect(t.ctx().color).toBe('#67C23A');
    expect(t.calls.colors).toHaveLength(1);
    expect(t.calls.colors[0]!.palette).toHaveLength(10);
    expect(t.calls.colors[0]!.palette[PRIMARY_SHADE]).toBe('#67C23A');
    expect(t.calls.saved.at(-1)?.color).toBe('#67C23A');
    expect(selectPalette(t.actor.getSnapshot())).toEqual(t.calls.colors[0]!.palette);
  });

  it('a colour that is not hex is ignored', () => {
    const t = restored();
    t.send({ type: 'preferences.colorChanged', color: 'rgb(1,2,3)' });
    expect(t.ctx().color).toBe('#409EFF');
    expect(t.calls.order).toEqual([]);
  });

  it('changing size saves then reloads through /refresh', () => {
    const t = restored();
    t.send({ type: 'preferences.sizeChanged', size: 'mini' });
    expect(t.ctx().size).toBe('mini');
    expect(t.calls.order).toEqual(['savePreferences', 'reloadThroughRefresh']);
    expect(t.calls.saved[0]?.size).toBe('mini');
  });

  it('choosing the size already in use, or an unknown size, does not reload', () => {
    const t = restored({ size: 'small' });
    t.send({ type: 'preferences.sizeChanged', size: 'small' });
    t.send({ type: 'preferences.sizeChanged', size: 'large' });
    expect(t.calls.order).toEqual([]);
  });

  it('choosing a theme applies and saves it; an unknown theme is ignored', () => {
    const t = restored();
    t.send({ type: 'preferences.themeChanged', theme: 'tomorrow-night-blue' });
    expect(t.calls.order).toEqual(['applyTheme', 'savePreferences']);
    expect(t.calls.saved[0]?.theme).toBe('tomorrow-night-blue');
    t.send({ type: 'preferences.themeChanged', theme: 'nope' });
    expect(t.ctx().theme).toBe('tomorrow-night-blue');
    expect(t.calls.saved).toHaveLength(1);
  });

  it('choosing light, dark or auto applies it at once and saves it with the slice', () => {
    const t = restored();
    t.send({ type: 'preferences.colorSchemeChanged', colorScheme: 'dark' });
    expect(t.ctx().colorScheme).toBe('dark');
    expect(t.calls.order).toEqual(['applyColorScheme', 'savePreferences']);
    expect(t.calls.saved[0]).toEqual({ ...DEFAULT_SLICE, colorScheme: 'dark' });
    t.send({ type: 'preferences.colorSchemeChanged', colorScheme: 'light' });
    t.send({ type: 'preferences.colorSchemeChanged', colorScheme: 'auto' });
    expect(t.calls.schemes).toEqual(['dark', 'light', 'auto']);
    expect(t.calls.saved.map((s) => s.colorScheme)).toEqual(['dark', 'light', 'auto']);
  });

  it('a colour scheme other than light, dark or auto is refused: nothing applied or saved', () => {
    const t = restored({ colorScheme: 'dark' });
    for (const colorScheme of ['sepia', '', 'Dark'])
      t.send({ type: 'preferences.colorSchemeChanged', colorScheme });
    expect(t.ctx().colorScheme).toBe('dark');
    expect(t.calls.order).toEqual([]);
  });

  it('a colour scheme chosen before the saved slice arrives is ignored', () => {
    const t = start();
    t.send({ type: 'preferences.colorSchemeChanged', colorScheme: 'dark' });
    expect(t.ctx().colorScheme).toBe('auto');
    expect(t.calls.schemes).toEqual([]);
  });

  it('page transition, aside collapse and aside transition toggles are persisted', () => {
    const t = restored();
    t.send({ type: 'preferences.pageTransitionToggled' });
    t.send({ type: 'preferences.asideCollapseToggled' });
    t.send({ type: 'preferences.asideTransitionToggled' });
    expect(t.calls.saved.at(-1)).toEqual({
      theme: 'element',
      color: '#409EFF',
      size: 'default',
      colorScheme: 'auto',
      pageTransition: false,
      asideCollapse: true,
      asideTransition: false,
      breadcrumbs: true,
    });
    expect(t.calls.saved).toHaveLength(3);
  });

  it('hiding the breadcrumbs saves the slice; showing them again saves it too', () => {
    const t = restored();
    t.send({ type: 'preferences.breadcrumbsToggled' });
    expect(t.ctx().breadcrumbs).toBe(false);
    expect(t.calls.saved.at(-1)?.breadcrumbs).toBe(false);
    t.send({ type: 'preferences.breadcrumbsToggled' });
    expect(t.calls.saved.map((slice) => slice.breadcrumbs)).toEqual([false, true]);
  });

  it('hiding the breadcrumbs before the saved slice arrives is ignored', () => {
    const t = start();
    t.send({ type: 'preferences.breadcrumbsToggled' });
    expect(t.ctx().breadcrumbs).toBe(true);
    expect(t.calls.saved).toEqual([]);
  });
});

describe('palette', () => {
  it('the palette has ten shades from light to dark around the chosen colour', () => {
    for (const color of ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#909399', '#6B4FBB', '#123456']) {
      const palette = generatePalette(color);
      expect(palette).toHaveLength(10);
      expect(palette[PRIMARY_SHADE]).toBe(color);
      for (const shade of palette) expect(shade).toMatch(/^#[0-9A-F]{6}$/);
      const light = palette.map(luminance);
      for (let i = 1; i < light.length; i++) expect(light[i]!).toBeLessThan(light[i - 1]!);
      expect(light[0]!).toBeGreaterThan(luminance(color));
      expect(light[9]!).toBeLessThan(luminance(color));
    }
  });

  it('the lightest shade of the default colour is a pale tint of it, the darkest a deep shade', () => {
    const palette = generatePalette('#409eff');
    expect(palette[0]).toBe('#ECF5FF'); // element-ui's --color-primary-light-9
    expect(palette[9]).toBe('#204F80');
  });

  it('every theme colour gets variants that read at WCAG AA: white on filled, text on white, the light tint and dark surfaces', () => {
    const colors = [
      '#409EFF',
      '#722ED1',
      '#FADB14',
      '#13C2C2',
      '#001529',
      '#F5222D',
      '#FFFFFF',
      '#000000',
      '#52C41A',
    ];
    for (const color of colors) {
      const readable = readableColors(color);
      expect(contrast('#FFFFFF', readable.filled), `${color} filled`).toBeGreaterThanOrEqual(AA);
      expect(contrast('#FFFFFF', readable.filledHover), `${color} hover`).toBeGreaterThanOrEqual(AA);
      expect(contrast(readable.text, '#FFFFFF'), `${color} text`).toBeGreaterThanOrEqual(AA);
      expect(contrast(readable.text, generatePalette(color)[1]!), `${color} on tint`).toBeGreaterThanOrEqual(
        AA,
      );
      expect(contrast(readable.textDark, '#2E2E2E'), `${color} dark`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('a colour that already reads is kept as it is; the default blue is darkened just enough', () => {
    expect(readableColors('#722ED1').filled).toBe('#722ED1');
    const blue = readableColors('#409EFF');
    expect(blue.filled).not.toBe('#409EFF');
    expect(contrast('#FFFFFF', '#409EFF')).toBeLessThan(AA);
    expect(blue.textDark).toBe('#409EFF');
  });

  it('short hex is accepted, anything else is not a colour', () => {
    expect(normalizeHex('#abc')).toBe('#AABBCC');
    expect(normalizeHex('409eff')).toBe('#409EFF');
    expect(normalizeHex('#40 9eff')).toBeNull();
    expect(normalizeHex(42)).toBeNull();
    expect(() => generatePalette('red')).toThrow();
  });
});

describe('themes', () => {
  it('at least four themes, each with a name, a title and a preview image; element is first', () => {
    expect(THEMES.length).toBeGreaterThanOrEqual(4);
    expect(THEMES[0]!.name).toBe('element');
    expect(new Set(THEMES.map((t) => t.name)).size).toBe(THEMES.length);
    for (const theme of THEMES) {
      expect(theme.title).not.toBe('');
      expect(theme.titleKey).toBe(`preferences:theme.${theme.name}`);
      expect(theme.preview).toMatch(/^data:image\/svg\+xml,/);
    }
    expect(THEMES.some((t) => t.backgroundImage)).toBe(true);
  });
});
