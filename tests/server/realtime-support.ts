// Socket helpers for the realtime, message and items tests: listen on 127.0.0.1:0, connect real
// socket.io-client sockets, wait for an event (or make sure none comes).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../src/contract/socket.ts';

export async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A connected socket, or the connect_error's message as a rejection. */
export function connectSocket(
  base: string,
  token: unknown,
  transports: ('websocket' | 'polling')[] = ['websocket'],
): Promise<Socket> {
  const socket = io(base, {
    path: SOCKET_PATH,
    auth: token === undefined ? {} : { token },
    transports,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The error message a refused connection fails with. */
export async function refusal(base: string, token: unknown): Promise<string> {
  try {
    const socket = await connectSocket(base, token);
    socket.close();
    return 'connected';
  } catch (error) {
    return (error as Error).message;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: payloads are checked by the tests.
export function nextEvent(socket: Socket, event: string, timeoutMs = 5000): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no "${event}" event within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, handler);
  });
}

/** Collects every `event` payload from now on; `stop()` detaches. */
export function collect(socket: Socket, event: string): { events: unknown[]; stop: () => void } {
  const events: unknown[] = [];
  const handler = (payload: unknown) => events.push(payload);
  socket.on(event, handler);
  return { events, stop: () => socket.off(event, handler) };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
