/**
 * The session's line to the console's other tabs (issue 16): a tab that signs in, refreshes the shared token
 * or signs out says so, and the others follow (the session chart's `tellPeers` action posts, its `peers`
 * actor listens; src/services/implementations/session.ts binds both).
 *
 * Transport: a `BroadcastChannel` (same origin, in memory, never delivered back to the tab that posted);
 * where there is none, the `storage` event of a `localStorage` key written and removed at once (the event
 * fires in every other tab of the origin). The channel carries the access token and, in `body` mode, the
 * refresh token — both readable cookies already (SECURITY.md "Where tokens live") — so a peer does not have
 * to read a cookie another tab may not have flushed yet. The `storage` fallback writes to disk, so it
 * carries no token at all: the listener reads the cookies instead.
 *
 * Messages are checked on arrival (a tab still running an older build may speak an older shape): anything
 * else is dropped. The module has no dependency, so it stays in the sign-in bundle at a few hundred bytes.
 */
import type { PeerMessage } from '../machines/session/types.ts';

export type { PeerMessage };

/** What the session implementations use: post to the other tabs, and hear them. */
export type PeerChannel = {
  /** Tells every other tab; never delivered to this one. */
  post(message: PeerMessage): void;
  /** Every message another tab posts (validated); returns the unsubscribe. */
  subscribe(listener: (message: PeerMessage) => void): () => void;
  close(): void;
};

/** The browser objects the channel uses, so tests can pass fakes. */
export type PeerChannelEnv = {
  BroadcastChannel?: typeof BroadcastChannel | undefined;
  storage?: Pick<Storage, 'setItem' | 'removeItem'> | undefined;
  /** `window`, for its `storage` event. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
};

/** The channel name and the fallback's `localStorage` key. */
export const PEER_CHANNEL = 'xy-admin:session';

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The message when `data` is one (absent tokens, as the fallback sends them, are allowed); else null. */
export function parsePeerMessage(data: unknown): PeerMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (!isTextOrNull(m.uuid)) return null;
  if (m.token !== undefined && !isText(m.token)) return null;
  if (m.refresh !== undefined && !isTextOrNull(m.refresh)) return null;
  switch (m.kind) {
    case 'signedOut':
      return { kind: 'signedOut', uuid: m.uuid };
    case 'refreshed':
      return {
        kind: 'refreshed',
        uuid: m.uuid,
        ...(m.token === undefined ? {} : { token: m.token }),
        ...(m.refresh === undefined ? {} : { refresh: m.refresh }),
      };
    case 'signedIn':
      if (m.refreshMode !== 'body' && m.refreshMode !== 'cookie') return null;
      return {
        kind: 'signedIn',
        uuid: m.uuid,
        refreshMode: m.refreshMode,
        ...(m.token === undefined ? {} : { token: m.token }),
        ...(m.refresh === undefined ? {} : { refresh: m.refresh }),
      };
    default:
      return null;
  }
}

/** The message without its tokens (what the `storage` fallback may write). */
function withoutTokens(message: PeerMessage): PeerMessage {
  if (message.kind === 'signedOut') return message;
  const { token: _token, refresh: _refresh, ...rest } = message;
  return rest;
}

function browserEnv(): PeerChannelEnv {
  const win = typeof window === 'undefined' ? undefined : window;
  let storage: Storage | undefined;
  try {
    storage = win?.localStorage;
  } catch {
    // Storage disabled (a sandboxed frame): no fallback.
  }
  return {
    BroadcastChannel: typeof BroadcastChannel === 'undefined' ? undefined : BroadcastChannel,
    storage,
    events: win,
  };
}

/**
 * One channel for the page's life. With neither transport (a very old browser, storage disabled) it posts
 * and hears nothing: each tab then keeps to itself, as before issue 16.
 */
export function createPeerChannel(name = PEER_CHANNEL, env: PeerChannelEnv = browserEnv()): PeerChannel {
  const listeners = new Set<(message: PeerMessage) => void>();
  const deliver = (data: unknown) => {
    const message = parsePeerMessage(data);
    if (message) for (const listener of [...listeners]) listener(message);
  };
  const subscribe = (listener: (message: PeerMessage) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  if (env.BroadcastChannel) {
    const channel = new env.BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent) => deliver(event.data);
    return {
      post: (message) => channel.postMessage(message),
      subscribe,
      close: () => {
        listeners.clear();
        channel.close();
      },
    };
  }

  const { storage, events } = env;
  if (!storage || !events) return { post: () => {}, subscribe, close: () => listeners.clear() };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== name || !event.newValue) return;
    try {
      deliver(JSON.parse(event.newValue));
    } catch {
      // Not ours, or cut short: dropped.
    }
  };
  events.addEventListener('storage', onStorage);
  let sequence = 0;
  return {
    post(message) {
      try {
        // A sequence number makes two equal messages in a row two changes (equal values fire no event).
        storage.setItem(name, JSON.stringify({ ...withoutTokens(message), seq: ++sequence, at: Date.now() }));
        storage.removeItem(name);
      } catch {
        // Quota or privacy mode: the other tabs find out on their next request, as before.
      }
    },
    subscribe,
    close: () => {
      listeners.clear();
      events.removeEventListener('storage', onStorage);
    },
  };
}
