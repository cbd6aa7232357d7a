import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectConnectionState, selectRecentItems } from '../../machines/socket/selectors.ts';
import type { SocketMachine } from '../../machines/socket/socket.machine.ts';
import { getConfig, resolveApiUrl } from '../../services/config.ts';
import type { HttpClient } from '../../services/http/types.ts';
import { reasonText } from '../app/reason.ts';
import { createFeedImplementations, type SocketItemsSource } from './feed.implementations.ts';
import { feedMachine, selectFeedHidden } from './feed.machine.ts';
import { LiveFeedView } from './LiveFeedView.tsx';
import { mergeFeed } from './live.ts';
import type { FeedContext } from './types.ts';

export type SocketRef = ActorRefFrom<SocketMachine>;

type FeedPanelProps = {
  http(): Promise<HttpClient>;
  /** The app's socket chart; undefined while the app runs none (shown as not connected). */
  socket: SocketRef | undefined;
  /** Base for relative image paths (default: the configured API base). */
  apiBase?: string;
};

const EMPTY: never[] = [];
const selectSeed = (s: { context: FeedContext }) => s.context.seed;

/** The workbench's live feed: the socket's items over the latest page, with today's counts. */
export function FeedPanel({ http, socket, apiBase }: FeedPanelProps) {
  const { t } = useTranslation('feed');
  const [logic] = useState(() =>
    feedMachine.provide(
      createFeedImplementations({ http, socket: socket as unknown as SocketItemsSource | undefined }),
    ),
  );
  const feed = useActorRef(logic);
  const seed = useSelector(feed, selectSeed);
  const stats = useSelector(feed, (s) => s.context.stats);
  const loading = useSelector(feed, (s) => s.matches({ seed: 'loading' }));
  const error = useSelector(feed, (s) => s.context.seedError ?? s.context.statsError);
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
