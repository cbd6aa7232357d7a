import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import type {} from '../../services/config.ts';
import type { RouteHandle } from './routes.tsx';

/** The root route: renders the matched branch and keeps the document title `{product} | {page}`. */
export function RootRoute() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => {
    const h = m.handle as RouteHandle | undefined;
    return h?.title || h?.titleKey;
  })?.handle as RouteHandle | undefined;
  // `common` is bundled with the sign-in page; a page title's own namespace (`tabs:console`) is waited for.
  const titleNamespace = handle?.titleKey?.includes(':') ? handle.titleKey.split(':')[0] : undefined;
  const { t } = useTranslation(titleNamespace ? ['common', titleNamespace] : 'common');
  const product = productTitle() ?? t('appName');
  const page = handle?.title ?? (handle?.titleKey ? t(handle.titleKey) : '');
  const title = page ? t('documentTitle', { product, page }) : product;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Outlet />;
}

/**
 * The run-time title override (`window.__APP_CONFIG__.title`, see services/config.ts). Read directly so the
 * sign-in bundle does not carry the config validation; the shell validates the whole config when it loads.
 */
function productTitle(): string | undefined {
  const title = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__?.title;
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}
