/**
 * The workbench's feed card with its chart as the shell runs it (the services' effects), for tests that
 * render the card alone: the chart listens to the given socket chart's `socket.items`.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { SocketRef } from '../../../src/machines/app/selectors.ts';
import { feedMachine } from '../../../src/machines/feed/feed.machine.ts';
import type { HttpClient } from '../../../src/services/http/types.ts';
import {
  createFeedImplementations,
  type SocketItemsSource,
} from '../../../src/services/implementations/feed.ts';
import { FeedPanel } from '../../../src/ui/feed/FeedPanel.tsx';

type Props = { http(): Promise<HttpClient>; socket: SocketRef | undefined; apiBase?: string };

export function FeedCard({ http, socket, apiBase }: Props) {
  const [logic] = useState(() =>
    feedMachine.provide(
      createFeedImplementations({ http, socket: () => socket as unknown as SocketItemsSource | undefined }),
    ),
  );
  const feed = useActorRef(logic);
  return <FeedPanel feed={feed} socket={socket} {...(apiBase === undefined ? {} : { apiBase })} />;
}
