import { useContext } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext, useLocation, useNavigate } from 'react-router';

/**
 * Navigation for a click on a menu entry or a breadcrumb. It always asks the router, replacing the entry
 * when the router is already on that page (as React Router's <Link> does), instead of skipping the click by
 * the rendered location: that can lag the router's by several navigations (React renders each in a
 * transition, and quick navigations keep restarting the render), and a click on a page the router had long
 * left was taken for "already there" — a menu click right after closing the active tab did nothing.
 */
export function useGoTo(): (path: string) => void {
  const navigate = useNavigate();
  const { router } = useContext(DataRouterContext) ?? {};
  const { pathname } = useLocation();
  return (path) => {
    // where the router is now, read at the click (the rendered pathname only outside a data router)
    const here = router?.state.location.pathname ?? pathname;
    void navigate(path, { replace: path === here });
  };
}
