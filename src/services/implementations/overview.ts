import { fromCallback, fromPromise } from 'xstate';
import { type Overview, overviewSchema, SupportPaths } from '../../contract/support.ts';
import type { OverviewMachine } from '../../machines/overview/overview.machine.ts';
import type { OverviewEvent, OverviewLoadError } from '../../machines/overview/types.ts';
import { type ApiError, isApiError, isMissingEndpoint, isPermissionRefusal } from '../http/errors.ts';
import type { HttpClient } from '../http/types.ts';

/** The slice of the socket chart the overview listens to (its emitted `socket.items`). */
export type SocketItemsEvents = {
  on(type: 'socket.items', handler: (event: unknown) => void): { unsubscribe(): void };
};

export type OverviewDeps = {
  http(): Promise<HttpClient>;
  /** The socket chart, when the app runs one. */
  socket?: SocketItemsEvents | undefined;
};

export { isPermissionRefusal };

/** Not for this user (refused) or not on this backend (a stock dvadmin, the demo): the panel hides quietly. */
export const isOverviewUnavailable = (error: ApiError): boolean =>
  isPermissionRefusal(error) || isMissingEndpoint(error);

/** Binds the overview chart: `overviewMachine.provide(createOverviewImplementations(deps))`. */
export function createOverviewImplementations(deps: OverviewDeps) {
  return {
    actors: {
      loadOverview: fromPromise<Overview>(async ({ signal }) => {
        const http = await deps.http();
        try {
          // A refusal or a missing endpoint is not a failure to show: quiet for those alone (the panel hides);
          // any other failure is toasted and shown in the panel with a retry.
          return await http.data(
            { url: SupportPaths.overview, signal, quiet: isOverviewUnavailable },
            overviewSchema,
          );
        } catch (error) {
          if (isApiError(error) && isOverviewUnavailable(error)) {
            throw { message: error.message, unavailable: true } satisfies OverviewLoadError;
          }
          throw error;
        }
      }),
      watchItems: fromCallback<OverviewEvent>(({ sendBack }) => {
        const subscription = deps.socket?.on('socket.items', () =>
          sendBack({ type: 'overview.itemsArrived' }),
        );
        return () => subscription?.unsubscribe();
      }),
    },
  } satisfies Parameters<OverviewMachine['provide']>[0];
}
