import { ActionIcon, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { ListMachine } from '../../machines/crud/list.machine.ts';
import {
  selectChildren,
  selectExpanded,
  selectIsLoading,
  selectRows,
  selectSelected,
} from '../../machines/crud/selectors.ts';
import { Cell } from './Cell.tsx';
import { Failure } from './Failure.tsx';
import { columnOf, rowHasChildren } from './query.ts';
import type { CrudField, CrudOption, CrudResource, Row } from './types.ts';
import type { CrudListActor } from './useCrudList.ts';

type Props = {
  resource: CrudResource;
  actor: CrudListActor;
  columns: CrudField[];
  loaded: Record<string, CrudOption[]>;
  actions(row: Row): ReactNode;
};

/** The actions column stays in view while wide tables scroll sideways. */
const STICKY = { position: 'sticky', right: 0, background: 'var(--mantine-color-body)' } as const;

const selectOrdering = (s: SnapshotFrom<ListMachine>) => s.context.query.ordering;

/**
 * The resource's table: small, sortable datetime headers, selection, lazily expanding tree rows (a row's
 * failed children load shows in that row with a retry). It reads the list chart itself and is rendered
 * again only when what it shows changes: a page change re-renders the pager at once, the rows only when
 * the new ones arrive — with 100 rows of Mantine cells that render is most of a page change. (`actions`
 * is not compared: row buttons act through the chart and the resource, which are compared.)
 */
export const CrudTable = memo(
  CrudTableView,
  (a, b) =>
    a.resource === b.resource && a.actor === b.actor && a.columns === b.columns && a.loaded === b.loaded,
);

function CrudTableView({ resource, actor, columns, loaded, actions }: Props) {
  const { t } = useTranslation('crud');
  const rows = useSelector(actor, selectRows);
  const children = useSelector(actor, selectChildren);
  const expandedIds = useSelector(actor, selectExpanded);
  const selectedIds = useSelector(actor, selectSelected);
  const ordering = useSelector(actor, selectOrdering);
  const loading = useSelector(actor, selectIsLoading);
  const open = useMemo(() => new Set(expandedIds.map(String)), [expandedIds]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const onSelect = (ids: Set<string>) => actor.send({ type: 'selection.changed', selected: [...ids] });
  const ids = rows.map((r) => String(r.id));
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const expand = (row: Row) =>
    actor.send({ type: open.has(String(row.id)) ? 'row.collapsed' : 'row.expanded', id: row.id });
  const header = (f: CrudField) => {
    const label = t(f.label);
    if (!columnOf(f)?.sortable) return label;
    const o = ordering;
    const mark = o === f.name ? ' ↑' : o === `-${f.name}` ? ' ↓' : '';
    return (
      <UnstyledButton
        fz="sm"
        fw={600}
        onClick={() => actor.send({ type: 'list.sorted', field: f.name })}
        data-testid={`sort-${f.name}`}
      >
        {label}
        {mark}
      </UnstyledButton>
    );
  };
  const renderRow = (row: Row, depth: number, above: ReadonlySet<string> = new Set()): ReactNode[] => {
    const id = String(row.id);
    const expanded = open.has(id);
    const out: ReactNode[] = [
      <Table.Tr key={id} data-row={id}>
        <Table.Td w={36}>
          <Checkbox
            size="xs"
            aria-label={t('select_row')}
            checked={selected.has(id)}
            onChange={() => toggle(id)}
          />
        </Table.Td>
        {columns.map((f, i) => (
          <Table.Td key={f.name}>
            {i === 0 && resource.tree ? (
              <Group gap={4} wrap="nowrap" pl={depth * 18}>
                {expanded ||
                rowHasChildren(row, children[id]?.status === 'ready' ? children[id].rows : undefined) ? (
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    aria-label={t(expanded ? 'collapse' : 'expand')}
                    onClick={() => expand(row)}
                  >
                    {expanded ? '▾' : '▸'}
                  </ActionIcon>
                ) : (
                  <span style={{ width: 18 }} />
                )}
                <Cell field={f} row={row} loaded={loaded[f.name]} />
              </Group>
            ) : (
              <Cell field={f} row={row} loaded={loaded[f.name]} />
            )}
          </Table.Td>
        ))}
        <Table.Td style={STICKY}>
          <Group gap={4} wrap="nowrap">
            {actions(row)}
          </Group>
        </Table.Td>
      </Table.Tr>,
    ];
    // A row never shows inside itself, even if a server answers a parent with its own ancestors.
    const path = new Set(above).add(id);
    const entry = expanded ? children[id] : undefined;
    if (entry?.status === 'failed')
      out.push(
        <Table.Tr key={`${id}-failed`} data-children-of={id}>
          <Table.Td />
          <Table.Td colSpan={columns.length + 1} pl={(depth + 1) * 18 + 12}>
            <Failure
              compact
              reason={entry.error}
              onRetry={() => actor.send({ type: 'row.childrenRetried', id: row.id })}
              testId={`crud-children-failed-${id}`}
            />
          </Table.Td>
        </Table.Tr>,
      );
    else if (entry?.status === 'loading')
      out.push(
        <Table.Tr key={`${id}-loading`} data-children-of={id}>
          <Table.Td />
          <Table.Td colSpan={columns.length + 1} pl={(depth + 1) * 18 + 12}>
            <Text c="dimmed" fz="xs">
              {t('loading')}
            </Text>
          </Table.Td>
        </Table.Tr>,
      );
    else if (entry)
      for (const child of entry.rows)
        if (!path.has(String(child.id))) out.push(...renderRow(child, depth + 1, path));
    return out;
  };
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table
        striped
        highlightOnHover
        verticalSpacing={6}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
        data-testid={`crud-table-${resource.name}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                size="xs"
                aria-label={t('select_all')}
                checked={all}
                indeterminate={!all && selected.size > 0}
                onChange={() => onSelect(all ? new Set() : new Set(ids))}
              />
            </Table.Th>
            {columns.map((f) => (
              <Table.Th key={f.name} w={columnOf(f)?.width}>
                {header(f)}
              </Table.Th>
            ))}
            <Table.Th style={STICKY}>{t('operation')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length ? (
            rows.flatMap((r) => renderRow(r, 0))
          ) : (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 2}>
                <Text c="dimmed" ta="center" fz="sm" py="md">
                  {loading ? t('loading') : t('empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
