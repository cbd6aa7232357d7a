import { useMemo, useState } from 'react';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import type { CrudResource } from '../../../crud/types.ts';
import { DeptFilter } from './DeptFilter.tsx';
import { ImportButton } from './ImportButton.tsx';
import { PasswordActions } from './PasswordActions.tsx';
import { userResource } from './resource.ts';

function UserPage() {
  const [dept, setDept] = useState<string | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      ...userResource(dept),
      rowActions: (row, ctx) => <PasswordActions row={row} http={ctx.http} />,
      toolbar: (ctx) => <ImportButton http={ctx.http} onDone={ctx.reload} />,
    }),
    [dept],
  );
  return <CrudPage resource={resource} aside={<DeptFilter value={dept} onChange={setDept} />} />;
}

/** 用户管理 (menu component `system/user/index`). */
export default function UserPageRoute() {
  return (
    <AppCrudEnv>
      <UserPage />
    </AppCrudEnv>
  );
}
