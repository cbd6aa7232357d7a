import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { INDEX_PATH } from '../../contract/paths.ts';
import { PageLoader } from '../app/PageLoader.tsx';

/**
 * /refresh (hidden): re-enters the page it came from, so a size change re-renders it. Callers pass the
 * page as `state.from`; opened directly it goes to the console.
 */
export function Component() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  useEffect(() => {
    navigate(typeof from === 'string' && from.startsWith('/') ? from : INDEX_PATH, { replace: true });
  }, [from, navigate]);
  return <PageLoader fullPage={false} />;
}
