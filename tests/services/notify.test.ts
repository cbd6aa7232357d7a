// @vitest-environment jsdom
import { notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOTICE_COLOR, showError, showNotice } from '../../src/services/notify.ts';

beforeEach(() => {
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
});

describe('toasts outside React (seed §8: errors shown for 5 s)', () => {
  it('an error toast is red and closes after 5 s', () => {
    showError('服务器内部错误');
    const [shown] = notificationsStore.getState().notifications;
    expect(shown).toMatchObject({ message: '服务器内部错误', color: 'red', autoClose: 5000 });
  });

  it('each kind has its own colour and duration', () => {
    showNotice({ kind: 'info', message: 'i', durationMs: 3000 });
    showNotice({ kind: 'success', message: 's', durationMs: 0 });
    const [info, success] = notificationsStore.getState().notifications;
    expect(info).toMatchObject({ color: NOTICE_COLOR.info, autoClose: 3000 });
    expect(success).toMatchObject({ color: NOTICE_COLOR.success, autoClose: false });
    expect(new Set(Object.values(NOTICE_COLOR)).size).toBe(4);
  });

  it('a notice that replaces a slot takes the place of the one before it', () => {
    showNotice({ kind: 'error', message: '断开连接', durationMs: 5000, replaces: 'socket-connection' });
    showNotice({ kind: 'info', message: 'other', durationMs: 5000 });
    showNotice({ kind: 'success', message: '连接成功', durationMs: 5000, replaces: 'socket-connection' });
    const messages = notificationsStore.getState().notifications.map((n) => n.message);
    expect(messages).toEqual(['other', '连接成功']);
  });
});
