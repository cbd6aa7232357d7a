// Field helpers shared by the resource definitions, on top of server/http/validate.ts's DRF-like fields.
import { z } from 'zod';
import { field } from '../../http/validate.ts';

const asNumber = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

export const fields = {
  ...field,
  /** One of the given integers: `“9” 不是合法选项。` otherwise. */
  choice: <const T extends readonly [number, ...number[]]>(values: T) =>
    z.preprocess(asNumber, z.literal(values)),
  optionalChoice: <const T extends readonly [number, ...number[]]>(values: T) =>
    z.preprocess(asNumber, z.literal(values).nullish()),
  /** A list of positive ids (many-to-many fields); optional — absent keeps the current links. */
  ids: () => z.array(field.integer(1)).optional(),
  /** The common `description` (≤ 200 characters). */
  description: () => field.optionalText(200),
};

/** dvadmin's METHOD_CHOICES. */
export const METHOD_CHOICES = [0, 1, 2, 3, 4] as const;

export const COMMON_LABELS = {
  description: { zh: '描述', en: 'Description' },
  create_datetime: { zh: '创建时间', en: 'Created' },
  update_datetime: { zh: '修改时间', en: 'Updated' },
  creator_name: { zh: '创建人', en: 'Creator' },
};
