// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from 'xstate';
import { fullscreenMachine } from '../../src/machines/fullscreen/fullscreen.machine.ts';
import { preferencesMachine } from '../../src/machines/preferences/preferences.machine.ts';
import { Header } from '../../src/ui/shell/Header.tsx';
import { ColorPicker } from '../../src/ui/shell/header/ColorPicker.tsx';
import { COLOR_PRESETS } from '../../src/ui/shell/header/colors.ts';
import {
  ColorContainer,
  FullscreenContainer,
  SizeContainer,
  ThemeContainer,
} from '../../src/ui/shell/header/containers.tsx';
import { mantineSizeFor, themeOverrideForSize } from '../../src/ui/shell/header/size.ts';
import { RootProbe, withApp } from './header-support.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

type Root = { system: { get: (id: string) => unknown } };

/** Renders the tools under a root running the given charts; returns the children by systemId. */
function renderTools(children: Parameters<typeof withApp>[0], lang: 'zh-CN' | 'en' = 'zh-CN') {
  let root: Root | undefined;
  const Wrapper = withApp(children);
  renderUi(
    <Wrapper>
      <RootProbe onRoot={(r) => (root = r)} />
      <FullscreenContainer />
      <ThemeContainer />
      <SizeContainer />
      <ColorContainer />
    </Wrapper>,
    lang,
  );
  return (id: string) =>
    root!.system.get(id) as Actor<typeof preferencesMachine> & Actor<typeof fullscreenMachine>;
}

const restoredPreferences = () => {
  const get = renderTools({ preferences: preferencesMachine, fullscreen: fullscreenMachine });
  const preferences = get('preferences') as unknown as Actor<typeof preferencesMachine>;
  act(() => preferences.send({ type: 'preferences.restore', saved: {} }));
  return { preferences, fullscreen: get('fullscreen') as unknown as Actor<typeof fullscreenMachine> };
};

describe('colour picker', () => {
  it('offers 7 predefined colours, #409EFF first', () => {
    expect(COLOR_PRESETS).toHaveLength(7);
    expect(COLOR_PRESETS[0]).toBe('#409EFF');
    expect(new Set(COLOR_PRESETS).size).toBe(7);
    renderUi(<ColorPicker value="#409EFF" onChange={() => {}} />);
    fireEvent.click(screen.getByTestId('header-color'));
    expect(screen.getAllByTestId('color-preset')).toHaveLength(7);
    expect(screen.getByRole('radio', { name: '#409EFF' }).getAttribute('aria-checked')).toBe('true');
  });

  it('a preset and a valid custom colour send preferences.colorChanged; an invalid one is refused', () => {
    const { preferences } = restoredPreferences();
    fireEvent.click(screen.getByTestId('header-color'));
    fireEvent.click(screen.getByRole('radio', { name: '#722ED1' }));
    expect(preferences.getSnapshot().context.color).toBe('#722ED1');
    const field = screen.getByLabelText('自定义颜色');
    fireEvent.change(field, { target: { value: 'zz' } });
    expect(screen.getByText('请输入 #RRGGBB 格式的颜色')).toBeTruthy();
    expect((screen.getByRole('button', { name: '应用' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '#13c2c2' } });
    fireEvent.click(screen.getByRole('button', { name: '应用' }));
    expect(preferences.getSnapshot().context.color).toBe('#13C2C2');
  });
});

describe('theme dialog', () => {
  it('lists the themes with a preview, marks the active one, and 使用 sends preferences.themeChanged', () => {
    const { preferences } = restoredPreferences();
    fireEvent.click(screen.getByTestId('header-theme'));
    const dialog = screen.getByRole('dialog', { name: '主题' });
    expect(within(dialog).getAllByRole('img')).toHaveLength(6);
    expect(within(screen.getByTestId('theme-element')).getByText('已激活')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('theme-violet')).getByRole('button', { name: /使用/ }));
    expect(preferences.getSnapshot().context.theme).toBe('violet');
    expect(within(screen.getByTestId('theme-violet')).getByText('已激活')).toBeTruthy();
    expect(within(screen.getByTestId('theme-element')).getByRole('button', { name: /使用/ })).toBeTruthy();
  });
});

describe('appearance (外观)', () => {
  it('offers 浅色 / 深色 / 跟随系统, 跟随系统 by default, and a choice sends preferences.colorSchemeChanged', () => {
    const { preferences } = restoredPreferences();
    fireEvent.click(screen.getByTestId('header-theme'));
    const control = within(screen.getByTestId('color-scheme'));
    expect(control.getAllByRole('radio').map((r) => r.closest('div')?.textContent)).toEqual([
      '浅色',
      '深色',
      '跟随系统',
    ]);
    expect((control.getByRole('radio', { name: '跟随系统' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(control.getByRole('radio', { name: '深色' }));
    expect(preferences.getSnapshot().context.colorScheme).toBe('dark');
    expect((control.getByRole('radio', { name: '深色' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('component size', () => {
  it('offers 默认 / 中 / 小 / 最小 and sends preferences.sizeChanged', () => {
    const { preferences } = restoredPreferences();
    fireEvent.click(screen.getByTestId('header-size'));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent?.replace('✓', ''))).toEqual(['默认', '中', '小', '最小']);
    expect(items[0]?.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitem', { name: '小' }));
    expect(preferences.getSnapshot().context.size).toBe('small');
  });

  it('maps each size onto Mantine’s scale, smaller to smaller', () => {
    expect(mantineSizeFor('default')).toEqual({ size: 'sm', scale: 1 });
    const scales = (['default', 'medium', 'small', 'mini'] as const).map((s) => mantineSizeFor(s).scale);
    expect([...scales].sort((a, b) => b - a)).toEqual(scales);
    expect(new Set(scales).size).toBe(4);
    expect(mantineSizeFor('bogus')).toEqual(mantineSizeFor('default'));
    expect(themeOverrideForSize('mini').scale).toBe(mantineSizeFor('mini').scale);
  });
});

describe('fullscreen button', () => {
  it('says 全屏, sends fullscreen.toggled, then says 退出全屏 as the chart is on', async () => {
    const requestFullscreen = vi.fn(async () => {});
    const machine = fullscreenMachine.provide({
      actors: { requestFullscreen: (await import('xstate')).fromPromise(requestFullscreen) },
    });
    const get = renderTools({ fullscreen: machine });
    const button = screen.getByTestId('header-fullscreen');
    expect(button.getAttribute('aria-label')).toBe('全屏');
    await act(async () => fireEvent.click(button));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(get('fullscreen').getSnapshot().value).toBe('on');
    expect(screen.getByTestId('header-fullscreen').getAttribute('aria-label')).toBe('退出全屏');
  });
});

describe('without the charts in the root actor', () => {
  it('the tools render disabled instead of failing', () => {
    renderTools({});
    for (const id of ['header-fullscreen', 'header-theme', 'header-size', 'header-color'])
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
  });

  it('preferences tools stay disabled until the saved preferences are restored', () => {
    renderTools({ preferences: preferencesMachine });
    expect((screen.getByTestId('header-theme') as HTMLButtonElement).disabled).toBe(true);
  });

  it('tooltips are in English too', () => {
    renderTools({}, 'en');
    expect(screen.getByTestId('header-fullscreen').getAttribute('aria-label')).toBe('Full screen');
    expect(screen.getByTestId('header-theme').getAttribute('aria-label')).toBe('Theme');
    expect(screen.getByTestId('header-size').getAttribute('aria-label')).toBe('Component size');
    expect(screen.getByTestId('header-color').getAttribute('aria-label')).toBe('Theme colour');
  });
});

describe('header layout', () => {
  it('puts the tools in the seed’s order: search, log, fullscreen, theme, size, language, colour, plugin tools, user', () => {
    const tool = (id: string) => <span data-testid={`slot-${id}`} />;
    renderUi(
      <MemoryRouter>
        <Header
          productName="后台管理系统"
          logo={null}
          collapsed={false}
          onToggleAside={() => {}}
          language="zh-CN"
          onLanguageChange={() => {}}
          name="admin"
          avatar={null}
          version="2.0.4"
          onUserInfo={() => {}}
          onMessages={() => {}}
          onLogout={() => {}}
          tools={{
            color: tool('color'),
            size: tool('size'),
            theme: tool('theme'),
            fullscreen: tool('fullscreen'),
            log: tool('log'),
            search: tool('search'),
            plugins: tool('plugin'),
          }}
        />
      </MemoryRouter>,
    );
    const order = [...screen.getByTestId('header-tools').querySelectorAll('[data-testid]')].map((el) =>
      el.getAttribute('data-testid'),
    );
    expect(order.filter((id) => id?.startsWith('slot-') || id === 'user-menu')).toEqual([
      'slot-search',
      'slot-log',
      'slot-fullscreen',
      'slot-theme',
      'slot-size',
      'slot-color',
      'slot-plugin',
      'user-menu',
    ]);
    const language = screen.getByRole('button', { name: '语言' });
    const color = screen.getByTestId('slot-color');
    expect(language.compareDocumentPosition(color) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
