import { z } from 'zod';

/** `GET /api/init/dictionary/?dictionary_key=all`: groups with string values; see `normalizeDictionaryValue`. */
export const dictionaryItemSchema = z.object({
  label: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  type: z.number().nullish(),
  color: z.string().nullish(),
});
export const dictionaryGroupSchema = z.object({
  id: z.number().optional(),
  value: z.string(),
  children: z.array(dictionaryItemSchema),
});
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;
export type DictionaryGroup = z.infer<typeof dictionaryGroupSchema>;
export type DictionaryValue = string | number | boolean;

/** Type 1 → number, type 6 → boolean (true only for the text 'true'), otherwise the text. */
export function normalizeDictionaryValue(item: DictionaryItem): DictionaryValue {
  if (item.type === 1) return Number(item.value);
  if (item.type === 6) return String(item.value) === 'true';
  return item.value;
}

/** Seed §4: colour of a dictionary value when the item names none. An explicit colour wins. */
export function dictionaryColor(value: DictionaryValue, explicit?: string | null): string | undefined {
  if (explicit) return explicit;
  if (value === 1 || value === true || value === '1' || value === 'true') return 'success';
  if (value === 0 || value === false || value === '0' || value === 'false') return 'danger';
  const named: Record<string, string> = {
    Search: 'warning',
    Update: 'primary',
    Create: 'success',
    Retrieve: 'info',
    Delete: 'danger',
  };
  return typeof value === 'string' ? named[value] : undefined;
}
