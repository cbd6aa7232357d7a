import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { taskResource } from './resource.tsx';

/** The task list (tested with a fake env). */
export function TasksView() {
  const { t } = useTranslation('pipeline');
  const resource = useMemo(() => taskResource(t), [t]);
  return <CrudPage resource={resource} />;
}

/** 任务 (menu component `xy/tasks/index`). */
export default function TasksRoute() {
  return (
    <AppCrudEnv>
      <TasksView />
    </AppCrudEnv>
  );
}
