// Test-only routes, registered only with TEST_HOOKS=1 (absent otherwise, not merely refused). Unsigned and
// unauthenticated by design: they exist so browser tests can get past the captcha.
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
}
