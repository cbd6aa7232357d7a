// A quick end-to-end check of a running server, signing requests exactly as the SPA does:
//   node --import tsx server/tools/smoke.ts http://127.0.0.1:8000 [username] [password]
// Reads the signing secret from /app-config.js, then calls settings and captcha and logs in (the captcha is
// solved through the test hook, so the server needs TEST_HOOKS=1 unless the captcha is switched off).
import { appConfigSchema } from '../../src/contract/app-config.ts';
import { md5Hex } from '../../src/contract/password.ts';
import { Paths } from '../../src/contract/paths.ts';
import { signParams } from '../../src/contract/sign.ts';

const [base = 'http://127.0.0.1:8000', username = 'superadmin', password = 'admin123456'] =
  process.argv.slice(2);

const script = await (await fetch(new URL(Paths.appConfig, base))).text();
const { signSecret } = appConfigSchema.parse(
  JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1)),
);

async function call(method: string, path: string, body?: Record<string, unknown>, token?: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  const url = new URL(path, base);
  const params = Object.fromEntries(url.searchParams);
  url.searchParams.set('timestamp', String(timestamp));
  url.searchParams.set('sign', signParams(signSecret, { ...params, ...body }, timestamp));
  const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
  if (token) headers.authorization = `JWT ${token}`;
  const res = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return res.json() as Promise<{ code: number; msg: unknown; data: Record<string, unknown> }>;
}

const show = (label: string, value: unknown) =>
  console.log(`${label}: ${JSON.stringify(value).slice(0, 160)}`);

show('settings', await call('GET', Paths.settings));
const captcha = await call('GET', Paths.captcha);
show('captcha', captcha);
let answer: string | undefined;
if (captcha.data.key !== undefined) {
  const hook = await fetch(new URL(Paths.testCaptchaAnswer(String(captcha.data.key)), base));
  answer = hook.ok ? ((await hook.json()) as { answer: string }).answer : undefined;
  if (!answer) console.log('captcha is on and TEST_HOOKS is off: the login below will be refused');
}
const login = await call('POST', Paths.login, {
  username,
  password: md5Hex(password),
  captcha: answer,
  captchaKey: captcha.data.key,
});
show('login', login);
if (login.code === 2000)
  show('user_info', await call('GET', Paths.userInfo, undefined, String(login.data.access)));
process.exitCode = login.code === 2000 ? 0 : 1;
