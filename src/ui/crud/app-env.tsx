// The Mantine styles the kit and the system pages use (the shell loads only its own); they arrive with the
// first system page chunk, never with the sign-in page.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Tree.css';
import '@mantine/core/styles/TreeSelect.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/dates/styles.css';
import { Loader } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type ReactNode, Suspense, use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getRouteGuardRef, getSessionRef } from '../../machines/app/selectors.ts';
import { hasPermission } from '../../machines/routeGuard/permissions.ts';
import { selectMenuRecords } from '../../machines/routeGuard/selectors.ts';
import { selectDepartments, selectDictionaries, selectUser } from '../../machines/session/selectors.ts';
import { getConfig, resolveApiUrl } from '../../services/config.ts';
import { AppActor } from '../app/actor.ts';
import { usePageServices } from '../pages/services.ts';
import { grantedPermissions } from '../permissions/usePermission.ts';
import { CrudPage } from './CrudPage.tsx';
import { type CrudEnv, CrudEnvProvider } from './env.tsx';
import type { CrudResource } from './types.ts';

/** The kit's env from the running app: its one http client (`PageServicesContext`), session data, grants. */
export function AppCrudEnv({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loader m="lg" size="sm" />}>
      <AppEnv>{children}</AppEnv>
    </Suspense>
  );
}

function AppEnv({ children }: { children: ReactNode }) {
  const root = AppActor.useActorRef();
  const http = use(usePageServices().http());
  const session = getSessionRef(root);
  const dictionaries = useSelector(session, selectDictionaries);
  const departments = useSelector(session, selectDepartments);
  // The same grants as src/ui/permissions (the route guard's menus, `"<path>:<value>"`).
  const menus = useSelector(getRouteGuardRef(root), selectMenuRecords);
  const user = useSelector(session, selectUser);
  const { pathname } = useLocation();
  const env = useMemo<CrudEnv>(
    () => ({
      http,
      dictionaries,
      deptNames: departments?.names ?? {},
      userDept: user?.dept ?? null,
      can: (value) => hasPermission(grantedPermissions(menus), pathname, value),
      fileUrl: (url) => resolveApiUrl(getConfig().apiBase, url),
      onSettingsChanged: (settings) => session.send({ type: 'session.settingsUpdated', settings }),
    }),
    [http, dictionaries, departments, menus, user, pathname, session],
  );
  return <CrudEnvProvider value={env}>{children}</CrudEnvProvider>;
}

/**
 * A menu page made of one resource description: `export default crudView((t) => ({…}))`. The maker gets
 * the `system` translator for option labels.
 */
export function crudView(make: (t: (key: string) => string) => CrudResource) {
  function Page() {
    const { t } = useTranslation('system');
    const resource = useMemo(() => make(t), [t]);
    return <CrudPage resource={resource} />;
  }
  return function CrudView() {
    return (
      <AppCrudEnv>
        <Page />
      </AppCrudEnv>
    );
  };
}
