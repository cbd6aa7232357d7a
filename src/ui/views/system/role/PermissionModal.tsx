import { Box, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTree, type TreeNode } from '../../../../services/api/tree.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import type { Row } from '../../../crud/types.ts';
import { type Grants, initialGrants, type MenuGrant, toggleButton, toggleMenu } from './grants.ts';
import { ROLE_URL, roleBody } from './resource.ts';

/** 权限: the role's menus as a checkable tree, each with its buttons inline; 保存 PUTs the role. */
export function PermissionModal({ row, http, onClose }: { row: Row; http: HttpClient; onClose(): void }) {
  const { t } = useTranslation('system');
  const [menus, setMenus] = useState<MenuGrant[] | null>(null);
  const [grants, setGrants] = useState<Grants>({ menus: new Set(), buttons: new Set() });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let live = true;
    http
      .get<MenuGrant[]>(`${ROLE_URL}${row.id}/roleId_get_menu/`)
      .then((env) => {
        if (!live) return;
        const list = env.data ?? [];
        setMenus(list);
        setGrants(initialGrants(list));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [http, row.id]);
  const save = async () => {
    setSaving(true);
    try {
      const env = await http.put(`${ROLE_URL}${row.id}/`, {
        ...roleBody(row),
        menu: [...grants.menus],
        permission: [...grants.buttons],
      });
      showNotice({
        kind: 'success',
        message: typeof env.msg === 'string' ? env.msg : t('role.saved'),
        durationMs: TOAST_DURATION_MS,
      });
      onClose();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };
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
      {menus === null ? (
        <Loader size="sm" />
      ) : (
        <ScrollArea.Autosize mah="60vh">
          <Stack gap={0} data-testid="role-permission-tree">
            {buildTree(menus).map((m) => node(m, 0))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('crud:cancel')}
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={menus === null}>
          {t('crud:save')}
        </Button>
      </Group>
    </Modal>
  );
}
