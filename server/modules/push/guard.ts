// A webhook must not point at this server's own API (a customer's URL would otherwise make the server call
// its own admin endpoints: server-side request forgery). The check refuses URLs whose port is the one this
// server listens on while the host is a loopback or this server's address. Other internal addresses are
// not blocked (tests and on-premise receivers live there): see docs/domain.md, "Delivery and support".
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0|\[?::\]?)$/i;

export function selfGuardOf(app: FastifyInstance): (url: URL) => string | null {
  return (url) => {
    const address = app.server.address() as AddressInfo | string | null;
    if (!address || typeof address === 'string') return null;
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    if (port !== address.port) return null;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (LOOPBACK.test(url.hostname) || host === address.address) {
      return "refused: the URL points at this server's own API";
    }
    return null;
  };
}
