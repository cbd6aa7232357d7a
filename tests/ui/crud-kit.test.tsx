// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dictionaries } from '../../src/services/api/types.ts';
import type { HttpClient } from '../../src/services/http/types.ts';
import { DictTag } from '../../src/ui/crud/Cell.tsx';
import { CrudPage } from '../../src/ui/crud/CrudPage.tsx';
import { commonFields } from '../../src/ui/crud/common.ts';
import { type CrudEnv, CrudEnvProvider } from '../../src/ui/crud/env.tsx';
import { fieldError, listParams, tagColor } from '../../src/ui/crud/query.ts';
import type { CrudResource } from '../../src/ui/crud/types.ts';
import { bodyOf, fixture, queryOf, reply, setup, urlOf } from '../services/harness.ts';
import { renderKit } from './crud-support.tsx';

const dictionaries: Dictionaries = {
  button_status_bool: [
    { label: '启用', value: true },
    { label: '禁用', value: false },
  ],
};

const resource: CrudResource = {
  name: 'dept',
  url: '/api/system/dept/',
  title: 'system:dept.title',
  actions: { export: true },
  fields: [
    { name: 'name', label: 'system:dept.name', search: true, form: { required: true } },
    { name: 'owner', label: 'system:dept.owner' },
    { name: 'email', label: 'system:dept.email' },
    { name: 'status', label: 'system:dept.status', kind: 'radio', dict: 'button_status_bool', initial: true },
    ...commonFields({ belongForm: false }),
  ],
};

type Answer = (config: InternalAxiosRequestConfig) => unknown;

function page(total: number) {
  const rows = fixture('dept_list_children').data as { data: unknown[] };
  return { code: 2000, msg: 'success', data: { page: 1, limit: 10, total, data: rows.data } };
}

function mount(answer: Answer = () => page(2), res: CrudResource = resource) {
  const h = setup((config) => {
    const body = answer(config);
    if (body instanceof Blob)
      return {
        data: body,
        status: 200,
        statusText: 'OK',
        headers: (body as Blob & { headers?: Record<string, string> }).headers ?? {},
        config,
      };
    return reply(config, body);
  });
  const env: CrudEnv = {
    http: h.http as HttpClient,
    dictionaries,
    deptNames: { 1: 'DVAdmin团队' },
    userDept: 1,
    can: () => true,
  };
  renderKit(
    <CrudEnvProvider value={env}>
      <CrudPage resource={res} />
    </CrudEnvProvider>,
  );
  const lists = () => h.calls.filter((c) => c.method === 'get' && urlOf(c).pathname === '/api/system/dept/');
  return { ...h, lists, lastList: () => queryOf(lists().at(-1)!) };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the table', () => {
  it('asks the server for page and limit, and a sortable datetime header cycles the ordering', async () => {
    const h = mount(() => page(37));
    await screen.findByText('技术部');
    expect(h.lastList().get('page')).toBe('1');
    expect(h.lastList().get('limit')).toBe('10');
    expect(screen.getByTestId('crud-total').textContent).toBe('共 37 条');

    fireEvent.click(screen.getByTestId('sort-create_datetime'));
    await waitFor(() => expect(h.lastList().get('ordering')).toBe('create_datetime'));
    fireEvent.click(screen.getByTestId('sort-create_datetime'));
    await waitFor(() => expect(h.lastList().get('ordering')).toBe('-create_datetime'));

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(h.lastList().get('page')).toBe('2'));
  });

  it('a tree resource asks for lazy roots, and children by parent when a row is expanded', async () => {
    const h = mount((c) => fixture(queryOf(c).get('parent') ? 'dept_list_children' : 'dept_list'), {
      ...resource,
      tree: true,
    });
    await screen.findByText('DVAdmin团队');
    expect(h.lastList().get('lazy')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    await waitFor(() => expect(h.lastList().get('parent')).toBe('1'));
    expect(await screen.findByText('运营部')).toBeTruthy();
  });
});

describe('the search form', () => {
  it('sends the filled filters; the create-date range is a date range picker', async () => {
    const h = mount();
    await screen.findByText('技术部');
    fireEvent.change(screen.getByLabelText(/部门名称/), { target: { value: ' 技术 ' } });
    expect(screen.getByLabelText('创建时间')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(h.lastList().get('name')).toBe('技术'));
    expect(h.lastList().get('page')).toBe('1');
  });

  it('the create-date range travels as create_datetime_after/_before (yyyy-MM-dd)', () => {
    const params = listParams(resource, {
      page: 1,
      limit: 10,
      ordering: '',
      filters: { create_datetime: ['2026-01-01', '2026-01-31'] },
    });
    expect(params).toMatchObject({
      create_datetime_after: '2026-01-01',
      create_datetime_before: '2026-01-31',
    });
  });

  it('listParams leaves empty filters out', () => {
    const params = listParams(resource, {
      page: 3,
      limit: 20,
      ordering: '',
      filters: { name: '', owner: null },
    });
    expect(params).toEqual({ page: 3, limit: 20 });
  });
});

describe('the form', () => {
  it('a server validation message "<label>:<message>" lands on its field and the typed values stay', async () => {
    const h = mount((c) => (c.method === 'post' ? fixture('dept_create_bad_email') : page(2)));
    await screen.findByText('技术部');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/部门名称/), { target: { value: '测试部' } });
    fireEvent.change(within(dialog).getByLabelText('邮箱'), { target: { value: 'bad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入合法的邮件地址。')).toBeTruthy();
    expect(within(dialog).getByLabelText('邮箱').getAttribute('aria-invalid')).toBe('true');
    expect((within(dialog).getByLabelText(/部门名称/) as HTMLInputElement).value).toBe('测试部');
    expect((within(dialog).getByLabelText('邮箱') as HTMLInputElement).value).toBe('bad');
    const post = h.calls.find((c) => c.method === 'post')!;
    expect(bodyOf(post)).toMatchObject({ name: '测试部', email: 'bad', status: true });
  });

  it('the description shows its 0/200 counter', async () => {
    mount();
    await screen.findByText('技术部');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    expect(await within(await screen.findByRole('dialog')).findByText('0/200')).toBeTruthy();
  });

  it('maps labels to fields and leaves unknown labels as the whole message', () => {
    const labels = (f: { label: string }) => [f.label === 'system:dept.name' ? '部门名称' : f.label];
    expect(fieldError(resource.fields, '部门名称:该字段是必填项。', labels)).toEqual({
      field: 'name',
      text: '该字段是必填项。',
    });
    expect(fieldError(resource.fields, '签名无效', labels)).toEqual({ text: '签名无效' });
  });
});

describe('dictionary tags', () => {
  it('take the seed colours (true success, false danger, Delete danger) and an explicit colour wins', () => {
    expect(tagColor(true)).toBe('teal');
    expect(tagColor(false)).toBe('red');
    expect(tagColor('Search')).toBe('orange');
    expect(tagColor('Delete')).toBe('red');
    expect(tagColor(true, 'violet')).toBe('violet');
    renderKit(<DictTag value={1} options={[{ label: '是', value: 1, color: 'grape' }]} />);
    expect(screen.getByText('是').closest('[data-color]')?.getAttribute('data-color')).toBe('grape');
  });
});

describe('batch delete and export', () => {
  it('batch delete sends the selected ids as keys to multiple_delete/', async () => {
    const h = mount((c) => (c.method === 'delete' ? { code: 2000, msg: '删除成功', data: null } : page(2)));
    await screen.findByText('技术部');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    fireEvent.click(screen.getByRole('button', { name: '批量删除（2）' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.calls.some((c) => c.method === 'delete')).toBe(true));
    const call = h.calls.find((c) => c.method === 'delete')!;
    expect(urlOf(call).pathname).toBe('/api/system/dept/multiple_delete/');
    expect(bodyOf(call)).toEqual({ keys: [3, 2] });
  });

  it('export saves the file under the Content-Disposition name, else a .xls fallback', async () => {
    const names: string[] = [];
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    let header = true;
    const h = mount((c) => {
      if (c.method !== 'post') return page(2);
      const blob = new Blob(['PK']) as Blob & { headers?: Record<string, string> };
      blob.headers = header ? { 'content-disposition': 'attachment;filename=%E9%83%A8%E9%97%A8.xlsx' } : {};
      return blob;
    });
    await screen.findByText('技术部');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(names).toEqual(['部门.xlsx']));
    header = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '导出' })));
    await waitFor(() => expect(names).toEqual(['部门.xlsx', '部门.xls']));
    const exportCall = h.calls.find((c) => c.method === 'post')!;
    expect(urlOf(exportCall).pathname).toBe('/api/system/dept/export/');
    expect(exportCall.responseType).toBe('blob');
  });
});
