import { useSelector } from '@xstate/react';
import type { UserInfo } from '../../machines/profile/types.ts';
import { selectDictionaries, selectUser } from '../../machines/session/selectors.ts';
import { getConfig } from '../../services/config.ts';
import { useSessionRef } from '../app/actor.ts';
import { PageLoader } from '../app/PageLoader.tsx';
import { usePageChart } from '../app/page-chart.ts';
import { ProfilePanel } from '../profile/ProfilePanel.tsx';

/** 个人信息: the signed-in user's profile, avatar and password (the shell runs the page's chart). */
export function Component() {
  const session = useSessionRef();
  const user = useSelector(session, selectUser);
  const genders = useSelector(session, (s) => selectDictionaries(s).gender);
  if (!user) return <PageLoader fullPage={false} />;
  return (
    <UserProfile
      // A different user (after a re-login without reload) starts a fresh form and chart.
      key={user.id}
      user={user}
      genders={genders?.map((entry) => ({ value: String(entry.value), label: entry.label }))}
    />
  );
}

function UserProfile({
  user,
  genders,
}: {
  user: UserInfo;
  genders: { value: string; label: string }[] | undefined;
}) {
  const profile = usePageChart({ key: 'profile', chart: 'profile', input: { user } });
  if (!profile) return <PageLoader fullPage={false} />;
  return <ProfilePanel profile={profile} user={user} genders={genders} apiBase={getConfig().apiBase} />;
}
