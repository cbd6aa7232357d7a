/** 消息 (menu component `xy/messages/index`): business messages with type / read filters, marked read here. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import type { CrudResource } from '../../../crud/types.ts';
import { type UnreadLink, useUnreadLink } from '../../../messages/useUnreadCount.ts';
import { MarkAllReadButton, MarkReadButton } from './MessageActions.tsx';
import { messageResource } from './resource.ts';

/** The page on any kit env; `unread` links it to the shell's unread chart (a fake in unit tests). */
export function MessagesPage({ unread }: { unread: UnreadLink }) {
  // `t` changes with the language, so the option labels follow it.
  const { t } = useTranslation('support');
  const resource = useMemo<CrudResource>(
    () => ({
      ...messageResource(t),
      rowActions: (row, ctx) => <MarkReadButton row={row} ctx={ctx} unread={unread} />,
      toolbar: (ctx) => <MarkAllReadButton http={ctx.http} ctx={ctx} unread={unread} />,
    }),
    [t, unread],
  );
  return <CrudPage resource={resource} />;
}

export default function MessagesRoute() {
  const unread = useUnreadLink();
  return (
    <AppCrudEnv>
      <MessagesPage unread={unread} />
    </AppCrudEnv>
  );
}
