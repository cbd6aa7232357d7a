import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ResourcePaths } from '../../../../contract/resources.ts';
import { selectIsRunning, selectTaskError } from '../../../../machines/crud/selectors.ts';
import { exportFile, saveBlob } from '../../../../services/api/export.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { listParams } from '../../../crud/query.ts';
import type { CrudListActor } from '../../../crud/useCrudList.ts';
import { itemsResource } from './resource.ts';

/** 导出 (the Export button): the list's current filters as .xlsx, on the task chart (busy, failure + retry). */
export function ExportButton({ list }: { list: CrudListActor }) {
  const { t } = useTranslation('items');
  const { http } = useCrudEnv();
  const exporting = useTaskActor<void, void>({
    run: async (_, signal) => {
      const { page: _p, limit: _l, ...params } = listParams(itemsResource, list.getSnapshot().context.query);
      const file = await exportFile(http, {
        url: ResourcePaths.export(itemsResource.url),
        params,
        fallbackName: t('title'),
        signal,
      });
      saveBlob(file.blob, file.fileName);
    },
  });
  const running = useSelector(exporting, selectIsRunning);
  const error = useSelector(exporting, selectTaskError);
  return (
    <Permission value="Export">
      <Button
        size="sm"
        variant="light"
        color="orange"
        loading={running}
        onClick={() => exporting.send({ type: 'task.run' })}
      >
        {t('crud:export')}
      </Button>
      {error && (
        <Failure
          compact
          reason={error}
          onRetry={() => exporting.send({ type: 'task.retry' })}
          onDismiss={() => exporting.send({ type: 'task.dismissed' })}
          testId="crud-export-failed"
        />
      )}
    </Permission>
  );
}
