// @vitest-environment jsdom
// The /items page (src/ui/views/xy/items) with a fake socket chart and a fake server: the table's cells,
// arrivals at the top, a duplicate updating its row, the "N new" pill under a search, reconnecting.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveRow } from '../../src/machines/items/types.ts';
import type { HttpClient } from '../../src/services/http/types.ts';
import { type CrudEnv, CrudEnvProvider } from '../../src/ui/crud/env.tsx';
import { ItemsLivePage } from '../../src/ui/views/xy/items/ItemsLivePage.tsx';
import type { LiveSocket } from '../../src/ui/views/xy/items/live.implementations.ts';
import { queryOf, reply, setup, urlOf } from '../services/harness.ts';
import { renderKit } from './crud-support.tsx';

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: `商品 ${id}`,
  price: 100 + id,
  seller: `卖家 ${id}`,
  url: `https://example.test/${id}`,
  task: 1,
  task_name: '监控 iPhone',
  first_seen: '2026-11-25 10:00:00',
  last_seen: '2026-11-25 10:00:00',
  ...extra,
});

/** A socket chart as the page sees it: `socket.items` listeners and the `connected` tag. */
function fakeSocket() {
  let connected = true;
  const itemListeners = new Set<(e: { items: LiveRow[] }) => void>();
  const stateListeners = new Set<(s: { hasTag(tag: string): boolean }) => void>();
  const snapshot = () => ({ hasTag: (tag: string) => tag === 'connected' && connected });
  const socket: LiveSocket = {
    on: (_type, handler) => {
      itemListeners.add(handler);
      return { unsubscribe: () => itemListeners.delete(handler) };
    },
    subscribe: (observer) => {
      stateListeners.add(observer);
      return { unsubscribe: () => stateListeners.delete(observer) };
    },
    getSnapshot: snapshot,
  };
  return {
    socket,
    push: (...items: LiveRow[]) =>
      act(() => {
        for (const l of itemListeners) l({ items });
      }),
    setConnected: (value: boolean) =>
      act(() => {
        connected = value;
        for (const l of stateListeners) l(snapshot());
      }),
  };
}

function mount(rows = [row(2), row(1, { seller_blacklisted: true, image: 'media/1.jpg' })]) {
  const h = setup((config) => {
    const path = urlOf(config).pathname;
    if (path === '/xy/tasks/')
      return reply(config, {
        code: 2000,
        msg: 'ok',
        data: { page: 1, limit: 500, total: 1, data: [{ id: 1, name: '监控 iPhone' }] },
      });
    return reply(config, {
      code: 2000,
      msg: 'ok',
      data: { page: 1, limit: 10, total: rows.length, data: rows },
    });
  });
  const env: CrudEnv = { http: h.http as HttpClient, dictionaries: {}, deptNames: {}, can: () => true };
  const live = fakeSocket();
  renderKit(
    <CrudEnvProvider value={env}>
      <ItemsLivePage socket={live.socket} />
    </CrudEnvProvider>,
  );
  const lists = () => h.calls.filter((c) => c.method === 'get' && urlOf(c).pathname === '/xy/items/');
  return { ...h, ...live, lists };
}

const titles = () => screen.queryAllByTestId('items-title').map((e) => e.textContent);
const status = () => screen.getByTestId('items-live-status');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the items page', () => {
  it('a row links its title to the listing in a new tab and marks a blacklisted seller', async () => {
    mount();
    const link = await screen.findByRole('link', { name: '商品 1' });
    expect(link.getAttribute('href')).toBe('https://example.test/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const rowOne = screen.getAllByTestId('items-row')[1]!;
    expect(within(rowOne).getByTestId('items-blacklisted').textContent).toBe('黑名单');
    expect(within(rowOne).getByTestId('items-price').textContent).toBe('¥101.00');
    expect(within(rowOne).getByText('监控 iPhone')).toBeTruthy();
  });

  it('following: a new item is prepended, and the same item again updates its row in place', async () => {
    const h = mount();
    await screen.findByRole('link', { name: '商品 1' });
    expect(status().dataset.state).toBe('following');
    h.push(row(3));
    expect(titles()).toEqual(['商品 3', '商品 2', '商品 1']);
    h.push(row(1, { price: 50 }));
    expect(titles()).toEqual(['商品 3', '商品 2', '商品 1']);
    expect(within(screen.getAllByTestId('items-row')[2]!).getByTestId('items-price').textContent).toBe(
      '¥50.00',
    );
  });

  it('a search pauses the list: arrivals show as "N new", and the pill clears the search and loads page 1', async () => {
    const h = mount();
    await screen.findByRole('link', { name: '商品 1' });
    fireEvent.change(screen.getByTestId('items-filter-search'), { target: { value: 'iPhone' } });
    fireEvent.click(screen.getByTestId('items-search'));
    await waitFor(() => expect(queryOf(h.lists().at(-1)!).get('search')).toBe('iPhone'));
    await waitFor(() => expect(status().dataset.state).toBe('paused'));
    h.push(row(3), row(4));
    expect(screen.getByTestId('items-new-pill').textContent).toBe('2 条新商品');
    expect(titles()).toEqual(['商品 2', '商品 1']);
    const before = h.lists().length;
    fireEvent.click(screen.getByTestId('items-new-pill'));
    await waitFor(() => expect(h.lists().length).toBe(before + 1));
    expect(queryOf(h.lists().at(-1)!).get('search')).toBeNull();
    expect(status().dataset.state).toBe('following');
    expect((screen.getByTestId('items-filter-search') as HTMLInputElement).value).toBe('');
  });

  it('a lost socket shows reconnecting; on reconnect the list is loaded again', async () => {
    const h = mount();
    await screen.findByRole('link', { name: '商品 1' });
    h.setConnected(false);
    expect(status().dataset.state).toBe('reconnecting');
    expect(status().textContent).toBe('连接已断开，正在重新连接…');
    const before = h.lists().length;
    h.setConnected(true);
    await waitFor(() => expect(h.lists().length).toBe(before + 1));
    expect(status().dataset.state).toBe('following');
  });

  it('a min price above the max is refused before any request, with a message', async () => {
    const h = mount();
    await screen.findByRole('link', { name: '商品 1' });
    const before = h.lists().length;
    fireEvent.change(screen.getByTestId('items-filter-min_price'), { target: { value: '500' } });
    fireEvent.change(screen.getByTestId('items-filter-max_price'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('items-search'));
    expect(await screen.findByText('最低价不能高于最高价')).toBeTruthy();
    expect(h.lists().length).toBe(before);
  });
});
