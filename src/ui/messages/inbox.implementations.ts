import { fromPromise } from 'xstate';
import type { Page } from '../../contract/index.ts';
import { getReceivedMessages, markInboxRead } from '../../services/api/inbox.ts';
import type { HttpClient } from '../../services/http/types.ts';
import type { inboxMachine } from './inbox.machine.ts';
import type { InboxQuery, InboxRow } from './types.ts';

export type InboxDeps = {
  http(): Promise<HttpClient>;
  /** A message was marked read (the unread badge asks again). */
  onReadMarked?: () => void;
};

export function createInboxImplementations(deps: InboxDeps) {
  return {
    actors: {
      loadPage: fromPromise<Page<InboxRow>, InboxQuery>(async ({ input, signal }) =>
        getReceivedMessages(await deps.http(), input, signal),
      ),
      markRead: fromPromise<void, { id: number }>(async ({ input, signal }) =>
        markInboxRead(await deps.http(), input.id, signal),
      ),
    },
    actions: { readMarked: () => deps.onReadMarked?.() },
  } satisfies Parameters<(typeof inboxMachine)['provide']>[0];
}

/** Message-centre content is rich text: the list shows it as plain text. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
