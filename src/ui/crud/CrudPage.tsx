import { Button, Paper } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePaths } from '../../contract/resources.ts';
import * as list from '../../machines/crud/selectors.ts';
import type { RowId } from '../../machines/crud/types.ts';
import { exportFile, saveBlob } from '../../services/api/export.ts';
import { useTaskActor } from './actors.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { CrudTable } from './CrudTable.tsx';
import { useCrudEnv } from './env.tsx';
import { Failure, ListFailures } from './Failure.tsx';
import { FormModal, type FormTarget } from './FormModal.tsx';
import { Pager } from './Pager.tsx';
import { Permission } from './permission.tsx';
import { buttonColor, columnOf, initialValues, listParams } from './query.ts';
import { SearchForm } from './SearchForm.tsx';
import { Toolbar } from './Toolbar.tsx';
import type { CrudResource, Row } from './types.ts';
import { useCrudList, useLoadedOptions } from './useCrudList.ts';

/**
 * A whole CRUD page from one resource description: search, toolbar, table, pager and the form modal. The
 * list chart owns the rows, the query, the selection, tree children and deletes; each failure shows where
 * it happened with a retry.
 */
export function CrudPage({ resource, aside }: { resource: CrudResource; aside?: ReactNode }) {
  const { t } = useTranslation('crud');
  const env = useCrudEnv();
  const actor = useCrudList(resource);
  const loaded = useLoadedOptions(resource);
  const [target, setTarget] = useState<FormTarget | null>(null);
  const columns = useMemo(() => resource.fields.filter((f) => f.column !== false), [resource]);
  const [hidden, setHidden] = useState<Set<string>>(
    () => new Set(columns.filter((f) => columnOf(f)?.hidden).map((f) => f.name)),
  );
  const visibleColumns = useMemo(() => columns.filter((f) => !hidden.has(f.name)), [columns, hidden]);
  const selected = useSelector(actor, list.selectSelected);
  const reload = useCallback(() => actor.send({ type: 'list.reload' }), [actor]);
  const ctx = { http: env.http, reload };
  const can = (a: keyof NonNullable<CrudResource['actions']>) => resource.actions?.[a] ?? true;
  const open = (mode: FormTarget['mode'], row: Row) =>
    setTarget({ mode, id: row.id, values: resource.toForm ? resource.toForm(row) : { ...row } });
  const remove = (ids: RowId[]) => actor.send({ type: 'list.deleteRequested', ids });
  const exporting = useTaskActor<void, void>({
    run: async (_, signal) => {
      const {
        page: _p,
        limit: _l,
        lazy: _z,
        ...params
      } = listParams(resource, actor.getSnapshot().context.query);
      const file = await exportFile(env.http, {
        url: resource.exportUrl ?? ResourcePaths.export(resource.url),
        params,
        fallbackName: t(resource.title),
        signal,
      });
      saveBlob(file.blob, file.fileName);
    },
  });
  const exportRunning = useSelector(exporting, (s) => s.matches('running'));
  const exportError = useSelector(exporting, (s) => (s.matches('failed') ? s.context.error : null));

  const rowActions = (row: Row) => (
    <>
      {can('view') && (
        <Permission value="Retrieve">
          <Button
            size="compact-xs"
            variant="subtle"
            color={buttonColor('Retrieve')}
            onClick={() => open('view', row)}
          >
            {t('view')}
          </Button>
        </Permission>
      )}
      {can('update') && (
        <Permission value="Update">
          <Button
            size="compact-xs"
            variant="subtle"
            color={buttonColor('Update')}
            onClick={() => open('edit', row)}
          >
            {t('edit')}
          </Button>
        </Permission>
      )}
      {resource.rowActions?.(row, ctx)}
      {can('delete') && (
        <Permission value="Delete">
          <ConfirmButton
            size="compact-xs"
            variant="subtle"
            color={buttonColor('Delete')}
            label={t('delete')}
            onConfirm={() => remove([row.id])}
          />
        </Permission>
      )}
    </>
  );

  const table = (
    <Paper p="md" radius="md" withBorder style={{ flex: 1, minWidth: 0 }}>
      <SearchForm
        resource={resource}
        loaded={loaded.options}
        onSearch={(filters) => actor.send({ type: 'list.searched', filters })}
      />
      <Toolbar
        resource={resource}
        columns={columns}
        hidden={hidden}
        onHiddenChange={setHidden}
        selectedCount={selected.length}
        onCreate={() => setTarget({ mode: 'create', values: initialValues(resource, env.userDept) })}
        onBatchDelete={() => remove(selected.map((id) => (Number.isNaN(Number(id)) ? id : Number(id))))}
        onExport={() => exporting.send({ type: 'task.run' })}
        exporting={exportRunning}
        extra={resource.toolbar?.(ctx)}
      />
      <ListFailures list={actor} />
      {loaded.error && <Failure reason={loaded.error} onRetry={loaded.retry} testId="crud-options-failed" />}
      {exportError && (
        <Failure
          reason={exportError}
          onRetry={() => exporting.send({ type: 'task.retry' })}
          onDismiss={() => exporting.send({ type: 'task.dismissed' })}
          testId="crud-export-failed"
        />
      )}
      <CrudTable
        resource={resource}
        actor={actor}
        columns={visibleColumns}
        loaded={loaded.options}
        actions={rowActions}
      />
      <Pager actor={actor} paged={!resource.tree} />
      {target && (
        <FormModal
          key={`${target.mode}-${String(target.id)}`}
          resource={resource}
          target={target}
          loaded={loaded.options}
          onClose={() => setTarget(null)}
          onSaved={() => {
            setTarget(null);
            reload();
          }}
        />
      )}
    </Paper>
  );
  if (!aside) return <div style={{ padding: 16 }}>{table}</div>;
  return (
    <div style={{ padding: 16, display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      {aside}
      {table}
    </div>
  );
}
