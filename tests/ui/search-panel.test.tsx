// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuRecord } from '../../src/contract/menu.ts';
import { searchMachine } from '../../src/machines/search/search.machine.ts';
import { buildSearchIndex, searchIndex } from '../../src/machines/search/searchIndex.ts';
import { createSearchImplementations } from '../../src/services/implementations/search.ts';
import { useSearchHotkey } from '../../src/ui/search/hotkey.ts';
import { SearchContainer } from '../../src/ui/search/SearchContainer.tsx';
import { SearchSpotlight } from '../../src/ui/search/SearchSpotlight.tsx';
import { routeGuardWith, withApp } from './header-support.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

function HotkeyProbe({ onOpen }: { onOpen: () => void }) {
  useSearchHotkey(onOpen);
  return (
    <div>
      <input aria-label="field" />
      <textarea aria-label="area" />
      <div role="dialog" aria-label="dialog">
        <button type="button">in dialog</button>
      </div>
      <div contentEditable suppressContentEditableWarning data-testid="editable">
        <span data-testid="inside">x</span>
      </div>
    </div>
  );
}

describe('search hotkey', () => {
  it('s opens the search panel from anywhere on the page', () => {
    const onOpen = vi.fn();
    renderUi(<HotkeyProbe onOpen={onOpen} />);
    const event = new KeyboardEvent('keydown', { key: 's', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(onOpen).toHaveBeenCalledTimes(1);
    // the `s` is not typed into the search field that takes the focus
    expect(event.defaultPrevented).toBe(true);
  });

  it('s does not open the panel while typing in an input, a textarea or editable content', () => {
    const onOpen = vi.fn();
    renderUi(<HotkeyProbe onOpen={onOpen} />);
    fireEvent.keyDown(screen.getByLabelText('field'), { key: 's' });
    fireEvent.keyDown(screen.getByLabelText('area'), { key: 's' });
    fireEvent.keyDown(screen.getByTestId('inside'), { key: 's' });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('s does not open the panel over an open dialog', () => {
    const onOpen = vi.fn();
    renderUi(<HotkeyProbe onOpen={onOpen} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'in dialog' }), { key: 's' });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('ctrl+s, cmd+s and other keys do not open it', () => {
    const onOpen = vi.fn();
    renderUi(<HotkeyProbe onOpen={onOpen} />);
    fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 's', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'd' });
    expect(onOpen).not.toHaveBeenCalled();
  });
});

const MENUS = [
  { id: 1, parent: null, name: '系统管理', is_catalog: true, path: '', component: '' },
  { id: 2, parent: 1, name: '部门管理', path: '/dept', component: 'system/dept/index' },
  { id: 3, parent: 1, name: '菜单按钮', path: '/menuButton', component: 'x', visible: false },
] as MenuRecord[];

function ControlledSpotlight({ onChoose }: { onChoose: (path: string) => void }) {
  const [opened, setOpened] = useState(true);
  const [query, setQuery] = useState('');
  const index = buildSearchIndex(MENUS);
  return (
    <SearchSpotlight
      opened={opened}
      query={query}
      hits={searchIndex(index, query)}
      onQueryChange={setQuery}
      onClose={() => setOpened(false)}
      onChoose={(entry) => onChoose(entry.path)}
    />
  );
}

/** The shell's search chart with the services' effects, navigating through the test's router. */
function searchChart() {
  const router: { navigate?: NavigateFunction } = {};
  const opened: string[] = [];
  const logic = searchMachine.provide(
    createSearchImplementations({
      navigate: (to) => void router.navigate?.(to),
      openWindow: (url) => opened.push(url),
    }),
  );
  function NavigateProbe() {
    router.navigate = useNavigate();
    return null;
  }
  return { logic, NavigateProbe, opened };
}

describe('search panel', () => {
  it('shows the hint 您可以使用快捷键 s 唤醒搜索面板，按 esc 关闭 and the entries titled Parent / Child', () => {
    renderUi(<ControlledSpotlight onChoose={() => {}} />);
    expect(screen.getByTestId('search-hint').textContent).toBe(
      '您可以使用快捷键 s 唤醒搜索面板，按 esc 关闭',
    );
    expect(screen.getByPlaceholderText('搜索页面')).toBeTruthy();
    expect(screen.getByText(/^系统管理 \/ 部门管理/)).toBeTruthy();
    expect(screen.getByText(/^系统管理 \/ 菜单按钮/)).toBeTruthy();
  });

  it('typing filters, Enter opens the highlighted entry', () => {
    const onChoose = vi.fn();
    renderUi(<ControlledSpotlight onChoose={onChoose} />);
    const input = screen.getByPlaceholderText('搜索页面');
    fireEvent.change(input, { target: { value: 'menubtn' } });
    expect(screen.getAllByTestId('search-result').map((r) => r.getAttribute('data-path'))).toEqual([
      '/menuButton',
    ]);
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith('/menuButton');
  });

  it('the hint is in English too', () => {
    renderUi(<ControlledSpotlight onChoose={() => {}} />, 'en');
    expect(screen.getByTestId('search-hint').textContent).toBe(
      'Press s to open the search panel, esc to close it',
    );
  });

  it('in the header: s opens the panel over the user’s menus, Enter navigates to the chosen page', async () => {
    const search = searchChart();
    const Wrapper = withApp({ routeGuard: routeGuardWith(MENUS), search: search.logic }, '/index');
    renderUi(
      <Wrapper>
        <search.NavigateProbe />
        <SearchContainer />
        <LocationProbe />
      </Wrapper>,
    );
    expect(screen.queryByPlaceholderText('搜索页面')).toBeNull();
    act(() => {
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 's', bubbles: true, cancelable: true }),
      );
    });
    const input = await screen.findByPlaceholderText('搜索页面');
    // the console comes first, then the leaves, hidden ones included
    expect(screen.getAllByTestId('search-result').map((r) => r.getAttribute('data-path'))).toEqual([
      '/index',
      '/dept',
      '/menuButton',
    ]);
    fireEvent.change(input, { target: { value: '部门' } });
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(screen.getByTestId('location').textContent).toBe('/dept');
  });

  it('in the header: the search button toggles the panel', async () => {
    const Wrapper = withApp({ routeGuard: routeGuardWith(MENUS), search: searchChart().logic }, '/index');
    renderUi(
      <Wrapper>
        <SearchContainer />
      </Wrapper>,
    );
    fireEvent.click(screen.getByTestId('header-search'));
    expect(await screen.findByPlaceholderText('搜索页面')).toBeTruthy();
    expect(screen.getByTestId('header-search').getAttribute('aria-label')).toBe('搜索');
  });
});

function LocationProbe() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}
