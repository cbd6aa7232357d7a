import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedRef, SocketRef } from '../../machines/app/selectors.ts';
import {
  selectFeedError,
  selectFeedHidden,
  selectFeedLoading,
  selectFeedSeed,
  selectFeedStats,
} from '../../machines/feed/selectors.ts';
import { selectConnectionState, selectRecentItems } from '../../machines/socket/selectors.ts';
import { getConfig, resolveApiUrl } from '../../services/config.ts';
import { reasonText } from '../app/reason.ts';
import { LiveFeedView } from './LiveFeedView.tsx';
import { mergeFeed } from './live.ts';

export type { SocketRef };

type FeedPanelProps = {
  /** The feed chart (the shell runs it while the workbench is open). */
  feed: FeedRef;
  /** The app's socket chart; undefined while the app runs none (shown as not connected). */
  socket: SocketRef | undefined;
  /** Base for relative image paths (default: the configured API base). */
  apiBase?: string;
};

const EMPTY: never[] = [];

/** The workbench's live feed: the socket's items over the latest page, with today's counts. */
export function FeedPanel({ feed, socket, apiBase }: FeedPanelProps) {
  const { t } = useTranslation('feed');
  const seed = useSelector(feed, selectFeedSeed);
  const stats = useSelector(feed, selectFeedStats);
  const loading = useSelector(feed, selectFeedLoading);
  const error = useSelector(feed, selectFeedError);
  const hidden = useSelector(feed, selectFeedHidden);
  const live = useSelector(socket, (s) => (s ? selectRecentItems(s) : EMPTY));
  const connection = useSelector(socket, (s) => (s ? selectConnectionState(s) : 'absent'));
  const items = useMemo(() => mergeFeed(live, seed), [live, seed]);
  const base = apiBase ?? getConfig().apiBase;
  const resolveUrl = useMemo(() => (url: string) => resolveApiUrl(base, url), [base]);
  if (hidden) return null;
  return (
    <LiveFeedView
      connection={connection}
      items={items}
      stats={stats}
      loading={loading}
      error={reasonText(t, error)}
      onRetry={() => feed.send({ type: 'feed.retry' })}
      resolveUrl={resolveUrl}
    />
  );
}
