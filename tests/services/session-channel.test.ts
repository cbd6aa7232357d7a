import { afterEach, describe, expect, it } from 'vitest';
import type { PeerMessage } from '../../src/machines/session/types.ts';
import {
  createPeerChannel,
  PEER_CHANNEL,
  type PeerChannel,
  type PeerChannelEnv,
  parsePeerMessage,
} from '../../src/services/session-channel.ts';

const open: PeerChannel[] = [];
afterEach(() => {
  for (const channel of open.splice(0)) channel.close();
});

/** A channel over Node's BroadcastChannel (the browser's, same semantics across instances). */
function tab(name: string, env?: PeerChannelEnv) {
  const channel = createPeerChannel(name, env ?? { BroadcastChannel });
  open.push(channel);
  const heard: PeerMessage[] = [];
  let wake: (() => void) | undefined;
  channel.subscribe((message) => {
    heard.push(message);
    wake?.();
  });
  /** Resolves once `count` messages have arrived. */
  const hears = (count: number) =>
    new Promise<PeerMessage[]>((resolve) => {
      const check = () => {
        if (heard.length >= count) resolve(heard);
      };
      wake = check;
      check();
    });
  return { channel, heard, hears };
}

const refreshed: PeerMessage = { kind: 'refreshed', uuid: '1', token: 'access-2', refresh: 'refresh-2' };

describe('session channel over BroadcastChannel', () => {
  it('a message posted in one tab reaches the other tabs, never the one that posted it', async () => {
    const name = `t-${Math.random()}`;
    const a = tab(name);
    const b = tab(name);
    const c = tab(name);
    a.channel.post({ kind: 'signedOut', uuid: '1' });
    b.channel.post(refreshed);
    expect(await b.hears(1)).toEqual([{ kind: 'signedOut', uuid: '1' }]);
    expect(await c.hears(2)).toEqual([{ kind: 'signedOut', uuid: '1' }, refreshed]);
    expect(await a.hears(1)).toEqual([refreshed]);
  });

  it('what is not a session message (an older build, another script) is dropped', async () => {
    const name = `t-${Math.random()}`;
    const b = tab(name);
    const raw = new BroadcastChannel(name);
    raw.postMessage({ kind: 'signedOut' });
    raw.postMessage({ kind: 'kickedOut', uuid: '1' });
    raw.postMessage('signedOut');
    raw.postMessage({ kind: 'signedIn', uuid: '1', refreshMode: 'cookie' });
    expect(await b.hears(1)).toEqual([{ kind: 'signedIn', uuid: '1', refreshMode: 'cookie' }]);
    raw.close();
  });
});

/** Tabs of one origin sharing a localStorage: a write fires `storage` in every other tab (as browsers do). */
function storageOrigin() {
  const values = new Map<string, string>();
  const windows: { listeners: Set<(event: StorageEvent) => void> }[] = [];
  const writes: string[] = [];
  const newTab = (): PeerChannelEnv => {
    const own = { listeners: new Set<(event: StorageEvent) => void>() };
    windows.push(own);
    const fire = (key: string, newValue: string | null) => {
      for (const w of windows)
        if (w !== own) for (const l of w.listeners) l({ key, newValue } as StorageEvent);
    };
    return {
      storage: {
        setItem: (key, value) => {
          values.set(key, value);
          writes.push(value);
          fire(key, value);
        },
        removeItem: (key) => {
          values.delete(key);
          fire(key, null);
        },
      },
      events: {
        addEventListener: ((_: string, l: (event: StorageEvent) => void) =>
          own.listeners.add(l)) as Window['addEventListener'],
        removeEventListener: ((_: string, l: (event: StorageEvent) => void) =>
          own.listeners.delete(l)) as Window['removeEventListener'],
      },
    };
  };
  return { values, writes, newTab };
}

describe('session channel over the storage event (no BroadcastChannel)', () => {
  it('reaches the other tabs, leaves nothing stored and writes no token to disk', () => {
    const origin = storageOrigin();
    const a = tab(PEER_CHANNEL, origin.newTab());
    const b = tab(PEER_CHANNEL, origin.newTab());
    a.channel.post(refreshed);
    a.channel.post(refreshed);
    a.channel.post({ kind: 'signedIn', uuid: '1', refreshMode: 'body', token: 'access', refresh: 'r' });
    expect(b.heard).toEqual([
      { kind: 'refreshed', uuid: '1' },
      { kind: 'refreshed', uuid: '1' },
      { kind: 'signedIn', uuid: '1', refreshMode: 'body' },
    ]);
    expect(a.heard).toEqual([]);
    expect(origin.values.size).toBe(0);
    expect(origin.writes.join()).not.toMatch(/access|refresh-2|"r"/);
  });

  it('a closed tab hears nothing more', () => {
    const origin = storageOrigin();
    const a = tab(PEER_CHANNEL, origin.newTab());
    const b = tab(PEER_CHANNEL, origin.newTab());
    b.channel.close();
    a.channel.post({ kind: 'signedOut', uuid: '1' });
    expect(b.heard).toEqual([]);
  });
});

describe('session channel without a transport', () => {
  it('posts and hears nothing, and never throws', () => {
    const lone = tab(PEER_CHANNEL, {});
    expect(() => lone.channel.post({ kind: 'signedOut', uuid: null })).not.toThrow();
    expect(lone.heard).toEqual([]);
  });
});

describe('session messages', () => {
  it('are checked field by field', () => {
    expect(parsePeerMessage({ kind: 'signedOut', uuid: null })).toEqual({ kind: 'signedOut', uuid: null });
    expect(parsePeerMessage({ kind: 'refreshed', uuid: '1', token: 7 })).toBeNull();
    expect(parsePeerMessage({ kind: 'signedIn', uuid: '1', refreshMode: 'header' })).toBeNull();
    expect(parsePeerMessage({ kind: 'refreshed', uuid: '1', token: 't', refresh: null, extra: 1 })).toEqual({
      kind: 'refreshed',
      uuid: '1',
      token: 't',
      refresh: null,
    });
    expect(parsePeerMessage(null)).toBeNull();
  });
});
