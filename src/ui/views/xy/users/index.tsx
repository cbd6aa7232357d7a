// /users (menu component `xy/users/index`): the service's customers (用户, not the console's users) — who
// receives the items of which tasks, at which webhook, until when. On the CRUD kit; the webhook secret is
// shown masked (reveal, copy), the API key is shown once (after create and after a rotation).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import type { CrudResource } from '../../../crud/types.ts';
import { ApiKeyModal, fullApiKey } from './ApiKey.tsx';
import { RotateButtons } from './RotateButtons.tsx';
import { customerResource } from './resource.tsx';

export function CustomersPage() {
  const { t } = useTranslation('delivery');
  const [key, setKey] = useState<string | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      ...customerResource(t),
      // The create answer carries the full API key, this once (other answers a masked hint).
      onSaved: ({ mode, data }) => {
        const created = mode === 'create' ? fullApiKey(data) : undefined;
        if (created) setKey(created);
      },
      rowActions: (row, ctx) => <RotateButtons row={row} ctx={ctx} onApiKey={setKey} />,
    }),
    [t],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {key && <ApiKeyModal value={key} onClose={() => setKey(null)} />}
    </>
  );
}

export default function CustomersRoute() {
  return (
    <AppCrudEnv>
      <CustomersPage />
    </AppCrudEnv>
  );
}
