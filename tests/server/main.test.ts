import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_CONFIG_GLOBAL, appConfigSchema } from '../../src/contract/app-config.ts';
import { Paths } from '../../src/contract/paths.ts';
import { signParams } from '../../src/contract/sign.ts';

const ENTRY = ['--import', 'tsx', 'server/main.ts'];

/** Starts main.ts and resolves with the base URL from its one stdout line. */
function start(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; stdout: () => string }> {
  const child = spawn(process.execPath, ENTRY, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line after 30 s; stderr: ${err}`)), 30_000);
    child.stderr!.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]!, stdout: () => out });
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${err}`)));
  });
}

describe('server/main.ts', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('starts on a free port, prints one line, serves signed API calls, stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xy-main-'));
    const started = await start({ DATABASE_URL: 'memory://', PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'warn' });
    child = started.child;

    const script = await (await fetch(`${started.base}${Paths.appConfig}`)).text();
    const json = script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1);
    expect(script.startsWith(`window.${APP_CONFIG_GLOBAL} = `)).toBe(true);
    const { signSecret } = appConfigSchema.parse(JSON.parse(json));

    const ts = Math.floor(Date.now() / 1000);
    const url = `${started.base}${Paths.settings}?timestamp=${ts}&sign=${signParams(signSecret, {}, ts)}`;
    const body = await (await fetch(url)).json();
    expect(body.code).toBe(2000);
    expect((await (await fetch(`${started.base}${Paths.settings}`)).json()).msg).toBe('签名无效');

    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(started.stdout().trim().split('\n')).toHaveLength(1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a bad configuration with a message naming the variable', () => {
    const result = spawnSync(process.execPath, ENTRY, {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'memory://' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PORT must be an integer');
    expect(result.stdout).toBe('');
  });
});
