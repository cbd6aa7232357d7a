import type { Page } from '@playwright/test';

/** Stock dvadmin's answer for a route it does not have. */
const NOT_THERE = { code: 400, msg: '接口地址不正确', data: null };

/**
 * Makes the reference server look like a stock dvadmin 2.1 to one page (issue 18), where the two differ in
 * what the console meets on the system pages:
 * - no `lazy`: the parameter never reaches the server;
 * - the department list answers the roots only (unless `parent=` asks for a level), unpaged, with stock's
 *   placeholder page/limit/total;
 * - no 2.0 `role/{id}/roleId_get_menu/` (接口地址不正确); 2.1's `role/role_get_menu/` is the server's own.
 * Menus, dictionaries and areas already answer as stock does (whole flat lists; areas by level and pcode).
 * The layer rewrites queries, so the server must run with `SIGNATURE=off` (stock checks none anyway).
 * Returns the requests as the console sent them.
 */
export async function actAsStock21(page: Page): Promise<URL[]> {
  const sent: URL[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/api/system/'),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      sent.push(new URL(url));
      url.searchParams.delete('lazy');
      if (/^\/api\/system\/role\/\d+\/roleId_get_menu\/$/.test(url.pathname))
        return route.fulfill({ json: NOT_THERE });
      const deptRoots =
        request.method() === 'GET' && url.pathname === '/api/system/dept/' && !url.searchParams.has('parent');
      // the reference server's way of answering the roots
      if (deptRoots) url.searchParams.set('lazy', '1');
      const response = await route.fetch({ url: url.toString() });
      if (!deptRoots) return route.fulfill({ response });
      const body = (await response.json()) as { code: number; data: { data?: unknown[] } | null };
      if (body.code === 2000 && body.data)
        body.data = { page: 1, limit: 1, total: 1, data: body.data.data ?? [] } as typeof body.data;
      return route.fulfill({ response, json: body });
    },
  );
  return sent;
}
