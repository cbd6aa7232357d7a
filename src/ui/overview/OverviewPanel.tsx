/** The workbench's overview wired to its chart (src/machines/overview); draws nothing when refused. */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { overviewMachine } from '../../machines/overview/overview.machine.ts';
import {
  selectIsHidden,
  selectIsLoading,
  selectIsRefreshing,
  selectLoadError,
  selectOverview,
  selectRefreshError,
} from '../../machines/overview/selectors.ts';
import type { HttpClient } from '../../services/http/types.ts';
import {
  createOverviewImplementations,
  type SocketItemsEvents,
} from '../../services/implementations/overview.ts';
import { reasonText } from '../app/reason.ts';
import { OverviewView } from './OverviewView.tsx';

export type OverviewPanelProps = {
  http(): Promise<HttpClient>;
  /** The app's socket chart (its `socket.items` make the figures move); absent: the interval alone. */
  socket?: SocketItemsEvents | undefined;
};

export function OverviewPanel({ http, socket }: OverviewPanelProps) {
  const { t } = useTranslation('overview');
  const [logic] = useState(() => overviewMachine.provide(createOverviewImplementations({ http, socket })));
  const actor = useActorRef(logic);
  const hidden = useSelector(actor, selectIsHidden);
  const overview = useSelector(actor, selectOverview);
  const loading = useSelector(actor, selectIsLoading);
  const refreshing = useSelector(actor, selectIsRefreshing);
  const error = useSelector(actor, selectLoadError);
  const refreshError = useSelector(actor, selectRefreshError);
  if (hidden) return null;
  return (
    <OverviewView
      overview={overview}
      loading={loading}
      refreshing={refreshing}
      error={reasonText(t, error)}
      refreshError={reasonText(t, refreshError)}
      onRetry={() => actor.send({ type: 'overview.retry' })}
    />
  );
}
