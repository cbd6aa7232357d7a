// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../src/machines/routeGuard/menus.ts';
import type { RouteHandle } from '../../src/ui/app/routes.tsx';
import { menuRoutes } from '../../src/ui/app/views.ts';
import { sandboxFor } from '../../src/ui/pages/IframePage.tsx';
import { KeepAliveOutlet } from '../../src/ui/shell/tabs/KeepAliveOutlet.tsx';
import { renderShell } from './support/shell.tsx';

afterEach(cleanup);

const SITE = 'https://example.com/app';

/** The console's layout outlet with the iframe route built from an embedded menu link, as the app patches it. */
async function setup() {
  const descriptors = buildRoutes([
    {
      id: 18,
      parent: null,
      name: 'DVAdmin官网',
      web_path: SITE,
      is_link: true,
      frame_out: false,
    },
  ]);
  const frameRoutes = menuRoutes(descriptors, { onUnreachable: vi.fn() });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <KeepAliveOutlet transition={false} />,
        children: [
          {
            path: 'index',
            handle: { name: 'index', titleKey: 'tabs:console' } satisfies RouteHandle,
            element: <p>index page</p>,
          },
          ...frameRoutes,
        ],
      },
    ],
    { initialEntries: ['/index'] },
  );
  const { tabs } = await renderShell(router);
  const go = async (to: string) => {
    await act(async () => void (await router.navigate(to)));
    // The iframe page is its own lazy chunk.
    await act(async () => {});
  };
  const frame = () => document.querySelector('iframe') as HTMLIFrameElement | null;
  return { go, frame, tabs };
}

describe('an embedded link opens as a kept-alive iframe tab', () => {
  it('its tab is titled by the menu name and holds a sandboxed, titled iframe with a spinner until it loads', async () => {
    const { go, frame, tabs } = await setup();
    await go('/iframe/18');
    const iframe = await vi.waitFor(() => frame() ?? Promise.reject(new Error('no iframe yet')));
    expect(iframe.getAttribute('src')).toBe(SITE);
    expect(iframe.getAttribute('title')).toBe('嵌入页面：DVAdmin官网');
    expect(iframe.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(iframe.getAttribute('sandbox')?.split(' ').sort()).toEqual(
      [
        'allow-forms',
        'allow-popups',
        'allow-popups-to-escape-sandbox',
        'allow-same-origin',
        'allow-scripts',
      ].sort(),
    );
    expect(screen.getByRole('status').textContent).toContain('正在加载 DVAdmin官网');
    fireEvent.load(iframe);
    expect(screen.queryByRole('status')).toBeNull();
    const tab = tabs()
      .getSnapshot()
      .context.tabs.find((t) => t.key === '/iframe/18');
    expect(tab).toMatchObject({ cache: true, meta: { title: 'DVAdmin官网' } });
  });

  it('switching tabs keeps the same iframe element mounted (hidden), so the framed page is not reloaded', async () => {
    const { go, frame } = await setup();
    await go('/iframe/18');
    const iframe = await vi.waitFor(() => frame() ?? Promise.reject(new Error('no iframe yet')));
    fireEvent.load(iframe);
    await go('/index');
    expect(screen.getByText('index page')).toBeTruthy();
    // Still in the document, the very same element, under a hidden Activity.
    expect(frame()).toBe(iframe);
    expect(iframe.isConnected).toBe(true);
    expect(iframe.closest('[style*="display: none"]')).not.toBeNull();
    await go('/iframe/18');
    expect(frame()).toBe(iframe);
    expect(iframe.closest('[style*="display: none"]')).toBeNull();
    // It had loaded: no spinner comes back.
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refreshing the tab replaces the iframe (it loads again); closing the tab releases it', async () => {
    const { go, frame, tabs } = await setup();
    await go('/iframe/18');
    const first = await vi.waitFor(() => frame() ?? Promise.reject(new Error('no iframe yet')));
    fireEvent.load(first);
    await act(async () => tabs().send({ type: 'tab.refresh', key: '/iframe/18' }));
    const second = frame();
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect(screen.getByRole('status')).toBeTruthy();
    await go('/index');
    await act(async () => tabs().send({ type: 'tab.close', key: '/iframe/18' }));
    expect(frame()).toBeNull();
  });
});

describe('the sandbox of a framed page', () => {
  it('a site of another origin keeps its own origin; a page on the console’s origin never gets allow-same-origin', () => {
    expect(sandboxFor('https://example.com/x', 'http://127.0.0.1:5173')).toContain('allow-same-origin');
    expect(sandboxFor('http://127.0.0.1:5173/evil', 'http://127.0.0.1:5173')).not.toContain(
      'allow-same-origin',
    );
    expect(sandboxFor('http://127.0.0.1:5173/evil', 'http://127.0.0.1:5173')).toContain('allow-scripts');
  });
});
