/**
 * Demo start-up: the service worker answers the API before the app's first request, and a small banner
 * says this is a demo and which accounts sign in. Reached only from the demo entry (main.ts).
 */
import { setupWorker } from 'msw/browser';
import { i18n } from '../services/i18n/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './data.ts';
import { createHandlers } from './handlers.ts';
import { demoBackend } from './state.ts';

export async function startWorker(): Promise<void> {
  const worker = setupWorker(...createHandlers(demoBackend));
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}

const BANNER_ID = 'demo-banner';

/** A fixed note in the bottom-left corner, in the current language; the × hides it for the page's life. */
export function showBanner(): void {
  const banner = document.createElement('div');
  banner.id = BANNER_ID;
  banner.setAttribute('role', 'note');
  banner.setAttribute('data-testid', 'demo-banner');
  Object.assign(banner.style, {
    position: 'fixed',
    left: '12px',
    bottom: '12px',
    zIndex: '10000',
    display: 'flex',
    gap: '8px',
    alignItems: 'center',
    maxWidth: 'calc(100vw - 24px)',
    padding: '6px 10px',
    borderRadius: '6px',
    background: 'rgba(230, 162, 60, 0.95)',
    color: '#fff',
    font: '12px/1.4 system-ui, sans-serif',
    boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
  });
  const label = document.createElement('span');
  const close = document.createElement('button');
  Object.assign(close.style, {
    border: '0',
    background: 'transparent',
    color: 'inherit',
    cursor: 'pointer',
    fontSize: '14px',
    padding: '0 2px',
  });
  close.textContent = '×';
  close.addEventListener('click', () => banner.remove());
  const render = () => {
    label.textContent = i18n.t('demo:banner', {
      accounts: DEMO_ACCOUNTS.join(' / '),
      password: DEMO_PASSWORD,
    });
    close.setAttribute('aria-label', i18n.t('demo:hide'));
  };
  banner.append(label, close);
  document.body.append(banner);
  render();
  i18n.on('languageChanged', render);
  i18n.on('added', render);
}

export async function startDemo(): Promise<void> {
  await Promise.all([startWorker(), i18n.loadNamespaces('demo')]);
  showBanner();
}
