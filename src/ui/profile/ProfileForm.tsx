import { Button, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileField, ProfileValues } from '../../machines/profile/validation.ts';

type ProfileFormProps = {
  /** Values the form starts with (the saved user); what the user types stays in the form. */
  initial: ProfileValues;
  genders: { value: string; label: string }[];
  errors: Partial<Record<ProfileField, string>>;
  formError: string | null;
  saving: boolean;
  onSave: (values: ProfileValues) => void;
};

/** Name, gender, mobile and email; errors (the client's or the server's) under their fields. */
export function ProfileForm({ initial, genders, errors, formError, saving, onSave }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState(initial);
  const bind = (field: keyof ProfileValues) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
    },
    error: errors[field as ProfileField] ?? null,
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave(values);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('fields.name')} required {...bind('name')} />
        <NativeSelect label={t('fields.gender')} data={genders} {...bind('gender')} />
        <TextInput label={t('fields.mobile')} inputMode="tel" {...bind('mobile')} />
        <TextInput label={t('fields.email')} type="email" {...bind('email')} />
      </SimpleGrid>
      {formError && (
        <Text c="red" size="sm" mt="sm" role="alert">
          {formError}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={saving}>
          {t('save')}
        </Button>
      </Group>
    </form>
  );
}
