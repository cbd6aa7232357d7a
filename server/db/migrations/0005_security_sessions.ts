// Access tokens are stateless JWTs; `users.tokens_valid_after` lets authentication refuse the ones issued
// before a password change, a disable or a single-login sign-in (their `iat` is earlier), at no extra cost:
// the user row is read on every authenticated request anyway (server/http/auth.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table users add column if not exists tokens_valid_after timestamptz').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table users drop column if exists tokens_valid_after').execute(db);
}
