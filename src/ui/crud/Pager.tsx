import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './query.ts';
import type { CrudList } from './useCrudList.ts';

/** 共 N 条, 10/20/50/100 per page, page buttons (trees are not paged: only the count shows). */
export function Pager({ list, paged }: { list: CrudList; paged: boolean }) {
  const { t } = useTranslation('crud');
  const pages = Math.max(1, Math.ceil(list.total / list.state.limit));
  return (
    <Group justify="flex-end" gap="sm" mt="sm">
      <Text fz="sm" c="dimmed" data-testid="crud-total">
        {t('total', { count: list.total })}
      </Text>
      {paged && (
        <>
          <Select
            size="xs"
            w={110}
            aria-label={t('page_size')}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('per_page', { count: n }) }))}
            value={String(list.state.limit)}
            onChange={(v) => v && list.setLimit(Number(v))}
            allowDeselect={false}
          />
          <Pagination
            size="sm"
            total={pages}
            value={list.state.page}
            onChange={list.setPage}
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
