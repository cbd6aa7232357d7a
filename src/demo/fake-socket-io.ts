/**
 * Stands in for `socket.io-client` in the demo build (vite: `resolve.alias` in demo mode only, see
 * demo/vite-plugin.ts), so the live feed chart runs as it would against a server: a valid token
 * "connects" and a demo listing arrives every few seconds; a bad token fails with `invalid token`, which
 * the socket chart hands to the session. Only what services/socket.ts uses is implemented.
 */
import { INVALID_TOKEN } from '../contract/socket.ts';
import { readToken } from './backend.ts';
import { demoBackend } from './state.ts';

/** How often a demo listing arrives. */
export const DEMO_ITEM_INTERVAL_MS = 6_000;

type Listener = (...args: unknown[]) => void;
type Options = { auth?: { token?: string } };

export class DemoSocket {
  private listeners = new Map<string, Set<Listener>>();
  private timers: ReturnType<typeof setTimeout>[] = [];
  connected = false;

  constructor(token: string | undefined) {
    this.later(300, () => {
      if (readToken(token, 'access', Date.now()) === undefined) {
        this.emit('connect_error', new Error(INVALID_TOKEN));
        return;
      }
      this.connected = true;
      this.emit('connect');
      const tick = () => {
        this.emit('items', demoBackend.addItem());
        this.later(DEMO_ITEM_INTERVAL_MS, tick);
      };
      this.later(DEMO_ITEM_INTERVAL_MS, tick);
    });
  }

  private later(ms: number, run: () => void) {
    this.timers.push(setTimeout(run, ms));
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event?: string, listener?: Listener): this {
    if (event === undefined) this.listeners.clear();
    else if (listener === undefined) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(listener);
    return this;
  }

  disconnect(): this {
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
    if (this.connected) {
      this.connected = false;
      this.emit('disconnect', 'io client disconnect');
    }
    return this;
  }
}

/** `io([url], options)` as socket.io-client exports it. */
export function io(urlOrOptions?: string | Options, maybeOptions?: Options): DemoSocket {
  const options = typeof urlOrOptions === 'object' ? urlOrOptions : maybeOptions;
  return new DemoSocket(options?.auth?.token);
}

export default io;
