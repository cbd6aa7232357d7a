import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { useSelector } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router';
import { INDEX_PATH } from '../../contract/paths.ts';
import { selectRefusalOf } from '../../machines/routeGuard/selectors.ts';
import { useRouteGuardRef } from '../app/actor.ts';
import { type ErrorCode, ErrorView } from './ErrorView.tsx';

function ErrorPage({ code }: { code: ErrorCode }) {
  const navigate = useNavigate();
  return <ErrorView code={code} homeHref={INDEX_PATH} onHome={() => navigate(INDEX_PATH)} />;
}

/**
 * The layout's catch-all: a path no route matches (an unknown path, or a menu page whose view does not
 * exist). The route guard then moves to /403 or /404; meanwhile this draws the page it will land on, so a
 * refused console page never flashes 404 first.
 */
export function Component() {
  const { pathname } = useLocation();
  const refusal = useSelector(useRouteGuardRef(), (s) => selectRefusalOf(s, pathname));
  return <ErrorPage code={refusal === 'forbidden' ? 403 : 404} />;
}

/** /404 inside the layout. */
export function NotFound() {
  return <ErrorPage code={404} />;
}

/** /403 inside the layout: a console page the signed-in user's menus do not grant. */
export function Forbidden() {
  return <ErrorPage code={403} />;
}
