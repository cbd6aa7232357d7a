import { InboxPanel } from '../messages/InboxPanel.tsx';
import { useUnreadStore } from '../messages/useUnreadCount.ts';
import { usePageServices } from './services.ts';

/** 站内信: the user's received messages, reloaded when one arrives or is read from its notification. */
export function Component() {
  const services = usePageServices();
  const unread = useUnreadStore();
  return (
    <InboxPanel
      http={services.http}
      onReadMarked={unread.refresh}
      subscribeChanges={unread.onMessagesChanged}
    />
  );
}
