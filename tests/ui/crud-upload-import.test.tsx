// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { listMachine } from '../../src/machines/crud/list.machine.ts';
import type { FetchPageInput, ListPage } from '../../src/machines/crud/types.ts';
import type { HttpClient } from '../../src/services/http/types.ts';
import { Cell } from '../../src/ui/crud/Cell.tsx';
import { CrudPage } from '../../src/ui/crud/CrudPage.tsx';
import { type CrudEnv, CrudEnvProvider } from '../../src/ui/crud/env.tsx';
import { Pager } from '../../src/ui/crud/Pager.tsx';
import type { CrudResource, Row } from '../../src/ui/crud/types.ts';
import { ImageUpload } from '../../src/ui/crud/Upload.tsx';
import { ImportButton } from '../../src/ui/views/system/user/ImportButton.tsx';
import { queryOf, reply, setup, urlOf } from '../services/harness.ts';
import { renderKit } from './crud-support.tsx';

type Answer = (config: InternalAxiosRequestConfig) => unknown;

function envWith(answer: Answer, extra: Partial<CrudEnv> = {}) {
  const h = setup((config) => reply(config, answer(config)));
  const env: CrudEnv = {
    http: h.http as HttpClient,
    dictionaries: {},
    deptNames: {},
    userDept: 1,
    can: () => true,
    ...extra,
  };
  return { ...h, env };
}

const posts = (calls: InternalAxiosRequestConfig[], path: string) =>
  calls.filter((c) => c.method === 'post' && urlOf(c).pathname === path);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('user import', () => {
  it('the chosen workbook is posted even though the menu closed on the click, and the same file can be sent again', async () => {
    const onDone = vi.fn();
    const h = envWith(() => ({ code: 2000, msg: '导入成功', data: { created: 1, updated: 0 } }));
    renderKit(
      <CrudEnvProvider value={h.env}>
        <ImportButton http={h.env.http} onDone={onDone} />
      </CrudEnvProvider>,
    );
    const input = screen.getByTestId('user-import-input') as HTMLInputElement;
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '上传导入文件' }));
    expect(click).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: '上传导入文件' })).toBeNull());

    const file = new File(['PK'], 'users.xlsx');
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [sent] = posts(h.calls, '/api/system/user/import/');
    const form = sent?.data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('users.xlsx');
    expect(input.value).toBe('');

    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    expect(posts(h.calls, '/api/system/user/import/')).toHaveLength(2);
  });
});

describe('uploaded files', () => {
  const fileUrl = (url: string) => `https://api.example/${url}`;

  it('the image uploader previews the relative url the server answers on the API origin, 100×100', async () => {
    const onChange = vi.fn();
    const h = envWith(() => ({ code: 2000, msg: 'ok', data: { id: 7, url: 'media/files/a.png' } }), {
      fileUrl,
    });
    const { rerender } = renderKit(
      <CrudEnvProvider value={h.env}>
        <ImageUpload id="avatar" value="" onChange={onChange} single />
      </CrudEnvProvider>,
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('media/files/a.png'));
    expect(posts(h.calls, '/api/system/file/')).toHaveLength(1);

    rerender(
      <CrudEnvProvider value={h.env}>
        <ImageUpload id="avatar" value="media/files/a.png" onChange={onChange} single />
      </CrudEnvProvider>,
    );
    const img = document.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('https://api.example/media/files/a.png');
    expect(img.style.width).toBe('calc(6.25rem * var(--mantine-scale))');
    expect(document.querySelector('input[type="file"]')).toBeNull(); // an avatar takes one file
  });

  it('an avatar cell shows the stored url through the same resolution', () => {
    const h = envWith(() => ({}), { fileUrl });
    renderKit(
      <CrudEnvProvider value={h.env}>
        <Cell
          field={{ name: 'avatar', label: 'x', kind: 'avatar' }}
          row={{ id: 1, avatar: 'media/files/b.png' }}
        />
      </CrudEnvProvider>,
    );
    expect(document.querySelector('img')?.getAttribute('src')).toBe('https://api.example/media/files/b.png');
  });
});

describe('the pager', () => {
  it('names its previous and next controls, and next asks for the following page', async () => {
    const pages: number[] = [];
    const loads = listMachine.provide({
      actors: { fetchPage: fromPromise<ListPage, FetchPageInput>(async () => ({ rows: [], total: 95 })) },
    });
    const actor = createActor(loads, { input: { query: { page: 3 } } }).start();
    actor.subscribe((s) => pages.push(s.context.query.page));
    await waitFor(() => expect(actor.getSnapshot().context.total).toBe(95));
    renderKit(<Pager actor={actor} paged />);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(actor.getSnapshot().context.query.page).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(pages).toContain(3);
  });
});

describe('a page change', () => {
  it('renders the rows once, when the next page arrives, not again for the click', async () => {
    const render = vi.fn((row: Row) => String(row.name));
    const resource: CrudResource = {
      name: 'thing',
      url: '/api/system/thing/',
      title: 'system:dept.title',
      fields: [{ name: 'name', label: 'system:dept.name', column: { render } }],
    };
    const pending: ((body: unknown) => void)[] = [];
    const pageOf = (page: number) => ({
      code: 2000,
      msg: 'success',
      data: {
        page,
        limit: 10,
        total: 30,
        data: Array.from({ length: 10 }, (_, i) => ({ id: page * 100 + i, name: `p${page}-${i}` })),
      },
    });
    const h = setup((config) => {
      const page = Number(queryOf(config).get('page') ?? 1);
      if (page === 1) return reply(config, pageOf(1));
      return new Promise((resolve) => pending.push((body) => resolve(reply(config, body))));
    });
    const env: CrudEnv = { http: h.http as HttpClient, dictionaries: {}, deptNames: {}, can: () => true };
    renderKit(
      <CrudEnvProvider value={env}>
        <CrudPage resource={resource} />
      </CrudEnvProvider>,
    );
    await screen.findByText('p1-0');
    const before = render.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(render.mock.calls.length).toBe(before); // the click re-rendered the pager, not the 10 rows
    expect(screen.getByText('p1-0')).toBeTruthy();
    pending[0]?.(pageOf(2));
    await screen.findByText('p2-0');
    expect(screen.queryByText('p1-0')).toBeNull();
  });
});
