/**
 * Binds the `messagePoller` chart to real effects:
 * `messagePollerMachine.provide(createMessagePollerImplementations(deps))`.
 *
 * `deps` are plain functions and objects the UI builds from src/services:
 * - `http`: the http client, or a function resolving it (app-system's `http()`, which waits for the network
 *   chunk); the calls are api/messages.ts `getUnreadMessages` and `markMessageRead`, both quiet;
 * - `showMessageNotification` / `hideMessageNotification`: `mantineMessageNotifications` below fits;
 * - `log`: the frontend log sink; `t`: i18next's `t`.
 * The ticker is the chart's own (plain timers); tests replace it through `machine.provide`.
 */
import { notifications } from '@mantine/notifications';
import { fromCallback, fromPromise } from 'xstate';
import type { MessagePollerMachine } from '../../machines/messagePoller/messagePoller.machine.ts';
import type {
  Message,
  MessagePollerEvent,
  PollError,
  PollerLogEntry,
} from '../../machines/messagePoller/types.ts';
import { getUnreadMessages, markMessageRead } from '../api/messages.ts';
import { isMissingEndpoint } from '../http/errors.ts';
import type { HttpClient, LogFn, NotifyKind, TranslateFn } from '../http/types.ts';
import { NOTICE_COLOR } from '../notify.ts';
import { type EffectErrorHandler, EffectFailure, guarded, normalised, toEffectFailure } from './effects.ts';

/** A message as the sticky notification shows it; `kind` undefined is plain. */
export type MessageNotificationRequest = {
  /** Stable per message (`xy-message-<id>`), so the same message is never shown twice at once. */
  id: string;
  title: string;
  message: string;
  kind: NotifyKind | undefined;
};

export type MessagePollerDeps = {
  http: HttpClient | (() => HttpClient | Promise<HttpClient>);
  /**
   * Shows a notification that does not close by itself; `onClose` runs whenever it closes (the user's
   * close button, or `hideMessageNotification`).
   */
  showMessageNotification(notification: MessageNotificationRequest, onClose: () => void): void;
  /** Closes it (the poller stopped while it was open). */
  hideMessageNotification(id: string): void;
  log: LogFn;
  t: TranslateFn;
  /** Where a failing effect is reported (default: console.error). */
  onError?: EffectErrorHandler;
};

/** Seed §3: type 0 success, 1 warning, 2 info, 3 error, anything else plain. */
export function messageTypeKind(type: number): NotifyKind | undefined {
  return (['success', 'warning', 'info', 'error'] as const)[type];
}

/** What `fetchUnread` rejects with: an `EffectFailure` that also tells a missing endpoint. */
export class PollFailure extends EffectFailure implements PollError {
  override name = 'PollFailure';
  readonly missingEndpoint: boolean;
  constructor(error: unknown) {
    const failure = toEffectFailure(error);
    super(failure.message, failure.transient, error);
    this.missingEndpoint = isMissingEndpoint(error);
  }
}

type MessagePollerImplementations = Parameters<MessagePollerMachine['provide']>[0];

export function createMessagePollerImplementations(deps: MessagePollerDeps) {
  const onError =
    deps.onError ?? ((error, effect) => console.error(`[messagePoller] ${effect} failed`, error));
  const http = async () => (typeof deps.http === 'function' ? deps.http() : deps.http);

  return {
    actors: {
      fetchUnread: fromPromise<Message | null>(async ({ signal }) => {
        try {
          const rows = await getUnreadMessages(await http(), signal);
          return rows.find((row) => row.status === 0) ?? null;
        } catch (error) {
          throw new PollFailure(error);
        }
      }),
      markMessageRead: fromPromise<void, { id: number }>(({ input, signal }) =>
        normalised(async () => markMessageRead(await http(), input.id, signal)),
      ),
      showMessageNotification: fromCallback<MessagePollerEvent, { message: Message }>(
        ({ sendBack, input }) => {
          const { message } = input;
          const id = `xy-message-${message.id}`;
          let closingQuietly = false;
          guarded(
            'showMessageNotification',
            () =>
              deps.showMessageNotification(
                {
                  id,
                  title: message.title || deps.t('realtime:messages.untitled'),
                  message: message.message,
                  kind: messageTypeKind(message.type),
                },
                () => {
                  if (!closingQuietly) sendBack({ type: 'notification.dismissed' });
                },
              ),
            onError,
          )();
          return () => {
            closingQuietly = true;
            guarded('hideMessageNotification', () => deps.hideMessageNotification(id), onError)();
          };
        },
      ),
    },
    actions: {
      log: guarded(
        'log',
        (_: unknown, { key, type, meta }: PollerLogEntry) =>
          deps.log(
            meta === undefined ? { message: deps.t(key), type } : { message: deps.t(key), type, meta },
          ),
        onError,
      ),
    },
  } satisfies MessagePollerImplementations;
}

/** `showMessageNotification` / `hideMessageNotification` on Mantine's notification store. */
export const mantineMessageNotifications = {
  showMessageNotification({ id, title, message, kind }: MessageNotificationRequest, onClose: () => void) {
    notifications.show({
      id,
      title,
      message,
      color: kind ? NOTICE_COLOR[kind] : 'gray',
      autoClose: false,
      withCloseButton: true,
      onClose: () => onClose(),
    });
  },
  hideMessageNotification(id: string) {
    notifications.hide(id);
  },
} satisfies Pick<MessagePollerDeps, 'showMessageNotification' | 'hideMessageNotification'>;
