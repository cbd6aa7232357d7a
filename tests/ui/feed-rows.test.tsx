// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Item } from '../../src/contract/index.ts';
import { socketMachine } from '../../src/machines/socket/socket.machine.ts';
import { FEED_DISPLAY_LIMIT } from '../../src/ui/feed/live.ts';
import { reply, setup, urlOf } from '../services/harness.ts';
import { FeedCard } from './support/feed.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

/** How often each item's row read its price: a row reads it whenever it renders. */
const priceReads = new Map<number, number>();

/** An item whose `price` counts its reads (the row renders the price on every render). */
function item(id: number): Item {
  const data: Omit<Item, 'price'> = {
    id,
    title: `商品 ${id}`,
    seller: `卖家${id}`,
    url: `https://example.test/item/${id}`,
    image: null,
    keywords: ['相机', '镜头'],
    time: '2026-11-21 08:00:00',
  };
  return Object.defineProperty(data, 'price', {
    enumerable: true,
    get() {
      priceReads.set(id, (priceReads.get(id) ?? 0) + 1);
      return id * 10;
    },
  }) as Item;
}

function itemsServer(seed: Item[]) {
  return setup((config) => {
    const path = urlOf(config).pathname;
    if (path === '/xy/items/stats/')
      return reply(config, { code: 2000, msg: 'ok', data: { today: seed.length, total: seed.length } });
    if (path === '/xy/items/')
      return reply(config, {
        code: 2000,
        msg: 'ok',
        data: { page: 1, limit: 20, total: seed.length, data: seed },
      });
    return reply(config, { code: 4000, msg: `unexpected ${path}`, data: null });
  });
}

const rows = () => screen.queryAllByTestId('feed-item');

describe('workbench live feed under a stream of items (scripts/bench-feed.ts)', () => {
  it('an arriving item renders only its own row: the rows already shown keep their nodes and are not rendered again', async () => {
    priceReads.clear();
    const { http } = itemsServer([]);
    const socket = createActor(socketMachine).start();
    socket.send({ type: 'socket.start', token: 'access' });
    socket.send({ type: 'socket.connected' });
    renderUi(<FeedCard http={async () => http} socket={socket} apiBase="" />);
    await waitFor(() => expect(screen.getByTestId('feed-today').textContent).toBe('0'));
    const first = Array.from({ length: FEED_DISPLAY_LIMIT }, (_, i) => item(i + 1));
    act(() => socket.send({ type: 'socket.itemsReceived', items: first }));
    expect(rows()).toHaveLength(FEED_DISPLAY_LIMIT);
    const shown = new Map(rows().map((row) => [row.getAttribute('data-id'), row]));

    priceReads.clear();
    act(() => socket.send({ type: 'socket.itemsReceived', items: [item(1000)] }));
    act(() => socket.send({ type: 'socket.itemsReceived', items: [item(1001)] }));

    const now = rows();
    expect(now).toHaveLength(FEED_DISPLAY_LIMIT);
    expect(now.slice(0, 2).map((row) => row.getAttribute('data-id'))).toEqual(['1001', '1000']);
    for (const row of now.slice(2)) expect(shown.get(row.getAttribute('data-id'))).toBe(row);
    expect([...priceReads.keys()].sort()).toEqual([1000, 1001]);
    expect(screen.getByTestId('feed-today').textContent).toBe(String(FEED_DISPLAY_LIMIT + 2));
    socket.stop();
  });

  it('a row still shows its price, seller and keywords, in English too', () => {
    const { http } = itemsServer([]);
    const socket = createActor(socketMachine).start();
    socket.send({ type: 'socket.start', token: 'access' });
    socket.send({ type: 'socket.connected' });
    renderUi(<FeedCard http={async () => http} socket={socket} apiBase="" />, 'en');
    act(() => socket.send({ type: 'socket.itemsReceived', items: [item(5)] }));
    const row = rows()[0] as HTMLElement;
    expect(row.textContent).toContain('¥50.00');
    expect(row.textContent).toContain('卖家5');
    expect(row.textContent).toContain('相机');
    expect(row.textContent).toContain('镜头');
    expect(row.textContent).toContain('2026-11-21 08:00:00');
    socket.stop();
  });
});
