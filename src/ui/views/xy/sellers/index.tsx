import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import type { CrudResource } from '../../../crud/types.ts';
import { BlacklistButton } from './BlacklistButton.tsx';
import { sellerResource } from './resource.tsx';

/** The seller list with its blacklist actions (tested with a fake env). */
export function SellersView() {
  const { t } = useTranslation('pipeline');
  const resource = useMemo<CrudResource>(
    () => ({ ...sellerResource(t), rowActions: (row, ctx) => <BlacklistButton row={row} ctx={ctx} /> }),
    [t],
  );
  return <CrudPage resource={resource} />;
}

/** 卖家 (menu component `xy/sellers/index`). */
export default function SellersRoute() {
  return (
    <AppCrudEnv>
      <SellersView />
    </AppCrudEnv>
  );
}
