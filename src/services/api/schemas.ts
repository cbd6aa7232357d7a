import { z } from 'zod';
import { pageSchema } from '../../contract/index.ts';

/**
 * A list as dvadmin sends it: either a bare array (`all_dept`, `dept_lazy_tree`) or wrapped in the page
 * shape whose `page`/`limit` are placeholders (`web_router`, `dictionary`). Both parse to the array.
 */
export function listSchema<T extends z.ZodType>(row: T) {
  return z.union([z.array(row), pageSchema(row).transform((page) => page.data)]);
}

/** `POST /api/system/file/` data (other fields pass through). */
export const uploadedFileSchema = z
  .object({
    id: z.number(),
    url: z.string().min(1),
    name: z.string().nullish(),
    md5sum: z.string().nullish(),
    file_url: z.string().nullish(),
  })
  .catchall(z.unknown());
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
