import { z } from 'zod';

/** Body codes of the dvadmin envelope (CONTRACT.md, "Envelope"). HTTP status is 200 for nearly everything. */
export const Code = {
  success: 2000,
  unauthorized: 401,
  notFound: 404,
  validation: 4000,
  badRequest: 400,
} as const;

/** msg is a string, or an object such as simplejwt's `{detail, code: "token_not_valid", messages}`. */
export const envelopeMessageSchema = z.union([
  z.string(),
  z.record(z.string(), z.unknown()),
  z.array(z.unknown()),
]);
export type EnvelopeMessage = z.infer<typeof envelopeMessageSchema>;

export const envelopeSchema = z.object({
  code: z.number().int(),
  msg: envelopeMessageSchema.nullish(),
  data: z.unknown().optional(),
});
export type Envelope<T = unknown> = { code: number; msg?: EnvelopeMessage | null; data: T };

export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    data: z.array(row),
  });
}
export type Page<T> = { page: number; limit: number; total: number; data: T[] };

/** Error body codes a client reacts to on top of `code` (simplejwt's `msg.code`). */
export type AuthFailureReason = 'token_not_valid' | 'user_not_found';

/** Flattens an object msg to `field:message` text (CONTRACT.md: 4000 with an object msg). */
export function flattenMessage(msg: EnvelopeMessage | null | undefined): string {
  if (msg == null) return '';
  if (typeof msg === 'string') return msg;
  if (Array.isArray(msg)) return msg.map((m) => flattenMessage(m as EnvelopeMessage)).join('; ');
  if (typeof msg.detail === 'string') return msg.detail;
  return Object.entries(msg)
    .map(
      ([k, v]) =>
        `${k}:${Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    )
    .join('; ');
}

/** The `code` field inside an object msg, e.g. `token_not_valid`. */
export function messageCode(msg: EnvelopeMessage | null | undefined): string | undefined {
  if (msg && typeof msg === 'object' && !Array.isArray(msg) && typeof msg.code === 'string') return msg.code;
  return undefined;
}
