import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { selectBreadcrumbs } from '../../machines/preferences/selectors.ts';
import { breadcrumbTrail, type Crumb } from '../../machines/routeGuard/breadcrumbs.ts';
import { selectMenuRecords, selectRefusalOf } from '../../machines/routeGuard/selectors.ts';
import { usePreferencesRef, useRouteGuardRef } from '../app/actor.ts';
import { LAYOUT_NOT_FOUND_ROUTE_ID, type RouteHandle } from '../app/routes.tsx';
import { BreadcrumbBar, type CrumbView } from './Breadcrumbs.tsx';
import { useGoTo } from './useGoTo.ts';

/** The layout's catch-all draws 403 or 404 (NotFoundPage.tsx): its crumb says which. */
const CATCH_ALL_TITLE = { forbidden: 'pages:forbidden.title', notFound: 'pages:not_found.title' } as const;

/**
 * The breadcrumbs wired to the route guard's menus and the router, unless the user hid them
 * (preferences). A page no menu holds (个人信息, an error page) ends with its own route title.
 */
export function BreadcrumbsContainer() {
  const guard = useRouteGuardRef();
  const shown = useSelector(usePreferencesRef(), selectBreadcrumbs);
  const menus = useSelector(guard, selectMenuRecords);
  const { pathname } = useLocation();
  const match = useMatches().at(-1);
  const refusal = useSelector(guard, (s) => selectRefusalOf(s, pathname));
  const handle: RouteHandle | undefined =
    match?.id === LAYOUT_NOT_FOUND_ROUTE_ID
      ? { titleKey: CATCH_ALL_TITLE[refusal], hidden: true }
      : (match?.handle as RouteHandle | undefined);
  const goTo = useGoTo();
  const { t } = useTranslation();
  if (!shown) return null;

  const own: Crumb | undefined =
    handle && (handle.title || handle.titleKey)
      ? {
          id: 'current',
          title: handle.title ?? '',
          ...(handle.titleKey ? { titleKey: handle.titleKey } : {}),
          // A hidden route (an error page) is no page to go to.
          path: handle.hidden ? null : pathname,
        }
      : undefined;
  const trail = breadcrumbTrail(menus, pathname, own);
  const crumbs: CrumbView[] = trail.map((crumb, index) => ({
    id: crumb.id,
    title: crumb.titleKey ? t(crumb.titleKey, { defaultValue: crumb.title }) : crumb.title,
    path: crumb.path,
    current: index === trail.length - 1,
  }));
  return <BreadcrumbBar crumbs={crumbs} label={t('shell:breadcrumbs')} onSelect={goTo} />;
}
