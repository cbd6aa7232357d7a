import { useParams } from 'react-router';
import { MICRO_FRONTEND_PREFIX } from '../../machines/routeGuard/paths.ts';

/**
 * Where a micro-frontend mounts: paths under the prefix pass the route guard without a named route, and the
 * sub-application (qiankun, module federation…) renders into this container, keyed by its path.
 */
export function Component() {
  const rest = useParams()['*'] ?? '';
  return <div id="micro-app-container" data-micro-path={`${MICRO_FRONTEND_PREFIX}${rest}`} />;
}
