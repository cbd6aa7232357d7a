import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Permission } from '../../../crud/permission.tsx';
import type { CrudResource, Row } from '../../../crud/types.ts';
import { PermissionModal } from './PermissionModal.tsx';
import { roleResource } from './resource.ts';

function RolePage() {
  const { t } = useTranslation('system');
  const { http } = useCrudEnv();
  const [editing, setEditing] = useState<{ row: Row; reload(): void } | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      ...roleResource(t),
      rowActions: (row, ctx) => (
        <Permission value="Save">
          <Button
            size="compact-xs"
            variant="subtle"
            color="teal"
            onClick={() => setEditing({ row, reload: ctx.reload })}
          >
            {t('role.permissions')}
          </Button>
        </Permission>
      ),
    }),
    [t],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {editing && (
        <PermissionModal
          row={editing.row}
          http={http}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            editing.reload();
          }}
        />
      )}
    </>
  );
}

/** 角色管理 (menu component `system/role/index`). */
export default function RolePageRoute() {
  return (
    <AppCrudEnv>
      <RolePage />
    </AppCrudEnv>
  );
}
