/**
 * Binds the feed chart's effects (src/machines/feed/feed.machine.ts): the latest items and the counts
 * through the http client (a missing or refused `/xy/items/*` hides the card), and `watchSocket`, which
 * relays the socket chart's emitted `socket.items` (systemId `socket`) as `feed.itemsArrived`.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { FeedMachine } from '../../machines/feed/feed.machine.ts';
import type { FeedEvent, FeedLoadError, FeedStats, Item } from '../../machines/feed/types.ts';
import { getItemStats, getLatestItems } from '../api/items.ts';
import { isApiError } from '../http/errors.ts';
import type { HttpClient } from '../http/types.ts';
import { isOverviewUnavailable } from './overview.ts';

/** The slice of the socket chart the feed listens to (its emitted `socket.items`). */
export type SocketItemsSource = {
  on(type: 'socket.items', handler: (event: { items: Item[] }) => void): { unsubscribe(): void };
};

export type FeedDeps = {
  http(): Promise<HttpClient>;
  /**
   * The socket chart to listen to; by default the one in the feed's actor system (systemId `socket`),
   * absent while no shell runs it.
   */
  socket?: () => SocketItemsSource | undefined;
};

/** A missing endpoint (stock dvadmin: 404 / 接口地址不正确) or a refusal hides the card instead of failing. */
async function orUnavailable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isApiError(error) && isOverviewUnavailable(error)) {
      throw { message: error.message, unavailable: true } satisfies FeedLoadError;
    }
    throw error;
  }
}

/** `feedMachine.provide(createFeedImplementations(deps))`. */
export function createFeedImplementations(deps: FeedDeps) {
  return {
    actors: {
      loadLatest: fromPromise<Item[]>(({ signal }) =>
        orUnavailable(async () => (await getLatestItems(await deps.http(), undefined, signal)).data),
      ),
      loadStats: fromPromise<FeedStats>(({ signal }) =>
        orUnavailable(async () => getItemStats(await deps.http(), signal)),
      ),
      watchSocket: fromCallback<FeedEvent>(({ sendBack, system }) => {
        const socket = deps.socket ? deps.socket() : (system.get('socket') as SocketItemsSource | undefined);
        const subscription = socket?.on('socket.items', (event) =>
          sendBack({ type: 'feed.itemsArrived', items: event.items }),
        );
        return () => subscription?.unsubscribe();
      }),
    },
  } satisfies Parameters<FeedMachine['provide']>[0];
}
