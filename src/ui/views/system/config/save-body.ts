import type { ConfigRow } from '../../../../contract/resources.ts';

/** Row fields a server fills in itself (never sent back): nested children and display names. */
const SERVER_ONLY = new Set([
  'children',
  'creator_name',
  'modifier_name',
  'create_datetime',
  'update_datetime',
]);

/**
 * The body of `PUT system_config/save_content/` for one group: every item of the group as it was loaded
 * (id, parent, title, key, sort, status, form_item_type, rule, placeholder, setting…) with its new value.
 * Both backends accept it: stock dvadmin 2.1 validates each item with its full create serializer (an
 * `{id, value}` pair fails there with "title/key: 该字段是必填项"), the reference server reads `id` and
 * `value` and ignores the rest.
 */
export function saveContentBody(
  rows: readonly ConfigRow[],
  group: number | null,
  values: Record<string, unknown>,
): Record<string, unknown>[] {
  return rows
    .filter((row) => row.parent === group)
    .map((row) => {
      const item: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) if (!SERVER_ONLY.has(key)) item[key] = value;
      item.value = values[row.id] ?? null;
      return item;
    });
}
