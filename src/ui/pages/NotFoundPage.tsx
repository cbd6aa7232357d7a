import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { useNavigate } from 'react-router';
import { INDEX_PATH } from '../../contract/paths.ts';
import { MantineRoot } from '../app/MantineRoot.tsx';
import { NotFoundView } from './NotFoundView.tsx';
import classes from './Pages.module.css';

/** 404 inside the shell (unknown paths and menu pages whose view does not exist). */
export function Component() {
  const navigate = useNavigate();
  return <NotFoundView homeHref={INDEX_PATH} onHome={() => navigate(INDEX_PATH)} />;
}

/** /404 on its own, outside the layout. */
export function StandaloneNotFound() {
  const navigate = useNavigate();
  return (
    <MantineRoot>
      <div className={classes.standalone}>
        <NotFoundView homeHref={INDEX_PATH} onHome={() => navigate(INDEX_PATH)} />
      </div>
    </MantineRoot>
  );
}
