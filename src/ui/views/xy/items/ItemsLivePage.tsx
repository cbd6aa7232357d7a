import { Button, Group, Paper } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemRow } from '../../../../contract/items.ts';
import * as list from '../../../../machines/crud/selectors.ts';
import { liveListMachine } from '../../../../machines/items/liveList.machine.ts';
import { visibleRows } from '../../../../machines/items/rows.ts';
import {
  selectArrived,
  selectLimit,
  selectLiveMode,
  selectPendingCount,
} from '../../../../machines/items/selectors.ts';
import { ConfirmButton } from '../../../crud/ConfirmButton.tsx';
import { ListFailures } from '../../../crud/Failure.tsx';
import { Pager } from '../../../crud/Pager.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { buttonColor } from '../../../crud/query.ts';
import { useCrudList } from '../../../crud/useCrudList.ts';
import { ExportButton } from './ExportButton.tsx';
import { ItemsFilters, useTaskOptions } from './ItemsFilters.tsx';
import { ItemsTable } from './ItemsTable.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import { createItemsLiveImplementations, type LiveSocket } from './live.implementations.ts';
import { itemsResource } from './resource.ts';

/**
 * 商品 (/items): the live list. The kit's list chart owns the query, the page, deletes and the pager; the
 * itemsLive chart puts the socket's items over that page (following), counts them while the operator looks
 * elsewhere (paused, the "N new" pill) and reloads after a lost connection (reconnecting).
 */
export function ItemsLivePage({ socket }: { socket: LiveSocket | undefined }) {
  const { t } = useTranslation('items');
  const actor = useCrudList(itemsResource);
  const tasks = useTaskOptions();
  const scrollRef = useRef<HTMLDivElement>(null);
  const logic = useMemo(
    () =>
      liveListMachine.provide(
        createItemsLiveImplementations({
          socket,
          list: actor,
          scrollToTop: () => {
            if (scrollRef.current) scrollRef.current.scrollTop = 0;
          },
        }),
      ),
    [socket, actor],
  );
  const live = useActorRef(logic);
  const rows = useSelector(actor, list.selectRows) as ItemRow[];
  const filters = useSelector(actor, (s) => s.context.query.filters);
  const loading = useSelector(actor, list.selectIsLoading);
  const arrived = useSelector(live, selectArrived);
  const limit = useSelector(live, selectLimit);
  const mode = useSelector(live, selectLiveMode);
  const pending = useSelector(live, selectPendingCount);
  const atTop = useSelector(live, (s) => s.context.atTop);
  const shown = useMemo(() => visibleRows(arrived as ItemRow[], rows, limit), [arrived, rows, limit]);

  const rowActions = (row: ItemRow) => (
    <Permission value="Delete">
      <ConfirmButton
        size="compact-xs"
        variant="subtle"
        color={buttonColor('Delete')}
        label={t('crud:delete')}
        onConfirm={() => actor.send({ type: 'list.deleteRequested', ids: [row.id] })}
      />
    </Permission>
  );

  return (
    <div style={{ padding: 16 }}>
      <Paper p="md" radius="md" withBorder>
        <ItemsFilters
          key={JSON.stringify(filters)}
          initial={filters}
          tasks={tasks}
          onSearch={(next) => actor.send({ type: 'list.searched', filters: next })}
        />
        <Group justify="space-between" align="flex-start">
          <LiveStatus mode={mode} pending={pending} onShow={() => live.send({ type: 'live.showNew' })} />
          <Group gap="xs">
            <ExportButton list={actor} />
            <Button size="sm" variant="default" onClick={() => actor.send({ type: 'list.reload' })}>
              {t('refresh')}
            </Button>
          </Group>
        </Group>
        <ListFailures list={actor} />
        <ItemsTable
          rows={shown}
          loading={loading}
          scrollRef={scrollRef}
          onScroll={(top) => top !== atTop && live.send({ type: 'live.scrolled', atTop: top })}
          actions={rowActions}
        />
        <Pager actor={actor} paged />
      </Paper>
    </div>
  );
}
