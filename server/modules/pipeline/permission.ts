// Extra endpoints granted by an existing seeded button (rotate_token by Update, the filter dry run by Search):
// the caller must hold the button for `method` on `path(request)`, as the generic routes check it.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import { refuse } from '../../http/envelope.ts';
import { checkApiPermission, permissionDenied } from '../../http/permission.ts';

export function requireButton(db: Db, method: string, path: (request: FastifyRequest) => string) {
  return async function button(request: FastifyRequest): Promise<void> {
    const user = request.user;
    if (!user) throw refuse('auth.notProvided');
    const target = path(request);
    const { allowed } = await checkApiPermission(db, user, method, target);
    if (!allowed) throw permissionDenied(request.method, request.url.split('?')[0]!);
  };
}
