// Body fields shared by the pipeline's resources: money (numeric(12,2)) and word lists (a list, or a
// comma-separated string as forms and CSV send them).
import { z } from 'zod';
import type { Label } from '../../http/envelope.ts';
import { refusePipeline } from './texts.ts';

export const MAX_MONEY = 9_999_999_999.99;

/** An optional amount ≥ 0 with at most two decimals kept; numeric strings accepted; blank = null. */
export const money = () =>
  z
    .unknown()
    .transform((v, ctx): number | null => {
      if (v === undefined || v === null || v === '') return null;
      const n =
        typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: 'v.invalid' });
        return z.NEVER;
      }
      if (n < 0 || n > MAX_MONEY) {
        ctx.addIssue({ code: 'too_small', origin: 'number', minimum: 0, inclusive: true, input: n });
        return z.NEVER;
      }
      return Math.round(n * 100) / 100;
    })
    .optional();

const splitWords = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(/[,，;；\n]+/)
        .map((w) => w.trim())
        .filter(Boolean)
    : v;

/** A list of words (each 1–50 chars, at most 50, duplicates removed); a comma-separated string accepted. */
export const wordList = () =>
  z
    .preprocess(splitWords, z.array(z.string().trim().min(1).max(50)).max(50).nullish())
    .transform((v) => [...new Set(v ?? [])]);

/** numeric columns arrive as strings from `pg`: a number or null for the API row. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Refuses `min > max`, naming the minimum's field. */
export function checkRange(
  min: number | null | undefined,
  max: number | null | undefined,
  label: Label,
): void {
  if (min !== null && min !== undefined && max !== null && max !== undefined && min > max) {
    throw refusePipeline('minAboveMax', label);
  }
}
