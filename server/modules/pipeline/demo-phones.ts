// Simulated phones for `npm run manage -- demo-feed` (no token given): each phone heartbeats (every 10 s, with
// a slowly draining battery), polls its tasks (every 30 s) and posts listings matching them through the real
// API with its own agent token — about one in ten from the blacklisted demo seller, one in ten with a word the
// demo filter drops, one in ten a listing seen before at a new price. Phone tokens come from
// `$DATA_DIR/demo-phones.json` (written when the demo set was seeded); when that file is missing or stale the
// feed signs in as superadmin and rotates the demo phones' tokens (creating the demo set through the API when
// the database has none).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type Call,
  CONDITIONS,
  EXTRAS,
  type FeedIo,
  type FeedOptions,
  PRODUCTS,
  pick,
  SELLERS,
} from '../items/demo-feed.ts';
import { DEMO_BLACKLISTED, DEMO_PHONES, DEMO_PHONES_FILE, DEMO_SELLER_PREFIX } from './demo-data.ts';

type Task = {
  id: number;
  name: string;
  keywords: string[];
  min_price: number | null;
  max_price: number | null;
};
type Phone = {
  serial: string;
  token: string;
  tasks: Task[];
  battery: number;
  lastBeat: number;
  lastPoll: number;
  /** Listings this phone stored (the duplicates repeat one of them). */
  seen: { url: string; title: string; task: number }[];
};

const HEARTBEAT_MS = 10_000;
const POLL_MS = 30_000;

const msg = (m: unknown) => (typeof m === 'string' ? m : JSON.stringify(m));

function readTokenFile(env: Record<string, string | undefined>): Record<string, string> {
  try {
    const file = join(resolve(env.DATA_DIR || 'data'), DEMO_PHONES_FILE);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Demo phone tokens through the console API: rotate those that exist, create the demo set when none do. */
async function tokensBySignIn(call: Call, jwt: string): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  const list = await call('GET', '/xy/phones/?search=DEMO-&limit=50', undefined, jwt);
  const rows = ((list.data as { data?: { id: number; serial: string }[] } | null)?.data ?? []).filter((p) =>
    DEMO_PHONES.some((d) => d.serial === p.serial),
  );
  for (const row of rows) {
    const rotated = await call('POST', `/xy/phones/${row.id}/rotate_token/`, {}, jwt);
    if (rotated.code === 2000) tokens[row.serial] = String(rotated.data?.token);
  }
  if (rows.length) return tokens;
  // No demo phones: create the demo set through the API, as an operator would.
  const ids: number[] = [];
  for (const p of DEMO_PHONES) {
    const created = await call('POST', '/xy/phones/', { ...p, description: '演示数据' }, jwt);
    if (created.code !== 2000) throw new Error(`creating ${p.serial}: ${msg(created.msg)}`);
    ids.push(Number(created.data?.id));
    tokens[p.serial] = String(created.data?.token);
  }
  const task = (body: Record<string, unknown>) =>
    call('POST', '/xy/tasks/', { description: '演示数据', ...body }, jwt);
  const iphone = await task({
    name: 'iPhone 转卖监控',
    keywords: ['iPhone', '苹果'],
    min_price: 800,
    max_price: 9000,
    interval_s: 60,
    phone: ids[0],
  });
  await task({
    name: '国产旗舰手机',
    keywords: ['华为', '小米'],
    min_price: 1000,
    max_price: 7000,
    interval_s: 90,
    phone: ids[1],
  });
  await task({
    name: '游戏机',
    keywords: ['Switch', 'PS5'],
    max_price: 4000,
    interval_s: 120,
    phone: ids[0],
  });
  await call(
    'POST',
    '/xy/item_filters/',
    { name: '排除配件和手机壳', exclude_words: ['配件', '手机壳', '仅包装盒'], description: '演示数据' },
    jwt,
  );
  await call(
    'POST',
    '/xy/item_filters/',
    { name: 'iPhone 低价疑似骗子', task: iphone.data?.id, min_price: 800, description: '演示数据' },
    jwt,
  );
  await call(
    'POST',
    '/xy/sellers/',
    {
      ...DEMO_BLACKLISTED,
      blacklisted: true,
      blacklist_reason: '批量翻新机冒充个人自用',
      description: '演示数据',
    },
    jwt,
  );
  return tokens;
}

/** A listing for one of the phone's tasks, with the demo mix of blacklisted / filtered / duplicate. */
function listingFor(task: Task, seen: { url: string; title: string; task: number }[], n: number) {
  const roll = Math.random();
  if (roll < 0.1 && seen.length) {
    const again = pick(Math.random, seen);
    return {
      ...again,
      price: 500 + Math.round(Math.random() * 5000),
      seller: pick(Math.random, SELLERS),
      seller_id: undefined,
    };
  }
  const products = PRODUCTS.filter((p) =>
    task.keywords.some((k) => p.keywords.includes(k) || p.name.toLowerCase().includes(k.toLowerCase())),
  );
  const product = pick(Math.random, products.length ? products : PRODUCTS);
  const [low, high] = product.price;
  const price = Math.round((low + Math.random() * (high - low)) / 10) * 10 - 1;
  const id = 100000 + Math.floor(Math.random() * 900000);
  const filtered = roll >= 0.1 && roll < 0.2;
  const blacklisted = roll >= 0.2 && roll < 0.3;
  const sellerIndex = Math.floor(Math.random() * SELLERS.length);
  return {
    title: `${pick(Math.random, CONDITIONS)} ${product.name} ${pick(Math.random, product.specs)} ${
      filtered ? '原装配件' : pick(Math.random, EXTRAS)
    }`,
    price,
    seller: blacklisted ? DEMO_BLACKLISTED.name : SELLERS[sellerIndex],
    seller_id: blacklisted ? DEMO_BLACKLISTED.seller_id : `${DEMO_SELLER_PREFIX}${sellerIndex + 1}`,
    url: `https://example.com/item/${id}-${n}`,
    image: `https://picsum.photos/seed/xy${id}/200/200`,
    keywords: product.keywords,
    task: task.id,
  };
}

export async function runSimulatedPhones(ctx: {
  call: Call;
  signIn: () => Promise<string>;
  io: FeedIo;
  options: FeedOptions;
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
}): Promise<number> {
  const { call, io, options, signal } = ctx;
  let tokens = readTokenFile(ctx.env);
  let how = DEMO_PHONES_FILE;
  const usable = async (t: Record<string, string>) => {
    const first = Object.values(t)[0];
    return first
      ? (await call('GET', '/xy/phones/tasks/', undefined, `Token ${first}`)).code === 2000
      : false;
  };
  try {
    if (!(await usable(tokens))) {
      tokens = await tokensBySignIn(call, await ctx.signIn());
      how = 'superadmin';
    }
  } catch (error) {
    io.err(
      `demo-feed: cannot start the simulated phones: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  const phones: Phone[] = Object.entries(tokens).map(([serial, token]) => ({
    serial,
    token,
    tasks: [],
    battery: 60 + Math.floor(Math.random() * 40),
    lastBeat: 0,
    lastPoll: 0,
    seen: [],
  }));
  if (!phones.length) {
    io.err('demo-feed: no demo phones (run `npm run manage -- demo-data` first)');
    return 1;
  }
  io.out(
    `demo-feed: simulating ${phones.length} phone(s) (${phones.map((p) => p.serial).join(', ')}) posting ${
      options.count ?? 'unlimited'
    } listing(s) at ${options.rate}/s to ${options.url} as ${how}; Ctrl-C stops`,
  );

  const interval = 1000 / options.rate;
  const started = Date.now();
  let stored = 0;
  let failures = 0;
  for (let n = 0; options.count === null || n < options.count; n++) {
    if (signal?.aborted) break;
    const wait = started + n * interval - Date.now();
    if (wait > 0) {
      await new Promise<void>((done) => {
        const timer = setTimeout(done, wait);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            done();
          },
          { once: true },
        );
      });
    }
    if (signal?.aborted) break;
    const phone = phones[n % phones.length]!;
    const auth = `Token ${phone.token}`;
    try {
      const now = Date.now();
      if (now - phone.lastBeat >= HEARTBEAT_MS) {
        phone.battery = Math.max(5, phone.battery - (Math.random() < 0.3 ? 1 : 0));
        const beat = await call(
          'POST',
          '/xy/phones/heartbeat/',
          {
            serial: phone.serial,
            battery: phone.battery,
            network: pick(Math.random, ['wifi', 'wifi', '5g', '4g']),
            app_version: '1.4.2',
          },
          auth,
        );
        if (beat.code !== 2000) throw new Error(`heartbeat ${phone.serial}: ${msg(beat.msg)}`);
        phone.lastBeat = now;
      }
      if (now - phone.lastPoll >= POLL_MS) {
        const polled = await call('GET', '/xy/phones/tasks/', undefined, auth);
        if (polled.code !== 2000) throw new Error(`tasks of ${phone.serial}: ${msg(polled.msg)}`);
        phone.tasks = (polled.data as unknown as Task[]) ?? [];
        phone.lastPoll = now;
      }
      if (!phone.tasks.length) continue;
      const seen = phone.seen.filter((l) => phone.tasks.some((t) => t.id === l.task));
      const listing = listingFor(pick(Math.random, phone.tasks), seen, n);
      const reply = await call('POST', '/xy/items/', listing, auth);
      if (reply.code !== 2000) throw new Error(`refused (${reply.code}): ${msg(reply.msg)}`);
      failures = 0;
      const r = reply.data as {
        id: number | null;
        verdict: string;
        reason: string | null;
        rule: { name: string } | null;
      };
      if (r.verdict === 'stored') {
        stored++;
        phone.seen.push({ url: listing.url, title: listing.title, task: listing.task });
        io.out(`#${r.id} ${listing.title} ¥${listing.price} (${listing.seller}) ← ${phone.serial}`);
      } else {
        io.out(
          `· ${r.reason}${r.rule ? ` 「${r.rule.name}」` : ''}: ${listing.title} (${listing.seller}) ← ${phone.serial}`,
        );
      }
    } catch (error) {
      failures++;
      io.err(error instanceof Error ? error.message : String(error));
      if (failures >= 10) {
        io.err('demo-feed: 10 failures in a row, giving up');
        return 1;
      }
    }
  }
  io.out(`demo-feed: posted ${stored} item(s)`);
  return 0;
}
