// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteHandle } from '../../src/ui/app/routes.tsx';
import { KeepAliveOutlet } from '../../src/ui/shell/tabs/KeepAliveOutlet.tsx';
import { renderShell } from './support/shell.tsx';

afterEach(cleanup);

/** A page with state: a controlled field, and the path it reads from the router. */
function FieldPage({ id }: { id: string }) {
  const [value, setValue] = useState('');
  const { pathname } = useLocation();
  return (
    <div>
      <input aria-label={id} value={value} onChange={(event) => setValue(event.target.value)} />
      <span data-testid={`${id}-path`}>{pathname}</span>
    </div>
  );
}

const handle = (h: RouteHandle) => h;

async function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <KeepAliveOutlet transition={false} />,
        children: [
          {
            path: 'index',
            handle: handle({ name: 'index', titleKey: 'tabs:console' }),
            element: <p>index</p>,
          },
          {
            path: 'form',
            handle: handle({ name: 'form', title: 'Form', cache: true }),
            element: <FieldPage id="cached" />,
          },
          {
            path: 'plain',
            handle: handle({ name: 'plain', title: 'Plain' }),
            element: <FieldPage id="plain" />,
          },
        ],
      },
    ],
    { initialEntries: ['/index'] },
  );
  const { tabs } = await renderShell(router);
  const go = (to: string) => act(async () => void (await router.navigate(to)));
  return { router, go, tabs };
}

describe('keep-alive under the real router', () => {
  it('a cached page keeps typed text while hidden, with its own location; a plain page does not', async () => {
    const { go, tabs } = await setup();
    await go('/form');
    fireEvent.change(screen.getByLabelText('cached'), { target: { value: 'kept while hidden' } });
    await go('/plain');
    fireEvent.change(screen.getByLabelText('plain'), { target: { value: 'lost' } });
    // Hidden but mounted, still on its own path.
    const hidden = screen.getByLabelText('cached') as HTMLInputElement;
    expect(hidden.value).toBe('kept while hidden');
    expect(screen.getByTestId('cached-path').textContent).toBe('/form');
    expect(screen.getByTestId('plain-path').textContent).toBe('/plain');

    await go('/form');
    expect((screen.getByLabelText('cached') as HTMLInputElement).value).toBe('kept while hidden');
    expect(screen.queryByLabelText('plain')).toBeNull();
    await go('/plain');
    expect((screen.getByLabelText('plain') as HTMLInputElement).value).toBe('');
    expect(
      tabs()
        .getSnapshot()
        .context.tabs.map((t) => t.key),
    ).toEqual(['/index', '/form', '/plain']);
  });

  it('the tabs chart hears of a settled page from the router, before React has rendered it', async () => {
    const { router, tabs } = await setup();
    // Outside act: React has not rendered the navigation yet when the router settles (on a loaded machine a
    // transition render can lag for seconds) — the chart already holds the page the URL shows, so a close or
    // a revocation meanwhile is judged against the right tab.
    await router.navigate('/plain');
    expect(router.state.location.pathname).toBe('/plain');
    expect(screen.queryByLabelText('plain')).toBeNull();
    expect(tabs().getSnapshot().context.current).toBe('/plain');
    await act(async () => {});
    expect(screen.getByLabelText('plain')).toBeTruthy();
  });

  it('refreshing the tab remounts just that page', async () => {
    const { go, tabs } = await setup();
    await go('/form');
    fireEvent.change(screen.getByLabelText('cached'), { target: { value: 'typed' } });
    await act(async () => tabs().send({ type: 'tab.refresh', key: '/form' }));
    expect((screen.getByLabelText('cached') as HTMLInputElement).value).toBe('');
  });

  it('closing a cached tab drops its page', async () => {
    const { go, tabs } = await setup();
    await go('/form');
    fireEvent.change(screen.getByLabelText('cached'), { target: { value: 'typed' } });
    await go('/index');
    await act(async () => tabs().send({ type: 'tab.close', key: '/form' }));
    expect(screen.queryByLabelText('cached')).toBeNull();
    await go('/form');
    expect((screen.getByLabelText('cached') as HTMLInputElement).value).toBe('');
  });

  it('a cached page closed by the tab limit is released (its typed text is gone when reopened)', async () => {
    const { go, tabs } = await setup();
    await act(async () => tabs().send({ type: 'tabs.limitChanged', limit: 2 }));
    await go('/form');
    fireEvent.change(screen.getByLabelText('cached'), { target: { value: 'typed' } });
    await go('/plain');
    expect(
      tabs()
        .getSnapshot()
        .context.tabs.map((t) => t.key),
    ).toEqual(['/index', '/plain']);
    expect(screen.queryByLabelText('cached')).toBeNull();
    await go('/form');
    expect((screen.getByLabelText('cached') as HTMLInputElement).value).toBe('');
  });
});
