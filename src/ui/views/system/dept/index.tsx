import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { deptResource } from './resource.ts';

/** 部门管理 (menu component `system/dept/index`). */
export default function DeptPage() {
  return (
    <AppCrudEnv>
      <CrudPage resource={deptResource} />
    </AppCrudEnv>
  );
}
