// Refuses U+0000 anywhere in a request's query, path parameters or JSON body, for every route, before any
// handler runs: PostgreSQL cannot store a NUL in text and would answer the query with an error (a 500).
// One hook instead of a rule per field, so a new endpoint cannot forget it. The envelope names the field
// (`search:不允许包含空字符（U+0000）。`), the way validateBody names a bad field.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuse } from './envelope.ts';

const MAX_DEPTH = 32;

/** The path (`search`, `dept.name`, `ids[2]`) of the first string or key holding U+0000, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const name = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return name.split('\u0000').join('\\0');
    const found = findNul(item, name, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function checkNul(request: FastifyRequest): void {
  const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
  if (field !== null) throw refuse('v.nullCharacter', undefined, field);
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkNul(request));
}
