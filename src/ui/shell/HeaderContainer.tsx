import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APP_VERSION } from '../../contract/paths.ts';
import { selectAvatar, selectSettings, selectUserName } from '../../machines/session/selectors.ts';
import { getConfig, resolveApiUrl } from '../../services/config.ts';
import { changeLanguage, currentLanguage } from '../../services/i18n/index.ts';
import { showNotice } from '../../services/notify.ts';
import { useSessionRef } from '../app/actor.ts';
import { LogContainer } from '../log/LogContainer.tsx';
import { useUnreadCount } from '../messages/useUnreadCount.ts';
import { pluginHeaderTools } from '../plugins/registry.ts';
import { SearchContainer } from '../search/SearchContainer.tsx';
import { Header } from './Header.tsx';
import { ColorContainer, FullscreenContainer, SizeContainer, ThemeContainer } from './header/containers.tsx';

const TOOLS = {
  search: <SearchContainer />,
  log: <LogContainer />,
  fullscreen: <FullscreenContainer />,
  theme: <ThemeContainer />,
  size: <SizeContainer />,
  color: <ColorContainer />,
  plugins: pluginHeaderTools().map(({ name, Component }) => <Component key={name} />),
};

type HeaderContainerProps = {
  collapsed: boolean;
  onToggleAside: () => void;
  /** Between the aside toggle and the tools (the shell's top menu). */
  center?: ReactNode;
  /** False leaves the tools out (the shell's first render: src/ui/shell/useShellPainted.ts). */
  withTools?: boolean;
};

/** The header wired to the session (user, settings) and the router. */
export function HeaderContainer({
  collapsed,
  onToggleAside,
  center,
  withTools = true,
}: HeaderContainerProps) {
  const session = useSessionRef();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation('shell');
  const name = useSelector(session, selectUserName);
  const avatar = useSelector(session, selectAvatar);
  const siteName = useSelector(session, (s) => selectSettings(s)?.['login.site_name'] || null);
  const logo = useSelector(session, (s) => selectSettings(s)?.['login.site_logo'] || null);
  const apiBase = getConfig().apiBase;
  const unread = useUnreadCount();

  const switchLanguage = async (lng: string) => {
    const next = await changeLanguage(lng, { instance: i18n });
    showNotice({
      kind: 'success',
      message: `${t('language_changed')}: ${t(`languages.${next}`)}`,
      durationMs: 3000,
    });
  };

  return (
    <Header
      productName={siteName || t('product')}
      logo={logo ? resolveApiUrl(apiBase, logo) : null}
      collapsed={collapsed}
      onToggleAside={onToggleAside}
      center={center}
      tools={withTools ? TOOLS : undefined}
      language={currentLanguage(i18n)}
      onLanguageChange={(lng) => void switchLanguage(lng)}
      name={name}
      avatar={avatar ? resolveApiUrl(apiBase, avatar) : null}
      version={APP_VERSION}
      onUserInfo={() => navigate('/userInfo')}
      unread={unread}
      onMessages={() => navigate('/userMessage')}
      onLogout={() => session.send({ type: 'session.logoutRequested' })}
    />
  );
}
