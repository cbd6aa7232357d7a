import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { preferencesMachine } from '../../src/machines/preferences/preferences.machine.ts';
import type { Preferences } from '../../src/machines/preferences/types.ts';
import { createPreferencesImplementations } from '../../src/services/implementations/preferences.ts';

function setup(save: (slice: Preferences) => Promise<void> | void = () => {}) {
  const attributes: Record<string, string> = {};
  const vars: Record<string, string> = {};
  const navigations: { to: string; options: unknown }[] = [];
  const errors: unknown[] = [];
  const schemes: string[] = [];
  const impl = createPreferencesImplementations({
    savePreferences: save,
    navigate: (to, options) => navigations.push({ to, options }),
    currentPath: () => '/items?page=2',
    root: {
      setAttribute: (name, value) => {
        attributes[name] = value;
      },
      style: {
        setProperty: (name, value) => {
          vars[name] = value;
        },
        removeProperty: (name) => {
          const old = vars[name] ?? '';
          delete vars[name];
          return old;
        },
      },
    },
    setColorScheme: (scheme) => schemes.push(scheme),
    onError: (e) => errors.push(e),
  });
  const actor = createActor(preferencesMachine.provide(impl)).start();
  actor.send({ type: 'preferences.restore', saved: { theme: 'star' } });
  return { actor, attributes, vars, navigations, errors, schemes };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('preferences implementations', () => {
  it('restoring applies the theme to the document, with its background image', () => {
    const t = setup();
    expect(t.attributes['data-theme']).toBe('star');
    expect(t.vars['--app-background-image']).toContain('gradient');
    t.actor.send({ type: 'preferences.themeChanged', theme: 'element' });
    expect(t.attributes['data-theme']).toBe('element');
    expect(t.vars['--app-background-image']).toBeUndefined();
  });

  it('a colour change sets the ten shades and element-ui’s primary variables', () => {
    const t = setup();
    t.actor.send({ type: 'preferences.colorChanged', color: '#409eff' });
    expect(t.vars['--app-primary']).toBe('#409EFF');
    expect(Object.keys(t.vars).filter((k) => /^--app-primary-\d$/.test(k))).toHaveLength(10);
    expect(t.vars['--el-color-primary']).toBe('#409EFF');
    expect(t.vars['--el-color-primary-light-9']).toBe('#ECF5FF');
  });

  it('a colour change becomes Mantine’s brand shades and the readable variants the stylesheet hands to Mantine', () => {
    const t = setup();
    t.actor.send({ type: 'preferences.colorChanged', color: '#722ed1' });
    expect(t.vars['--mantine-color-brand-6']).toBe('#722ED1');
    expect(Object.keys(t.vars).filter((k) => /^--mantine-color-brand-\d$/.test(k))).toHaveLength(10);
    expect(t.vars['--app-primary-filled']).toBe('#722ED1');
    t.actor.send({ type: 'preferences.colorChanged', color: '#409eff' });
    expect(t.vars['--mantine-color-brand-6']).toBe('#409EFF');
    expect(t.vars['--app-primary-filled']).toBe('#3077BF');
    expect(t.vars['--app-primary-text']).toMatch(/^#[0-9A-F]{6}$/);
    expect(t.vars['--app-primary-text-dark']).toBe('#409EFF');
  });

  it('the colour scheme is handed to the Mantine providers on restore and on each change', () => {
    const t = setup();
    expect(t.schemes).toEqual(['auto']);
    t.actor.send({ type: 'preferences.colorSchemeChanged', colorScheme: 'dark' });
    expect(t.schemes).toEqual(['auto', 'dark']);
  });

  it('a size change goes to /refresh, which sends the user back to where they were', () => {
    const t = setup();
    t.actor.send({ type: 'preferences.sizeChanged', size: 'small' });
    expect(t.navigations).toEqual([
      { to: '/refresh', options: { replace: true, state: { from: '/items?page=2' } } },
    ]);
  });

  it('a failed save is reported and does not stop the chart', async () => {
    const t = setup(async () => {
      throw new Error('quota');
    });
    t.actor.send({ type: 'preferences.asideCollapseToggled' });
    await flush();
    expect(t.errors).toHaveLength(1);
    expect(t.actor.getSnapshot().status).toBe('active');
    expect(t.actor.getSnapshot().context.asideCollapse).toBe(true);
  });
});
