// /sellers (卖家): the marketplace's sellers, upserted by the ingest, and their blacklist (badge, filter,
// reason). Global rows: the blacklist protects every task.
import { Pipeline } from '../../../../contract/pipeline.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource } from '../../../crud/types.ts';
import { StateBadge } from '../pipeline/StateBadge.tsx';

export function sellerResource(t: (key: string) => string): CrudResource {
  return {
    name: 'sellers',
    url: Pipeline.seller.path,
    row: Pipeline.seller.row,
    title: 'pipeline:seller.title',
    ordering: '-last_seen',
    actions: { export: true },
    fields: [
      { name: 'seller_id', label: 'pipeline:seller.seller_id', search: true, form: { maxLength: 100 } },
      { name: 'name', label: 'pipeline:seller.name', search: true, form: { maxLength: 100 } },
      {
        name: 'items_count',
        label: 'pipeline:seller.items_count',
        form: false,
        column: { width: 80, sortable: true },
      },
      {
        name: 'first_seen',
        label: 'pipeline:seller.first_seen',
        kind: 'datetime',
        form: false,
        column: { width: 160, sortable: true },
      },
      {
        name: 'last_seen',
        label: 'pipeline:seller.last_seen',
        kind: 'datetime',
        form: false,
        column: { width: 160, sortable: true },
      },
      {
        name: 'blacklisted',
        label: 'pipeline:seller.blacklisted',
        kind: 'switch',
        initial: false,
        options: [
          { value: true, label: t('seller.in_blacklist'), color: 'red' },
          { value: false, label: t('seller.not_blacklisted'), color: 'teal' },
        ],
        search: true,
        column: {
          width: 100,
          render: (row) => (
            <StateBadge
              label={t(row.blacklisted ? 'seller.in_blacklist' : 'seller.not_blacklisted')}
              color={row.blacklisted ? 'red' : 'teal'}
              testId={`blacklisted-${row.id}`}
            />
          ),
        },
      },
      {
        name: 'blacklist_reason',
        label: 'pipeline:seller.blacklist_reason',
        kind: 'textarea',
        form: { span: 2, maxLength: 200 },
        column: { width: 160 },
      },
      ...commonFields({ belongForm: false }),
    ],
  };
}
