// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StartupError } from '../../src/ui/app/StartupError.tsx';
import { LogoutConfirm } from '../../src/ui/shell/LogoutConfirm.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

describe('start-up error screen', () => {
  it('names the failed step and shows the error, with retry and sign-out', () => {
    const onRetry = vi.fn();
    const onSignOut = vi.fn();
    renderUi(
      <StartupError step="departments" message="网络连接失败" onRetry={onRetry} onSignOut={onSignOut} />,
    );
    const screenEl = screen.getByTestId('startup-error');
    expect(screenEl.textContent).toContain('加载「部门」时出错');
    expect(screenEl.textContent).toContain('网络连接失败');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('says so in English too', () => {
    renderUi(<StartupError step="menus" message={null} onRetry={vi.fn()} onSignOut={vi.fn()} />, 'en');
    expect(screen.getByTestId('startup-error').textContent).toContain('Loading “menus” failed');
    expect(screen.getByText('Unknown error')).toBeTruthy();
  });
});

describe('logout confirm', () => {
  it('asks 注销用户 / 确定要注销当前用户吗 and sends the answer', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderUi(<LogoutConfirm opened busy={false} onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: '注销用户' }).textContent).toContain('确定要注销当前用户吗');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('is absent while the chart is not asking', () => {
    renderUi(<LogoutConfirm opened={false} busy={false} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
