// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InboxPanel } from '../../src/ui/messages/InboxPanel.tsx';
import { createUnreadStore } from '../../src/ui/messages/unread-store.ts';
import { reply, setup, urlOf } from '../services/harness.ts';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

type Row = { id: number; title: string; content: string; is_read: boolean };

/** A message centre holding `rows`: filters by `is_read`, and opening a message marks it read. */
function inboxServer(rows: Row[]) {
  const harness = setup((config) => {
    const url = urlOf(config);
    if (url.pathname === '/api/system/message_center/get_self_receive/') {
      const isRead = url.searchParams.get('is_read');
      const data = rows.filter((row) => isRead === null || row.is_read === (isRead === '1'));
      return reply(config, {
        code: 2000,
        msg: 'success',
        data: { page: 1, limit: 10, total: data.length, data },
      });
    }
    const opened = /^\/api\/system\/message_center\/(\d+)\/$/.exec(url.pathname);
    if (opened) {
      const row = rows.find((r) => r.id === Number(opened[1]));
      if (row) row.is_read = true;
      return reply(config, { code: 2000, msg: '获取成功', data: row });
    }
    return reply(config, { code: 4000, msg: `unexpected ${url.pathname}`, data: null });
  });
  const lists = () =>
    harness.calls
      .filter((c: InternalAxiosRequestConfig) => urlOf(c).pathname.endsWith('get_self_receive/'))
      .map((c: InternalAxiosRequestConfig) => urlOf(c).searchParams.get('is_read'));
  return { ...harness, lists };
}

const rows = (): Row[] => [
  { id: 5, title: '系统升级通知', content: '<p>今晚 <b>22:00</b> 升级</p>', is_read: false },
  { id: 4, title: '欢迎', content: '<p>hi</p>', is_read: true },
];

describe('in-site messages', () => {
  it('filters 全部 / 未读 / 已读 through is_read', async () => {
    const server = inboxServer(rows());
    renderUi(<InboxPanel http={async () => server.http} />);
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(2));
    expect(screen.getByText('今晚 22:00 升级')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('未读'));
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(1));
    expect(screen.getByText('系统升级通知')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('已读'));
    await waitFor(() => expect(screen.queryByText('系统升级通知')).toBeNull());
    expect(screen.getByText('欢迎')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('全部'));
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(2));
    expect(server.lists()).toEqual([null, '0', '1', null]);
  });

  it('marks a message read: the row says 已读 and the unread badge is told', async () => {
    const server = inboxServer(rows());
    const onReadMarked = vi.fn();
    renderUi(<InboxPanel http={async () => server.http} onReadMarked={onReadMarked} />);
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(2));
    const unread = screen.getAllByTestId('inbox-row')[0] as HTMLElement;
    expect(unread.getAttribute('data-read')).toBe('false');
    fireEvent.click(within(unread).getByRole('button', { name: '标记已读' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('inbox-row')[0]?.getAttribute('data-read')).toBe('true'),
    );
    expect(onReadMarked).toHaveBeenCalledTimes(1);
    expect(
      server.calls.some(
        (c: InternalAxiosRequestConfig) => urlOf(c).pathname === '/api/system/message_center/5/',
      ),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: '标记已读' })).toBeNull();
  });

  it('under 未读 a message marked read leaves the list', async () => {
    const server = inboxServer(rows());
    renderUi(<InboxPanel http={async () => server.http} />);
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(2));
    fireEvent.click(screen.getByLabelText('未读'));
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '标记已读' }));
    await waitFor(() => expect(screen.getByText('暂无消息')).toBeTruthy());
  });

  it('reloads the page in place when messages change elsewhere (a new one arrives)', async () => {
    const list = rows();
    const server = inboxServer(list);
    let changed: (() => void) | undefined;
    const unsubscribe = vi.fn();
    const subscribeChanges = (listener: () => void) => {
      changed = listener;
      return unsubscribe;
    };
    const view = renderUi(<InboxPanel http={async () => server.http} subscribeChanges={subscribeChanges} />);
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(2));
    list.unshift({ id: 6, title: '新的告警', content: '<p>价格异常</p>', is_read: false });
    changed?.();
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(3));
    expect(screen.getAllByTestId('inbox-row')[0]?.textContent).toContain('新的告警');
    expect(server.lists()).toEqual([null, null]);
    view.unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('unread count (the header badge)', () => {
  it('reads get_unread_msg while someone shows it, asks again on refresh, and stops when nobody does', async () => {
    let count = 3;
    const harness = setup((config) =>
      urlOf(config).pathname === '/api/system/message_center/get_unread_msg/'
        ? reply(config, { code: 2000, msg: 'ok', data: { count } })
        : reply(config, { code: 4000, msg: 'unexpected', data: null }),
    );
    const store = createUnreadStore({ http: async () => harness.http });
    expect(store.getSnapshot()).toBeNull();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await waitFor(() => expect(store.getSnapshot()).toBe(3));
    count = 2;
    store.refresh();
    await waitFor(() => expect(store.getSnapshot()).toBe(2));
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    const asked = harness.calls.length;
    store.refresh();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness.calls.length).toBe(asked);
  });

  it('tells change listeners when the poller shows a new message or closes one, and asks the count again', async () => {
    let count = 1;
    const harness = setup((config) =>
      urlOf(config).pathname === '/api/system/message_center/get_unread_msg/'
        ? reply(config, { code: 2000, msg: 'ok', data: { count } })
        : reply(config, { code: 4000, msg: 'unexpected', data: null }),
    );
    // a stand-in for the message poller: its snapshot's context holds the message on screen
    type PollerSnapshot = { context: { message: { id: number } | null } };
    const pollerListeners = new Set<(snapshot: PollerSnapshot) => void>();
    let snapshot: PollerSnapshot = { context: { message: null } };
    const show = (message: { id: number } | null) => {
      snapshot = { context: { message } };
      for (const listener of pollerListeners) listener(snapshot);
    };
    const poller = {
      subscribe(listener: (snapshot: PollerSnapshot) => void) {
        pollerListeners.add(listener);
        return { unsubscribe: () => pollerListeners.delete(listener) };
      },
      getSnapshot: () => snapshot,
    };
    const store = createUnreadStore({
      http: async () => harness.http,
      poller: poller as unknown as Parameters<typeof createUnreadStore>[0]['poller'],
    });
    const changed = vi.fn();
    const stop = store.onMessagesChanged(changed);
    await waitFor(() => expect(store.getSnapshot()).toBe(1));
    count = 2;
    show({ id: 9 });
    await waitFor(() => expect(store.getSnapshot()).toBe(2));
    expect(changed).toHaveBeenCalledTimes(1);
    show(null);
    expect(changed).toHaveBeenCalledTimes(2);
    show(null);
    expect(changed).toHaveBeenCalledTimes(2);
    stop();
    expect(pollerListeners.size).toBe(0);
  });
});
