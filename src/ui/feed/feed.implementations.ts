import { fromCallback, fromPromise } from 'xstate';
import { getItemStats, getLatestItems } from '../../services/api/items.ts';
import { isApiError } from '../../services/http/errors.ts';
import type { HttpClient } from '../../services/http/types.ts';
import { isOverviewUnavailable } from '../../services/implementations/overview.ts';
import type { feedMachine } from './feed.machine.ts';
import type { FeedEvent, FeedLoadError, FeedStats, Item } from './types.ts';

/** The slice of the socket chart the feed listens to (its emitted `socket.items`). */
export type SocketItemsSource = {
  on(type: 'socket.items', handler: (event: { items: Item[] }) => void): { unsubscribe(): void };
};

export type FeedDeps = {
  http(): Promise<HttpClient>;
  /** The socket chart, when the app runs one. */
  socket?: SocketItemsSource | undefined;
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

export function createFeedImplementations(deps: FeedDeps) {
  return {
    actors: {
      loadLatest: fromPromise<Item[]>(({ signal }) =>
        orUnavailable(async () => (await getLatestItems(await deps.http(), undefined, signal)).data),
      ),
      loadStats: fromPromise<FeedStats>(({ signal }) =>
        orUnavailable(async () => getItemStats(await deps.http(), signal)),
      ),
      watchSocket: fromCallback<FeedEvent>(({ sendBack }) => {
        const subscription = deps.socket?.on('socket.items', (event) =>
          sendBack({ type: 'feed.itemsArrived', items: event.items }),
        );
        return () => subscription?.unsubscribe();
      }),
    },
  } satisfies Parameters<(typeof feedMachine)['provide']>[0];
}
