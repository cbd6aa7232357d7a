import { Button, Paper } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFile, saveBlob } from '../../services/api/export.ts';
import { showNotice, TOAST_DURATION_MS } from '../../services/notify.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { CrudTable } from './CrudTable.tsx';
import { useCrudEnv } from './env.tsx';
import { FormModal, type FormTarget } from './FormModal.tsx';
import { Pager } from './Pager.tsx';
import { Permission } from './permission.tsx';
import { buttonColor, columnOf, initialValues, listParams } from './query.ts';
import { SearchForm } from './SearchForm.tsx';
import { Toolbar } from './Toolbar.tsx';
import type { CrudResource, Row } from './types.ts';
import { useCrudList, useLoadedOptions } from './useCrudList.ts';

/** A whole CRUD page from one resource description: search, toolbar, table, pager and the form modal. */
export function CrudPage({ resource, aside }: { resource: CrudResource; aside?: ReactNode }) {
  const { t } = useTranslation('crud');
  const env = useCrudEnv();
  const list = useCrudList(resource);
  const loaded = useLoadedOptions(resource);
  const [target, setTarget] = useState<FormTarget | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [exporting, setExporting] = useState(false);
  const columns = useMemo(() => resource.fields.filter((f) => f.column !== false), [resource]);
  const [hidden, setHidden] = useState<Set<string>>(
    () => new Set(columns.filter((f) => columnOf(f)?.hidden).map((f) => f.name)),
  );
  const visibleColumns = useMemo(() => columns.filter((f) => !hidden.has(f.name)), [columns, hidden]);
  const ctx = { http: env.http, reload: list.reload };
  const can = (a: keyof NonNullable<CrudResource['actions']>) => resource.actions?.[a] ?? true;
  const open = (mode: FormTarget['mode'], row: Row) =>
    setTarget({ mode, id: row.id, values: resource.toForm ? resource.toForm(row) : { ...row } });

  const remove = async (ids: Row['id'][]) => {
    try {
      if (ids.length === 1) await env.http.delete(`${resource.url}${ids[0]}/`);
      else await env.http.delete(`${resource.url}multiple_delete/`, { keys: ids });
      showNotice({ kind: 'success', message: t('deleted'), durationMs: TOAST_DURATION_MS });
      setSelected(new Set());
      list.reload();
    } catch {
      // the http client showed the server's message
    }
  };
  const doExport = async () => {
    setExporting(true);
    try {
      const { page: _p, limit: _l, lazy: _z, ...params } = listParams(resource, list.state);
      const file = await exportFile(env.http, {
        url: resource.exportUrl ?? `${resource.url}export/`,
        params,
        fallbackName: t(resource.title),
      });
      saveBlob(file.blob, file.fileName);
    } catch {
      // shown by the http client
    } finally {
      setExporting(false);
    }
  };

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
            onConfirm={() => void remove([row.id])}
          />
        </Permission>
      )}
    </>
  );

  const table = (
    <Paper p="md" radius="md" withBorder style={{ flex: 1, minWidth: 0 }}>
      <SearchForm resource={resource} loaded={loaded} onSearch={list.search} />
      <Toolbar
        resource={resource}
        columns={columns}
        hidden={hidden}
        onHiddenChange={setHidden}
        selectedCount={selected.size}
        onCreate={() => setTarget({ mode: 'create', values: initialValues(resource, env.userDept) })}
        onBatchDelete={() =>
          void remove([...selected].map((id) => (Number.isNaN(Number(id)) ? id : Number(id))))
        }
        onExport={() => void doExport()}
        exporting={exporting}
        extra={resource.toolbar?.(ctx)}
      />
      <CrudTable
        resource={resource}
        list={list}
        columns={visibleColumns}
        loaded={loaded}
        selected={selected}
        onSelect={setSelected}
        actions={rowActions}
      />
      <Pager list={list} paged={!resource.tree} />
      <FormModal
        resource={resource}
        target={target}
        loaded={loaded}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          list.reload();
        }}
      />
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
