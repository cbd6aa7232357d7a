// The account tab of /settings: the marketplace accounts the phones sign in with (/xy/settings/accounts/).
// Its buttons are the settings menu's AccountSearch / AccountCreate / AccountUpdate / AccountDelete /
// AccountRetrieve: the kit's built-ins ask for Search / Create / …, so the tab's env maps them.
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATES, accountRowSchema, DeliveryPaths } from '../../../../contract/delivery.ts';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { commonFields } from '../../../crud/common.ts';
import { type CrudEnv, CrudEnvProvider, useCrudEnv } from '../../../crud/env.tsx';
import type { CrudResource } from '../../../crud/types.ts';
import { namedOptions } from '../shared/options.ts';

const STATE_COLOR: Record<(typeof ACCOUNT_STATES)[number], string> = {
  ok: 'teal',
  expired: 'orange',
  banned: 'red',
};

/** A built-in button's permission → the account tab's seeded button. */
export const ACCOUNT_BUTTONS: Record<string, string> = {
  Search: 'AccountSearch',
  Retrieve: 'AccountRetrieve',
  Create: 'AccountCreate',
  Update: 'AccountUpdate',
  Delete: 'AccountDelete',
};

export function accountResource(t: TFunction): CrudResource {
  return {
    name: 'accounts',
    url: DeliveryPaths.accounts,
    row: accountRowSchema,
    title: 'delivery:account.title',
    ordering: '-create_datetime',
    fields: [
      {
        name: 'name',
        label: 'delivery:account.name',
        search: true,
        form: { required: true, maxLength: 100 },
      },
      {
        name: 'login',
        label: 'delivery:account.login',
        search: true,
        form: { required: true, maxLength: 100 },
      },
      {
        name: 'state',
        label: 'delivery:account.state',
        kind: 'radio',
        initial: 'ok',
        search: true,
        options: ACCOUNT_STATES.map((s) => ({
          label: t(`delivery:account.state_${s}`),
          value: s,
          color: STATE_COLOR[s],
        })),
        column: { width: 90 },
      },
      {
        name: 'phone',
        label: 'delivery:account.phone',
        kind: 'select',
        loadOptions: (http) => namedOptions(http, DeliveryPaths.phones),
        column: { width: 140, render: (row) => <>{(row.phone_name as string | null) ?? ''}</> },
      },
      {
        name: 'remark',
        label: 'delivery:account.remark',
        kind: 'textarea',
        form: { span: 2, maxLength: 500 },
      },
      ...commonFields({ belongForm: false }),
    ],
  };
}

export function AccountsTab() {
  const { t } = useTranslation('delivery');
  const env = useCrudEnv();
  const tabEnv = useMemo<CrudEnv>(() => ({ ...env, can: (v) => env.can(ACCOUNT_BUTTONS[v] ?? v) }), [env]);
  const resource = useMemo(() => accountResource(t), [t]);
  return (
    <CrudEnvProvider value={tabEnv}>
      <CrudPage resource={resource} />
    </CrudEnvProvider>
  );
}
