/**
 * The items resource for the CRUD kit's list chart (crudList via useCrudList): path, tolerant row schema, and
 * the filters the list sends (`search` — the title —, `task`, `min_price`, `max_price`). The page draws its
 * own table and filter bar (live rows, links, thumbnails), so the fields here only name what the kit needs.
 */
import { ITEMS_PATH, itemRowSchema } from '../../../../contract/items.ts';
import type { CrudResource } from '../../../crud/types.ts';

export const itemsResource: CrudResource = {
  name: 'items',
  url: ITEMS_PATH,
  row: itemRowSchema,
  title: 'items:title',
  actions: { create: false, update: false, view: false, batchDelete: false, export: true },
  fields: [
    { name: 'search', label: 'items:filter.search', column: false, form: false, search: true },
    { name: 'task', label: 'items:filter.task', column: false, form: false, search: true },
    { name: 'min_price', label: 'items:filter.min_price', column: false, form: false, search: true },
    { name: 'max_price', label: 'items:filter.max_price', column: false, form: false, search: true },
  ],
};
