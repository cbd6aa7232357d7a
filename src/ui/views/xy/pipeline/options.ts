// Option loaders shared by the pipeline pages: phones and tasks as select options (id → name), and the row
// fields a full PUT of a task or filter sends back (the inline enabled switch saves the whole row).
import { Pipeline } from '../../../../contract/pipeline.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import type { Row } from '../../../crud/types.ts';
import { namedOptions } from '../shared/options.ts';

export const loadPhones = (http: HttpClient, signal?: AbortSignal) =>
  namedOptions(http, Pipeline.phone.path, signal);
export const loadTasks = (http: HttpClient, signal?: AbortSignal) =>
  namedOptions(http, Pipeline.task.path, signal);

/** The fields of a row a full PUT sends (the server refuses a PUT without its required fields). */
export const pick = (row: Row, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, row[n] ?? null]));

export const TASK_BODY = [
  'name',
  'keywords',
  'min_price',
  'max_price',
  'region',
  'interval_s',
  'enabled',
  'phone',
  'description',
] as const;
export const FILTER_BODY = [
  'name',
  'task',
  'exclude_words',
  'include_words',
  'min_price',
  'max_price',
  'enabled',
  'description',
] as const;
