import { Group, Loader, Pagination, Select, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsReloading, selectQuery, selectTotal } from '../../machines/crud/selectors.ts';
import { PAGE_SIZES } from './query.ts';
import type { CrudListActor } from './useCrudList.ts';

/**
 * 共 N 条, 10/20/50/100 per page, page buttons, and 刷新中… while a reload runs (the old rows stay in the
 * table meanwhile). Without `paged` (trees) the page controls show only when there is more than one page.
 */
export function Pager({ actor, paged }: { actor: CrudListActor; paged: boolean }) {
  const { t } = useTranslation('crud');
  const total = useSelector(actor, selectTotal);
  const { page, limit } = useSelector(actor, selectQuery);
  const reloading = useSelector(actor, selectIsReloading);
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Group justify="flex-end" gap="sm" mt="sm">
      {reloading && (
        <Group gap={4} data-testid="crud-reloading">
          <Loader size={12} />
          <Text fz="sm" c="dimmed">
            {t('reloading')}
          </Text>
        </Group>
      )}
      <Text fz="sm" c="dimmed" data-testid="crud-total">
        {t('total', { count: total })}
      </Text>
      {(paged || total > Math.min(limit, PAGE_SIZES[0])) && (
        <>
          <Select
            size="xs"
            w={110}
            aria-label={t('page_size')}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('per_page', { count: n }) }))}
            value={String(limit)}
            onChange={(v) => v && actor.send({ type: 'list.limitChanged', limit: Number(v) })}
            allowDeselect={false}
          />
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={(p) => actor.send({ type: 'list.pageChanged', page: p })}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('page_previous') }
                : control === 'next'
                  ? { 'aria-label': t('page_next') }
                  : {}
            }
          />
        </>
      )}
    </Group>
  );
}
