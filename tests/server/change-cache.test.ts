// The cache behind settings, web_router, the signed-in user and the message poll (server/db/change-cache.ts),
// driven by a feed the test controls: what is kept, what a heard change drops, and that nothing is kept while
// changes cannot be heard.
import { describe, expect, it } from 'vitest';
import { ChangeCache } from '../../server/db/change-cache.ts';
import { ChangeFeed } from '../../server/db/changes.ts';

/** A load that counts its calls and answers `value-<n>`. */
function counter() {
  let calls = 0;
  return {
    load: async () => `value-${++calls}`,
    get calls() {
      return calls;
    },
  };
}

describe('ChangeCache', () => {
  it('keeps a value until a change to its topic is heard', async () => {
    const feed = new ChangeFeed(true);
    const cache = new ChangeCache<string>(feed, { settings: 'all' });
    const source = counter();
    expect(await cache.get('all', source.load)).toBe('value-1');
    expect(await cache.get('all', source.load)).toBe('value-1');
    feed.receive('grants');
    expect(await cache.get('all', source.load)).toBe('value-1');
    feed.receive('settings');
    expect(await cache.get('all', source.load)).toBe('value-2');
    expect(source.calls).toBe(2);
  });

  it('concurrent misses of one key share one load', async () => {
    const cache = new ChangeCache<string>(new ChangeFeed(true), { settings: 'all' });
    const source = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('all', source.load)));
    expect(answers).toEqual(['value-1', 'value-1', 'value-1']);
    expect(source.calls).toBe(1);
  });

  it('a per-row change drops only that row’s entry; the bare topic drops all', async () => {
    const feed = new ChangeFeed(true);
    const cache = new ChangeCache<string>(feed, { users: 'key' });
    const one = counter();
    const two = counter();
    await cache.get('1', one.load);
    await cache.get('2', two.load);
    feed.receive('users:1');
    expect(await cache.get('1', one.load)).toBe('value-2');
    expect(await cache.get('2', two.load)).toBe('value-1');
    feed.receive('users');
    expect(await cache.get('2', two.load)).toBe('value-2');
  });

  it('a load in flight when a change is heard is not kept: its callers get it, the next caller loads again', async () => {
    const feed = new ChangeFeed(true);
    const cache = new ChangeCache<string>(feed, { settings: 'all' });
    let release: (value: string) => void = () => {};
    const first = cache.get('all', () => new Promise<string>((resolve) => (release = resolve)));
    feed.receive('settings');
    release('before the change');
    expect(await first).toBe('before the change');
    expect(await cache.get('all', async () => 'after the change')).toBe('after the change');
  });

  it('keeps nothing while changes cannot be heard, and drops everything when hearing resumes', async () => {
    const feed = new ChangeFeed(true);
    const cache = new ChangeCache<string>(feed, { settings: 'all' });
    const source = counter();
    await cache.get('all', source.load);
    feed.setLive(false);
    expect(await cache.get('all', source.load)).toBe('value-2');
    expect(await cache.get('all', source.load)).toBe('value-3');
    expect(cache.size).toBe(0);
    feed.setLive(true);
    expect(await cache.get('all', source.load)).toBe('value-4');
    expect(await cache.get('all', source.load)).toBe('value-4');
  });

  it('a database without a feed is always read', async () => {
    const cache = new ChangeCache<string>(undefined, { settings: 'all' });
    const source = counter();
    await cache.get('all', source.load);
    await cache.get('all', source.load);
    expect(source.calls).toBe(2);
  });

  it('a failed load and a value `keep` refuses are not kept', async () => {
    const cache = new ChangeCache<string | undefined>(
      new ChangeFeed(true),
      { users: 'key' },
      { keep: (v) => v !== undefined },
    );
    await expect(cache.get('1', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('1', async () => 'back')).toBe('back');
    expect(await cache.get('2', async () => undefined)).toBeUndefined();
    expect(await cache.get('2', async () => 'found')).toBe('found');
  });

  it('past `max` entries the oldest is dropped first', async () => {
    const cache = new ChangeCache<string>(new ChangeFeed(true), { grants: 'all' }, { max: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  it('kept values are frozen: a caller cannot change what the next request gets', async () => {
    const cache = new ChangeCache<Record<string, unknown>>(new ChangeFeed(true), { settings: 'all' });
    const value = await cache.get('all', async () => ({ 'login.site_name': 'x' }));
    expect(Object.isFrozen(value)).toBe(true);
  });
});
