// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserMenu, type UserMenuProps } from '../../src/ui/shell/UserMenu.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

const props = (overrides: Partial<UserMenuProps> = {}): UserMenuProps => ({
  name: '超级管理员',
  avatar: null,
  version: '2.0.4',
  onUserInfo: vi.fn(),
  onMessages: vi.fn(),
  onLogout: vi.fn(),
  ...overrides,
});

describe('user dropdown', () => {
  it('greets the user by name: 你好 {name}', () => {
    renderUi(<UserMenu {...props()} />);
    expect(screen.getByTestId('user-menu').textContent).toContain('你好 超级管理员');
  });

  it('says 未登录 when nobody is signed in', () => {
    renderUi(<UserMenu {...props({ name: null })} />);
    expect(screen.getByTestId('user-menu').textContent).toContain('未登录');
  });

  it('greets in English as "Hello {name}"', () => {
    renderUi(<UserMenu {...props()} />, 'en');
    expect(screen.getByTestId('user-menu').textContent).toContain('Hello 超级管理员');
  });

  it('shows the avatar when the user has one', () => {
    renderUi(<UserMenu {...props({ avatar: 'http://127.0.0.1/media/a.png' })} />);
    expect(screen.getByTestId('user-menu').querySelector('img')?.getAttribute('src')).toBe(
      'http://127.0.0.1/media/a.png',
    );
  });

  it('offers 个人信息, 站内信 and 注销 with the app version, each sending its intent', () => {
    const p = props();
    renderUi(<UserMenu {...p} />);
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(screen.getByText('版本 2.0.4')).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: '个人信息' }));
    expect(p.onUserInfo).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(screen.getByRole('menuitem', { name: '站内信' }));
    expect(p.onMessages).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(screen.getByRole('menuitem', { name: '注销' }));
    expect(p.onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows the unread count on 站内信 and a dot on the avatar; 99+ past 99; nothing at 0', () => {
    const view = renderUi(<UserMenu {...props({ unread: 3 })} />);
    fireEvent.click(screen.getByTestId('user-menu'));
    const item = screen.getByRole('menuitem', { name: /站内信/ });
    expect(within(item).getByTestId('unread-badge').textContent).toBe('3');
    expect(screen.getByTestId('user-menu').querySelector('.mantine-Indicator-indicator')).not.toBeNull();
    view.unmount();

    const many = renderUi(<UserMenu {...props({ unread: 120 })} />);
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
    many.unmount();

    renderUi(<UserMenu {...props({ unread: 0 })} />);
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(screen.getByRole('menuitem', { name: '站内信' })).toBeTruthy();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(screen.getByTestId('user-menu').querySelector('.mantine-Indicator-indicator')).toBeNull();
  });
});
