// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createMachine } from 'xstate';
import type { MenuRecord } from '../../src/contract/index.ts';
import { preferencesMachine } from '../../src/machines/preferences/preferences.machine.ts';
import { createI18n, preloadNamespaces } from '../../src/services/i18n/index.ts';
import { AppActor } from '../../src/ui/app/actor.ts';
import { LAYOUT_NOT_FOUND_ROUTE_ID } from '../../src/ui/app/routes.tsx';
import { ErrorView } from '../../src/ui/pages/ErrorView.tsx';
import { BreadcrumbsContainer } from '../../src/ui/shell/BreadcrumbsContainer.tsx';
import { LayoutSettings } from '../../src/ui/shell/header/LayoutSettings.tsx';
import { theme } from '../../src/ui/theme.ts';
import { RootProbe, stubRoot } from './header-support.tsx';
import { stubBrowser } from './support/render.tsx';

afterEach(cleanup);

/** Under the app's theme and i18n, with the lazy namespaces (header, pages) loaded first. */
async function renderUi(ui: ReactElement, lang: 'zh-CN' | 'en' = 'zh-CN') {
  stubBrowser();
  const i18n = createI18n({ cookieLang: lang === 'en' ? 'en' : 'zh-chs' });
  await preloadNamespaces(i18n);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}

const record = (r: Partial<MenuRecord> & Pick<MenuRecord, 'id' | 'name'>): MenuRecord => ({
  parent: null,
  path: '',
  component: '',
  component_name: '',
  ...r,
});
const MENUS = [
  record({ id: 1, name: '系统管理', is_catalog: true }),
  record({ id: 2, parent: 1, name: '部门管理', path: '/dept', component: 'd', component_name: 'dept' }),
];

/** Breadcrumbs at `path` under a root running a real preferences chart and a stand-in route guard. */
async function crumbsAt(path: string) {
  const guard = createMachine({ id: 'routeGuard', context: { menus: MENUS, routes: [] } });
  const logic = stubRoot({ preferences: preferencesMachine, routeGuard: guard });
  const page = { element: <BreadcrumbsContainer /> };
  const router = createMemoryRouter(
    [
      { path: '/dept', ...page },
      { path: '/userInfo', handle: { titleKey: 'pages:user_info.title' }, ...page },
      { id: LAYOUT_NOT_FOUND_ROUTE_ID, path: '*', ...page },
    ],
    { initialEntries: [path] },
  );
  let root: { system: { get: (id: string) => unknown } } | undefined;
  await renderUi(
    // biome-ignore lint/suspicious/noExplicitAny: the stand-in root has another type than appMachine
    <AppActor.Provider logic={logic as any}>
      <RootProbe onRoot={(r) => (root = r)} />
      <RouterProvider router={router} />
    </AppActor.Provider>,
  );
  const preferences = root?.system.get('preferences') as Actor<typeof preferencesMachine>;
  return { router, preferences };
}

const crumbTexts = () =>
  within(screen.getByRole('navigation', { name: '面包屑导航' }))
    .getAllByText(/\S/)
    .map((el) => el.textContent);

describe('breadcrumbs', () => {
  it('show the menu trail; a page crumb is a link that navigates, a catalog is text', async () => {
    const { router } = await crumbsAt('/dept');
    expect(crumbTexts()).toEqual(expect.arrayContaining(['控制台', '系统管理', '部门管理']));
    const nav = screen.getByRole('navigation', { name: '面包屑导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['控制台', '部门管理']);
    expect(within(nav).getByRole('link', { name: '部门管理' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav).getByRole('link', { name: '控制台' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/index');
  });

  it('a click on the shown page still asks the router, replacing the entry (the rendered location can lag the router’s)', async () => {
    const { router } = await crumbsAt('/dept');
    const nav = screen.getByRole('navigation', { name: '面包屑导航' });
    fireEvent.click(within(nav).getByRole('link', { name: '部门管理' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/dept');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a static page ends with its own title; the catch-all names 403 for a console page', async () => {
    await crumbsAt('/userInfo');
    expect(screen.getByRole('navigation', { name: '面包屑导航' }).textContent).toContain('个人信息');
    cleanup();
    await crumbsAt('/menu');
    const nav = screen.getByRole('navigation', { name: '面包屑导航' });
    expect(nav.textContent).toContain('无权访问');
    expect(nav.textContent).not.toContain('页面不存在');
    cleanup();
    await crumbsAt('/nowhere');
    expect(screen.getByRole('navigation', { name: '面包屑导航' }).textContent).toContain('页面不存在');
  });

  it('are hidden when the user’s preference says so', async () => {
    const { preferences } = await crumbsAt('/dept');
    act(() => preferences.send({ type: 'preferences.restore', saved: { breadcrumbs: false } }));
    expect(screen.queryByRole('navigation', { name: '面包屑导航' })).toBeNull();
  });
});

describe('error pages', () => {
  it('403 says the page is refused and offers the way back, in both languages', async () => {
    const onHome = vi.fn();
    await renderUi(<ErrorView code={403} homeHref="/index" onHome={onHome} />);
    expect(screen.getByRole('heading', { name: '无权访问' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '返回控制台' }));
    expect(onHome).toHaveBeenCalledTimes(1);
    cleanup();
    await renderUi(<ErrorView code={403} homeHref="/index" onHome={onHome} />, 'en');
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy();
  });
});

describe('layout settings (theme dialog, 布局)', () => {
  const range = { min: 2, max: 100 };
  async function settings() {
    const onToggle = vi.fn();
    const onTabLimitChange = vi.fn();
    await renderUi(
      <LayoutSettings
        values={{ breadcrumbs: true, pageTransition: true, asideTransition: false }}
        onToggle={onToggle}
        tabLimit={20}
        tabLimitRange={range}
        onTabLimitChange={onTabLimitChange}
      />,
    );
    return {
      onToggle,
      onTabLimitChange,
      field: screen.getByLabelText('最多打开的标签页') as HTMLInputElement,
    };
  }

  it('each switch shows its preference and sends its toggle', async () => {
    const { onToggle } = await settings();
    const crumbs = screen.getByRole('switch', { name: '显示面包屑' }) as HTMLInputElement;
    expect(crumbs.checked).toBe(true);
    expect((screen.getByRole('switch', { name: '侧栏折叠动画' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(crumbs);
    expect(onToggle).toHaveBeenCalledWith('breadcrumbs');
  });

  it('the tab limit is taken on Enter or blur, whole (typing 15 never sets 1), clamped to its bounds', async () => {
    const { onTabLimitChange, field } = await settings();
    expect(field.value).toBe('20');
    fireEvent.change(field, { target: { value: '1' } });
    fireEvent.change(field, { target: { value: '15' } });
    expect(onTabLimitChange).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onTabLimitChange).toHaveBeenLastCalledWith(15);
    fireEvent.change(field, { target: { value: '500' } });
    fireEvent.blur(field);
    expect(onTabLimitChange).toHaveBeenLastCalledWith(100);
  });

  it('an empty entry changes nothing', async () => {
    const { onTabLimitChange, field } = await settings();
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(onTabLimitChange).not.toHaveBeenCalled();
  });
});
