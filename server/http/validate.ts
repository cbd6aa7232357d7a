// Body validation with zod, reported the way dvadmin reports DRF serializer errors: the first problem as
// `"<label>:<message>"` with DRF's wording, e.g. `部门名称:该字段是必填项。` (English when preferred).
// Field helpers are as lenient as DRF's fields: numeric strings pass as integers, "true"/"1" as booleans.
import { z } from 'zod';
import { type Label, refuse } from './envelope.ts';
import type { MessageKey, MessageParams } from './messages.ts';

export type Labels = Record<string, Label>;

const MESSAGE_KEY = /^(v|password|dept|login)\.\w+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function drfTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

function messageFor(issue: z.core.$ZodIssue, value: unknown): { key: MessageKey; params?: MessageParams } {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return { key: 'v.required' };
      if (value === null) return { key: 'v.null' };
      if (issue.expected === 'string') return { key: 'v.string' };
      if (issue.expected === 'number' || issue.expected === 'int') return { key: 'v.integer' };
      if (issue.expected === 'boolean') return { key: 'v.boolean' };
      if (issue.expected === 'array') return { key: 'v.list', params: { type: drfTypeName(value) } };
      if (issue.expected === 'object') return { key: 'v.notObject', params: { type: drfTypeName(value) } };
      return { key: 'v.invalid' };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'v.maxLength', params: { max: Number(issue.maximum) } }
        : { key: 'v.maxValue', params: { max: Number(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string') return { key: 'v.blank' };
      return { key: 'v.minValue', params: { min: Number(issue.minimum) } };
    case 'invalid_value':
      return { key: 'v.choice', params: { value: String(value) } };
    default:
      return MESSAGE_KEY.test(issue.message) ? { key: issue.message as MessageKey } : { key: 'v.invalid' };
  }
}

/** Parses a JSON body against `schema`; throws a 4000 ApiError naming the first bad field by its label. */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown, labels: Labels): z.output<S> {
  const input = body ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw refuse('v.notObject', { type: drfTypeName(input) });
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? String(issue.path[0]) : '';
  const value = field ? (input as Record<string, unknown>)[field] : input;
  const { key, params } = messageFor(issue, issue.path.length > 1 ? 0 : value);
  throw refuse(key, params, field ? (labels[field] ?? field) : undefined);
}

// ——— DRF-like fields ———

const asNumber = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);
const asBoolean = (v: unknown) => {
  if (v === 'true' || v === '1' || v === 1 || v === 'True') return true;
  if (v === 'false' || v === '0' || v === 0 || v === 'False') return false;
  return v;
};

export const field = {
  /** A required, non-blank string (trimmed, as DRF's CharField does). */
  text: (max: number) => z.string().trim().min(1).max(max),
  /** An optional string; blank and null allowed. */
  optionalText: (max: number) => z.string().trim().max(max).nullish(),
  integer: (min = -2147483648, max = 2147483647) =>
    z.preprocess(asNumber, z.number().int().min(min).max(max)),
  optionalInteger: (min = -2147483648, max = 2147483647) =>
    z.preprocess(asNumber, z.number().int().min(min).max(max).nullish()),
  boolean: () => z.preprocess(asBoolean, z.boolean()),
  optionalBoolean: () => z.preprocess(asBoolean, z.boolean().nullish()),
  /** An optional e-mail address; blank allowed (dvadmin's `blank=True`). */
  optionalEmail: (max: number) =>
    z
      .string()
      .trim()
      .max(max)
      .refine((v) => v === '' || EMAIL.test(v), { message: 'v.email' })
      .nullish(),
};
