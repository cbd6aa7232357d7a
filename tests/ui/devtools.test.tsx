// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseReport, replayReport } from '../../scripts/lib/replay.ts';
import { createInspectionStore } from '../../src/services/inspection-store.ts';
import DevtoolsTool from '../../src/ui/devtools/DevtoolsTool.tsx';
import { formatStateValue } from '../../src/ui/devtools/StatePanel.tsx';
import { PASSWORD, SIGNED_IN_ACTORS, startSignedInSystem } from '../services/inspection-support.ts';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

async function openPanel(lang: 'zh-CN' | 'en' = 'zh-CN') {
  const system = await startSignedInSystem();
  const store = createInspectionStore(system.hub);
  renderUi(<DevtoolsTool store={store} />, lang);
  const button = await screen.findByRole('button', { name: lang === 'en' ? 'State panel' : '状态面板' });
  fireEvent.click(button);
  await screen.findByTestId('devtools-panel');
  return { ...system, store };
}

describe('the live state panel', () => {
  it('lists every actor of a real app system with its current state value, nested under its parent', async () => {
    const { app, store } = await openPanel();
    const rows = screen.getAllByTestId('devtools-actor');
    const keys = rows.map((row) => row.getAttribute('data-actor'));
    expect(keys[0]).toBe('app');
    expect(keys).toEqual(expect.arrayContaining(SIGNED_IN_ACTORS));
    const stateOf = (key: string) =>
      within(rows[keys.indexOf(key)] as HTMLElement).getByTestId('devtools-actor-state').textContent;
    expect(stateOf('session')).toMatch(/^signedIn/);
    expect(stateOf('tabs')).toMatch(/^ready/);
    expect(stateOf('app')).toBe(formatStateValue(app.getSnapshot().value));
    expect(screen.getByRole('tab', { name: `Actor（${rows.length}）` })).toBeTruthy();
    // The state follows the actor while the panel is open.
    act(() => app.system.get('session')?.send({ type: 'session.logoutRequested' }));
    await waitFor(() => expect(stateOf('session')).toMatch(/confirmingLogout|signingOut/));
    app.stop();
    store.dispose();
  });

  it('shows the events with the state after each, masked, newest first; the filter narrows the list', async () => {
    const { app, store, token } = await openPanel('en');
    fireEvent.click(screen.getByRole('tab', { name: /^Events/ }));
    const rows = await screen.findAllByTestId('devtools-event');
    expect(rows[0]?.textContent).toContain('log.recorded');
    expect(screen.getByTestId('devtools-events').textContent).toContain('tab.opened');
    const text = document.body.textContent ?? '';
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(token.split('.')[2]);
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'tab.opened' } });
    await waitFor(() => expect(screen.getAllByTestId('devtools-event')).toHaveLength(1));
    app.stop();
    store.dispose();
  });

  it('"copy report" puts a masked JSON report on the clipboard that replays without divergence', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { app, store, token } = await openPanel('en');
    fireEvent.click(screen.getByTestId('devtools-copy'));
    expect((await screen.findByTestId('devtools-notice')).textContent).toMatch(/^Report copied: \d+ actors/);
    const copied = writeText.mock.calls[0]?.[0] ?? '';
    expect(copied).not.toContain(PASSWORD);
    expect(copied).not.toContain(token.split('.')[2]);
    const report = parseReport(JSON.parse(copied));
    expect(report.actors.session?.events.length).toBeGreaterThan(2);
    expect((await replayReport(report)).ok).toBe(true);
    app.stop();
    store.dispose();
  });

  it('a report that can be neither copied nor downloaded says so in the panel', async () => {
    const writeText = vi.fn(async () => Promise.reject(new Error('denied')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const createObjectURL = vi.fn(() => {
      throw new Error('blob URLs are blocked');
    });
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    const { app, store } = await openPanel('en');
    fireEvent.click(screen.getByTestId('devtools-copy'));
    expect((await screen.findByTestId('devtools-notice')).textContent).toBe(
      'The report could be neither copied nor downloaded: blob URLs are blocked',
    );
    app.stop();
    store.dispose();
  });

  it('a setting the browser refuses to store is shown as applying to this page only', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    try {
      const { app, store } = await openPanel('en');
      fireEvent.click(screen.getByRole('switch', { name: /Stately inspector/ }));
      expect(await screen.findByText(/refused to store this setting/)).toBeTruthy();
      expect((screen.getByRole('switch', { name: /Stately inspector/ }) as HTMLInputElement).checked).toBe(
        true,
      );
      app.stop();
      store.dispose();
    } finally {
      setItem.mockRestore();
    }
  });
});
