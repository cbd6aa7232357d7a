// The table's inline enabled switch (tasks, item filters): toggling PUTs the row on a crudTask — busy while
// it runs, its failure shown beside it with a retry; the answer's row is what the switch then shows (keyed by
// the row's update time, a reloaded row remounts it).
import { Group, Loader, Switch } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { ResourcePaths } from '../../../../contract/resources.ts';
import { selectIsRunning, selectTaskError } from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { usePermission } from '../../../crud/permission.tsx';
import type { CrudField, Row } from '../../../crud/types.ts';
import { pick } from './options.ts';

type Props = { row: Row; url: string; fields: readonly string[]; label: string };

export function EnabledSwitch({ row, url, fields, label }: Props) {
  const { http } = useCrudEnv();
  const allowed = usePermission('Update');
  const task = useTaskActor<boolean, boolean>({
    run: async (enabled, signal) => {
      const env = await http.put<Row>(
        ResourcePaths.item(url, row.id),
        { ...pick(row, fields), enabled },
        { signal },
      );
      return typeof env.data?.enabled === 'boolean' ? env.data.enabled : enabled;
    },
  });
  const running = useSelector(task, selectIsRunning);
  const error = useSelector(task, selectTaskError);
  // While saving, the requested value; then the server's answer; before any toggle (or after a failed first
  // one), the row's.
  const shown = useSelector(task, (s) =>
    s.matches('running') ? (s.context.input as boolean) : (s.context.output as boolean | undefined),
  );
  const checked = shown ?? Boolean(row.enabled);
  return (
    <Group gap={6} wrap="nowrap">
      <Switch
        size="sm"
        aria-label={label}
        data-testid={`enabled-${row.id}`}
        checked={checked}
        disabled={!allowed || running}
        onChange={(e) => task.send({ type: 'task.run', input: e.currentTarget.checked })}
      />
      {running && <Loader size={14} />}
      {error && (
        <Failure
          compact
          reason={error}
          onRetry={() => task.send({ type: 'task.retry' })}
          onDismiss={() => task.send({ type: 'task.dismissed' })}
          testId={`enabled-failed-${row.id}`}
        />
      )}
    </Group>
  );
}

/** The `enabled` field of a pipeline resource: a switch in forms and search, the inline switch in the table. */
export function enabledSwitchField(p: {
  label: string;
  labelText: string;
  url: string;
  fields: readonly string[];
}): CrudField {
  return {
    name: 'enabled',
    label: p.label,
    kind: 'switch',
    dict: 'button_status_bool',
    initial: true,
    search: true,
    column: {
      width: 110,
      render: (row) => (
        <EnabledSwitch
          key={`${row.id}-${String(row.update_datetime)}`}
          row={row}
          url={p.url}
          fields={p.fields}
          label={p.labelText}
        />
      ),
    },
  };
}
