import { dictionaryColor } from '../../contract/dictionary.ts';
import type { Dictionaries } from '../../services/api/types.ts';
import type { TreeLoad } from '../../services/implementations/crud.ts';
import type { CrudField, CrudOption, CrudResource, FormMode, FormValues, OptionValue, Row } from './types.ts';

/** The table's request state. */
export type ListState = {
  page: number;
  limit: number;
  /** `field` or `-field`; empty for the resource default. */
  ordering: string;
  /** Search form values; `create_datetime` is `[from, to]` in yyyy-MM-dd. */
  filters: FormValues;
};

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DATE_RANGE_FIELD = 'create_datetime';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/**
 * The default tree (departments): the roots with `lazy=1` — the reference server's roots; stock dvadmin 2.1
 * has no `lazy` and answers its department list's roots anyway — and each row's children by `parent`.
 */
export const TREE_BY_PARENT: TreeLoad = {
  load: 'lazy',
  roots: { lazy: 1 },
  children: (row) => ({ parent: row.id }),
};

/** How the resource's tree rows come, if it is a tree. */
export const treeLoad = (resource: CrudResource): TreeLoad | undefined =>
  resource.tree === true ? TREE_BY_PARENT : resource.tree;

/** A tree row has children: the ones loaded with the page, else what the row says (`hasChild`,
 * `has_children`, or an area's `pcode_count`). */
export function rowHasChildren(row: Row, loaded: readonly Row[] | undefined): boolean {
  if (loaded) return loaded.length > 0;
  return Boolean(row.hasChild ?? Number(row.has_children ?? row.pcode_count ?? 0) > 0);
}

/**
 * Query of a list request (CONTRACT.md "Generic CRUD resources"): `page`, `limit`, `ordering`, one parameter
 * per filled filter, the create-date range as `create_datetime_after`/`_before` (a tree's own root query is
 * added by the list's effect, see `treeLoad`).
 */
export function listParams(resource: CrudResource, state: ListState): Record<string, unknown> {
  const params: Record<string, unknown> = { page: state.page, limit: state.limit, ...resource.params };
  const ordering = state.ordering || resource.ordering;
  if (ordering) params.ordering = ordering;
  for (const [name, value] of Object.entries(state.filters)) {
    if (isEmpty(value)) continue;
    if (name === DATE_RANGE_FIELD && Array.isArray(value)) {
      if (value[0]) params.create_datetime_after = value[0];
      if (value[1]) params.create_datetime_before = value[1];
      continue;
    }
    const field = resource.fields.find((f) => f.name === name);
    const param = typeof field?.search === 'object' && field.search.param ? field.search.param : name;
    params[param] = typeof value === 'string' ? value.trim() : value;
  }
  return params;
}

/** The next ordering when a sortable header is clicked: ascending → descending → default. */
export function nextOrdering(current: string, field: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return '';
  return field;
}

/**
 * A server validation message `"<label>:<message>"` (dvadmin's form, full-width colon too) mapped to its
 * field through the labels the description shows; `field` is undefined when no label matches.
 */
export function fieldError(
  fields: readonly CrudField[],
  message: string,
  labelsOf: (field: CrudField) => string[],
): { field?: string; text: string } {
  const match = /^([^:：]{1,40})[:：]\s*(.+)$/s.exec(message.trim());
  if (!match?.[1] || !match[2]) return { text: message };
  const label = match[1].trim().toLowerCase();
  const field = fields.find((f) => labelsOf(f).some((l) => l.trim().toLowerCase() === label));
  return field ? { field: field.name, text: match[2].trim() } : { text: message };
}

/** Options of a field: static ones, else its dictionary's entries. */
export function fieldOptions(
  field: CrudField,
  dictionaries: Dictionaries,
  loaded?: CrudOption[],
): CrudOption[] {
  if (field.options) return field.options;
  if (loaded) return loaded;
  if (field.dict) return (dictionaries[field.dict] ?? []).map((e) => ({ ...e }));
  return [];
}

const MANTINE: Record<string, string> = {
  success: 'teal',
  danger: 'red',
  warning: 'orange',
  primary: 'brand',
  info: 'gray',
};

/** Mantine colour of a dictionary value (seed §4); an explicit colour wins over the mapping. */
export function tagColor(value: OptionValue, explicit?: string | null): string {
  const c = dictionaryColor(value, explicit) ?? 'info';
  return MANTINE[c] ?? c;
}

/** Colour of an action button by its permission value (seed §4). */
export const buttonColor = (value: string) => tagColor(value);

/** Values of a new record: each field's `initial`, and the creator's department. */
export function initialValues(resource: CrudResource, userDept: number | null | undefined): FormValues {
  const values: FormValues = {};
  for (const f of resource.fields) if (f.initial !== undefined) values[f.name] = f.initial;
  if (resource.fields.some((f) => f.name === 'dept_belong_id') && userDept != null)
    values.dept_belong_id = String(userDept);
  return values;
}

/** Form fields of a mode (password-like fields only when creating). */
export function formFields(resource: CrudResource, mode: FormMode): CrudField[] {
  return resource.fields.filter((f) => f.form !== false && (mode === 'create' || !formOf(f)?.createOnly));
}

/** Required fields left empty. */
export function missingRequired(fields: readonly CrudField[], values: FormValues): string[] {
  return fields.filter((f) => formOf(f)?.required && isEmpty(values[f.name])).map((f) => f.name);
}

/** The field's form options (undefined when it is not in the form or has none). */
export const formOf = (f: CrudField) => (f.form === false ? undefined : f.form);
/** The field's column options (undefined when it is not a column or has none). */
export const columnOf = (f: CrudField) => (f.column === false ? undefined : f.column);
