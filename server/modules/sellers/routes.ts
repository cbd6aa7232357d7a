// /xy/sellers/ — the marketplace's sellers, upserted by the ingest (by seller_id, the name when a listing has
// none), and their blacklist: `PUT /xy/sellers/{id}/` is a partial update, so `{blacklisted: true,
// blacklist_reason}` alone blacklists and `{blacklisted: false}` lifts it. Global (no data scope): the
// blacklist protects every task. A blacklist change bumps the rules version (a trigger), so every process
// recompiles the blacklist before its next batch.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { formatDateTime } from '../../lib/time.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';
import { refusePipeline } from '../pipeline/texts.ts';

export const SELLERS_API = '/xy/sellers/';

export const SELLER_LABELS = {
  seller_id: { zh: '卖家 ID', en: 'Seller id' },
  name: { zh: '卖家名称', en: 'Name' },
  items_count: { zh: '商品数', en: 'Items' },
  first_seen: { zh: '首次出现', en: 'First seen' },
  last_seen: { zh: '最近出现', en: 'Last seen' },
  blacklisted: { zh: '黑名单', en: 'Blacklisted' },
  blacklist_reason: { zh: '拉黑原因', en: 'Reason' },
  ...COMMON_LABELS,
};

/** Every field optional: PUT updates what it is given (create needs seller_id or name). */
const body = z.object({
  seller_id: fields.optionalText(100),
  name: fields.optionalText(100),
  blacklisted: fields.optionalBoolean(),
  blacklist_reason: fields.optionalText(200),
  description: fields.description(),
});

export function registerSellerRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'sellers',
    base: SELLERS_API,
    module: 'sellers',
    table: 'xy_seller',
    model: { zh: '卖家', en: 'seller' },
    labels: SELLER_LABELS,
    body,
    dataScope: false,
    unique: [{ field: 'seller_id' }],
    beforeWrite: async (input, _ctx, id) => {
      if (id === null && !input.seller_id && !input.name) {
        throw refusePipeline('sellerIdentity', SELLER_LABELS.seller_id);
      }
    },
    columns: (input, _ctx, id) => {
      const key = input.seller_id || undefined;
      const name = input.name || undefined;
      const blacklisted = input.blacklisted ?? undefined;
      return {
        seller_id: id === null ? (key ?? name) : key,
        name: id === null ? (name ?? key) : name,
        blacklisted: id === null ? (blacklisted ?? false) : blacklisted,
        // Lifting a blacklist clears its reason unless a new one is given.
        blacklist_reason:
          input.blacklist_reason !== undefined
            ? input.blacklist_reason || null
            : blacklisted === false
              ? null
              : undefined,
        description: input.description ?? undefined,
      };
    },
    row: (r) => ({
      ...head(r),
      ...tail(r),
      seller_id: r.seller_id,
      name: r.name,
      items_count: r.items_count,
      first_seen: formatDateTime(r.first_seen),
      last_seen: formatDateTime(r.last_seen),
      blacklisted: r.blacklisted,
      blacklist_reason: r.blacklist_reason,
    }),
    filters: { blacklisted: 'bool', name: 'contains', seller_id: 'exact' },
    search: ['name', 'seller_id'],
    ordering: ['id', 'name', 'items_count', 'first_seen', 'last_seen', 'create_datetime'],
    defaultOrder: ['-last_seen'],
    export: {
      filename: { zh: '卖家', en: 'sellers' },
      columns: [
        { field: 'seller_id', header: SELLER_LABELS.seller_id },
        { field: 'name', header: SELLER_LABELS.name },
        { field: 'items_count', header: SELLER_LABELS.items_count },
        { field: 'blacklisted', header: SELLER_LABELS.blacklisted },
        { field: 'blacklist_reason', header: SELLER_LABELS.blacklist_reason },
        { field: 'last_seen', header: SELLER_LABELS.last_seen },
      ],
    },
  });
}
