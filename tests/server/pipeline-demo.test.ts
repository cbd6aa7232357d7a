// The pipeline's demo (issue 13 "Demo that lives"): the demo set seeded with its phones' tokens in
// $DATA_DIR/demo-phones.json (0600), `demo-feed` as simulated phones through the real HTTP API (heartbeats,
// task polls, listings stored and dropped), and `demo-data --remove` clearing all of it.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { demoData, runManage } from '../../server/cli.ts';
import { DEMO_PHONES_FILE, hasDemoData } from '../../server/modules/pipeline/demo-data.ts';
import { describeEachDatabase } from './helpers.ts';
import { listen } from './realtime-support.ts';

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
};

describeEachDatabase('the pipeline demo', (server) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'xy-demo-'));
  let seededItems = -1;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('demo-data seeds phones, tasks, filters and a blacklisted seller; the tokens file is private', async () => {
    const db = server.app.db;
    // the seed's own sample items stay; everything the demo feed stores goes with the demo set
    seededItems = (await server.get('/xy/items/', { token: (await server.login('admin')).access })).json.data
      .total;
    expect(await demoData(db, dataDir)).toMatch(/^demo data seeded: phones DEMO-001, DEMO-002/);
    expect(await hasDemoData(db)).toBe(true);
    expect(await demoData(db, dataDir)).toMatch(/already there/);
    const file = join(dataDir, DEMO_PHONES_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const admin = (await server.login('admin')).access;
    const tasks = await server.get('/xy/tasks/', { token: admin });
    expect(tasks.json.data.total).toBe(3);
    const sellers = await server.get('/xy/sellers/', { token: admin, query: { blacklisted: 'true' } });
    expect(sellers.json.data.data.map((s: { name: string }) => s.name)).toContain('倒卖黄牛');
    // the knowledge base is not empty either, and its articles are found by a word of their body
    const found = await server.get('/xy/knowledge/', { token: admin, query: { search: '验签' } });
    expect(found.json.data.data.map((a: { title: string }) => a.title)).toEqual(['如何接入 Webhook 推送']);
  });

  it('demo-feed runs the simulated phones through the API: online, listings stored and dropped, logged', async () => {
    const base = await listen(server.app);
    const { io, out, err } = capture();
    const code = await runManage(['demo-feed', '--count', '60', '--rate', '100', '--url', base], io, {
      DATA_DIR: dataDir,
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/simulating 2 phone\(s\) \(DEMO-001, DEMO-002\).* as demo-phones\.json/);
    const stored = out.filter((l) => l.startsWith('#')).length;
    expect(stored).toBeGreaterThan(0);
    expect(out.some((l) => l.startsWith('· '))).toBe(true);
    expect(out.at(-1)).toBe(`demo-feed: posted ${stored} item(s)`);
    const admin = (await server.login('admin')).access;
    const phones = await server.get('/xy/phones/', { token: admin });
    expect(phones.json.data.data.every((p: { online: boolean }) => p.online)).toBe(true);
    const logs = await server.get('/xy/logs/', { token: admin, query: { type: 'ingest', limit: 999 } });
    const total = logs.json.data.data.reduce(
      (sum: number, l: { stored: number; dropped: number }) => sum + l.stored + l.dropped,
      0,
    );
    expect(total).toBe(60);
  });

  it('demo-data --remove clears the demo set and what the feed produced for it', async () => {
    const db = server.app.db;
    expect(await demoData(db, dataDir, '--remove')).toMatch(/^demo data removed: items \d+/);
    expect(await hasDemoData(db)).toBe(false);
    expect(existsSync(join(dataDir, DEMO_PHONES_FILE))).toBe(false);
    const admin = (await server.login('admin')).access;
    for (const path of [
      '/xy/tasks/',
      '/xy/phones/',
      '/xy/item_filters/',
      '/xy/device_data/',
      '/xy/logs/',
      '/xy/knowledge/',
    ]) {
      expect((await server.get(path, { token: admin })).json.data.total, path).toBe(0);
    }
    expect((await server.get('/xy/items/', { token: admin })).json.data.total).toBe(seededItems);
  });
});
