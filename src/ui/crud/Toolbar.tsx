import { Button, Checkbox, Group, Popover, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from './ConfirmButton.tsx';
import { Permission } from './permission.tsx';
import { buttonColor } from './query.ts';
import type { CrudField, CrudResource } from './types.ts';

type Props = {
  resource: CrudResource;
  columns: CrudField[];
  hidden: ReadonlySet<string>;
  onHiddenChange(hidden: Set<string>): void;
  selectedCount: number;
  onCreate(): void;
  onBatchDelete(): void;
  onExport(): void;
  exporting: boolean;
  extra?: ReactNode;
};

const has = (r: CrudResource, a: keyof NonNullable<CrudResource['actions']>, fallback: boolean) =>
  r.actions?.[a] ?? fallback;

/** 新增, 批量删除, 导出, the resource's own buttons, and the column chooser. */
export function Toolbar(p: Props) {
  const { t } = useTranslation('crud');
  const r = p.resource;
  return (
    <Group justify="space-between" mb="sm">
      <Group gap="xs">
        {has(r, 'create', true) && (
          <Permission value="Create">
            <Button size="sm" color={buttonColor('Create')} onClick={p.onCreate}>
              {t('create')}
            </Button>
          </Permission>
        )}
        {has(r, 'batchDelete', true) && p.selectedCount > 0 && (
          <Permission value="Delete">
            <ConfirmButton
              color={buttonColor('Delete')}
              size="sm"
              variant="light"
              label={t('batch_delete', { count: p.selectedCount })}
              onConfirm={p.onBatchDelete}
            />
          </Permission>
        )}
        {has(r, 'export', false) && (
          <Permission value="Export">
            <Button size="sm" variant="light" color="orange" loading={p.exporting} onClick={p.onExport}>
              {t('export')}
            </Button>
          </Permission>
        )}
        {p.extra}
      </Group>
      <Popover position="bottom-end" shadow="md">
        <Popover.Target>
          <Button size="sm" variant="default">
            {t('columns')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={6}>
            {p.columns.map((f) => (
              <Checkbox
                key={f.name}
                size="xs"
                label={t(f.label)}
                checked={!p.hidden.has(f.name)}
                onChange={() => {
                  const next = new Set(p.hidden);
                  if (next.has(f.name)) next.delete(f.name);
                  else next.add(f.name);
                  p.onHiddenChange(next);
                }}
              />
            ))}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
