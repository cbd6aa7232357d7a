import { PageLoader } from '../app/PageLoader.tsx';
import { usePageChart } from '../app/page-chart.ts';
import { InboxPanel } from '../messages/InboxPanel.tsx';

/**
 * 站内信: the user's received messages (the shell runs the inbox chart while the page is open), reloaded
 * when one arrives or is read from its notification.
 */
export function Component() {
  const inbox = usePageChart({ key: 'inbox', chart: 'inbox' });
  if (!inbox) return <PageLoader fullPage={false} />;
  return <InboxPanel inbox={inbox} />;
}
