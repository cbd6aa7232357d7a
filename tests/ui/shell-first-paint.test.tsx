// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineRoot } from '../../src/ui/app/MantineRoot.tsx';
import { Layout } from '../../src/ui/shell/Layout.tsx';
import { renderShell } from './support/shell.tsx';

afterEach(cleanup);

function shellRouter(onCommit: () => void) {
  return createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <Profiler id="shell" onRender={onCommit}>
            <MantineRoot>
              <Layout />
            </MantineRoot>
          </Profiler>
        ),
        children: [
          {
            path: 'index',
            handle: { name: 'index', titleKey: 'tabs:console' },
            element: <p data-testid="the-page">index</p>,
          },
        ],
      },
    ],
    { initialEntries: ['/index'] },
  );
}

describe('the shell after sign-in', () => {
  it('its first render shows the header, the side menu and the tab bar; the header tools and the page follow once it is painted', async () => {
    const commits: { aside: boolean; tabs: boolean; user: boolean; tools: boolean; page: boolean }[] = [];
    // Profiler's onRender runs in the commit, with the DOM of that commit in place.
    const seen = () =>
      commits.push({
        aside: !!document.querySelector('[data-testid="aside"]'),
        tabs: !!document.querySelector('[role="tablist"]'),
        user: !!document.querySelector('[data-testid="user-menu"]'),
        tools: !!document.querySelector('[data-testid="header-color"]'),
        page: !!document.querySelector('[data-testid="the-page"]'),
      });
    const router = shellRouter(seen);
    await renderShell(router);
    expect(commits[0]).toEqual({ aside: true, tabs: true, user: true, tools: false, page: false });
    await waitFor(() =>
      expect(commits.at(-1)).toEqual({ aside: true, tabs: true, user: true, tools: true, page: true }),
    );
  });

  it('in a hidden page (nothing is painted, no frame comes) the tools and the page render at once', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const router = shellRouter(() => {});
      await renderShell(router);
      expect(document.querySelector('[data-testid="header-color"]')).not.toBeNull();
      expect(document.querySelector('[data-testid="the-page"]')).not.toBeNull();
    } finally {
      visibility.mockRestore();
    }
  });
});
