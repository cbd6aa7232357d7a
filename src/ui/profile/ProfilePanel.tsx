import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveApiUrl } from '../../services/config.ts';
import { reasonText } from '../app/reason.ts';
import { AvatarField } from './AvatarField.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { createProfileImplementations, type ProfileDeps } from './profile.implementations.ts';
import { profileMachine } from './profile.machine.ts';
import type { Reason, UserInfo } from './types.ts';

type ProfilePanelProps = ProfileDeps & {
  user: UserInfo;
  /** The `gender` dictionary's options when the session loaded it. */
  genders?: { value: string; label: string }[] | undefined;
  apiBase: string;
};

const texts = <K extends string>(t: (key: string) => string, errors: Partial<Record<K, Reason>>) =>
  Object.fromEntries(
    Object.entries(errors).map(([k, r]) => [k, reasonText(t as never, r as Reason)]),
  ) as Partial<Record<K, string>>;

/** 个人信息: avatar, the profile form and the password form, wired to the profile chart. */
export function ProfilePanel({ user, genders, apiBase, ...deps }: ProfilePanelProps) {
  const { t } = useTranslation('profile');
  const [logic] = useState(() => profileMachine.provide(createProfileImplementations(deps, user.id)));
  const profile = useActorRef(logic, { input: { user } });
  const saved = useSelector(profile, (s) => s.context.user);
  const fieldErrors = useSelector(profile, (s) => s.context.fieldErrors);
  const formError = useSelector(profile, (s) => s.context.formError);
  const avatarError = useSelector(profile, (s) => s.context.avatarError);
  const passwordErrors = useSelector(profile, (s) => s.context.passwordErrors);
  const saving = useSelector(profile, (s) => s.matches({ details: 'saving' }));
  const avatarBusy = useSelector(profile, (s) => !s.matches({ avatar: 'idle' }));
  const changing = useSelector(profile, (s) => s.matches({ password: 'changing' }));
  const changed = useSelector(
    profile,
    (s) => s.matches({ password: 'changed' }) || s.matches({ password: 'signingOut' }),
  );
  const genderOptions = genders?.length
    ? genders
    : ['0', '1', '2'].map((value) => ({ value, label: t(`gender.${value}`) }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Card radius="lg" padding="lg">
        <Stack gap="lg">
          <Title order={4}>{t('title')}</Title>
          <AvatarField
            src={saved.avatar ? resolveApiUrl(apiBase, saved.avatar) : null}
            name={saved.name || saved.username}
            busy={avatarBusy}
            error={reasonText(t, avatarError)}
            onSelect={(file) => profile.send({ type: 'profile.avatarSelected', file })}
          />
          <ProfileForm
            initial={{
              name: user.name ?? '',
              gender: user.gender == null ? '0' : String(user.gender),
              mobile: user.mobile ?? '',
              email: user.email ?? '',
            }}
            genders={genderOptions}
            errors={texts(t, fieldErrors)}
            formError={reasonText(t, formError)}
            saving={saving}
            onSave={(values) => profile.send({ type: 'profile.saveRequested', values })}
          />
        </Stack>
      </Card>
      <Card radius="lg" padding="lg">
        <Title order={4} mb="lg">
          {t('password.title')}
        </Title>
        <PasswordForm
          errors={texts(t, passwordErrors)}
          busy={changing}
          done={changed}
          onSubmit={(values) => profile.send({ type: 'profile.passwordSubmitted', values })}
        />
      </Card>
    </SimpleGrid>
  );
}
