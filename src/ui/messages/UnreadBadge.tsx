import { Badge } from '@mantine/core';
import { useUnreadCount } from './useUnreadCount.ts';

/** The unread count as a small badge (nothing when 0 or unknown); capped at 99+ (seed §9 badge max 99). */
export function UnreadBadge() {
  const count = useUnreadCount();
  if (!count) return null;
  return (
    <Badge size="xs" color="red" variant="filled" circle={count < 10} data-testid="unread-badge">
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
