// Management commands behind `npm run manage -- <command>`. Each command is a plain function over a
// database handle (tests call them directly); runManage parses argv, opens the configured database,
// applies pending migrations and seeds an empty database first (so every command, e.g. the README's
// `setting base.captcha_state false`, works on a fresh DATA_DIR) and maps errors to exit codes.
import { sql } from 'kysely';
import { md5Hex } from '../src/contract/password.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, type Db } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed.ts';
import { hashPassword } from './lib/password.ts';
import { runDemoFeed } from './modules/items/demo-feed.ts';
import { removeDemoData, seedDemoData } from './modules/pipeline/demo-data.ts';
import { issueIngestToken } from './modules/pipeline/tokens.ts';
import { revokeUserTokens } from './modules/session/tokens.ts';
import { readSettings, writeSetting } from './modules/settings/queries.ts';

export const USAGE = `usage: npm run manage -- <command> [arguments]

commands:
  migrate                                apply pending database migrations
  seed                                   load the initial data into an empty database
  createsuperuser <username> <password>  create a superuser
  setting <key> [<json-value>]           show or change a setting, e.g. setting base.captcha_state false
                                         (a value that is not JSON is stored as a string)
  reset-password <username> <password>   set a user's password and sign them out everywhere
  demo-feed [--rate 1] [--count N] [--url http://127.0.0.1:8000] [--token T]
                                         simulated phones heartbeat, poll their tasks and post listings to a
                                         running server (tokens from $DATA_DIR/demo-phones.json, or superadmin
                                         when the captcha is off); with --token / INGEST_TOKEN a plain
                                         scraper instead; Ctrl-C stops
  demo-data [--remove]                   seed the pipeline's demo set (phones, tasks, filters, a blacklisted
                                         seller), or remove it and what the demo feed produced for it
  ingest-token <name>                    create (or rotate) the ingest token <name>; prints it once

The database comes from DATABASE_URL (default: the PGlite directory under DATA_DIR, data/pglite).`;

/** A refusal with a message for the operator: exit code 1, no stack trace. */
export class CommandError extends Error {}

export type Io = { out: (line: string) => void; err: (line: string) => void };

const USERNAME = /^[\w.@+-]{1,150}$/;

function checkCredentials(username: string | undefined, password: string | undefined): [string, string] {
  if (!username || !password) throw new CommandError('a username and a password are required');
  if (!USERNAME.test(username)) {
    throw new CommandError('the username may hold up to 150 letters, digits and @ . + - _ characters');
  }
  if (password.length < 6) throw new CommandError('the password must be at least 6 characters long');
  return [username, password];
}

export async function migrate(db: Db): Promise<string> {
  const applied = await migrateToLatest(db);
  return applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date';
}

export async function seed(db: Db): Promise<string> {
  await migrateToLatest(db);
  return (await seedIfEmpty(db))
    ? 'seeded: users superadmin, admin, test (password admin123456), roles, depts, menus, dictionaries, settings'
    : 'the database already has users; nothing seeded';
}

export async function createSuperuser(db: Db, username?: string, password?: string): Promise<string> {
  const [name, plain] = checkCredentials(username, password);
  const exists = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', name)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (exists)
    throw new CommandError(`user "${name}" already exists; use reset-password to change its password`);
  const { id } = await db
    .insertInto('users')
    .values({ username: name, name, password: await hashPassword(md5Hex(plain)), is_superuser: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `superuser "${name}" created (id ${id})`;
}

export async function resetPassword(db: Db, username?: string, password?: string): Promise<string> {
  const [name, plain] = checkCredentials(username, password);
  const hash = await hashPassword(md5Hex(plain));
  const user = await db
    .updateTable('users')
    .set({ password: hash, update_datetime: sql<Date>`now()` })
    .where('username', '=', name)
    .where('is_deleted', '=', false)
    .returning('id')
    .executeTakeFirst();
  if (!user) throw new CommandError(`no user "${name}"`);
  await revokeUserTokens(db, user.id);
  return `password of "${name}" changed; their sessions were signed out`;
}

export async function setting(db: Db, key?: string, raw?: string): Promise<string> {
  const settings = await readSettings(db);
  const known = Object.keys(settings);
  if (!key) return known.map((k) => `${k} = ${JSON.stringify(settings[k])}`).join('\n');
  if (!(key in settings))
    throw new CommandError(`unknown setting "${key}"; known settings:\n  ${known.join('\n  ')}`);
  if (raw === undefined) return `${key} = ${JSON.stringify(settings[key])}`;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  const current = settings[key];
  if (typeof current === 'boolean' && typeof value !== 'boolean') {
    throw new CommandError(`${key} is a boolean: use true or false`);
  }
  if (typeof current === 'number' && typeof value !== 'number') throw new CommandError(`${key} is a number`);
  await writeSetting(db, key, value);
  return `${key} = ${JSON.stringify(value)}`;
}

export async function demoData(db: Db, dataDir: string | null, flag?: string): Promise<string> {
  if (flag === '--remove') {
    const counts = await removeDemoData(db, dataDir);
    return `demo data removed: ${Object.entries(counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`;
  }
  if (flag !== undefined)
    throw new CommandError(`unknown option ${flag}; use demo-data or demo-data --remove`);
  const tokens = await seedDemoData(db, dataDir);
  if (!tokens) return 'the demo data is already there (demo-data --remove clears it)';
  return `demo data seeded: phones ${Object.keys(tokens).join(', ')} (tokens in ${DEMO_TOKENS_HINT}), 3 tasks, 2 filters, a blacklisted seller`;
}
const DEMO_TOKENS_HINT = '$DATA_DIR/demo-phones.json';

export async function ingestToken(db: Db, name?: string): Promise<string> {
  if (!name || !/^[\w.@+-]{1,64}$/.test(name)) {
    throw new CommandError('a token name is required (up to 64 letters, digits and @ . + - _)');
  }
  const { token, rotated } = await issueIngestToken(db, name);
  return `${rotated ? 'rotated' : 'created'} ingest token "${name}" (shown once; send it as Authorization: Token <it>):\n${token}`;
}

type Command = (db: Db, ...args: string[]) => Promise<string>;
const COMMANDS: Record<string, { run: Command; maxArgs: number }> = {
  migrate: { run: migrate, maxArgs: 0 },
  seed: { run: seed, maxArgs: 0 },
  createsuperuser: { run: createSuperuser, maxArgs: 2 },
  setting: { run: setting, maxArgs: 2 },
  'reset-password': { run: resetPassword, maxArgs: 2 },
  'ingest-token': { run: ingestToken, maxArgs: 1 },
};

/** Runs one command; returns the process exit code (0 ok, 1 refused or failed, 2 usage/config error). */
export async function runManage(
  argv: string[],
  io: Io,
  env: Record<string, string | undefined>,
): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return 0;
  }
  if (name === 'demo-feed') {
    // Talks to a running server over HTTP; no database of its own.
    const stop = new AbortController();
    const onSigint = () => stop.abort();
    process.once('SIGINT', onSigint);
    try {
      return await runDemoFeed(args, io, env, stop.signal);
    } finally {
      process.off('SIGINT', onSigint);
    }
  }
  const command =
    name === 'demo-data'
      ? { run: (db: Db, flag?: string) => demoData(db, loadConfig(env).dataDir, flag), maxArgs: 1 }
      : name
        ? COMMANDS[name]
        : undefined;
  if (!command) {
    io.err(name ? `unknown command "${name}"\n\n${USAGE}` : USAGE);
    return 2;
  }
  if (args.length > command.maxArgs) {
    io.err(`too many arguments for ${name}\n\n${USAGE}`);
    return 2;
  }
  let db: Db | undefined;
  try {
    const config = loadConfig(env);
    db = await createDatabase(config.database);
    // `migrate` and `seed` report what they do themselves; every other command needs the schema and the
    // seeded settings, roles and menus (a superuser created on an empty database would otherwise leave it
    // unseeded for good: the server seeds only when there are no users).
    if (name !== 'migrate' && name !== 'seed') {
      await migrateToLatest(db);
      if (await seedIfEmpty(db)) io.out('fresh database: migrated and seeded');
    }
    io.out(await command.run(db, ...args));
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 2;
    }
    io.err(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db?.destroy();
  }
}
