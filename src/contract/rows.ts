import { z } from 'zod';

/**
 * What every dvadmin-style row carries, for the resources' tolerant row schemas (system and business): an
 * id, the common trailing fields (nullable: a stock backend may leave them out), and any other field passing
 * through.
 */
export const rowId = z.union([z.number(), z.string()]);
export const commonRowFields = {
  description: z.string().nullish(),
  creator_name: z.string().nullish(),
  modifier_name: z.string().nullish(),
  dept_belong_id: z.union([z.string(), z.number()]).nullish(),
  create_datetime: z.string().nullish(),
  update_datetime: z.string().nullish(),
};
/** A row schema: `shape` plus the id and common fields; unknown fields pass through. */
export const row = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ id: rowId, ...commonRowFields, ...shape }).catchall(z.unknown());
