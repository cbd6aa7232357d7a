import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordField, PasswordValues } from '../../machines/profile/validation.ts';

type PasswordFormProps = {
  errors: Partial<Record<PasswordField, string>>;
  busy: boolean;
  /** Changed: the session is signing out. */
  done: boolean;
  onSubmit: (values: PasswordValues) => void;
};

const EMPTY: PasswordValues = { oldPassword: '', newPassword: '', newPassword2: '' };

/** 修改密码: old, new and repeat (the chart checks the repeat before anything is sent). */
export function PasswordForm({ errors, busy, done, onSubmit }: PasswordFormProps) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState(EMPTY);
  const field = (name: PasswordField) => ({
    label: t(`password.${name}`),
    value: values[name],
    autoComplete: name === 'oldPassword' ? 'current-password' : 'new-password',
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name] ?? null,
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      <Stack gap="md">
        <PasswordInput required {...field('oldPassword')} />
        <PasswordInput required {...field('newPassword')} />
        <PasswordInput required {...field('newPassword2')} />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" color="orange" loading={busy} disabled={done}>
          {t('password.submit')}
        </Button>
      </Group>
    </form>
  );
}
