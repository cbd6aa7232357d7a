// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Item } from '../../src/contract/index.ts';
import { socketMachine } from '../../src/machines/socket/socket.machine.ts';
import { FEED_DISPLAY_LIMIT, mergeFeed } from '../../src/ui/feed/live.ts';
import { reply, setup, urlOf } from '../services/harness.ts';
import { FeedCard } from './support/feed.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

const item = (id: number, extra: Partial<Item> = {}): Item => ({
  id,
  title: `商品 ${id}`,
  price: id * 10,
  seller: `卖家${id}`,
  url: `https://example.test/item/${id}`,
  image: `media/files/${id}.png`,
  keywords: ['相机'],
  time: '2026-11-21 08:00:00',
  ...extra,
});

/** The items API: the latest page holds `seed` (newest first); stats as given. */
function itemsServer(seed: Item[], stats = { today: seed.length, total: 40 }) {
  return setup((config) => {
    const path = urlOf(config).pathname;
    if (path === '/xy/items/stats/') return reply(config, { code: 2000, msg: 'ok', data: stats });
    if (path === '/xy/items/')
      return reply(config, {
        code: 2000,
        msg: 'ok',
        data: { page: 1, limit: 20, total: seed.length, data: seed },
      });
    return reply(config, { code: 4000, msg: `unexpected ${path}`, data: null });
  });
}

function connectedSocket() {
  const socket = createActor(socketMachine).start();
  socket.send({ type: 'socket.start', token: 'access' });
  socket.send({ type: 'socket.connected' });
  return socket;
}

const rowIds = () => screen.queryAllByTestId('feed-item').map((row) => row.getAttribute('data-id'));

describe('workbench live feed', () => {
  it('is seeded with the latest page, then shows arriving items newest first and counts them as today’s', async () => {
    const { http } = itemsServer([item(2), item(1)], { today: 2, total: 40 });
    const socket = connectedSocket();
    renderUi(<FeedCard http={async () => http} socket={socket} apiBase="http://api.test" />);
    await waitFor(() => expect(rowIds()).toEqual(['2', '1']));
    expect(screen.getByTestId('feed-today').textContent).toBe('2');

    act(() => socket.send({ type: 'socket.itemsReceived', items: [item(3), item(4)] }));
    expect(rowIds()).toEqual(['4', '3', '2', '1']);
    expect(screen.getByTestId('feed-today').textContent).toBe('4');
    expect(screen.getByTestId('feed-total').textContent).toBe('42');

    const newest = screen.getAllByTestId('feed-item')[0] as HTMLElement;
    const link = within(newest).getByRole('link', { name: '商品 4' });
    expect(link.getAttribute('href')).toBe('https://example.test/item/4');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(newest.querySelector('img')?.getAttribute('src')).toBe('http://api.test/media/files/4.png');
    expect(newest.textContent).toContain('¥40.00');
    expect(newest.textContent).toContain('卖家4');
    expect(newest.textContent).toContain('相机');
    socket.stop();
  });

  it('stays bounded: only the newest items are rendered however many arrive', async () => {
    const { http } = itemsServer([item(1)]);
    const socket = connectedSocket();
    renderUi(<FeedCard http={async () => http} socket={socket} apiBase="" />);
    await waitFor(() => expect(rowIds()).toEqual(['1']));
    const burst = Array.from({ length: 300 }, (_, i) => item(100 + i));
    act(() => socket.send({ type: 'socket.itemsReceived', items: burst }));
    const ids = rowIds();
    expect(ids).toHaveLength(FEED_DISPLAY_LIMIT);
    expect(ids[0]).toBe('399');
    expect(ids[FEED_DISPLAY_LIMIT - 1]).toBe(String(399 - FEED_DISPLAY_LIMIT + 1));
    socket.stop();
  });

  it('merging keeps the live items first, drops seeded duplicates and bounds the list', () => {
    expect(mergeFeed([item(3), item(2)], [item(2), item(1)], 10).map((i) => i.id)).toEqual([3, 2, 1]);
    expect(mergeFeed([item(3), item(2)], [item(1)], 2).map((i) => i.id)).toEqual([3, 2]);
  });
});

describe('connection badge', () => {
  const badge = () => screen.getByTestId('feed-connection');

  it('follows the socket chart: 连接中, 已连接, 断开, 连接错误', async () => {
    const { http } = itemsServer([]);
    const socket = createActor(socketMachine).start();
    socket.send({ type: 'socket.start', token: 'access' });
    renderUi(<FeedCard http={async () => http} socket={socket} apiBase="" />);
    expect(badge().textContent).toBe('连接中');
    act(() => socket.send({ type: 'socket.connected' }));
    expect(badge().textContent).toBe('已连接');
    act(() => socket.send({ type: 'socket.disconnected', reason: 'transport close' }));
    expect(badge().textContent).toBe('断开');
    socket.stop();

    cleanup();
    const failing = createActor(socketMachine).start();
    failing.send({ type: 'socket.start', token: 'access' });
    renderUi(<FeedCard http={async () => http} socket={failing} apiBase="" />);
    act(() => failing.send({ type: 'socket.connectFailed', message: 'xhr poll error' }));
    expect(badge().textContent).toBe('连接错误');
    failing.stop();
    await waitFor(() => expect(screen.getByText('暂无商品')).toBeTruthy());
  });

  it('says 未连接 while the app runs no socket chart, and the seed still shows', async () => {
    const { http } = itemsServer([item(7)]);
    renderUi(<FeedCard http={async () => http} socket={undefined} apiBase="" />);
    expect(badge().textContent).toBe('未连接');
    await waitFor(() => expect(rowIds()).toEqual(['7']));
  });

  it('speaks English too', () => {
    const { http } = itemsServer([]);
    renderUi(<FeedCard http={async () => http} socket={connectedSocket()} apiBase="" />, 'en');
    expect(badge().textContent).toBe('Connected');
  });
});
