import { useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { AppActor } from '../app/actor.ts';
import { type PageServices, usePageServices } from '../pages/services.ts';
import { createUnreadStore, type UnreadStore } from './unread-store.ts';

const stores = new WeakMap<AnyActorRef, UnreadStore>();

function storeFor(app: AnyActorRef, services: PageServices): UnreadStore {
  let store = stores.get(app);
  if (!store) {
    store = createUnreadStore({ http: services.http, poller: app.system.get('messagePoller') });
    stores.set(app, store);
  }
  return store;
}

/** The app's unread-count store (the inbox refreshes it after marking a message read). */
export function useUnreadStore(): UnreadStore {
  const app = AppActor.useActorRef();
  return storeFor(app, usePageServices());
}

/**
 * How many in-site messages the signed-in user has not read (null until known, or when the backend has no
 * count endpoint). For the header's 站内信 entry: `const unread = useUnreadCount()`.
 */
export function useUnreadCount(): number | null {
  const store = useUnreadStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
