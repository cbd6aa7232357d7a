// The reference server answers every recorded stock dvadmin 2.1.5 response (../shared/fixtures/dvadmin) in
// its shape (issue 18 item 10): for each fixture file, the same request here gives the same `code`, the same
// message on a refusal, and data with at least the recorded keys, each of the recorded JSON type (a recorded
// null or empty list says nothing about its type). A fixture added later fails "every fixture has its request"
// until it is given one below.
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { setting } from '../../server/cli.ts';
import type { Db } from '../../server/db/index.ts';
import { issueJwt } from '../../server/http/jwt.ts';
import { type DatavFigure, DatavPaths, datavSchemas } from '../../src/contract/datav.ts';
import { md5Hex } from '../../src/contract/password.ts';
import { Paths } from '../../src/contract/paths.ts';
import { Resources } from '../../src/contract/resources.ts';
import { describeEachDatabase, type Reply, type TestServer } from './helpers.ts';

const DIR = '/work/shared/fixtures/dvadmin';
type Recorded = { code: number; msg: unknown; data: unknown };
const recorded = (name: string) => JSON.parse(readFileSync(`${DIR}/${name}.json`, 'utf8')) as Recorded;
const FIXTURES = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * A value's shape: its JSON types, and for objects and arrays the shapes of their keys and elements — the
 * elements of a list merged into one, so a field that is a number in one row and null in the next is
 * "number or null".
 */
type Shape = { types: Set<string>; keys: Map<string, Shape>; items?: Shape };
function shapeOf(value: unknown, into: Shape = { types: new Set(), keys: new Map() }): Shape {
  into.types.add(typeOf(value));
  if (Array.isArray(value)) for (const item of value) into.items = shapeOf(item, into.items);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) into.keys.set(k, shapeOf(v, into.keys.get(k)));
  return into;
}

/**
 * Where `actual` falls short of `want`: a recorded key it lacks, or a type the recording never has (a value
 * recorded only as null, or an empty list, says nothing about its type).
 */
function shapeGaps(actual: Shape, want: Shape, path = 'data'): string[] {
  const known = [...want.types].filter((t) => t !== 'null');
  if (!known.length) return [];
  const strange = [...actual.types].filter((t) => !want.types.has(t));
  if (strange.length) return [`${path}: ${strange.join('/')} where stock has ${[...want.types].join('/')}`];
  const gaps: string[] = [];
  for (const [k, shape] of want.keys)
    if (!actual.keys.has(k)) gaps.push(`${path}.${k}: missing`);
    else gaps.push(...shapeGaps(actual.keys.get(k)!, shape, `${path}.${k}`));
  if (want.items && actual.items) gaps.push(...shapeGaps(actual.items, want.items, `${path}[]`));
  return gaps;
}

/** Differences kept on purpose, each with its reason; any other gap fails. (The console reads neither.) */
const KEPT: Record<string, { gaps: string[]; why: string }> = {
  user_list: {
    gaps: [
      'modifier_name',
      'creator_name',
      'create_datetime',
      'update_datetime',
      'description',
      'modifier',
      'dept_belong_id',
      'remark',
      'creator',
      'dept',
      'menu',
      'permission',
    ].map((k) => `data.data[].role_info[].${k}: missing`),
    why: 'a user row’s role_info holds each role’s id, name, key, sort, status, admin and data_range, not the whole role row (one subquery per listed user)',
  },
};

/** What each fixture's request is here; they run in this order (later ones use what earlier ones made). */
type Ctx = {
  server: TestServer;
  superToken: string;
  testToken: string;
  refresh: string;
  dept: number;
  db: Db;
};
const auth = (token: string) => ({ token });
const DEPT_BODY = { name: 'conformance-dept', key: 'conf_dept', sort: 9, parent: 1, status: true };

function multipart(field: string, filename: string, content: string) {
  const boundary = '----xyfixture';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const REQUESTS: [string, (c: Ctx) => Promise<Reply>][] = [
  ['captcha', (c) => c.server.get(Paths.captcha)],
  ['init_settings', (c) => c.server.get(Paths.settings)],
  ['init_dictionary_all', (c) => c.server.get(Paths.dictionary, { query: { dictionary_key: 'all' } })],
  [
    'init_dictionary_one',
    (c) => c.server.get(Paths.dictionary, { query: { dictionary_key: 'button_status_bool' } }),
  ],
  ['login', (c) => c.server.loginReply('superadmin')],
  ['login_bad_password', (c) => c.server.loginReply('superadmin', 'wrong-password')],
  [
    'login_no_captcha',
    (c) => c.server.post(Paths.login, { username: 'superadmin', password: md5Hex('admin123456') }),
  ],
  [
    'login_wrong_captcha',
    async (c) => {
      const { key, answer } = await c.server.captcha();
      return c.server.post(Paths.login, {
        username: 'superadmin',
        password: md5Hex('admin123456'),
        captcha: String(Number(answer) + 1),
        captchaKey: key,
      });
    },
  ],
  ['token_refresh', (c) => c.server.post(Paths.tokenRefresh, { refresh: c.refresh })],
  ['token_refresh_invalid', (c) => c.server.post(Paths.tokenRefresh, { refresh: 'not-a-token' })],
  ['user_info', (c) => c.server.get(Paths.userInfo, auth(c.superToken))],
  ['user_list', (c) => c.server.get(Resources.user.path, auth(c.superToken))],
  ['role_list', (c) => c.server.get(Resources.role.path, auth(c.superToken))],
  ['menu_list', (c) => c.server.get(Resources.menu.path, auth(c.superToken))],
  ['web_router', (c) => c.server.get(Paths.webRouter, auth(c.superToken))],
  ['web_router_test_user', (c) => c.server.get(Paths.webRouter, auth(c.testToken))],
  ['menu_button_get_btn_permission', (c) => c.server.get(DatavPaths.btnPermission, auth(c.superToken))],
  ...(Object.keys(datavSchemas) as DatavFigure[]).map(
    (name) =>
      [`datav_${name}`, (c: Ctx) => c.server.get(DatavPaths.figure(name), auth(c.superToken))] as [
        string,
        (c: Ctx) => Promise<Reply>,
      ],
  ),
  ['dept_list', (c) => c.server.get(Paths.dept, auth(c.superToken))],
  ['dept_list_children', (c) => c.server.get(Paths.dept, { ...auth(c.superToken), query: { parent: 1 } })],
  ['dept_all_dept', (c) => c.server.get(Paths.deptAll, auth(c.superToken))],
  ['dept_lazy_tree', (c) => c.server.get(Paths.deptLazyTree, auth(c.superToken))],
  ['dept_retrieve', (c) => c.server.get(Paths.deptItem(1), auth(c.superToken))],
  ['dept_retrieve_404', (c) => c.server.get(Paths.deptItem(99_999), auth(c.superToken))],
  [
    'dept_create',
    async (c) => {
      const reply = await c.server.post(Paths.dept, DEPT_BODY, auth(c.superToken));
      c.dept = reply.json?.data?.id;
      return reply;
    },
  ],
  [
    'dept_create_bad_email',
    (c) => c.server.post(Paths.dept, { name: 'x', key: 'x_mail', parent: 1, email: 'x' }, auth(c.superToken)),
  ],
  ['dept_create_duplicate_key', (c) => c.server.post(Paths.dept, DEPT_BODY, auth(c.superToken))],
  ['dept_create_missing_name', (c) => c.server.post(Paths.dept, { key: 'no_name' }, auth(c.superToken))],
  [
    'dept_create_test_user_forbidden',
    (c) => c.server.post(Paths.dept, { ...DEPT_BODY, key: 'by_test' }, auth(c.testToken)),
  ],
  [
    'dept_update',
    (c) =>
      c.server.put(
        Paths.deptItem(c.dept),
        {
          ...DEPT_BODY,
          name: 'conformance-dept-renamed',
          sort: 10,
          owner: 'tester',
          phone: '123',
          email: 'a@b.cn',
          status: false,
        },
        auth(c.superToken),
      ),
  ],
  ['dept_delete', (c) => c.server.delete(Paths.deptItem(c.dept), undefined, auth(c.superToken))],
  ['method_not_allowed', (c) => c.server.delete(Paths.dept, undefined, auth(c.superToken))],
  ['dept_no_token', (c) => c.server.get(Paths.dept)],
  ['dept_invalid_token', (c) => c.server.get(Paths.dept, auth('not.a.token'))],
  [
    'dept_expired_token',
    (c) =>
      c.server.get(
        Paths.dept,
        auth(
          issueJwt('access', 1, 60, c.server.config.jwtSecret, Math.floor(Date.now() / 1000) - 3600).token,
        ),
      ),
  ],
  [
    'file_upload',
    (c) =>
      c.server.request(Paths.file, {
        method: 'POST',
        ...auth(c.superToken),
        ...multipart('file', 'dvadmin-upload.txt', 'conformance upload content'),
      }),
  ],
  ['file_list', (c) => c.server.get(Paths.file, auth(c.superToken))],
  [
    'message_self_receive',
    async (c) => {
      const sent = await c.server.post(
        Resources.messageCenter.path,
        { title: 'conformance msg', content: '<p>hi</p>', target_type: 0, target_user: [1] },
        auth(c.superToken),
      );
      expect(sent.json.code, sent.body).toBe(2000);
      const reply = await c.server.get(Resources.messageReceived.path, auth(c.superToken));
      // the recorded row is one the superuser sent (seeded messages have no creator, so no dept)
      const rows = reply.json.data.data.filter((m: { title: string }) => m.title === 'conformance msg');
      expect(rows).toHaveLength(1);
      return { ...reply, json: { ...reply.json, data: { ...reply.json.data, data: rows } } };
    },
  ],
  ['logout', (c) => c.server.post(Paths.logout, { refresh: c.refresh }, auth(c.superToken))],
  // the captcha turned off from here on
  [
    'captcha_when_off',
    async (c) => {
      await setting(c.db, 'base.captcha_state', 'false');
      return c.server.get(Paths.captcha);
    },
  ],
  ['init_settings_captcha_off', (c) => c.server.get(Paths.settings)],
  ['login_captcha_off_missing_fields', (c) => c.server.post(Paths.login, { username: 'superadmin' })],
];

it('every fixture has its request here (and every request its fixture)', () => {
  expect(REQUESTS.map(([name]) => name).sort()).toEqual(FIXTURES);
});

describeEachDatabase('the reference server answers every recorded stock response in its shape', (server) => {
  const ctx = {} as Ctx;
  beforeAll(async () => {
    const login = await server.login('superadmin');
    Object.assign(ctx, {
      server,
      superToken: login.access,
      refresh: login.refresh,
      testToken: (await server.login('test')).access,
      db: (server.app as unknown as { db: Db }).db,
    });
  });

  it.each(REQUESTS.map(([name, run]) => ({ name, run })))('$name', async ({ name, run }) => {
    const want = recorded(name);
    const reply = await run(ctx);
    expect(reply.json, reply.body).toBeTypeOf('object');
    expect({ code: reply.json.code, msg: typeOf(reply.json.msg) }).toEqual({
      code: want.code,
      msg: typeOf(want.msg),
    });
    if (want.code !== 2000 && typeof want.msg === 'string') expect(reply.json.msg).toBe(want.msg);
    const gaps = shapeGaps(shapeOf(reply.json.data), shapeOf(want.data));
    expect(gaps.filter((g) => !KEPT[name]?.gaps.includes(g))).toEqual([]);
    if (want.msg && typeof want.msg === 'object')
      expect(shapeGaps(shapeOf(reply.json.msg), shapeOf(want.msg), 'msg')).toEqual([]);
  });
});
