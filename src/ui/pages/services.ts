/**
 * How the pages reach the http client. A `PageServicesContext` provider wins (tests; the app once it hands
 * its own client down). Without one, the pages build one client per root actor, wired exactly like the
 * app's (token refresh through the session's single flight, expiry, the frontend log), from the network
 * chunk the app already loads.
 */
import { createContext, useContext } from 'react';
import type { AnyActorRef } from 'xstate';
import { getLogRef, getSessionRef } from '../../machines/app/selectors.ts';
import type { HttpClient } from '../../services/http/types.ts';
import { createLogSink } from '../../services/implementations/log.ts';
import { createSessionBridge, type SessionRefLike } from '../../services/implementations/sessionBridge.ts';
import { AppActor } from '../app/actor.ts';

export type PageServices = {
  /** The http client (resolves once the network chunk is in). */
  http(): Promise<HttpClient>;
};

export const PageServicesContext = createContext<PageServices | null>(null);

const built = new WeakMap<AnyActorRef, PageServices>();

function servicesFor(app: AnyActorRef): PageServices {
  const known = built.get(app);
  if (known) return known;
  let client: Promise<HttpClient> | undefined;
  const services: PageServices = {
    http() {
      client ??= import('../../services/http/app-client.ts').then(({ createAppHttpClient }) => {
        const session = getSessionRef(app);
        const bridge = createSessionBridge({
          send: (event) => session.send(event),
          on: ((type: 'session.refreshed' | 'session.refreshFailed', handler: (event: unknown) => void) =>
            session.on(type, handler)) as SessionRefLike['on'],
        });
        const log = createLogSink(getLogRef(app), {
          now: () => Date.now(),
          currentUrl: () => location.href,
        });
        return createAppHttpClient({ ...bridge, log });
      });
      return client;
    },
  };
  built.set(app, services);
  return services;
}

/** The pages' services: the provided ones, else the client bound to the running app. */
export function usePageServices(): PageServices {
  const provided = useContext(PageServicesContext);
  const app = AppActor.useActorRef();
  return provided ?? servicesFor(app);
}
