import { Box, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ResourcePaths, Resources } from '../../../../contract/resources.ts';
import {
  selectFormLoadError,
  selectFormRecord,
  selectFormValues,
  selectIsSubmitting,
  selectSubmitError,
} from '../../../../machines/crud/selectors.ts';
import { fetchRoleGrants, type RoleGrants, type RoleGrantsOf } from '../../../../services/api/role-grants.ts';
import { buildTree, type TreeNode } from '../../../../services/api/tree.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { envelopeMessage } from '../../../../services/implementations/crud.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import { useFormActor } from '../../../crud/actors.ts';
import { Failure } from '../../../crud/Failure.tsx';
import type { Row } from '../../../crud/types.ts';
import { type Grants, initialGrants, type MenuGrant, toggleButton, toggleMenu } from './grants.ts';
import { roleBody } from './resource.ts';

const NO_GRANTS: Grants = { menus: new Set(), buttons: new Set() };

/** The role's own grant ids, when its row lists them (stock 2.1 marks the dialog's checks from them). */
const roleGrantsOf = (row: Row): RoleGrantsOf => ({
  id: row.id,
  menu: Array.isArray(row.menu) ? (row.menu as number[]) : null,
  permission: Array.isArray(row.permission) ? (row.permission as number[]) : null,
});

/**
 * 权限: the role's menus as a checkable tree, each with its buttons inline; 保存 PUTs the role with what it
 * holds outside the tree kept. The menus come from 2.0's `roleId_get_menu` or stock 2.1's `role_get_menu`
 * (services/api/role-grants.ts). Load and save run on the form chart (the grants are its values): each
 * failure shows with a retry.
 */
export function PermissionModal({
  row,
  http,
  onClose,
  onSaved,
}: {
  row: Row;
  http: HttpClient;
  onClose(): void;
  /** Saved: close and reload the roles (their `menu`/`permission` ids changed). */
  onSaved(): void;
}) {
  const { t } = useTranslation('system');
  const actor = useFormActor(
    {
      fetchRecord: async (signal) => {
        const loaded = await fetchRoleGrants(http, roleGrantsOf(row), signal);
        return { values: { grants: initialGrants(loaded.menus) }, record: loaded };
      },
      submit: async (values, signal) => {
        const grants = values.grants as Grants;
        const kept = (actor.getSnapshot().context.record as RoleGrants | null)?.kept;
        const env = await http.put(
          ResourcePaths.item(Resources.role.path, row.id),
          {
            ...roleBody(row),
            menu: [...grants.menus, ...(kept?.menus ?? [])],
            permission: [...grants.buttons, ...(kept?.buttons ?? [])],
          },
          { signal },
        );
        return { message: envelopeMessage(env) ?? t('role.saved') };
      },
      onSaved: (message) => {
        showNotice({ kind: 'success', message: message ?? t('role.saved'), durationMs: TOAST_DURATION_MS });
        onSaved();
      },
    },
    { load: true },
  );
  const menus = (useSelector(actor, selectFormRecord) as RoleGrants | null)?.menus ?? null;
  const grants = (useSelector(actor, selectFormValues).grants as Grants | undefined) ?? NO_GRANTS;
  const loadError = useSelector(actor, selectFormLoadError);
  const saveError = useSelector(actor, selectSubmitError);
  const saving = useSelector(actor, selectIsSubmitting);
  const setGrants = (next: Grants) => actor.send({ type: 'form.changed', values: { grants: next } });
  const node = (m: TreeNode<MenuGrant>, depth: number) => (
    <Box key={m.id} pl={depth * 20}>
      <Group gap="md" py={3} wrap="wrap">
        <Checkbox
          size="sm"
          fw={500}
          label={m.name}
          checked={grants.menus.has(m.id)}
          onChange={(e) => setGrants(toggleMenu(menus ?? [], grants, m.id, e.currentTarget.checked))}
        />
        {m.menuPermission.map((b) => (
          <Checkbox
            key={b.id}
            size="xs"
            label={b.name}
            checked={grants.buttons.has(b.id)}
            onChange={(e) =>
              setGrants(toggleButton(menus ?? [], grants, m.id, b.id, e.currentTarget.checked))
            }
          />
        ))}
      </Group>
      {m.children.map((c) => node(c, depth + 1))}
    </Box>
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('role.permissions_of', { name: String(row.name ?? '') })}
      size={760}
      centered
    >
      {loadError ? (
        <Failure
          reason={loadError}
          onRetry={() => actor.send({ type: 'form.retry' })}
          testId="role-permission-load-failed"
        />
      ) : menus === null ? (
        <Loader size="sm" />
      ) : (
        <ScrollArea.Autosize mah="60vh">
          <Stack gap={0} data-testid="role-permission-tree">
            {buildTree(menus).map((m) => node(m, 0))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {saveError && (
        <Failure
          reason={saveError}
          onRetry={() => actor.send({ type: 'form.retry' })}
          testId="role-permission-save-failed"
        />
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('crud:cancel')}
        </Button>
        <Button
          onClick={() => actor.send({ type: 'form.submitted', values: { grants } })}
          loading={saving}
          disabled={menus === null}
        >
          {t('crud:save')}
        </Button>
      </Group>
    </Modal>
  );
}
