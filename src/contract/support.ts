/**
 * Delivery-and-support rows the console reads (docs/domain.md, issue 14): knowledge articles, business
 * messages (the signed-in user's in-site messages) and the workbench overview. Tolerant: every field the
 * pages rely on is nullish and other fields pass through, so a server adding a column never fails a load.
 */
import { z } from 'zod';
import { commonRowFields as common, rowId as id } from './rows.ts';

export const SupportPaths = {
  knowledge: '/xy/knowledge/',
  messages: '/xy/message/get_message/',
  messageRead: (messageId: number | string) => `/xy/message/${messageId}/read/`,
  messagesReadAll: '/xy/message/read_all/',
  overview: '/xy/overview/',
} as const;

/** `/xy/knowledge/`: `content` is HTML the server sanitised; `tags` a list. */
export const knowledgeRowSchema = z
  .object({
    id,
    ...common,
    title: z.string().nullish(),
    category: z.string().nullish(),
    tags: z.array(z.string()).nullish(),
    content: z.string().nullish(),
    published: z.boolean().nullish(),
  })
  .catchall(z.unknown());
export type KnowledgeRow = z.infer<typeof knowledgeRowSchema>;

/** Message `type`: 0 success, 1 warning, 2 info, 3 error; `status`: 0 unread, 1 read. */
export const MESSAGE_TYPES = [0, 1, 2, 3] as const;
export const businessMessageRowSchema = z
  .object({
    id,
    title: z.string().nullish(),
    message: z.string().nullish(),
    type: z.number().nullish(),
    status: z.number().nullish(),
    create_datetime: z.string().nullish(),
  })
  .catchall(z.unknown());
export type BusinessMessageRow = z.infer<typeof businessMessageRowSchema>;

export const readAllResultSchema = z.looseObject({ count: z.number() });

const count = z
  .number()
  .nullish()
  .transform((n) => n ?? 0);

/** `GET /xy/overview/`: today's counts and the last 24 hours, oldest hour first. */
export const overviewSchema = z.looseObject({
  items: z.looseObject({ today_stored: count, today_dropped: count }),
  pushes: z.looseObject({
    today_success: count,
    today_failed: count,
    pending: count,
    success_rate: z.number().nullish(),
  }),
  phones: z.looseObject({ online: count, total: count }),
  tasks: z.looseObject({ enabled: count }),
  customers: z.looseObject({ expiring_7d: count }),
  items_per_hour: z
    .array(z.looseObject({ hour: z.string(), stored: count, pushed: count, failed: count }))
    .nullish()
    .transform((rows) => rows ?? []),
});
export type Overview = z.infer<typeof overviewSchema>;
