import { Tabs } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { receivedResource, sentResource } from './resource.ts';

function MessageCenter() {
  const { t } = useTranslation('system');
  const [tab, setTab] = useState<string | null>('sent');
  const sent = useMemo(() => sentResource(t), [t]);
  const received = useMemo(() => receivedResource(t), [t]);
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} pt="sm" px="md">
      <Tabs.List>
        <Tabs.Tab value="sent">{t('messageCenter.sent')}</Tabs.Tab>
        <Tabs.Tab value="received">{t('messageCenter.received')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sent">
        <CrudPage resource={sent} />
      </Tabs.Panel>
      <Tabs.Panel value="received">
        <CrudPage resource={received} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** 消息中心 (menu component `system/messageCenter/index`): what I sent and what I received. */
export default function MessageCenterPage() {
  return (
    <AppCrudEnv>
      <MessageCenter />
    </AppCrudEnv>
  );
}
