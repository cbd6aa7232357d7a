// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import {
  selectCurrentKey,
  selectDropdownMenu,
  selectTabMenu,
  selectTabs,
  tabTitle,
} from '../../src/machines/tabs/selectors.ts';
import { INDEX_TAB } from '../../src/machines/tabs/tabList.ts';
import { tabsMachine } from '../../src/machines/tabs/tabs.machine.ts';
import type { TabRoute, TabsNotice } from '../../src/machines/tabs/types.ts';
import { createI18n, preloadNamespaces } from '../../src/services/i18n/index.ts';
import { TabBar } from '../../src/ui/shell/tabs/TabBar.tsx';
import { theme } from '../../src/ui/theme.ts';
import { stubBrowser } from './support/render.tsx';

/** Like `renderUi`, with the lazy namespaces (`tabs`) loaded first, as the app's start-up preload does. */
async function renderUi(ui: ReactElement) {
  stubBrowser();
  const i18n = createI18n({ cookieLang: 'zh-chs' });
  await preloadNamespaces(i18n);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
  return { ...render(ui, { wrapper }), i18n };
}

afterEach(cleanup);

const route = (path: string, title: string): TabRoute => ({
  name: path.slice(1),
  fullPath: path,
  params: {},
  query: {},
  meta: { title },
});

type TabsRef = ActorRefFrom<typeof tabsMachine>;

/** The bar as the container wires it, over a real tabs chart (navigation answered at once). */
function Bar({ tabs }: { tabs: TabsRef }) {
  const { t } = useTranslation();
  const list = useSelector(tabs, selectTabs);
  const current = useSelector(tabs, selectCurrentKey);
  return (
    <TabBar
      tabs={list.map((tab, i) => ({
        key: tab.key,
        title: tabTitle(tab, (k, f) => t(k, { defaultValue: f })),
        closable: i > 0 && !tab.pinned,
        pinned: tab.pinned === true,
      }))}
      current={current}
      menuFor={(key) => selectTabMenu(tabs.getSnapshot(), key)}
      dropdown={selectDropdownMenu(tabs.getSnapshot())}
      onSelect={(key) => tabs.send({ type: 'tab.selected', key })}
      onClose={(key) => tabs.send({ type: 'tab.close', key })}
      onCommand={(command, key) =>
        tabs.send(
          key === undefined ? { type: 'tab.command', command } : { type: 'tab.command', command, key },
        )
      }
      onMove={(from, to) => tabs.send({ type: 'tab.moved', from, to })}
    />
  );
}

const TITLES: Record<string, string> = { '/dept': '部门管理', '/role': '角色管理', '/user': '用户管理' };
const routeTo = (path: string) => (path === '/index' ? INDEX_TAB : route(path, TITLES[path] ?? path));

async function setup() {
  const notices: TabsNotice[] = [];
  let tabs: TabsRef;
  const navigateTo = vi.fn((_: unknown, { to }: { to: string }) => {
    queueMicrotask(() => tabs.send({ type: 'tab.opened', route: routeTo(to) }));
  });
  tabs = createActor(
    tabsMachine.provide({
      actions: { navigateTo, saveTabs: () => {}, notify: (_: unknown, n: TabsNotice) => notices.push(n) },
    }),
  ).start();
  tabs.send({ type: 'tabs.restore', saved: null, validPaths: [] });
  for (const [path, title] of [
    ['/dept', '部门管理'],
    ['/role', '角色管理'],
    ['/user', '用户管理'],
  ] as const)
    tabs.send({ type: 'tab.opened', route: route(path, title) });
  const view = await renderUi(<Bar tabs={tabs} />);
  return { tabs, notices, navigateTo, view };
}

const titles = () => screen.getAllByRole('tab').map((tab) => tab.querySelector('span')?.textContent);
const openMenuOf = (name: string) => {
  fireEvent.contextMenu(screen.getByRole('tab', { name: new RegExp(name) }));
  return screen.getByTestId('tab-context-menu');
};

describe('tab bar', () => {
  it('shows the index tab first, without a close button, and the current tab selected', async () => {
    await setup();
    expect(titles()).toEqual(['控制台', '部门管理', '角色管理', '用户管理']);
    expect(within(screen.getByRole('tab', { name: '控制台' })).queryByRole('button')).toBeNull();
    expect(screen.getByRole('tab', { name: /用户管理/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('the context menu of the index tab offers only 关闭全部', async () => {
    await setup();
    const menu = openMenuOf('控制台');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['关闭全部']);
  });

  it('the context menu of another tab offers 刷新, 固定, 关闭左侧, 关闭右侧, 关闭其它, 关闭全部', async () => {
    await setup();
    const menu = openMenuOf('角色管理');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['刷新', '固定', '关闭左侧', '关闭右侧', '关闭其它', '关闭全部']);
  });

  it('固定 pins a tab: it shows a pin instead of its close button, survives 关闭其它, and offers 取消固定', async () => {
    const { tabs } = await setup();
    fireEvent.click(within(openMenuOf('部门管理')).getByRole('menuitem', { name: '固定' }));
    await act(async () => {});
    const dept = screen.getByRole('tab', { name: /部门管理/ });
    expect(within(dept).queryByTestId('tab-close')).toBeNull();
    expect(within(dept).getByTestId('tab-pin')).toBeTruthy();
    fireEvent.click(within(openMenuOf('用户管理')).getByRole('menuitem', { name: '关闭其它' }));
    await act(async () => {});
    expect(titles()).toEqual(['控制台', '部门管理', '用户管理']);
    fireEvent.click(within(openMenuOf('部门管理')).getByRole('menuitem', { name: '取消固定' }));
    await act(async () => {});
    expect(tabs.getSnapshot().context.tabs.some((tab) => tab.pinned)).toBe(false);
    expect(within(screen.getByRole('tab', { name: /部门管理/ })).getByTestId('tab-close')).toBeTruthy();
  });

  it('关闭右侧 from the context menu closes the tabs right of that tab', async () => {
    const { tabs } = await setup();
    fireEvent.click(within(openMenuOf('角色管理')).getByRole('menuitem', { name: '关闭右侧' }));
    await act(async () => {});
    expect(titles()).toEqual(['控制台', '部门管理', '角色管理']);
    expect(tabs.getSnapshot().context.current).toBe('/role');
  });

  it('the dropdown offers close left, right, others and all for the current tab; its main button closes all', async () => {
    const { navigateTo } = await setup();
    fireEvent.click(screen.getByRole('button', { name: '更多操作' }));
    const dropdown = screen.getByTestId('tab-dropdown');
    expect(
      within(dropdown)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['关闭左侧', '关闭右侧', '关闭其它', '关闭全部']);
    // Nothing right of the current (last) tab.
    expect(within(dropdown).getByRole('menuitem', { name: '关闭右侧' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dropdown).getByRole('menuitem', { name: '关闭左侧' }));
    await act(async () => {});
    expect(titles()).toEqual(['控制台', '用户管理']);

    fireEvent.click(screen.getByRole('button', { name: '关闭全部' }));
    await act(async () => {});
    expect(titles()).toEqual(['控制台']);
    expect(navigateTo).toHaveBeenLastCalledWith(expect.anything(), { to: '/index' });
  });

  it('an unknown action says 无效的操作 and changes nothing', async () => {
    const { notices, view } = await setup();
    const menu = openMenuOf('角色管理');
    const item = within(menu).getByRole('menuitem', { name: '关闭其它' });
    item.setAttribute('data-command', 'shuffle');
    fireEvent.click(item);
    await act(async () => {});
    expect(notices).toEqual([{ kind: 'warning', reason: { key: 'tabs:invalidOperation' } }]);
    expect(view.i18n.t(notices[0]?.reason.key ?? '')).toBe('无效的操作');
    expect(titles()).toEqual(['控制台', '部门管理', '角色管理', '用户管理']);
  });

  it('closing the active tab moves to the next tab, or the previous one when it was last', async () => {
    const { tabs } = await setup();
    fireEvent.click(screen.getByTitle('关闭 用户管理'));
    await act(async () => {});
    expect(tabs.getSnapshot().context.current).toBe('/role');
  });

  it('by keyboard alone: arrows move between tabs, Enter opens one, Delete closes it, Shift+F10 opens its menu', async () => {
    const { tabs } = await setup();
    const [, , role, user] = screen.getAllByRole('tab') as HTMLElement[];
    // a tab holds no focusable control of its own: one keyboard stop per tab
    expect(user!.querySelector('button, [tabindex="0"]')).toBeNull();
    user!.focus();
    fireEvent.keyDown(user!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(role);
    fireEvent.keyDown(role!, { key: 'Enter' });
    await act(async () => {});
    expect(tabs.getSnapshot().context.current).toBe('/role');
    fireEvent.keyDown(user!, { key: 'Delete' });
    await act(async () => {});
    expect(titles()).not.toContain('用户管理');
    fireEvent.keyDown(role!, { key: 'F10', shiftKey: true });
    expect(await screen.findByRole('menuitem', { name: '关闭其它' })).toBeTruthy();
  });

  it('dragging a tab onto another moves it there; the index tab does not move', async () => {
    await setup();
    const [, dept, , user] = screen.getAllByRole('tab') as HTMLElement[];
    const dataTransfer = { setData: vi.fn(), getData: () => '', effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(user as HTMLElement, { dataTransfer });
    fireEvent.dragOver(dept as HTMLElement, { dataTransfer });
    fireEvent.drop(dept as HTMLElement, { dataTransfer });
    await act(async () => {});
    expect(titles()).toEqual(['控制台', '用户管理', '部门管理', '角色管理']);
    expect(screen.getAllByRole('tab')[0]?.getAttribute('draggable')).toBe('false');
  });

  it('titles follow the language', async () => {
    const { view } = await setup();
    act(() => {
      void view.i18n.changeLanguage('en');
    });
    expect(titles()[0]).toBe('Console');
  });
});
