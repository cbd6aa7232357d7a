import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Pagination.css';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HttpClient } from '../../services/http/types.ts';
import { reasonText } from '../app/reason.ts';
import { InboxView } from './InboxView.tsx';
import { createInboxImplementations } from './inbox.implementations.ts';
import { inboxMachine } from './inbox.machine.ts';

type InboxPanelProps = {
  http(): Promise<HttpClient>;
  /** A message was marked read. */
  onReadMarked?: () => void;
  /** Subscribes to changes made elsewhere (new or read messages); the list reloads on each. */
  subscribeChanges?: (listener: () => void) => () => void;
};

/** The 站内信 list wired to its chart. */
export function InboxPanel({ http, onReadMarked, subscribeChanges }: InboxPanelProps) {
  const { t } = useTranslation('profile');
  const [logic] = useState(() => inboxMachine.provide(createInboxImplementations({ http, onReadMarked })));
  const inbox = useActorRef(logic);
  useEffect(() => subscribeChanges?.(() => inbox.send({ type: 'inbox.changed' })), [subscribeChanges, inbox]);
  const filter = useSelector(inbox, (s) => s.context.filter);
  const rows = useSelector(inbox, (s) => s.context.rows);
  const page = useSelector(inbox, (s) => s.context.page);
  const total = useSelector(inbox, (s) => s.context.total);
  const limit = useSelector(inbox, (s) => s.context.limit);
  const loading = useSelector(inbox, (s) => s.matches('loading'));
  const canMark = useSelector(inbox, (s) => s.matches('ready'));
  const markingId = useSelector(inbox, (s) => s.context.markingId);
  const error = useSelector(inbox, (s) => (s.matches('failed') ? s.context.error : null));
  return (
    <InboxView
      filter={filter}
      rows={rows}
      page={page}
      pages={Math.max(1, Math.ceil(total / limit))}
      total={total}
      loading={loading}
      error={reasonText(t, error)}
      markingId={markingId}
      canMark={canMark}
      onFilter={(value) => inbox.send({ type: 'inbox.filterChanged', filter: value })}
      onPage={(value) => inbox.send({ type: 'inbox.pageChanged', page: value })}
      onMarkRead={(id) => inbox.send({ type: 'inbox.markRead', id })}
      onRetry={() => inbox.send({ type: 'inbox.retry' })}
    />
  );
}
