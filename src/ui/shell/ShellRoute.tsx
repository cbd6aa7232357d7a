// Mantine styles of the shell and its pages, in Mantine's order (the sign-in page is drawn without Mantine).
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Code.css';
import { Button, Card, Center, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useContext, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  matchRoutes,
  useLocation,
  useMatches,
} from 'react-router';
import { selectShellRef, selectShellStatus } from '../../machines/app/selectors.ts';
import { selectSize } from '../../machines/preferences/selectors.ts';
import { selectAreRoutesReady } from '../../machines/routeGuard/selectors.ts';
import { selectHasStartupFailed } from '../../machines/session/selectors.ts';
import { i18n, preloadNamespaces } from '../../services/i18n/index.ts';
import { AppActor, usePreferencesRef, useRouteGuardRef, useSessionRef } from '../app/actor.ts';
import { MantineRoot } from '../app/MantineRoot.tsx';
import { PageLoader } from '../app/PageLoader.tsx';
import { LAYOUT_NOT_FOUND_ROUTE_ID } from '../app/routes.tsx';
import { themeOverrideForSize } from './header/size.ts';
import { Layout } from './Layout.tsx';
import { LogoutConfirmContainer } from './LogoutConfirmContainer.tsx';
import { StartupErrorContainer } from './StartupErrorContainer.tsx';

/**
 * The layout route (lazy). It waits for the session's start-up and the route guard's menu routes (and for
 * the router to show the location matched against them); a failed start-up shows its error (500, with
 * retry and sign-out) inside the layout, in place of the tab bar and the pages. The logout confirm is
 * available in every state.
 * The user's component size (preferences) scales the whole shell; a change re-enters the page through
 * /refresh, so every page takes it at once.
 */
export function Component() {
  const status = AppActor.useSelector(selectShellStatus);
  const shell = AppActor.useSelector(selectShellRef);
  // every translation, for the pages, the toasts and a language switch (once; usually done on /login)
  useEffect(() => void preloadNamespaces(i18n), []);
  // A new shell (another user signed in) is a new tree: nothing of the last one's views survives.
  if (status === 'running' && shell) return <SizedShell key={shell.sessionId} />;
  return <MantineRoot>{status === 'failed' ? <ShellLoadFailed /> : <PageLoader />}</MantineRoot>;
}

/** The shell's chunk did not load (offline, a deploy replaced it): say so and try again on demand. */
function ShellLoadFailed() {
  const app = AppActor.useActorRef();
  const { t } = useTranslation('shell');
  return (
    <Center h="100vh">
      <Card radius="lg" padding="xl" role="alert" data-testid="shell-load-failed">
        <Title order={3}>{t('shell_failed_title')}</Title>
        <Text c="dimmed" mt="sm">
          {t('shell_failed_description')}
        </Text>
        <Button mt="lg" onClick={() => app.send({ type: 'app.retryShell' })}>
          {t('view_failed_retry')}
        </Button>
      </Card>
    </Center>
  );
}

function SizedShell() {
  const failed = useSelector(useSessionRef(), selectHasStartupFailed);
  const stale = useIsShownMatchStale();
  const ready = useSelector(useRouteGuardRef(), selectAreRoutesReady) && !stale;
  const size = useSelector(usePreferencesRef(), selectSize);
  const override = useMemo(() => themeOverrideForSize(size), [size]);
  return (
    <MantineRoot override={override}>
      <div data-size={size} data-testid="shell-root">
        {failed ? <Layout failure={<StartupErrorContainer />} /> : ready ? <Layout /> : <PageLoader />}
      </div>
      <LogoutConfirmContainer />
    </MantineRoot>
  );
}

/**
 * The match on screen is older than the router's routes: the menu routes were patched in after the router
 * matched this location (a menu page's deep link matched the layout's catch-all 404) and the replayed
 * navigation has not been rendered yet (its view chunk is loading, or React is still rendering the
 * transition). Showing the layout now would draw that 404, so the loader stays until the new match is shown.
 */
function useIsShownMatchStale(): boolean {
  const router = useContext(DataRouterContext)?.router;
  const location = useLocation();
  const shown = useMatches().at(-1)?.id;
  if (!router || shown !== LAYOUT_NOT_FOUND_ROUTE_ID) return false;
  const current = matchRoutes(router.routes, location)?.at(-1)?.route.id;
  return current !== undefined && current !== shown;
}
