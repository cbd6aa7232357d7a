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
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ProfileRef } from '../../machines/app/selectors.ts';
import {
  selectAvatarError,
  selectFieldErrors,
  selectFormError,
  selectIsAvatarBusy,
  selectIsChangingPassword,
  selectIsSaving,
  selectPasswordChanged,
  selectPasswordErrors,
  selectSavedUser,
} from '../../machines/profile/selectors.ts';
import type { Reason, UserInfo } from '../../machines/profile/types.ts';
import { resolveApiUrl } from '../../services/config.ts';
import { reasonText } from '../app/reason.ts';
import { AvatarField } from './AvatarField.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';

type ProfilePanelProps = {
  /** The profile chart (the shell runs it while the page is open). */
  profile: ProfileRef;
  /** The user the form starts from (the chart's input). */
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
export function ProfilePanel({ profile, user, genders, apiBase }: ProfilePanelProps) {
  const { t } = useTranslation('profile');
  const saved = useSelector(profile, selectSavedUser);
  const fieldErrors = useSelector(profile, selectFieldErrors);
  const formError = useSelector(profile, selectFormError);
  const avatarError = useSelector(profile, selectAvatarError);
  const passwordErrors = useSelector(profile, selectPasswordErrors);
  const saving = useSelector(profile, selectIsSaving);
  const avatarBusy = useSelector(profile, selectIsAvatarBusy);
  const changing = useSelector(profile, selectIsChangingPassword);
  const changed = useSelector(profile, selectPasswordChanged);
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
