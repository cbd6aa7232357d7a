// Test-only routes, registered only with TEST_HOOKS=1 (absent otherwise, not merely refused). Unsigned and
// unauthenticated by design: they exist so browser tests can get past the captcha and count what reached the
// server (e.g. that no message poll arrives while a notification is open).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { peekCaptchaAnswer } from '../session/captcha.ts';

export function registerTestHooks(app: FastifyInstance, db: Db): void {
  app.get('/__test__/captcha/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    const answer = /^\d{1,9}$/.test(key) ? await peekCaptchaAnswer(db, Number(key)) : undefined;
    if (answer === undefined) return reply.status(404).send({ answer: null });
    return { answer };
  });

  /** Requests received per method and path (query left out), since the server started. */
  const received = new Map<string, number>();
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/__test__/')) return;
    const key = `${request.method} ${path}`;
    received.set(key, (received.get(key) ?? 0) + 1);
  });
  // GET /__test__/requests?method=GET&path=/api/xy/message/get_message/ → { count }
  app.get('/__test__/requests', async (request) => {
    const query = request.query as { method?: string; path?: string };
    return { count: received.get(`${query.method ?? 'GET'} ${query.path ?? ''}`) ?? 0 };
  });
}
