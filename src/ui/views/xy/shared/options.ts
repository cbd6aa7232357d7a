// Select options of the business pages loaded from a business list (tasks, phones, customers): id → name.
import { z } from 'zod';
import { pageSchema } from '../../../../contract/envelope.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import type { CrudOption } from '../../../crud/types.ts';

const namedRowSchema = z.looseObject({ id: z.number(), name: z.string().nullish() });

/** `GET <path>?limit=999` as `{label: name, value: id}` (the kit loads it once, with a retry on failure). */
export async function namedOptions(
  http: HttpClient,
  path: string,
  signal?: AbortSignal,
): Promise<CrudOption[]> {
  const page = await http.data(
    { url: path, params: { limit: 999, ordering: 'name' }, ...(signal ? { signal } : {}) },
    pageSchema(namedRowSchema),
  );
  return page.data.map((r) => ({ label: r.name ?? `#${r.id}`, value: r.id }));
}
