import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMAGE_EXTENSIONS } from '../../services/api/profile.ts';

type AvatarFieldProps = {
  /** Absolute URL of the current avatar. */
  src: string | null;
  name: string;
  busy: boolean;
  error: string | null;
  onSelect: (file: File) => void;
};

/** One avatar image, previewed at 100×100; the chart refuses anything but an image. */
export function AvatarField({ src, name, busy, error, onSelect }: AvatarFieldProps) {
  const { t } = useTranslation('profile');
  return (
    <Group align="center" gap="lg">
      <Avatar src={src} alt={name} size={100} radius="md" data-testid="avatar-preview" color="brand">
        {name.slice(0, 1)}
      </Avatar>
      <Stack gap={6} align="flex-start">
        <FileButton
          onChange={(file) => file && onSelect(file)}
          accept={IMAGE_EXTENSIONS.join(',')}
          inputProps={{ 'aria-label': t('avatar.choose'), 'data-testid': 'avatar-input' } as object}
        >
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={busy}>
              {t('avatar.choose')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('avatar.hint', { types: IMAGE_EXTENSIONS.join(' ') })}
        </Text>
        {error && (
          <Text size="xs" c="red" role="alert" data-testid="avatar-error">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
