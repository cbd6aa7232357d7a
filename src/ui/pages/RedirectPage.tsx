import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../app/PageLoader.tsx';

/** /redirect/<route…> (hidden): replaces itself with /<route…>, keeping the query. */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const rest = useParams()['*'] ?? '';
  useEffect(() => {
    navigate(`/${rest}${search}`, { replace: true });
  }, [rest, search, navigate]);
  return <PageLoader fullPage={false} />;
}
