/**
 * The itemsLive chart's effects (src/machines/items/liveList.machine.ts) for the /items page: it listens to
 * the app's socket chart (emitted `socket.items`, the `connected` tag) and to the page's crudList actor
 * (query and loaded rows), and drives the list (`list.reload`, `list.searched {}`) and the table's scroll.
 */
import { type AnyActorRef, fromCallback, type Subscription } from 'xstate';
import type { ListContext, ListQuery } from '../../../../machines/crud/types.ts';
import type { liveListMachine } from '../../../../machines/items/liveList.machine.ts';
import type { LiveEvent, LiveRow } from '../../../../machines/items/types.ts';

/** What the page reads of the socket chart: its emitted items and whether it is connected. */
export type LiveSocket = {
  on(type: 'socket.items', handler: (event: { items: LiveRow[] }) => void): Subscription;
  subscribe(observer: (snapshot: { hasTag(tag: string): boolean }) => void): Subscription;
  getSnapshot(): { hasTag(tag: string): boolean };
};

/** What the page reads of and sends to its crudList actor. */
export type LiveListActor = Pick<AnyActorRef, 'send'> & {
  subscribe(observer: (snapshot: { context: ListContext }) => void): Subscription;
  getSnapshot(): { context: ListContext };
};

export type LiveDeps = {
  /** The app's socket chart; undefined when the app runs none (the page then says it is reconnecting). */
  socket: LiveSocket | undefined;
  list: LiveListActor;
  scrollToTop(): void;
};

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** A search, a filter or an ordering: new items would not belong at the top. */
export function isFiltered(query: ListQuery): boolean {
  return query.ordering !== '' || Object.values(query.filters).some((v) => !isEmpty(v));
}

const queryEvent = (query: ListQuery): LiveEvent => ({
  type: 'live.queryChanged',
  filtered: isFiltered(query),
  firstPage: query.page === 1,
  limit: query.limit,
});

export function createItemsLiveImplementations(deps: LiveDeps) {
  return {
    actors: {
      watchSocket: fromCallback<LiveEvent>(({ sendBack }) => {
        const socket = deps.socket;
        if (!socket) {
          sendBack({ type: 'live.disconnected' });
          return () => {};
        }
        let connected = socket.getSnapshot().hasTag('connected');
        sendBack({ type: connected ? 'live.connected' : 'live.disconnected' });
        const state = socket.subscribe((snapshot) => {
          const now = snapshot.hasTag('connected');
          if (now === connected) return;
          connected = now;
          sendBack({ type: now ? 'live.connected' : 'live.disconnected' });
        });
        const items = socket.on('socket.items', (event) =>
          sendBack({ type: 'live.itemsArrived', items: event.items }),
        );
        return () => {
          state.unsubscribe();
          items.unsubscribe();
        };
      }),
      watchList: fromCallback<LiveEvent>(({ sendBack }) => {
        let { query, rows } = deps.list.getSnapshot().context;
        sendBack(queryEvent(query));
        if (rows.length) sendBack({ type: 'live.pageLoaded', ids: rows.map((r) => String(r.id)) });
        const subscription = deps.list.subscribe(({ context }) => {
          if (context.query !== query) {
            query = context.query;
            sendBack(queryEvent(query));
          }
          if (context.rows !== rows) {
            rows = context.rows;
            sendBack({ type: 'live.pageLoaded', ids: rows.map((r) => String(r.id)) });
          }
        });
        return () => subscription.unsubscribe();
      }),
    },
    actions: {
      reloadList: () => deps.list.send({ type: 'list.reload' }),
      showFirstPage: () => deps.list.send({ type: 'list.searched', filters: {} }),
      scrollToTop: () => deps.scrollToTop(),
    },
  } satisfies Parameters<(typeof liveListMachine)['provide']>[0];
}
