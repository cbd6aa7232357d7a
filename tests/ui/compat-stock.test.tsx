// @vitest-environment jsdom
/** Issue 18: the console against a stock dvadmin 2.1 backend (workbench counts, refused start-up data). */

import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deptSchema } from '../../src/contract/index.ts';
import type { ChartReport } from '../../src/machines/registry.ts';
import { indexDepartments } from '../../src/services/api/index.ts';
import type { InspectionStore } from '../../src/services/inspection-store.ts';
import { findView } from '../../src/ui/app/views.ts';
import { logExport } from '../../src/ui/log/export.ts';
import { HtmlContent, MessageContentInput } from '../../src/ui/messages/HtmlContent.tsx';
import { sanitizeHtml } from '../../src/ui/messages/safe-html.ts';
import { IndexView } from '../../src/ui/pages/IndexView.tsx';
import { countDepartments } from '../../src/ui/pages/index-stats.ts';
import { saveContentBody } from '../../src/ui/views/system/config/save-body.ts';
import { FrontendLogView } from '../../src/ui/views/system/log/frontendLog/index.tsx';
import { reply, setup, urlOf } from '../services/harness.ts';
import { FeedCard } from './support/feed.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

const fixture = (name: string) =>
  JSON.parse(readFileSync(`/work/shared/fixtures/dvadmin/${name}.json`, 'utf8')) as {
    data: { data: unknown[] };
  };

describe('workbench against stock dvadmin', () => {
  it('counts departments from the loaded tree: stock lists the root only, announcing its 2 children (3 in all)', () => {
    const rows = z.array(deptSchema).parse(fixture('dept_list').data.data);
    const { tree, list } = indexDepartments(rows);
    expect(list).toHaveLength(1);
    expect(countDepartments(tree)).toBe(3);
  });

  it('counts each department once when the whole tree is loaded (reference server)', () => {
    const rows = [
      { id: 1, name: 'root', parent: null, has_children: 2 },
      { id: 2, name: 'a', parent: 1, has_children: 0 },
      { id: 3, name: 'b', parent: 1, has_children: 1 },
      { id: 4, name: 'c', parent: 3, has_children: 0 },
    ];
    expect(countDepartments(indexDepartments(z.array(deptSchema).parse(rows)).tree)).toBe(4);
  });

  it('a count the server refused at start-up says so instead of 未加载', () => {
    renderUi(
      <IndexView
        siteName="X"
        user={{ name: 'test', dept: null, roles: [] }}
        stats={{ menus: 3, departments: null, dictionaries: 5 }}
        refused={['departments']}
        shortcuts={[]}
        onOpen={() => {}}
        hour={9}
      />,
    );
    const card = document.querySelector('[data-stat="departments"]') as HTMLElement;
    expect(card.textContent).toContain('无权限查看');
    expect(screen.queryByText('未加载')).toBeNull();
  });
});

describe('workbench live-items card against a backend without /xy/items/*', () => {
  it.each([
    ['stock dvadmin: 接口地址不正确 (code 400)', { code: 400, msg: '接口地址不正确', data: null }, 200],
    ['an HTTP 404', { detail: 'Not found' }, 404],
  ] as const)('%s hides the card quietly: no red error, no toast, no log entry', async (_, body, status) => {
    const asked: string[] = [];
    const { http, notices, logs } = setup((config) => {
      asked.push(urlOf(config).pathname);
      return reply(config, body, status);
    });
    const { container } = renderUi(<FeedCard http={async () => http} socket={undefined} apiBase="" />);
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/xy/items/', '/xy/items/stats/'])));
    await waitFor(() => expect(screen.queryByTestId('live-feed')).toBeNull());
    expect(container.textContent).not.toContain('连接错误');
    expect(screen.queryByTestId('feed-error')).toBeNull();
    expect(notices).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('another failure still shows the card with its reason and a retry', async () => {
    const { http } = setup((config) => reply(config, { code: 4000, msg: '数据库繁忙', data: null }));
    renderUi(<FeedCard http={async () => http} socket={undefined} apiBase="" />);
    await waitFor(() => expect(screen.getByTestId('feed-error').textContent).toContain('数据库繁忙'));
  });
});

describe('前端错误日志 (stock menu component system/log/frontendLog/index)', () => {
  it('resolves to a page (not the 404 page)', async () => {
    const loader = findView('system/log/frontendLog/index');
    expect(loader).toBeDefined();
    expect((await loader?.())?.default).toBeTypeOf('function');
  });

  it('lists the frontend log newest first and clears it', async () => {
    const onClear = vi.fn();
    renderUi(
      <FrontendLogView
        entries={[
          { message: '请求地址出错: /api/x/', type: 'danger', time: 1_700_000_000_000, url: '/dept' },
          { message: '未加载部门列表', type: 'warning', time: 1_700_000_001_000 },
        ]}
        onClear={onClear}
        onExport={() => {}}
      />,
    );
    await screen.findByText('前端错误日志');
    expect(screen.getAllByTestId('log-message').map((m) => m.textContent)).toEqual([
      '未加载部门列表',
      '请求地址出错: /api/x/',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('says there is nothing when the log is empty (清空 disabled)', async () => {
    renderUi(<FrontendLogView entries={[]} onClear={() => {}} onExport={() => {}} />);
    await screen.findByText('没有日志或异常');
    expect((screen.getByRole('button', { name: '清空' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('frontend log export', () => {
  it('导出 hands over the entries; the file holds them with the statecharts’ report when the panel records', async () => {
    const onExport = vi.fn();
    renderUi(<FrontendLogView entries={[]} onClear={() => {}} onExport={onExport} />);
    fireEvent.click(await screen.findByRole('button', { name: '导出' }));
    expect(onExport).toHaveBeenCalledOnce();
    const entries = [{ message: 'boom', type: 'danger' as const, time: 1 }];
    const report = { version: 1, createdAt: 'x', actors: {} } as unknown as ChartReport;
    const store = { report: () => report } as unknown as InspectionStore;
    const withPanel = logExport(entries, store, new Date('2026-11-25T10:00:00Z'));
    expect(withPanel).toMatchObject({ exportedAt: '2026-11-25T10:00:00.000Z', entries, stateReport: report });
    expect(logExport(entries, undefined).stateReport).toBeNull();
  });
});

describe('message content: stored HTML rendered sanitised', () => {
  it('keeps formatting, links and images, and drops scripts, handlers and javascript: urls', () => {
    const html = sanitizeHtml(
      '<p>你好 <strong>世界</strong><script>alert(1)</script></p>' +
        '<img src="x" onerror="alert(2)"><img src="https://a.test/p.png" alt="p">' +
        '<a href="javascript:alert(3)">bad</a><a href="https://a.test/" onclick="x()">good</a>' +
        '<iframe src="https://evil.test"></iframe><style>body{}</style><custom-tag>kept text</custom-tag>',
    );
    expect(html).toContain('<p>你好 <strong>世界</strong></p>');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<style/i);
    expect(html).toContain('<img src="https://a.test/p.png" alt="p">');
    expect(html).toContain('<a>bad</a>');
    expect(html).toContain(
      '<a href="https://a.test/" target="_blank" rel="noopener noreferrer nofollow">good</a>',
    );
    expect(html).toContain('kept text');
    expect(html).not.toContain('custom-tag');
  });

  it('plain text comes back escaped, never as markup', () => {
    expect(sanitizeHtml('a < b & c')).toBe('a &lt; b &amp; c');
  });

  it('a stored <p>…</p> is shown as a paragraph, not as raw tags', () => {
    renderUi(<HtmlContent value="<p>第一段</p><p>第二段<img src=x onerror=alert(1)></p>" />);
    const content = screen.getByTestId('message-content');
    expect(content.textContent).toBe('第一段第二段');
    expect(content.querySelectorAll('p')).toHaveLength(2);
    expect(content.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('the message form writes in a textarea and views the rendered content', () => {
    const onChange = vi.fn();
    const { unmount } = renderUi(<MessageContentInput id="c" value="<p>hi</p>" onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '<p>hey</p>' } });
    expect(onChange).toHaveBeenCalledWith('<p>hey</p>');
    unmount();
    renderUi(<MessageContentInput id="c" value="<p>hi</p>" onChange={onChange} disabled />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('message-content').innerHTML).toContain('<p>hi</p>');
  });
});

describe('system config save body (stock 2.1 and the reference server)', () => {
  it('sends each item of the group whole with its new value, without server-only fields', () => {
    const rows = [
      { id: 1, parent: null, title: '登录', key: 'login', value: null, children: [] },
      {
        id: 2,
        parent: 1,
        title: '网站名称',
        key: 'site_name',
        value: 'old',
        sort: 1,
        form_item_type: 0,
        creator_name: 'x',
      },
      { id: 3, parent: 9, title: '其他', key: 'other', value: 'o' },
    ];
    expect(saveContentBody(rows, 1, { 2: 'new' })).toEqual([
      { id: 2, parent: 1, title: '网站名称', key: 'site_name', value: 'new', sort: 1, form_item_type: 0 },
    ]);
  });
});
