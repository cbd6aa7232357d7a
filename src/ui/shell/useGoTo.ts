import { useLocation, useNavigate } from 'react-router';

/**
 * Navigation for a click on a menu entry or a breadcrumb. It always asks the router, replacing the entry
 * when the page is the one shown (as React Router's <Link> does) instead of skipping the click: the rendered
 * location can lag the router's by several navigations (React renders each in a transition, and quick
 * navigations keep restarting the render), so "already there" by the rendered location swallowed a click on
 * a page the router had long left — a menu click right after closing the active tab did nothing.
 */
export function useGoTo(): (path: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (path) => void navigate(path, { replace: path === pathname });
}
