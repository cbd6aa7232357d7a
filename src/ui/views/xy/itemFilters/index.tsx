import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { DryRun } from './DryRun.tsx';
import { filterResource } from './resource.tsx';

/** The filter list under its dry-run box (tested with a fake env). */
export function ItemFiltersView() {
  const { t } = useTranslation('pipeline');
  const resource = useMemo(() => filterResource(t), [t]);
  return (
    <>
      <DryRun />
      <CrudPage resource={resource} />
    </>
  );
}

/** 商品过滤 (menu component `xy/itemFilters/index`). */
export default function ItemFiltersRoute() {
  return (
    <AppCrudEnv>
      <ItemFiltersView />
    </AppCrudEnv>
  );
}
