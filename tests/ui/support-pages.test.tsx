// @vitest-environment jsdom
// Issue 14 support pages on the CRUD kit: /knowledge (search over title and body, the article shown in a
// frame that cannot run scripts, import by permission), /messages (type / read filters, mark one or all
// read and the header's unread badge asks again) and the workbench overview (hidden when refused).
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dictionaries } from '../../src/services/api/types.ts';
import type { HttpClient } from '../../src/services/http/types.ts';
import { CrudPage } from '../../src/ui/crud/CrudPage.tsx';
import { type CrudEnv, CrudEnvProvider } from '../../src/ui/crud/env.tsx';
import { OverviewPanel } from '../../src/ui/overview/OverviewPanel.tsx';
import KnowledgePage from '../../src/ui/views/xy/knowledge/index.tsx';
import { knowledgeResource } from '../../src/ui/views/xy/knowledge/resource.ts';
import { MessagesPage } from '../../src/ui/views/xy/messages/index.tsx';
import { bodyOf, queryOf, reply, setup, urlOf } from '../services/harness.ts';
import { renderKit } from './crud-support.tsx';

vi.mock('../../src/ui/crud/app-env.tsx', () => ({
  AppCrudEnv: ({ children }: { children: unknown }) => children,
}));

const dictionaries: Dictionaries = {
  button_whether_bool: [
    { label: '是', value: true },
    { label: '否', value: false },
  ],
};

type Answer = (config: InternalAxiosRequestConfig) => unknown;
const pageOf = (rows: unknown[]) => ({
  code: 2000,
  msg: 'success',
  data: { page: 1, limit: 10, total: rows.length, data: rows },
});

function mount(ui: React.ReactElement, answer: Answer, can: (value: string) => boolean = () => true) {
  const h = setup((config) => reply(config, answer(config)));
  const env: CrudEnv = { http: h.http as HttpClient, dictionaries, deptNames: {}, userDept: 1, can };
  renderKit(<CrudEnvProvider value={env}>{ui}</CrudEnvProvider>);
  const gets = (path: string) => h.calls.filter((c) => c.method === 'get' && urlOf(c).pathname === path);
  return { ...h, gets };
}

const article = {
  id: 4,
  title: '手机掉线怎么办',
  category: '运维',
  tags: ['手机', '心跳'],
  content: '<p>检查 <strong>zebracrossing</strong> 设置</p><img src="x" onerror="alert(1)">',
  published: true,
  create_datetime: '2026-11-25 10:00:00',
  update_datetime: '2026-11-25 10:00:00',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/knowledge', () => {
  it('the keyword box searches title and body through the server’s `search` parameter', async () => {
    const h = mount(<KnowledgePage />, () => pageOf([article]));
    await screen.findByText('手机掉线怎么办');
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: ' zebracrossing ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(queryOf(h.gets('/xy/knowledge/').at(-1)!).get('search')).toBe('zebracrossing'),
    );
  });

  it('a viewed article is drawn in a sandboxed frame, never into the console’s own document', async () => {
    mount(<KnowledgePage />, () => pageOf([article]));
    await screen.findByText('手机掉线怎么办');
    fireEvent.click(screen.getByRole('button', { name: '详情' }));
    const frame = (await screen.findByTestId('knowledge-content-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<strong>zebracrossing</strong>');
    expect(document.querySelector('[onerror]')).toBeNull();
  });

  it('Import is offered only with the Import button; Export only with Export', async () => {
    mount(
      <KnowledgePage />,
      () => pageOf([article]),
      (v) => v === 'Search' || v === 'Retrieve',
    );
    await screen.findByText('手机掉线怎么办');
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    cleanup();
    mount(<KnowledgePage />, () => pageOf([article]));
    await screen.findByText('手机掉线怎么办');
    expect(screen.getByRole('button', { name: '导入' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });

  it('tags travel as a list (an empty form sends an empty list)', () => {
    expect(knowledgeResource.toBody?.({ title: 'a', tags: ['x', 'y'] }, 'create')).toMatchObject({
      tags: ['x', 'y'],
    });
    expect(knowledgeResource.toBody?.({ title: 'a', tags: undefined }, 'create')).toMatchObject({ tags: [] });
  });

  it('the kit resource itself renders (columns for title, category, tags, published)', async () => {
    mount(<CrudPage resource={knowledgeResource} />, () => pageOf([article]));
    expect(await screen.findByText('运维')).toBeTruthy();
    expect(screen.getByText('心跳')).toBeTruthy();
  });
});

describe('/messages', () => {
  const rows = [
    {
      id: 7,
      title: '手机离线：DEMO-001',
      message: '手机已停止心跳',
      type: 1,
      status: 0,
      create_datetime: '2026-11-25 10:00:00',
    },
    {
      id: 6,
      title: '新反馈：无法推送',
      message: '请回复',
      type: 2,
      status: 1,
      create_datetime: '2026-11-25 09:00:00',
    },
  ];
  const unread = () => ({ refresh: vi.fn(), onMessagesChanged: vi.fn(() => () => {}) });
  const answer: Answer = (c) => {
    if (c.method === 'put' && urlOf(c).pathname === '/xy/message/read_all/')
      return { code: 2000, msg: 'ok', data: { count: 1 } };
    if (c.method === 'put') return { code: 2000, msg: 'ok', data: { id: 7, status: 1 } };
    return pageOf(rows);
  };

  it('the type and read filters are sent as `type` and `status`', async () => {
    const h = mount(<MessagesPage unread={unread()} />, answer);
    await screen.findByText('手机离线：DEMO-001');
    const list = () => queryOf(h.gets('/xy/message/get_message/').at(-1)!);
    expect(list().get('type')).toBeNull();
    const pick = async (label: string, option: string) => {
      fireEvent.click(screen.getByLabelText(label));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    await pick('类型', '警告');
    await pick('状态', '未读');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(list().get('type')).toBe('1'));
    expect(list().get('status')).toBe('0');
  });

  it('marking one message read asks the server, reloads the list and tells the unread badge', async () => {
    const link = unread();
    const h = mount(<MessagesPage unread={link} />, answer);
    await screen.findByText('手机离线：DEMO-001');
    expect(screen.queryByTestId('message-read-6')).toBeNull();
    const before = h.gets('/xy/message/get_message/').length;
    await act(async () => fireEvent.click(screen.getByTestId('message-read-7')));
    await waitFor(() => expect(link.refresh).toHaveBeenCalledTimes(1));
    const put = h.calls.find((c) => c.method === 'put')!;
    expect(urlOf(put).pathname).toBe('/xy/message/7/read/');
    expect(bodyOf(put)).toEqual({ id: 7, status: 1 });
    await waitFor(() => expect(h.gets('/xy/message/get_message/').length).toBeGreaterThan(before));
  });

  it('mark all read asks once for every unread message and tells the unread badge', async () => {
    const link = unread();
    const h = mount(<MessagesPage unread={link} />, answer);
    await screen.findByText('手机离线：DEMO-001');
    await act(async () => fireEvent.click(screen.getByTestId('messages-read-all')));
    await waitFor(() => expect(link.refresh).toHaveBeenCalledTimes(1));
    expect(h.calls.filter((c) => c.method === 'put').map((c) => urlOf(c).pathname)).toEqual([
      '/xy/message/read_all/',
    ]);
  });

  it('without the Update button nothing can be marked', async () => {
    mount(<MessagesPage unread={unread()} />, answer, (v) => v !== 'Update');
    await screen.findByText('手机离线：DEMO-001');
    expect(screen.queryByTestId('message-read-7')).toBeNull();
    expect(screen.queryByTestId('messages-read-all')).toBeNull();
  });
});

describe('workbench overview', () => {
  const figures = {
    items: { today_stored: 12, today_dropped: 3 },
    pushes: { today_success: 8, today_failed: 2, pending: 1, success_rate: 0.8 },
    phones: { online: 1, total: 2 },
    tasks: { enabled: 3 },
    customers: { expiring_7d: 1 },
    items_per_hour: Array.from({ length: 24 }, (_, i) => ({
      hour: `2026-11-25 ${String(i).padStart(2, '0')}:00`,
      stored: i,
      pushed: 0,
      failed: 0,
    })),
  };
  const panel = (answer: Answer) => {
    const h = setup((config) => reply(config, answer(config)));
    renderKit(<OverviewPanel http={async () => h.http as HttpClient} />);
    return h;
  };

  it('shows today’s counters and the success rate', async () => {
    panel(() => ({ code: 2000, msg: 'ok', data: figures }));
    expect((await screen.findByTestId('overview-items')).textContent).toBe('12');
    expect(screen.getByTestId('overview-phones').textContent).toBe('1 / 2');
    expect(screen.getByTestId('overview-expiring').textContent).toBe('1');
    expect((await screen.findByTestId('overview-success-rate')).textContent).toBe('80%');
  });

  it('a user the server refuses sees no panel, no failure and no toast', async () => {
    const h = panel(() => ({ code: 4000, msg: '您没有执行该操作的权限。 (GET: /xy/overview/)', data: null }));
    await waitFor(() => expect(h.calls).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByTestId('overview-panel')).toBeNull();
    expect(h.notices).toEqual([]);
  });

  it('any other failure is shown with a retry', async () => {
    let fail = true;
    panel(() =>
      fail ? { code: 4000, msg: '数据库不可用', data: null } : { code: 2000, msg: 'ok', data: figures },
    );
    expect((await screen.findByTestId('overview-failed')).textContent).toContain('数据库不可用');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect((await screen.findByTestId('overview-items')).textContent).toBe('12');
  });
});
