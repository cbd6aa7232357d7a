// `npm run manage -- demo-feed [--rate 1] [--count N] [--url http://127.0.0.1:8000] [--token T]`
// Demonstrates the monitoring pipeline live. Without a token: simulated phones (server/modules/pipeline/
// demo-phones.ts) that heartbeat, fetch their tasks and post matching listings through the real API — some from
// a blacklisted seller, some a filter drops, some duplicates. With an ingest token (INGEST_TOKEN env or --token):
// a plain scraper posting plausible listings. Requests are signed with the secret the server publishes at
// /app-config.js. Stops after --count listings or on Ctrl-C.
import { appConfigSchema } from '../../../src/contract/app-config.ts';
import { md5Hex } from '../../../src/contract/password.ts';
import { Paths } from '../../../src/contract/paths.ts';
import { signParams } from '../../../src/contract/sign.ts';
import { runSimulatedPhones } from '../pipeline/demo-phones.ts';

export type FeedIo = { out: (line: string) => void; err: (line: string) => void };
export type Envelope = { code: number; msg: unknown; data: Record<string, unknown> | null };

export const PRODUCTS: { name: string; specs: string[]; price: [number, number]; keywords: string[] }[] = [
  { name: 'iPhone 13', specs: ['128G', '256G', '512G'], price: [2200, 3600], keywords: ['iPhone', '苹果'] },
  {
    name: 'iPhone 14 Pro',
    specs: ['128G 暗紫色', '256G 深空黑'],
    price: [4500, 6200],
    keywords: ['iPhone', '苹果'],
  },
  {
    name: '华为 Mate 60 Pro',
    specs: ['12+512G', '12+256G'],
    price: [4200, 5600],
    keywords: ['华为', '手机'],
  },
  { name: '小米 14', specs: ['16+512G', '12+256G'], price: [2300, 3300], keywords: ['小米', '手机'] },
  {
    name: 'MacBook Air M2',
    specs: ['8+256G', '16+512G'],
    price: [5200, 7600],
    keywords: ['MacBook', '苹果'],
  },
  {
    name: 'iPad Pro 11 寸',
    specs: ['WLAN 128G', '蜂窝版 256G'],
    price: [3800, 5800],
    keywords: ['iPad', '苹果'],
  },
  { name: 'Switch OLED', specs: ['白色', '电光红蓝'], price: [1500, 1950], keywords: ['Switch', '任天堂'] },
  { name: 'PS5 光驱版', specs: ['带双手柄', '单手柄'], price: [2600, 3300], keywords: ['PS5', '索尼'] },
  { name: '索尼 WH-1000XM5', specs: ['黑色', '铂金银'], price: [1400, 2000], keywords: ['索尼', '耳机'] },
  {
    name: 'AirPods Pro 2',
    specs: ['USB-C 版', 'Lightning 版'],
    price: [900, 1350],
    keywords: ['AirPods', '苹果'],
  },
  {
    name: '佳能 R6 Mark II',
    specs: ['单机身', '24-105 套机'],
    price: [11000, 15500],
    keywords: ['佳能', '相机'],
  },
  {
    name: '大疆 Mini 4 Pro',
    specs: ['标准版', '畅飞套装'],
    price: [3600, 5200],
    keywords: ['大疆', '无人机'],
  },
  {
    name: '戴森 V12 吸尘器',
    specs: ['Detect Slim', '标准版'],
    price: [1800, 2900],
    keywords: ['戴森', '吸尘器'],
  },
  {
    name: 'Kindle Paperwhite 5',
    specs: ['8G', '16G 签名版'],
    price: [480, 800],
    keywords: ['Kindle', '电子书'],
  },
];
export const CONDITIONS = ['全新未拆封', '99新', '95新', '九成新', '自用', '国行', '在保'];
export const EXTRAS = ['配件齐全', '无拆无修', '电池健康 92%', '可小刀', '同城面交', '包邮', '箱说全'];
export const SELLERS = [
  '数码小王',
  '程序员阿杰',
  '搬家清仓',
  '学生党出闲置',
  '摄影老李',
  '游戏宅',
  '上海小陈',
  '成都阿花',
];

export type Rng = () => number;
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** One plausible listing, e.g. `九成新 iPhone 13 128G 配件齐全`, ¥2799. */
export function demoItem(rng: Rng = Math.random, serial = 0) {
  const product = pick(rng, PRODUCTS);
  const [low, high] = product.price;
  const price = Math.round((low + rng() * (high - low)) / 10) * 10 - (rng() < 0.5 ? 1 : 0);
  const id = 100000 + Math.floor(rng() * 900000);
  return {
    title: `${pick(rng, CONDITIONS)} ${product.name} ${pick(rng, product.specs)} ${pick(rng, EXTRAS)}`,
    price,
    seller: pick(rng, SELLERS),
    url: `https://example.com/item/${id}`,
    image: `https://picsum.photos/seed/xy${id + serial}/200/200`,
    keywords: product.keywords,
  };
}

export type FeedOptions = { rate: number; count: number | null; url: string; token: string };
type Options = FeedOptions;

export const DEMO_FEED_USAGE = `usage: npm run manage -- demo-feed [--rate <items per second, default 1>] [--count <n>]
                               [--url <server, default http://127.0.0.1:$PORT>] [--token <INGEST_TOKEN>]`;

export function parseFeedArgs(args: string[], env: Record<string, string | undefined>): Options | string {
  const options: Options = {
    rate: 1,
    count: null,
    url: `http://127.0.0.1:${env.PORT || 8000}`,
    token: env.INGEST_TOKEN ?? '',
  };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    const [name, inline] = flag.includes('=') ? flag.split(/=(.*)/s, 2) : [flag, undefined];
    const value = inline ?? args[++i];
    if (value === undefined) return `${name} needs a value`;
    if (name === '--rate') {
      const rate = Number(value);
      if (!Number.isFinite(rate) || rate <= 0 || rate > 100)
        return '--rate must be a number of items per second, 0 < rate ≤ 100';
      options.rate = rate;
    } else if (name === '--count') {
      if (!/^\d+$/.test(value) || Number(value) < 1) return '--count must be a positive integer';
      options.count = Number(value);
    } else if (name === '--url') {
      if (!/^https?:\/\/\S+$/.test(value)) return '--url must be an http(s) URL';
      options.url = value.replace(/\/+$/, '');
    } else if (name === '--token') {
      options.token = value;
    } else {
      return `unknown option ${name}`;
    }
  }
  return options;
}

export type Call = (
  method: string,
  path: string,
  body?: unknown,
  authorization?: string,
) => Promise<Envelope>;

function client(base: string, signSecret: string): Call {
  return async (method: string, path: string, body?: unknown, authorization?: string): Promise<Envelope> => {
    const timestamp = Math.floor(Date.now() / 1000);
    const url = new URL(path, base);
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(params, body);
    url.searchParams.set('timestamp', String(timestamp));
    url.searchParams.set('sign', signParams(signSecret, params, timestamp));
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (authorization) headers.authorization = authorization;
    const res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope;
  };
}

async function signIn(call: Call, base: string): Promise<string> {
  const captcha = await call('GET', Paths.captcha);
  const key = captcha.data?.key;
  let answer: string | undefined;
  if (key !== undefined) {
    const hook = await fetch(new URL(Paths.testCaptchaAnswer(String(key)), base));
    const body = hook.ok ? ((await hook.json()) as { answer?: string }) : {};
    answer = body.answer;
    if (!answer) {
      throw new Error(
        'the login captcha is on: set INGEST_TOKEN on the server and pass the same value (env INGEST_TOKEN or --token)',
      );
    }
  }
  const login = await call('POST', Paths.login, {
    username: 'superadmin',
    password: md5Hex('admin123456'),
    captcha: answer,
    captchaKey: key,
  });
  if (login.code !== 2000) throw new Error(`signing in as superadmin failed: ${JSON.stringify(login.msg)}`);
  return `JWT ${String(login.data?.access)}`;
}

/** Runs the feed; resolves with the exit code. `signal` stops it (the CLI wires SIGINT to it). */
export async function runDemoFeed(
  args: string[],
  io: FeedIo,
  env: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<number> {
  const options = parseFeedArgs(args, env);
  if (typeof options === 'string') {
    io.err(`demo-feed: ${options}\n\n${DEMO_FEED_USAGE}`);
    return 2;
  }
  let call: Call;
  let authorization: string;
  try {
    const script = await (await fetch(new URL(Paths.appConfig, options.url))).text();
    const { signSecret } = appConfigSchema.parse(
      JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1)),
    );
    call = client(options.url, signSecret);
    authorization = options.token ? `Token ${options.token}` : '';
  } catch (error) {
    io.err(
      `demo-feed: cannot start against ${options.url}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  if (!options.token) {
    // Simulated phones (server/modules/pipeline/demo-phones.ts): heartbeats, task polls, listings.
    return runSimulatedPhones({ call, signIn: () => signIn(call, options.url), io, options, env, signal });
  }
  io.out(
    `demo-feed: posting ${options.count ?? 'unlimited'} item(s) at ${options.rate}/s to ${options.url} as INGEST_TOKEN; Ctrl-C stops`,
  );

  const interval = 1000 / options.rate;
  const started = Date.now();
  let posted = 0;
  let failures = 0;
  for (let n = 0; options.count === null || n < options.count; n++) {
    if (signal?.aborted) break;
    // Steady rate: wait for the n-th slot measured from the start, so slow requests do not drift.
    const wait = started + n * interval - Date.now();
    if (wait > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
    if (signal?.aborted) break;
    const item = demoItem(Math.random, n);
    try {
      const reply = await call('POST', '/xy/items/', item, authorization);
      if (reply.code === 2000) {
        posted++;
        failures = 0;
        io.out(`#${String(reply.data?.id)} ${item.title} ¥${item.price} (${item.seller})`);
      } else {
        failures++;
        io.err(
          `refused (${reply.code}): ${typeof reply.msg === 'string' ? reply.msg : JSON.stringify(reply.msg)}`,
        );
      }
    } catch (error) {
      failures++;
      io.err(`request failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (failures >= 10) {
      io.err('demo-feed: 10 failures in a row, giving up');
      return 1;
    }
  }
  io.out(`demo-feed: posted ${posted} item(s)`);
  return 0;
}
