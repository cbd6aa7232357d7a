import { beforeAll, describe, expect, it } from 'vitest';
import { runManage } from '../../server/cli.ts';
import { demoItem, parseFeedArgs, runDemoFeed } from '../../server/modules/items/demo-feed.ts';
import { validateItem } from '../../server/modules/items/routes.ts';
import { describeEachDatabase } from './helpers.ts';
import { collect, connectSocket, listen, pause } from './realtime-support.ts';

const INGEST_TOKEN = 'demo-feed-token-0123456789abcdef';

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
};

describe('demo-feed items and arguments', () => {
  it('generates valid, plausible Chinese listings', () => {
    for (let i = 0; i < 50; i++) {
      const item = demoItem();
      expect(() => validateItem(item)).not.toThrow();
      expect(item.title).toMatch(/[\u4e00-\u9fff]/);
      expect(item.price).toBeGreaterThan(0);
      expect(item.keywords.length).toBeGreaterThan(0);
    }
  });

  it('parses --rate, --count, --url and refuses bad values', () => {
    expect(parseFeedArgs(['--rate', '2', '--count=5', '--url', 'http://h:1/'], {})).toEqual({
      rate: 2,
      count: 5,
      url: 'http://h:1',
      token: '',
    });
    expect(parseFeedArgs([], { PORT: '9000', INGEST_TOKEN: 't' })).toMatchObject({
      url: 'http://127.0.0.1:9000',
      token: 't',
    });
    expect(parseFeedArgs(['--rate', '0'], {})).toMatch(/--rate/);
    expect(parseFeedArgs(['--count', 'x'], {})).toMatch(/--count/);
    expect(parseFeedArgs(['--bogus', '1'], {})).toMatch(/unknown option/);
  });

  it('manage demo-feed with bad arguments exits 2 with the usage', async () => {
    const { io, err } = capture();
    expect(await runManage(['demo-feed', '--rate', 'fast'], io, {})).toBe(2);
    expect(err.join('\n')).toMatch(/usage: npm run manage -- demo-feed/);
  });

  it('reports an unreachable server and exits 1', async () => {
    const { io, err } = capture();
    expect(await runDemoFeed(['--url', 'http://127.0.0.1:1', '--count', '1'], io, {})).toBe(1);
    expect(err.join('\n')).toMatch(/cannot start against http:\/\/127\.0\.0\.1:1/);
  });
});

describeEachDatabase(
  'demo-feed against a running server',
  (server) => {
    let base = '';
    beforeAll(async () => {
      base = await listen(server.app);
    });

    it('posts --count items with INGEST_TOKEN; a connected client receives each one live', async () => {
      const socket = await connectSocket(base, (await server.login('test')).access);
      const live = collect(socket, 'items');
      const { io, out, err } = capture();
      const code = await runManage(['demo-feed', '--count', '3', '--rate', '40', '--url', base], io, {
        INGEST_TOKEN,
      });
      expect(err).toEqual([]);
      expect(code).toBe(0);
      expect(out.filter((l) => l.startsWith('#'))).toHaveLength(3);
      expect(out.at(-1)).toBe('demo-feed: posted 3 item(s)');
      await pause(200);
      expect(live.events).toHaveLength(3);
      socket.close();
    });

    it('without a token signs in as superadmin (captcha through the test hook) and stops when aborted', async () => {
      const { io, out } = capture();
      const stop = new AbortController();
      const running = runDemoFeed(['--rate', '20', '--url', base], io, {}, stop.signal);
      // sign-in takes a while on a busy machine: abort once the first item is out, not after a fixed time
      for (let waited = 0; waited < 20_000 && !out.some((l) => l.startsWith('#')); waited += 50)
        await pause(50);
      stop.abort();
      expect(await running).toBe(0);
      expect(out[0]).toMatch(/as superadmin/);
      const posted = out.filter((l) => l.startsWith('#')).length;
      expect(posted).toBeGreaterThan(0);
      expect(out.at(-1)).toBe(`demo-feed: posted ${posted} item(s)`);
    });
  },
  { ingestToken: INGEST_TOKEN },
);
