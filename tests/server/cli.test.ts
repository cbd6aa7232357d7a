import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommandError,
  createSuperuser,
  migrate,
  resetPassword,
  runManage,
  seed,
  setting,
} from '../../server/cli.ts';
import { createDatabase, type Db } from '../../server/db/index.ts';
import { verifyPassword } from '../../server/lib/password.ts';
import { issueTokens } from '../../server/modules/session/tokens.ts';
import { readSettings } from '../../server/modules/settings/queries.ts';
import { md5Hex } from '../../src/contract/password.ts';

const TOKENS = { jwtSecret: 'j'.repeat(40), accessTokenTtl: 60, refreshTokenTtl: 600 };

describe('management commands on a fresh database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createDatabase({ kind: 'memory' });
  });
  afterAll(() => db.destroy());

  const userByName = (username: string) =>
    db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  it('migrate applies the migrations once', async () => {
    expect(await migrate(db)).toMatch(/^applied: 0001_initial(, \d{4}_\w+)*$/);
    expect(await migrate(db)).toBe('database is up to date');
  });

  it('seed loads the initial data into an empty database only', async () => {
    expect(await seed(db)).toMatch(/^seeded/);
    expect(await seed(db)).toMatch(/nothing seeded/);
    const names = (await db.selectFrom('users').select('username').orderBy('id').execute()).map(
      (u) => u.username,
    );
    expect(names).toEqual(['superadmin', 'admin', 'test']);
  });

  it('createsuperuser creates a superuser who can log in with that password', async () => {
    expect(await createSuperuser(db, 'root', 'secret-123')).toMatch(/superuser "root" created/);
    const root = await userByName('root');
    expect(root?.is_superuser).toBe(true);
    expect(await verifyPassword(md5Hex('secret-123'), root!.password)).toBe(true);
    await expect(createSuperuser(db, 'root', 'secret-123')).rejects.toThrow(/already exists/);
    await expect(createSuperuser(db, 'bad name!', 'secret-123')).rejects.toBeInstanceOf(CommandError);
    await expect(createSuperuser(db, 'someone', '123')).rejects.toThrow(/at least 6/);
    await expect(createSuperuser(db)).rejects.toThrow(/required/);
  });

  it('setting shows and changes a setting, checking the key and the type', async () => {
    expect(await setting(db, 'base.captcha_state', 'false')).toBe('base.captcha_state = false');
    expect((await readSettings(db))['base.captcha_state']).toBe(false);
    expect(await setting(db, 'login.site_name', 'My console')).toBe('login.site_name = "My console"');
    expect(await setting(db, 'login.site_name')).toBe('login.site_name = "My console"');
    expect(await setting(db)).toContain('base.default_password = "admin123456"');
    await expect(setting(db, 'base.nope', '1')).rejects.toThrow(/unknown setting/);
    await expect(setting(db, 'base.captcha_state', 'maybe')).rejects.toThrow(/boolean/);
  });

  it('reset-password sets the password and signs the user out everywhere', async () => {
    const admin = await userByName('admin');
    const { refresh } = await issueTokens(db, admin!.id, TOKENS);
    expect(refresh).toBeTruthy();
    expect(await resetPassword(db, 'admin', 'another-pass')).toMatch(/changed/);
    expect(await verifyPassword(md5Hex('another-pass'), (await userByName('admin'))!.password)).toBe(true);
    const live = await db
      .selectFrom('refresh_token')
      .select('jti')
      .where('user_id', '=', admin!.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    await expect(resetPassword(db, 'ghost', 'another-pass')).rejects.toThrow(/no user "ghost"/);
  });

  it('usage errors exit 2 with the usage text; help exits 0', async () => {
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runManage([], io, {})).toBe(2);
    expect(await runManage(['frobnicate'], io, {})).toBe(2);
    expect(await runManage(['migrate', 'extra'], io, {})).toBe(2);
    expect(await runManage(['help'], io, {})).toBe(0);
    expect(lines.join('\n')).toContain('createsuperuser <username> <password>');
    expect(await runManage(['migrate'], io, { DATABASE_URL: 'memory://', PORT: 'nope' })).toBe(2);
  });
});

describe('npm run manage (the entry point)', () => {
  it('runs a command against a PGlite directory and exits 0; bad usage exits 2 with the usage text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xy-manage-'));
    const env = { ...process.env, DATABASE_URL: join(dir, 'db'), DATA_DIR: dir };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/manage.ts', ...args], {
        env,
        encoding: 'utf8',
      });
    const created = run('createsuperuser', 'ops', 'ops-password');
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/superuser "ops" created/);
    expect(created.status).toBe(0);
    const usage = run('createsuperuser', 'a', 'b', 'c');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run manage -- <command>');
    rmSync(dir, { recursive: true, force: true });
    // two child processes, each creating a PGlite directory: generous on a busy 2-core machine
  }, 90_000);
});

describe('a manage command that needs the schema migrates and seeds a fresh database first', () => {
  it("the README's `setting base.captcha_state false` works on a fresh DATA_DIR", () => {
    const dir = mkdtempSync(join(tmpdir(), 'xy-manage-fresh-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.DATABASE_URL;
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/manage.ts', ...args], {
        env,
        encoding: 'utf8',
      });
    try {
      const changed = run('setting', 'base.captcha_state', 'false');
      expect(changed.stderr).toBe('');
      expect(changed.stdout).toContain('fresh database: migrated and seeded');
      expect(changed.stdout).toContain('base.captcha_state = false');
      expect(changed.status).toBe(0);
      const shown = run('setting', 'base.captcha_state');
      expect(shown.stdout.trim()).toBe('base.captcha_state = false');
      expect(shown.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
