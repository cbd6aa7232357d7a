import '@mantine/core/styles/Image.css';
import { Badge, Button, Card, Image, Modal, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import type { Theme } from '../../../machines/preferences/types.ts';
import { Svg } from '../../icons/Svg.tsx';
import { useHeaderTranslation } from './i18n.ts';
import { ToolButton } from './ToolButton.tsx';

const GEM = ['M6 3h12l4 6-10 12L2 9z', 'M2 9h20', 'M12 21L8 9l4-6 4 6z'];

export type ThemeDialogProps = {
  themes: readonly Theme[];
  /** The active theme's name. */
  value: string;
  disabled?: boolean;
  onChange: (name: string) => void;
};

/**
 * Header tool 主题: a dialog with each theme's preview and a 使用 button, the active one marked. Whether
 * the dialog is open is view state (the preferences chart deliberately leaves it out).
 */
export function ThemeDialog({ themes, value, disabled, onChange }: ThemeDialogProps) {
  const { t } = useHeaderTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ToolButton
        label={t('theme.tooltip')}
        onClick={() => setOpened(true)}
        disabled={disabled}
        testId="header-theme"
      >
        <Svg paths={GEM} size={19} />
      </ToolButton>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('theme.title')} size="xl" centered>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {themes.map((theme) => {
            const active = theme.name === value;
            const title = t(`theme.names.${theme.name}`, { defaultValue: theme.title });
            return (
              <Card
                key={theme.name}
                withBorder
                padding="sm"
                radius="md"
                data-testid={`theme-${theme.name}`}
                data-active={active || undefined}
                style={
                  active ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
                }
              >
                <Card.Section>
                  <Image src={theme.preview} alt={title} h={96} fit="cover" />
                </Card.Section>
                <Text fw={600} size="sm" mt="sm" truncate title={title}>
                  {title}
                </Text>
                {active ? (
                  <Badge mt="xs" color="green" variant="light" fullWidth size="lg">
                    {t('theme.active')}
                  </Badge>
                ) : (
                  <Button
                    mt="xs"
                    size="xs"
                    variant="default"
                    fullWidth
                    onClick={() => onChange(theme.name)}
                    aria-label={`${t('theme.use')} ${title}`}
                  >
                    {t('theme.use')}
                  </Button>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
      </Modal>
    </>
  );
}
