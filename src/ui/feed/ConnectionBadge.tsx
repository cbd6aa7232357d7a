import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../machines/socket/types.ts';

/** `absent`: the app runs no socket chart (yet). */
export type FeedConnection = ConnectionState | 'absent';

const COLOR: Record<FeedConnection, string> = {
  connected: 'teal',
  connecting: 'blue',
  disconnected: 'orange',
  connectionError: 'red',
  idle: 'gray',
  absent: 'gray',
};

/** The live feed's connection: 已连接 / 连接中 / 断开 / 连接错误 (未连接 without a socket). */
export function ConnectionBadge({ state }: { state: FeedConnection }) {
  const { t } = useTranslation('feed');
  return (
    <Badge color={COLOR[state]} variant="light" data-testid="feed-connection" data-state={state}>
      {t(`connection.${state}`)}
    </Badge>
  );
}
