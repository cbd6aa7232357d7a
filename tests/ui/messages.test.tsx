// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, assign, createActor, createMachine } from 'xstate';
import type { InboxRef, UnreadRef } from '../../src/machines/app/selectors.ts';
import { inboxMachine } from '../../src/machines/messages/inbox.machine.ts';
import { unreadMachine } from '../../src/machines/messages/unread.machine.ts';
import type { HttpClient } from '../../src/services/http/types.ts';
import {
  createInboxImplementations,
  createUnreadImplementations,
} from '../../src/services/implementations/messages.ts';
import { InboxPanel } from '../../src/ui/messages/InboxPanel.tsx';
import { reply, setup, urlOf } from '../services/harness.ts';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

/**
 * The messages charts as the shell runs them, with the services' effects: a stand-in message poller
 * (systemId `messagePoller`, its context holds the message on screen), the unread count (systemId `unread`)
 * and, when asked, the inbox page's chart — all under one root, so they find each other by systemId.
 */
function messagesSystem(http: () => Promise<HttpClient>, withInbox = true) {
  const poller = createMachine({
    id: 'poller',
    types: {} as {
      context: { message: { id: number } | null };
      events: { type: 'show'; message: { id: number } | null };
    },
    context: { message: null },
    on: { show: { actions: assign({ message: ({ event }) => event.message }) } },
  });
  const root = createActor(
    createMachine({
      id: 'stand-in-shell',
      invoke: [
        { id: 'messagePoller', systemId: 'messagePoller', src: poller },
        {
          id: 'unread',
          systemId: 'unread',
          src: unreadMachine.provide(createUnreadImplementations({ http })),
        },
        ...(withInbox
          ? [{ id: 'inbox', src: inboxMachine.provide(createInboxImplementations({ http })) }]
          : []),
      ],
    }),
  ).start();
  const children = root.getSnapshot().children as Record<string, AnyActorRef>;
  return {
    root,
    inbox: children.inbox as InboxRef,
    unread: children.unread as UnreadRef,
    show: (message: { id: number } | null) => children.messagePoller?.send({ type: 'show', message }),
  };
}

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
    if (url.pathname === '/api/system/message_center/get_unread_msg/') {
      return reply(config, { code: 2000, msg: 'ok', data: { count: rows.filter((r) => !r.is_read).length } });
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
    const { inbox } = messagesSystem(async () => server.http);
    renderUi(<InboxPanel inbox={inbox} />);
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

  it('marks a message read: the row says 已读 and the unread badge counts again', async () => {
    const server = inboxServer(rows());
    const { inbox, unread } = messagesSystem(async () => server.http);
    renderUi(<InboxPanel inbox={inbox} />);
    await waitFor(() => expect(unread.getSnapshot().context.count).toBe(1));
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(2));
    const first = screen.getAllByTestId('inbox-row')[0] as HTMLElement;
    expect(first.getAttribute('data-read')).toBe('false');
    fireEvent.click(within(first).getByRole('button', { name: '标记已读' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('inbox-row')[0]?.getAttribute('data-read')).toBe('true'),
    );
    await waitFor(() => expect(unread.getSnapshot().context.count).toBe(0));
    expect(
      server.calls.some(
        (c: InternalAxiosRequestConfig) => urlOf(c).pathname === '/api/system/message_center/5/',
      ),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: '标记已读' })).toBeNull();
  });

  it('under 未读 a message marked read leaves the list', async () => {
    const server = inboxServer(rows());
    const { inbox } = messagesSystem(async () => server.http);
    renderUi(<InboxPanel inbox={inbox} />);
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(2));
    fireEvent.click(screen.getByLabelText('未读'));
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '标记已读' }));
    await waitFor(() => expect(screen.getByText('暂无消息')).toBeTruthy());
  });

  it('reloads the page in place when messages change elsewhere (the poller shows a new one)', async () => {
    const list = rows();
    const server = inboxServer(list);
    const { inbox, show, root } = messagesSystem(async () => server.http);
    renderUi(<InboxPanel inbox={inbox} />);
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(2));
    list.unshift({ id: 6, title: '新的告警', content: '<p>价格异常</p>', is_read: false });
    show({ id: 6 });
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(3));
    expect(screen.getAllByTestId('inbox-row')[0]?.textContent).toContain('新的告警');
    expect(server.lists()).toEqual([null, null]);
    root.stop();
  });
});

describe('unread count (the header badge)', () => {
  it('reads get_unread_msg while the shell runs, asks again on refresh, and stops with the shell', async () => {
    let count = 3;
    const harness = setup((config) =>
      urlOf(config).pathname === '/api/system/message_center/get_unread_msg/'
        ? reply(config, { code: 2000, msg: 'ok', data: { count } })
        : reply(config, { code: 4000, msg: 'unexpected', data: null }),
    );
    const { root, unread } = messagesSystem(async () => harness.http, false);
    expect(unread.getSnapshot().context.count).toBeNull();
    await waitFor(() => expect(unread.getSnapshot().context.count).toBe(3));
    count = 2;
    unread.send({ type: 'unread.refresh' });
    await waitFor(() => expect(unread.getSnapshot().context.count).toBe(2));
    root.stop();
    const asked = harness.calls.length;
    unread.send({ type: 'unread.refresh' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness.calls.length).toBe(asked);
  });

  it('tells listeners when the poller shows a new message or closes one, and asks the count again', async () => {
    let count = 1;
    const harness = setup((config) =>
      urlOf(config).pathname === '/api/system/message_center/get_unread_msg/'
        ? reply(config, { code: 2000, msg: 'ok', data: { count } })
        : reply(config, { code: 4000, msg: 'unexpected', data: null }),
    );
    const { root, unread, show } = messagesSystem(async () => harness.http, false);
    const changed = vi.fn();
    const subscription = unread.on('messages.changed', changed);
    await waitFor(() => expect(unread.getSnapshot().context.count).toBe(1));
    count = 2;
    show({ id: 9 });
    await waitFor(() => expect(unread.getSnapshot().context.count).toBe(2));
    expect(changed).toHaveBeenCalledTimes(1);
    show(null);
    expect(changed).toHaveBeenCalledTimes(2);
    show(null);
    expect(changed).toHaveBeenCalledTimes(2);
    subscription.unsubscribe();
    root.stop();
  });
});
