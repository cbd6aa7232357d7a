// /xy/item_filters/ — rules that drop listings before they are stored (docs/domain.md "Item filter"): exclude
// words, include words, a price range; for one task or (task null) for all. A filter with no rule is refused.
// Every write bumps the rules version (a trigger), so each process recompiles the filters once before its
// next batch. `POST /xy/item_filters/test/` {title, price, seller, seller_id, task} — a dry run with the
// Search button's permission: which rule (or the blacklist) would drop the listing; nothing is stored.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { envelope } from '../../http/envelope.ts';
import { field, validateBody } from '../../http/validate.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';
import { checkRange, money, num, wordList } from '../pipeline/fields.ts';
import { requireButton } from '../pipeline/permission.ts';
import type { PipelineRuntime } from '../pipeline/runtime.ts';
import { refusePipeline } from '../pipeline/texts.ts';

export const ITEM_FILTERS_API = '/xy/item_filters/';
export const ItemFilterPaths = { list: ITEM_FILTERS_API, test: `${ITEM_FILTERS_API}test/` } as const;

export const FILTER_LABELS = {
  name: { zh: '过滤器名称', en: 'Name' },
  task: { zh: '任务', en: 'Task' },
  exclude_words: { zh: '排除词', en: 'Exclude words' },
  include_words: { zh: '包含词', en: 'Include words' },
  min_price: { zh: '最低价', en: 'Minimum price' },
  max_price: { zh: '最高价', en: 'Maximum price' },
  enabled: { zh: '启用', en: 'Enabled' },
  hits: { zh: '命中', en: 'Hits' },
  title: { zh: '标题', en: 'Title' },
  price: { zh: '价格', en: 'Price' },
  seller: { zh: '卖家', en: 'Seller' },
  seller_id: { zh: '卖家 ID', en: 'Seller id' },
  ...COMMON_LABELS,
};

const body = z.object({
  name: fields.text(64),
  task: fields.optionalInteger(1),
  exclude_words: wordList(),
  include_words: wordList(),
  min_price: money(),
  max_price: money(),
  enabled: fields.optionalBoolean(),
  description: fields.description(),
});

const testBody = z.object({
  title: field.text(255),
  price: money(),
  seller: field.optionalText(100),
  seller_id: field.optionalText(100),
  task: field.optionalInteger(1),
});

export function registerItemFilterRoutes(app: FastifyInstance, db: Db, runtime: PipelineRuntime): void {
  registerResource(app, db, {
    name: 'item_filters',
    base: ITEM_FILTERS_API,
    module: 'item_filters',
    table: 'xy_item_filter',
    model: { zh: '商品过滤', en: 'item filter' },
    labels: FILTER_LABELS,
    body,
    beforeWrite: async (input) => {
      const hasRule =
        input.exclude_words.length > 0 ||
        input.include_words.length > 0 ||
        (input.min_price ?? null) !== null ||
        (input.max_price ?? null) !== null;
      if (!hasRule) throw refusePipeline('filterNoRule', FILTER_LABELS.exclude_words);
      checkRange(input.min_price, input.max_price, FILTER_LABELS.min_price);
    },
    references: [{ field: 'task', table: 'xy_task' }],
    columns: (input) => ({
      name: input.name,
      task_id: input.task ?? null,
      exclude_words: JSON.stringify(input.exclude_words),
      include_words: JSON.stringify(input.include_words),
      min_price: input.min_price ?? null,
      max_price: input.max_price ?? null,
      enabled: input.enabled ?? true,
      description: input.description ?? null,
    }),
    select: (qb) => qb.leftJoin('xy_task as k', 'k.id', 't.task_id').select(['k.name as task_name']),
    row: (r) => ({
      ...head(r),
      ...tail(r),
      name: r.name,
      task: r.task_id,
      task_name: r.task_name ?? null,
      exclude_words: Array.isArray(r.exclude_words) ? r.exclude_words : [],
      include_words: Array.isArray(r.include_words) ? r.include_words : [],
      min_price: num(r.min_price),
      max_price: num(r.max_price),
      enabled: r.enabled,
      hits: r.hits,
    }),
    columnOf: { task: 'task_id' },
    filters: { name: 'contains', task: 'int', enabled: 'bool' },
    search: ['name'],
    ordering: ['id', 'name', 'hits', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    routes: (app) => {
      app.post(
        ItemFilterPaths.test,
        {
          config: { api: true, module: 'item_filters' },
          preHandler: [requireButton(db, 'GET', () => ITEM_FILTERS_API)],
        },
        async (request) => {
          const input = validateBody(testBody, request.body, FILTER_LABELS);
          await runtime.rules.refresh();
          const listing = {
            title: input.title,
            price: input.price ?? null,
            seller: input.seller || null,
            seller_id: input.seller_id || null,
          };
          const drop = runtime.rules.judge(listing, input.task ?? null);
          return envelope(request, {
            verdict: drop ? drop.reason : 'pass',
            filter: drop?.reason === 'filter' ? { id: drop.filter, name: drop.name } : null,
            rule: drop?.reason === 'filter' ? drop.rule : null,
            word: drop?.reason === 'filter' ? drop.word : null,
          });
        },
      );
    },
  });
}
