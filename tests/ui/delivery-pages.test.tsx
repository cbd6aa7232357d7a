// @vitest-environment jsdom
// The delivery pages (issue 14) on the CRUD kit with a fake server: what each page shows and sends.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/services/http/types.ts';
import { type CrudEnv, CrudEnvProvider } from '../../src/ui/crud/env.tsx';
import { FeedbackPage } from '../../src/ui/views/xy/feedback/index.tsx';
import { PushDataPage } from '../../src/ui/views/xy/pushData/index.tsx';
import { SettingsPage } from '../../src/ui/views/xy/settings/index.tsx';
import { expiryOf } from '../../src/ui/views/xy/users/expiry.ts';
import { CustomersPage } from '../../src/ui/views/xy/users/index.tsx';
import { bodyOf, reply, setup, urlOf } from '../services/harness.ts';
import { renderKit } from './crud-support.tsx';

type Answer = (method: string, path: string, config: InternalAxiosRequestConfig) => unknown;
const ok = (data: unknown, msg = 'success') => ({ code: 2000, msg, data });
const page = (rows: unknown[]) => ok({ page: 1, limit: 10, total: rows.length, data: rows });

function mount(ui: ReactElement, answer: Answer, granted: string[] | 'all' = 'all') {
  const h = setup((config) => {
    const url = urlOf(config);
    const body = answer((config.method ?? 'get').toUpperCase(), url.pathname, config);
    return reply(
      config,
      body ?? { code: 4000, msg: `unexpected ${config.method} ${url.pathname}`, data: null },
    );
  });
  const env: CrudEnv = {
    http: h.http as HttpClient,
    dictionaries: {},
    deptNames: {},
    userDept: 1,
    can: (v) => granted === 'all' || granted.includes(v),
  };
  renderKit(<CrudEnvProvider value={env}>{ui}</CrudEnvProvider>);
  const sent = (method: string, path: string) =>
    h.calls.filter((c) => c.method?.toUpperCase() === method && urlOf(c).pathname === path);
  return { ...h, sent };
}

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const customer = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `客户${id}`,
  enabled: true,
  expire_date: null,
  tasks: [1],
  webhook_url: 'https://hook.example/x',
  webhook_type: 'json',
  webhook_secret: `whsec_secret${id}abcdef`,
  api_key: 'xyk_AbCd…',
  pushes: 0,
  last_push_at: null,
  ...extra,
});
/** The colour of the table's tag with this text (a select's hidden options carry the same text). */
const badgeColor = (text: string) =>
  screen
    .getAllByText(text)
    .map((el) => el.closest('[data-color]'))
    .find(Boolean)
    ?.getAttribute('data-color');
const tasks = page([{ id: 1, name: '相机任务' }]);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/users', () => {
  it('expiry: expired after its day, expiring within 7 days (0 = today), active otherwise', () => {
    const now = new Date(2026, 10, 25, 12);
    expect(expiryOf('2026-11-24', now)).toEqual({ state: 'expired' });
    expect(expiryOf('2026-11-25', now)).toEqual({ state: 'expiring', days: 0 });
    expect(expiryOf('2026-12-02', now)).toEqual({ state: 'expiring', days: 7 });
    expect(expiryOf('2026-12-03', now)).toEqual({ state: 'active' });
    expect(expiryOf(null, now)).toEqual({ state: 'active' });
  });

  it('marks expired and soon-expiring customers; the webhook secret is masked until revealed, tasks by name', async () => {
    mount(<CustomersPage />, (_m, p) =>
      p === '/xy/users/'
        ? page([customer(1, { expire_date: day(-1) }), customer(2, { expire_date: day(3) }), customer(3)])
        : p === '/xy/tasks/'
          ? tasks
          : undefined,
    );
    await screen.findByText('客户1');
    const badges = screen.getAllByTestId('expiry-badge').map((b) => b.textContent);
    expect(badges).toEqual(['已过期', '3 天后到期']);
    expect(screen.queryByText('whsec_secret1abcdef')).toBeNull();
    const secret = screen.getAllByTestId('webhook-secret')[0]!;
    fireEvent.click(within(secret).getByRole('button', { name: '显示' }));
    expect(within(secret).getByText('whsec_secret1abcdef')).toBeTruthy();
    expect(await screen.findAllByText('相机任务')).toHaveLength(3);
  });

  it('a new customer is saved with its fields and its API key is shown once, from the create answer', async () => {
    const h = mount(<CustomersPage />, (m, p) => {
      if (p === '/xy/tasks/') return tasks;
      if (p === '/xy/users/' && m === 'POST')
        return ok(customer(9, { api_key: 'xyk_FULLKEY0123456789abcdef' }), '新增成功');
      if (p === '/xy/users/') return page([]);
      return undefined;
    });
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/名称/), { target: { value: '新客户' } });
    fireEvent.change(within(dialog).getByLabelText('Webhook 地址'), {
      target: { value: 'https://r.example/h' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('api-key-once')).textContent).toBe('xyk_FULLKEY0123456789abcdef');
    expect(bodyOf(h.sent('POST', '/xy/users/')[0]!)).toMatchObject({
      name: '新客户',
      enabled: true,
      tasks: [],
      webhook_type: 'json',
      webhook_url: 'https://r.example/h',
    });
  });

  it('an edit shows the expiry date in the date picker and saves it back as YYYY-MM-DD, with the task ids', async () => {
    const h = mount(<CustomersPage />, (m, p) => {
      if (p === '/xy/tasks/') return tasks;
      if (p === '/xy/users/1/' && m === 'PUT') return ok(customer(1), '更新成功');
      if (p === '/xy/users/') return page([customer(1, { expire_date: '2030-12-01' })]);
      return undefined;
    });
    await screen.findByText('客户1');
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2030-12-01')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(h.sent('PUT', '/xy/users/1/')).toHaveLength(1));
    const body = bodyOf(h.sent('PUT', '/xy/users/1/')[0]!) as Record<string, unknown>;
    expect(body).toMatchObject({ expire_date: '2030-12-01', tasks: [1], enabled: true });
    // read-only and generated values are never sent back
    expect(body).not.toHaveProperty('webhook_secret');
    expect(body).not.toHaveProperty('api_key');
  });

  it('rotating the API key posts {what: api_key} and shows the new key once; without Rotate there is no button', async () => {
    const h = mount(<CustomersPage />, (_m, p) => {
      if (p === '/xy/tasks/') return tasks;
      if (p === '/xy/users/1/rotate/') return ok(customer(1, { api_key: 'xyk_ROTATED0123456789abcdef' }));
      if (p === '/xy/users/') return page([customer(1)]);
      return undefined;
    });
    await screen.findByText('客户1');
    fireEvent.click(screen.getByRole('button', { name: '轮换 API 密钥' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect((await screen.findByTestId('api-key-once')).textContent).toBe('xyk_ROTATED0123456789abcdef');
    expect(bodyOf(h.sent('POST', '/xy/users/1/rotate/')[0]!)).toEqual({ what: 'api_key' });
    cleanup();
    mount(<CustomersPage />, (_m, p) => (p === '/xy/users/' ? page([customer(1)]) : tasks), [
      'Search',
      'Update',
    ]);
    await screen.findByText('客户1');
    expect(screen.queryByRole('button', { name: '轮换 API 密钥' })).toBeNull();
  });
});

describe('/pushData', () => {
  const push = (id: number, status: string) => ({
    id,
    customer: 1,
    customer_name: '客户1',
    item_title: `商品${id}`,
    task_name: '相机任务',
    event: 'item',
    attempt: 1,
    status,
    http_status: status === 'success' ? 200 : 500,
    latency_ms: 12,
    error: status === 'failed' ? 'HTTP 500' : null,
    next_retry_at: null,
    create_datetime: '2026-11-25 10:00:00',
  });

  it('statuses are coloured badges; 立即重试 posts retry/ and reloads; a success row has no retry', async () => {
    const h = mount(<PushDataPage />, (_m, p) =>
      p === '/xy/push_data/2/retry/'
        ? ok(push(2, 'pending'))
        : p === '/xy/push_data/'
          ? page([push(1, 'success'), push(2, 'failed')])
          : undefined,
    );
    await screen.findByText('商品1');
    expect(badgeColor('成功')).toBe('teal');
    expect(badgeColor('失败')).toBe('red');
    const retries = screen.getAllByRole('button', { name: '立即重试' });
    expect(retries).toHaveLength(1);
    const lists = h.sent('GET', '/xy/push_data/').length;
    fireEvent.click(retries[0]!);
    await waitFor(() => expect(h.sent('POST', '/xy/push_data/2/retry/')).toHaveLength(1));
    await waitFor(() => expect(h.sent('GET', '/xy/push_data/').length).toBe(lists + 1));
  });

  it('the status filter asks the server for that status; no create or edit buttons', async () => {
    const h = mount(<PushDataPage />, (_m, p) =>
      p === '/xy/push_data/' ? page([push(1, 'failed')]) : undefined,
    );
    await screen.findByText('商品1');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    fireEvent.click(screen.getByLabelText('状态'));
    fireEvent.click(await screen.findByRole('option', { name: '失败' }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(h.sent('GET', '/xy/push_data/').map((c) => urlOf(c).searchParams.get('status'))).toContain(
        'failed',
      ),
    );
  });
  it('the customer filter offers the customers by name and asks the server for that customer', async () => {
    const h = mount(<PushDataPage />, (_m, p) =>
      p === '/xy/push_data/'
        ? page([push(1, 'failed')])
        : p === '/xy/users/'
          ? page([customer(7)])
          : undefined,
    );
    await screen.findByText('商品1');
    fireEvent.click(screen.getByLabelText('用户'));
    fireEvent.click(await screen.findByRole('option', { name: '客户7' }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(h.sent('GET', '/xy/push_data/').map((c) => urlOf(c).searchParams.get('customer'))).toContain(
        '7',
      ),
    );
  });
});

describe('/settings', () => {
  const settings = { timeout_ms: 5000, max_attempts: 5, backoff_base_ms: 10000 };
  const sellersCan = () => true;

  it('the webhook settings load and a save sends the three numbers; a refused value is shown on its field', async () => {
    let refuse = true;
    const h = mount(<SettingsPage sellersCan={sellersCan} />, (m, p) => {
      if (p !== '/xy/settings/webhook/') return undefined;
      if (m === 'PUT' && refuse) {
        refuse = false;
        return { code: 4000, msg: '最大尝试次数:请确保该值小于或者等于 20。', data: null };
      }
      return ok(settings);
    });
    const attempts = (await screen.findByLabelText('最大尝试次数')) as HTMLInputElement;
    expect(attempts.value).toBe('5');
    fireEvent.change(attempts, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByText('请确保该值小于或者等于 20。')).toBeTruthy());
    expect((screen.getByLabelText('最大尝试次数') as HTMLInputElement).value).toBe('30');
    fireEvent.change(screen.getByLabelText('最大尝试次数'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(h.sent('PUT', '/xy/settings/webhook/')).toHaveLength(2));
    expect(bodyOf(h.sent('PUT', '/xy/settings/webhook/')[1]!)).toEqual({ ...settings, max_attempts: 7 });
  });

  it('send test posts {url, type} and shows the status, the latency and the body cut short', async () => {
    const h = mount(<SettingsPage sellersCan={sellersCan} />, (_m, p) =>
      p === '/xy/settings/webhook/test/'
        ? ok({ ok: true, status: 200, latency_ms: 42, body: `{"got":"${'x'.repeat(400)}"}`, error: null })
        : p === '/xy/settings/webhook/'
          ? ok(settings)
          : undefined,
    );
    fireEvent.change(await screen.findByLabelText(/Webhook 地址/), {
      target: { value: ' http://127.0.0.1:9/h ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '发送测试' }));
    const result = await screen.findByTestId('webhook-test-result');
    expect(result.textContent).toContain('HTTP 状态 200');
    expect(result.textContent).toContain('耗时 42 毫秒');
    expect(within(result).getByTestId('webhook-test-body').textContent).toHaveLength(301);
    expect(bodyOf(h.sent('POST', '/xy/settings/webhook/test/')[0]!)).toEqual({
      url: 'http://127.0.0.1:9/h',
      type: 'json',
    });
  });

  it('the account tab shows its buttons by AccountCreate / AccountUpdate…, not by the page-wide Create', async () => {
    mount(
      <SettingsPage sellersCan={sellersCan} />,
      (_m, p) =>
        p === '/xy/settings/accounts/'
          ? page([{ id: 1, name: '账号一', login: 'a1', state: 'banned', phone: null, phone_name: null }])
          : p === '/xy/phones/'
            ? page([])
            : p === '/xy/settings/webhook/'
              ? ok(settings)
              : undefined,
      ['Create', 'Update', 'AccountSearch', 'AccountDelete'],
    );
    fireEvent.click(await screen.findByRole('tab', { name: '账号' }));
    await screen.findByText('账号一');
    expect(badgeColor('已封禁')).toBe('red');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.getByRole('button', { name: '删除' })).toBeTruthy();
  });

  it('a tab whose list the user may not read is not offered (accounts without AccountSearch, blacklist without /sellers Search)', async () => {
    mount(
      <SettingsPage sellersCan={(v) => v !== 'Search'} />,
      (_m, p) => (p === '/xy/settings/webhook/' ? ok(settings) : undefined),
      ['Update', 'AccountCreate'],
    );
    await screen.findByLabelText('最大尝试次数');
    expect(screen.getByRole('tab', { name: '推送设置' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '账号' })).toBeNull();
    expect(screen.queryByRole('tab', { name: '卖家黑名单' })).toBeNull();
  });

  it('blacklisting a seller already seen updates it (PUT, blacklisted + reason); removing lifts it, never deletes', async () => {
    const seller = { id: 7, seller_id: 's-7', name: '黄牛', blacklisted: true, blacklist_reason: '倒卖' };
    const h = mount(<SettingsPage sellersCan={sellersCan} />, (_m, p, c) => {
      if (p === '/xy/settings/webhook/') return ok(settings);
      if (p === '/xy/sellers/7/') return ok(seller);
      if (p === '/xy/sellers/')
        return urlOf(c).searchParams.get('seller_id') === 's-7'
          ? page([{ ...seller, blacklisted: false }])
          : page([seller]);
      return undefined;
    });
    fireEvent.click(await screen.findByRole('tab', { name: '卖家黑名单' }));
    await screen.findByText('黄牛');
    expect(h.sent('GET', '/xy/sellers/').map((c) => urlOf(c).searchParams.get('blacklisted'))).toContain('1');
    fireEvent.click(screen.getByRole('button', { name: '加入黑名单' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('卖家 ID'), { target: { value: 's-7' } });
    fireEvent.change(within(dialog).getByLabelText('拉黑原因'), { target: { value: '刷单' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(h.sent('PUT', '/xy/sellers/7/')).toHaveLength(1));
    expect(bodyOf(h.sent('PUT', '/xy/sellers/7/')[0]!)).toEqual({
      blacklisted: true,
      blacklist_reason: '刷单',
    });
    expect(h.sent('POST', '/xy/sellers/')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '移出黑名单' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.sent('PUT', '/xy/sellers/7/')).toHaveLength(2));
    expect(bodyOf(h.sent('PUT', '/xy/sellers/7/')[1]!)).toEqual({ blacklisted: false });
    expect(h.calls.some((c) => c.method?.toUpperCase() === 'DELETE')).toBe(false);
  });
});

describe('/feedback', () => {
  const feedback = {
    id: 3,
    customer: 1,
    customer_name: '客户1',
    title: '收不到',
    content: '昨天开始',
    status: 'open',
    reply: null,
  };

  it('an answer sends the reply alone (the server marks it answered); closing sends status closed', async () => {
    const h = mount(<FeedbackPage />, (m, p) =>
      p === '/xy/feedback/3/' && m === 'PUT'
        ? ok({ ...feedback, status: 'answered' }, '更新成功')
        : p === '/xy/feedback/'
          ? page([feedback])
          : undefined,
    );
    await screen.findByText('昨天开始');
    expect(badgeColor('待处理')).toBe('orange');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '回复' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^\*?回复$/), { target: { value: '已修复' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(h.sent('PUT', '/xy/feedback/3/')).toHaveLength(1));
    expect(bodyOf(h.sent('PUT', '/xy/feedback/3/')[0]!)).toEqual({ reply: '已修复' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '回复' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^\*?回复$/), { target: { value: '不再处理' } });
    fireEvent.click(within(dialog).getByLabelText('已关闭'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(h.sent('PUT', '/xy/feedback/3/')).toHaveLength(2));
    expect(bodyOf(h.sent('PUT', '/xy/feedback/3/')[1]!)).toEqual({ reply: '不再处理', status: 'closed' });
  });
});
