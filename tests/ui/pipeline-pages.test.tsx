// @vitest-environment jsdom
// The monitoring pipeline's pages (issue 13) on the CRUD kit, against a faked server: the inline enabled
// switch, a refusal on its field, the phone token shown once (create, rotate), presence following the socket,
// the filter dry run, the seller blacklist, the log filters, device data per phone, and the seeded buttons.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { type ReactElement, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhoneState } from '../../src/contract/socket.ts';
import type { HttpClient } from '../../src/services/http/types.ts';
import { type CrudEnv, CrudEnvProvider } from '../../src/ui/crud/env.tsx';
import { DeviceDataView } from '../../src/ui/views/xy/deviceData/index.tsx';
import { telemetryPoints } from '../../src/ui/views/xy/deviceData/telemetry.ts';
import { ItemFiltersView } from '../../src/ui/views/xy/itemFilters/index.tsx';
import { LogsView } from '../../src/ui/views/xy/logs/index.tsx';
import { PhonesView } from '../../src/ui/views/xy/phones/index.tsx';
import type { PhoneEventsSource } from '../../src/ui/views/xy/phones/LivePresence.tsx';
import { SellersView } from '../../src/ui/views/xy/sellers/index.tsx';
import { TasksView } from '../../src/ui/views/xy/tasks/index.tsx';
import { bodyOf, queryOf, reply, setup, urlOf } from '../services/harness.ts';
import { renderKit } from './crud-support.tsx';

type Answer = (config: InternalAxiosRequestConfig) => unknown;
const ok = (data: unknown, msg = 'success') => ({ code: 2000, msg, data });
const page = (rows: unknown[]) => ok({ page: 1, limit: 10, total: rows.length, data: rows });
const refuse = (msg: string) => ({ code: 4000, msg, data: null });

const dictionaries = {
  button_status_bool: [
    { label: '启用', value: true },
    { label: '禁用', value: false },
  ],
};

function mount(ui: ReactElement, answer: Answer, can: (value: string) => boolean = () => true) {
  const h = setup((config) => reply(config, answer(config)));
  const env: CrudEnv = { http: h.http as HttpClient, dictionaries, deptNames: {}, userDept: 1, can };
  renderKit(
    <CrudEnvProvider value={env}>
      <Suspense fallback={null}>{ui}</Suspense>
    </CrudEnvProvider>,
  );
  const calls = (method: string, path: string) =>
    h.calls.filter((c) => c.method === method && urlOf(c).pathname === path);
  return { ...h, calls };
}

const path = (c: InternalAxiosRequestConfig) => urlOf(c).pathname;

const task = {
  id: 1,
  name: '监控相机',
  keywords: ['相机', '镜头'],
  min_price: 100,
  max_price: 900,
  region: '上海',
  interval_s: 300,
  enabled: true,
  phone: 5,
  phone_name: '一号机',
  last_run_at: '2026-11-25 09:00:00',
  items_found: 3,
  description: null,
  update_datetime: '2026-11-25 08:00:00',
};
const phones = [{ id: 5, name: '一号机' }];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('tasks', () => {
  it('keywords show as badges; the inline switch PUTs the whole row with enabled flipped', async () => {
    const h = mount(<TasksView />, (c) => {
      if (c.method === 'put') return ok({ ...task, ...(bodyOf(c) as object) });
      return path(c) === '/xy/phones/' ? page(phones) : page([task]);
    });
    expect(await screen.findByText('镜头')).toBeTruthy();
    const toggle = screen.getByTestId('enabled-1') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(h.calls('put', '/xy/tasks/1/')).toHaveLength(1));
    expect(bodyOf(h.calls('put', '/xy/tasks/1/')[0]!)).toEqual({
      name: '监控相机',
      keywords: ['相机', '镜头'],
      min_price: 100,
      max_price: 900,
      region: '上海',
      interval_s: 300,
      enabled: false,
      phone: 5,
      description: null,
    });
    await waitFor(() => expect((screen.getByTestId('enabled-1') as HTMLInputElement).checked).toBe(false));
  });

  it('a failed toggle keeps the old state and shows a retry that sends it again', async () => {
    let puts = 0;
    const h = mount(<TasksView />, (c) => {
      if (c.method === 'put')
        return ++puts === 1 ? refuse('手机:手机不存在') : ok({ ...task, enabled: false });
      return path(c) === '/xy/phones/' ? page(phones) : page([task]);
    });
    fireEvent.click(await screen.findByTestId('enabled-1'));
    const failed = await screen.findByTestId('enabled-failed-1');
    expect((screen.getByTestId('enabled-1') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(failed).getByRole('button', { name: '重试' }));
    await waitFor(() => expect((screen.getByTestId('enabled-1') as HTMLInputElement).checked).toBe(false));
    expect(h.calls('put', '/xy/tasks/1/')).toHaveLength(2);
  });

  it('min above max refused by the server shows on the minimum price field; the typed values stay', async () => {
    const h = mount(<TasksView />, (c) => {
      if (c.method === 'put') return refuse('最低价:最低价不能高于最高价。');
      return path(c) === '/xy/phones/' ? page(phones) : page([task]);
    });
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('最低价'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('最低价不能高于最高价。')).toBeTruthy();
    expect(within(dialog).getByLabelText('最低价').getAttribute('aria-invalid')).toBe('true');
    expect((within(dialog).getByLabelText('最低价') as HTMLInputElement).value).toBe('1000');
    expect(bodyOf(h.calls('put', '/xy/tasks/1/')[0]!)).toMatchObject({
      keywords: ['相机', '镜头'],
      min_price: 1000,
      max_price: 900,
    });
  });
});

describe('search', () => {
  it('a field with loaded options (the phone of the task list) is a select in the search form, sending its id', async () => {
    const h = mount(<TasksView />, (c) => (path(c) === '/xy/phones/' ? page(phones) : page([task])));
    await screen.findByText('镜头');
    fireEvent.click(screen.getByLabelText('手机'));
    fireEvent.click(await screen.findByRole('option', { name: '一号机' }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queryOf(h.calls('get', '/xy/tasks/').at(-1)!).get('phone')).toBe('5'));
  });
});

describe('phones', () => {
  const phone = {
    id: 5,
    name: '一号机',
    serial: 'SN-1',
    online: true,
    last_seen: '2026-11-25 09:00:00',
    battery: 80,
    network: 'wifi',
    app_version: '1.2',
  };

  function socket() {
    const handlers = new Set<(e: { phone: PhoneState }) => void>();
    const source: PhoneEventsSource = {
      on: (_type, handler) => {
        handlers.add(handler);
        return { unsubscribe: () => handlers.delete(handler) };
      },
    };
    const push = (p: PhoneState) => {
      for (const h of handlers) h({ phone: p });
    };
    return { source, push };
  }

  it('creating a phone shows its token once, with a copy button and the warning; closed, it is gone', async () => {
    const h = mount(<PhonesView socket={undefined} />, (c) =>
      c.method === 'post' ? ok({ ...phone, id: 6, token: 'tok-abcdef-123' }, '新增成功') : page([phone]),
    );
    await screen.findByText('SN-1');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/手机名称/), { target: { value: '二号机' } });
    fireEvent.change(within(dialog).getByLabelText(/序列号/), { target: { value: 'SN-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('phone-token')).textContent).toBe('tok-abcdef-123');
    expect(screen.getByTestId('token-once').textContent).toContain('只显示这一次');
    expect(screen.getByRole('button', { name: '复制' })).toBeTruthy();
    expect(bodyOf(h.calls('post', '/xy/phones/')[0]!)).toMatchObject({ name: '二号机', serial: 'SN-2' });
    fireEvent.click(screen.getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByTestId('phone-token')).toBeNull());
  });

  it('rotate asks first, posts rotate_token and shows the new token once', async () => {
    const h = mount(<PhonesView socket={undefined} />, (c) =>
      c.method === 'post' ? ok({ id: 5, token: 'rotated-token-xyz' }) : page([phone]),
    );
    fireEvent.click(await screen.findByRole('button', { name: '轮换令牌' }));
    expect(h.calls('post', '/xy/phones/5/rotate_token/')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect((await screen.findByTestId('phone-token')).textContent).toBe('rotated-token-xyz');
    expect(h.calls('post', '/xy/phones/5/rotate_token/')).toHaveLength(1);
  });

  it('the online badge follows the socket: a phone event reloads the list', async () => {
    let online = true;
    const live = socket();
    const h = mount(<PhonesView socket={live.source} />, () => page([{ ...phone, online }]));
    expect((await screen.findByTestId('online-5')).textContent).toBe('在线');
    online = false;
    act(() => live.push({ id: 5, name: '一号机', serial: 'SN-1', online: false }));
    await waitFor(() => expect(screen.getByTestId('online-5').textContent).toBe('离线'));
    expect(h.calls('get', '/xy/phones/')).toHaveLength(2);
  });

  it('without the Update button there is no rotate action', async () => {
    mount(
      <PhonesView socket={undefined} />,
      () => page([phone]),
      (v) => v !== 'Update',
    );
    await screen.findByText('SN-1');
    expect(screen.queryByRole('button', { name: '轮换令牌' })).toBeNull();
  });
});

describe('item filters', () => {
  it('the dry run posts the listing and names the filter and rule that would drop it', async () => {
    const h = mount(<ItemFiltersView />, (c) => {
      if (c.method === 'post')
        return ok({
          verdict: 'filter',
          filter: { id: 2, name: '不要配件' },
          rule: 'exclude_words',
          word: '配件',
        });
      return path(c) === '/xy/tasks/' ? page([{ id: 1, name: '监控相机' }]) : page([]);
    });
    const box = await screen.findByTestId('filter-dry-run');
    fireEvent.change(within(box).getByLabelText('标题'), { target: { value: '相机配件' } });
    fireEvent.change(within(box).getByLabelText('价格'), { target: { value: '20' } });
    fireEvent.change(within(box).getByLabelText('卖家'), { target: { value: '张三' } });
    fireEvent.click(within(box).getByRole('button', { name: '测试' }));
    expect((await screen.findByTestId('dry-run-verdict')).textContent).toBe(
      '丢弃：过滤器「不要配件」的规则 排除词（命中词：配件）',
    );
    expect(bodyOf(h.calls('post', '/xy/item_filters/test/')[0]!)).toEqual({
      title: '相机配件',
      price: 20,
      seller: '张三',
    });
  });

  it('a filter with no rule refused by the server shows on the exclude words field', async () => {
    mount(<ItemFiltersView />, (c) =>
      c.method === 'post'
        ? refuse('排除词:请至少设置一条规则（排除词、包含词、最低价或最高价）。')
        : page([]),
    );
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/过滤器名称/), { target: { value: '空' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText(/请至少设置一条规则/)).toBeTruthy();
    expect(within(dialog).getByLabelText('排除词').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('sellers', () => {
  const seller = {
    id: 9,
    seller_id: 's-9',
    name: '黄牛',
    items_count: 2,
    blacklisted: false,
    blacklist_reason: null,
  };

  it('blacklist asks the reason and PUTs only {blacklisted, blacklist_reason}; then the list reloads', async () => {
    const h = mount(<SellersView />, (c) =>
      c.method === 'put' ? ok({ ...seller, blacklisted: true }) : page([seller]),
    );
    fireEvent.click(await screen.findByRole('button', { name: '拉黑' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('拉黑原因'), { target: { value: '倒卖' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.calls('put', '/xy/sellers/9/')).toHaveLength(1));
    expect(bodyOf(h.calls('put', '/xy/sellers/9/')[0]!)).toEqual({
      blacklisted: true,
      blacklist_reason: '倒卖',
    });
    await waitFor(() => expect(h.calls('get', '/xy/sellers/')).toHaveLength(2));
  });

  it('a blacklisted seller shows the badge and lifts with a confirm: PUT {blacklisted: false}', async () => {
    const h = mount(<SellersView />, (c) =>
      c.method === 'put' ? ok(seller) : page([{ ...seller, blacklisted: true, blacklist_reason: '倒卖' }]),
    );
    expect((await screen.findByTestId('blacklisted-9')).textContent).toBe('已拉黑');
    fireEvent.click(screen.getByRole('button', { name: '解除拉黑' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.calls('put', '/xy/sellers/9/')).toHaveLength(1));
    expect(bodyOf(h.calls('put', '/xy/sellers/9/')[0]!)).toEqual({ blacklisted: false });
  });
});

describe('logs and device data', () => {
  it('logs are read-only and filter by type', async () => {
    const h = mount(<LogsView />, (c) =>
      path(c) === '/xy/logs/'
        ? page([
            { id: 1, type: 'ingest', stored: 1, dropped: 1, message: '入库 1 条，丢弃 1 条（黑名单 1）' },
          ])
        : page([]),
    );
    await screen.findByText('入库 1 条，丢弃 1 条（黑名单 1）');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    fireEvent.change(screen.getByLabelText('内容'), { target: { value: '黑名单' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queryOf(h.calls('get', '/xy/logs/').at(-1)!).get('search')).toBe('黑名单'));
  });

  it('choosing a phone filters the table by it and loads its telemetry for the chart', async () => {
    const beat = {
      id: 1,
      phone: 5,
      phone_name: '一号机',
      battery: 70,
      network: '4g',
      create_datetime: '2026-11-25 09:00:00',
    };
    const h = mount(<DeviceDataView />, (c) => (path(c) === '/xy/phones/' ? page(phones) : page([beat])));
    await screen.findAllByText('70%');
    fireEvent.click(screen.getByLabelText('手机'));
    fireEvent.click(await screen.findByRole('option', { name: '一号机' }));
    await screen.findByTestId('telemetry-chart');
    await waitFor(() => {
      const phoneQueries = h.calls('get', '/xy/device_data/').map((c) => queryOf(c).get('phone'));
      expect(phoneQueries.filter((p) => p === '5').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('telemetry points run oldest first, with the network as a level', () => {
    expect(
      telemetryPoints([
        { id: 2, battery: 60, network: 'wifi', create_datetime: '2026-11-25 09:01:00' },
        { id: 1, battery: 70, network: '4G', create_datetime: '2026-11-25 09:00:00' },
      ]),
    ).toEqual([
      { time: '11-25 09:00:00', battery: 70, network: 3 },
      { time: '11-25 09:01:00', battery: 60, network: 5 },
    ]);
  });
});
