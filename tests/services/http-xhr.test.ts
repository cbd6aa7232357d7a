// @vitest-environment jsdom
// The http client over the browser's own XMLHttpRequest (axios's xhr adapter), not a fake adapter.
import { afterEach, expect, it, vi } from 'vitest';
import { reply, setup } from './harness.ts';

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'cookieStore');
});

it('a request leaves in the call that makes it: no XSRF cookie is read through the async Cookie Store first', () => {
  // A Cookie Store that never answers: a client that reads its XSRF cookie through it would never send.
  const get = vi.fn(() => new Promise<never>(() => {}));
  Object.defineProperty(window, 'cookieStore', { value: { get }, configurable: true });
  const sent: string[] = [];
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
    sent.push('sent');
  });
  // same origin as the page, so axios would add an XSRF header unless told not to
  const h = setup((c) => reply(c, {}), { adapter: undefined, baseURL: '' });

  void h.http.get('/api/system/user/user_info/').catch(() => undefined);

  expect(sent).toEqual(['sent']);
  expect(get).not.toHaveBeenCalled();
});
