import { ActionIcon, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Cell } from './Cell.tsx';
import { columnOf } from './query.ts';
import type { CrudField, CrudOption, CrudResource, Row } from './types.ts';
import type { CrudList } from './useCrudList.ts';

type Props = {
  resource: CrudResource;
  list: CrudList;
  columns: CrudField[];
  loaded: Record<string, CrudOption[]>;
  selected: ReadonlySet<string>;
  onSelect(ids: Set<string>): void;
  actions(row: Row): ReactNode;
};

/** The actions column stays in view while wide tables scroll sideways. */
const STICKY = { position: 'sticky', right: 0, background: 'var(--mantine-color-body)' } as const;

const hasChildren = (row: Row) => Boolean(row.hasChild ?? Number(row.has_children) > 0);

/**
 * The resource's table: small, sortable datetime headers, selection, lazily expanding tree rows. Rendered
 * again only when what it shows changes: a page change re-renders the page around it at once (the pager),
 * but the rows only when the new ones arrive — with 100 rows of Mantine cells that render is most of a page
 * change. (`actions` and the list's setters are not compared: they act through state setters and the
 * resource, which are compared or stable.)
 */
export const CrudTable = memo(
  CrudTableView,
  (a, b) =>
    a.resource === b.resource &&
    a.columns === b.columns &&
    a.loaded === b.loaded &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.list.rows === b.list.rows &&
    a.list.children === b.list.children &&
    a.list.state.ordering === b.list.state.ordering &&
    // `loading` only shows in the empty table
    (a.list.loading === b.list.loading || b.list.rows.length > 0),
);

function CrudTableView({ resource, list, columns, loaded, selected, onSelect, actions }: Props) {
  const { t } = useTranslation('crud');
  const [open, setOpen] = useState<Set<string>>(new Set());
  const ids = list.rows.map((r) => String(r.id));
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const expand = (row: Row) => {
    const id = String(row.id);
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else {
      next.add(id);
      void list.loadChildren(row.id);
    }
    setOpen(next);
  };
  const header = (f: CrudField) => {
    const label = t(f.label);
    if (!columnOf(f)?.sortable) return label;
    const o = list.state.ordering;
    const mark = o === f.name ? ' ↑' : o === `-${f.name}` ? ' ↓' : '';
    return (
      <UnstyledButton fz="sm" fw={600} onClick={() => list.sort(f.name)} data-testid={`sort-${f.name}`}>
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
                {hasChildren(row) ? (
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
    if (expanded)
      for (const child of list.children[id] ?? [])
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
          {list.rows.length ? (
            list.rows.flatMap((r) => renderRow(r, 0))
          ) : (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 2}>
                <Text c="dimmed" ta="center" fz="sm" py="md">
                  {list.loading ? t('loading') : t('empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
