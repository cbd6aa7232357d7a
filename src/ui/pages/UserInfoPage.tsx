import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectDictionaries, selectUser } from '../../machines/session/selectors.ts';
import { getConfig } from '../../services/config.ts';
import { showNotice } from '../../services/notify.ts';
import { useSessionRef } from '../app/actor.ts';
import { PageLoader } from '../app/PageLoader.tsx';
import { ProfilePanel } from '../profile/ProfilePanel.tsx';
import { usePageServices } from './services.ts';

/** 个人信息: the signed-in user's profile, avatar and password. */
export function Component() {
  const session = useSessionRef();
  const services = usePageServices();
  const { t } = useTranslation('profile');
  const user = useSelector(session, selectUser);
  const genders = useSelector(session, (s) => selectDictionaries(s).gender);
  if (!user) return <PageLoader fullPage={false} />;
  return (
    <ProfilePanel
      // A different user (after a re-login without reload) starts a fresh form.
      key={user.id}
      user={user}
      genders={genders?.map((entry) => ({ value: String(entry.value), label: entry.label }))}
      apiBase={getConfig().apiBase}
      http={services.http}
      onUserSaved={(saved) => {
        session.send({ type: 'session.userUpdated', user: saved });
        showNotice({ kind: 'success', message: t('saved'), durationMs: 3000 });
      }}
      onPasswordChanged={() =>
        showNotice({ kind: 'success', message: t('password.changed'), durationMs: 5000 })
      }
      onSignOut={() => {
        // The session chart has no direct sign-out: walk its logout flow, confirming at once (the user
        // already confirmed by changing the password; the old tokens are no longer theirs to keep).
        session.send({ type: 'session.logoutRequested' });
        session.send({ type: 'session.logoutConfirmed' });
      }}
    />
  );
}
