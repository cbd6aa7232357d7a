import { fromCallback, fromPromise } from 'xstate';
import { getItemStats, getLatestItems } from '../../services/api/items.ts';
import type { HttpClient } from '../../services/http/types.ts';
import type { feedMachine } from './feed.machine.ts';
import type { FeedEvent, FeedStats, Item } from './types.ts';

/** The slice of the socket chart the feed listens to (its emitted `socket.items`). */
export type SocketItemsSource = {
  on(type: 'socket.items', handler: (event: { items: Item[] }) => void): { unsubscribe(): void };
};

export type FeedDeps = {
  http(): Promise<HttpClient>;
  /** The socket chart, when the app runs one. */
  socket?: SocketItemsSource | undefined;
};

export function createFeedImplementations(deps: FeedDeps) {
  return {
    actors: {
      loadLatest: fromPromise<Item[]>(async ({ signal }) => {
        const page = await getLatestItems(await deps.http(), undefined, signal);
        return page.data;
      }),
      loadStats: fromPromise<FeedStats>(async ({ signal }) => getItemStats(await deps.http(), signal)),
      watchSocket: fromCallback<FeedEvent>(({ sendBack }) => {
        const subscription = deps.socket?.on('socket.items', (event) =>
          sendBack({ type: 'feed.itemsArrived', items: event.items }),
        );
        return () => subscription?.unsubscribe();
      }),
    },
  } satisfies Parameters<(typeof feedMachine)['provide']>[0];
}
