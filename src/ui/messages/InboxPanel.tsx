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
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { InboxRef } from '../../machines/app/selectors.ts';
import {
  selectCanMark,
  selectInboxError,
  selectInboxFilter,
  selectInboxLoading,
  selectInboxPage,
  selectInboxPages,
  selectInboxRows,
  selectInboxTotal,
  selectMarkingId,
} from '../../machines/messages/selectors.ts';
import { reasonText } from '../app/reason.ts';
import { InboxView } from './InboxView.tsx';

/** The 站内信 list drawn from its chart (the shell runs it while the page is open). */
export function InboxPanel({ inbox }: { inbox: InboxRef }) {
  const { t } = useTranslation('profile');
  const filter = useSelector(inbox, selectInboxFilter);
  const rows = useSelector(inbox, selectInboxRows);
  const page = useSelector(inbox, selectInboxPage);
  const pages = useSelector(inbox, selectInboxPages);
  const total = useSelector(inbox, selectInboxTotal);
  const loading = useSelector(inbox, selectInboxLoading);
  const canMark = useSelector(inbox, selectCanMark);
  const markingId = useSelector(inbox, selectMarkingId);
  const error = useSelector(inbox, selectInboxError);
  return (
    <InboxView
      filter={filter}
      rows={rows}
      page={page}
      pages={pages}
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
