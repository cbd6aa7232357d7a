import { z } from 'zod';

/** A department row of `GET /api/system/dept/` (only the fields the console relies on are required). */
export const deptSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    parent: z.number().nullable(),
    parent_name: z.string().nullish(),
    status: z.boolean().nullish(),
    key: z.string().nullish(),
    sort: z.number().nullish(),
    has_children: z.number().nullish(),
  })
  .catchall(z.unknown());
export type Dept = z.infer<typeof deptSchema>;

/** `dept_lazy_tree` and `all_dept` rows. */
export const deptNodeSchema = z.object({ id: z.number(), name: z.string(), parent: z.number().nullable() });
export type DeptNode = z.infer<typeof deptNodeSchema>;
