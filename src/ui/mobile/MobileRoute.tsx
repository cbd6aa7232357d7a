import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Group.css';
import { useSelector } from '@xstate/react';
import { selectAreRoutesReady } from '../../machines/routeGuard/selectors.ts';
import { useRouteGuardRef } from '../app/actor.ts';
import { MantineRoot } from '../app/MantineRoot.tsx';
import { PageLoader } from '../app/PageLoader.tsx';
import { MobileConsole } from './MobileConsole.tsx';

/** /mobile (outside the layout): waits for the menu routes like the shell, then the phone console. */
export function Component() {
  const ready = useSelector(useRouteGuardRef(), selectAreRoutesReady);
  return <MantineRoot>{ready ? <MobileConsole /> : <PageLoader />}</MantineRoot>;
}
