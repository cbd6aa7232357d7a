import { Button, Modal } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import type { CrudResource, Row } from '../../../crud/types.ts';
import { menuButtonResource } from '../menuButton/resource.ts';
import { menuResource } from './resource.ts';

function MenuPage() {
  const { t } = useTranslation('system');
  const [menu, setMenu] = useState<Row | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      ...menuResource,
      rowActions: (row) =>
        row.is_catalog ? null : (
          <Button size="compact-xs" variant="subtle" color="cyan" onClick={() => setMenu(row)}>
            {t('menu.buttons')}
          </Button>
        ),
    }),
    [t],
  );
  const buttons = useMemo(() => (menu ? menuButtonResource(menu.id) : null), [menu]);
  return (
    <>
      <CrudPage resource={resource} />
      <Modal
        opened={Boolean(menu)}
        onClose={() => setMenu(null)}
        title={t('menu.buttons_of', { name: String(menu?.name ?? '') })}
        size="80%"
        centered
      >
        {buttons && <CrudPage resource={buttons} />}
      </Modal>
    </>
  );
}

/** 菜单管理 (menu component `system/menu`), with each menu's buttons managed inline. */
export default function MenuPageRoute() {
  return (
    <AppCrudEnv>
      <MenuPage />
    </AppCrudEnv>
  );
}
