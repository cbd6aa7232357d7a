// /settings (menu component `xy/settings/index`): the business settings in tabs — webhook (delivery settings
// and a test box), marketplace accounts, blacklisted sellers. Each tab is mounted when first opened.
import { Paper, Tabs } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../../machines/routeGuard/permissions.ts';
import { selectMenuRecords } from '../../../../machines/routeGuard/selectors.ts';
import { useRouteGuardRef } from '../../../app/actor.ts';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { useCrudEnv } from '../../../crud/env.tsx';
import { grantedPermissions } from '../../../permissions/usePermission.ts';
import { AccountsTab } from './AccountsTab.tsx';
import { BlacklistTab } from './BlacklistTab.tsx';
import { WebhookSettingsForm } from './WebhookSettingsForm.tsx';
import { WebhookTestBox } from './WebhookTestBox.tsx';

export const SETTINGS_TABS = ['webhook', 'account', 'blacklist'] as const;
type Tab = (typeof SETTINGS_TABS)[number];
/** The menu path whose buttons guard /xy/sellers/ (the blacklist tab). */
export const SELLERS_PAGE = '/sellers';

export function SettingsPage({ sellersCan }: { sellersCan(value: string): boolean }) {
  const { t } = useTranslation('delivery');
  const { can } = useCrudEnv();
  const [tab, setTab] = useState<Tab>('webhook');
  // A tab whose list the user may not read is left out rather than shown failing.
  const shown = SETTINGS_TABS.filter(
    (name) => (name !== 'account' || can('AccountSearch')) && (name !== 'blacklist' || sellersCan('Search')),
  );
  return (
    <Paper m="md" p="md" radius="md" withBorder>
      <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'webhook')} keepMounted={false}>
        <Tabs.List mb="md">
          {shown.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`settings.tab_${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="webhook">
          <WebhookSettingsForm />
          <WebhookTestBox />
        </Tabs.Panel>
        {shown.includes('account') && (
          <Tabs.Panel value="account">
            <AccountsTab />
          </Tabs.Panel>
        )}
        {shown.includes('blacklist') && (
          <Tabs.Panel value="blacklist">
            <BlacklistTab sellersCan={sellersCan} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Paper>
  );
}

/** The signed-in user's grants on the sellers page (the same menus the route guard holds). */
function SettingsWithGrants() {
  const menus = useSelector(useRouteGuardRef(), selectMenuRecords);
  const sellersCan = useCallback(
    (value: string) => hasPermission(grantedPermissions(menus), SELLERS_PAGE, value),
    [menus],
  );
  return <SettingsPage sellersCan={sellersCan} />;
}

export default function SettingsRoute() {
  return (
    <AppCrudEnv>
      <SettingsWithGrants />
    </AppCrudEnv>
  );
}
