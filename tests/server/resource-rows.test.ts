// The row schemas of src/contract/resources.ts against this server's own answers: every system resource's
// list (and, for trees, its lazy roots) parses, so no console page fails its first load on a stock seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResourceName, Resources } from '../../src/contract/resources.ts';
import { TestServer } from './helpers.ts';

describe('resource rows from the reference server', () => {
  const server = new TestServer();
  let token = '';
  beforeAll(async () => {
    await server.start('pglite');
    token = (await server.login('superadmin')).access;
  });
  afterAll(() => server.stop());

  const names = Object.keys(Resources) as ResourceName[];

  it.each(names)('every %s row of the seeded list parses with its schema', async (name) => {
    const { path, row } = Resources[name];
    const queries: Record<string, number>[] = [{ limit: 100 }, { lazy: 1, limit: 100 }];
    for (const query of queries) {
      const { json } = await server.get(path, { token, query });
      expect(json.code, `${path} ${JSON.stringify(query)}`).toBe(2000);
      const rows = (json.data?.data ?? json.data) as unknown[];
      expect(Array.isArray(rows)).toBe(true);
      for (const item of rows) {
        const parsed = row.safeParse(item);
        expect(parsed.error?.issues ?? [], `${name}: ${JSON.stringify(item).slice(0, 200)}`).toEqual([]);
      }
    }
  });

  it('the seed gives the tables something to check', async () => {
    for (const name of ['menu', 'role', 'user', 'dept', 'dictionary', 'systemConfig'] as const) {
      const { json } = await server.get(Resources[name].path, { token, query: { limit: 100 } });
      expect((json.data?.data ?? json.data).length, name).toBeGreaterThan(0);
    }
  });
});
