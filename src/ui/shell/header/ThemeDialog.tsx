import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Divider.css';
import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Image,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Text,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { COLOR_SCHEMES, type ColorScheme, type Theme } from '../../../machines/preferences/types.ts';
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
  /** 外观: light, dark or follow the system. */
  colorScheme: ColorScheme;
  onColorSchemeChange: (scheme: ColorScheme) => void;
  /** The 布局 section below the themes (LayoutSettings). */
  layout?: ReactNode;
};

/**
 * Header tool 主题: a dialog with the 外观 control (浅色 / 深色 / 跟随系统) above each theme's preview and a
 * 使用 button, the active one marked, then the 布局 section (layout preferences). Whether the dialog is
 * open is view state (the preferences chart deliberately leaves it out).
 */
export function ThemeDialog({
  themes,
  value,
  disabled,
  onChange,
  colorScheme,
  onColorSchemeChange,
  layout,
}: ThemeDialogProps) {
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
        <Group gap="md" mb="md">
          <Text fw={500} size="sm" id="color-scheme-label">
            {t('colorScheme.label')}
          </Text>
          <SegmentedControl
            data-testid="color-scheme"
            aria-labelledby="color-scheme-label"
            value={colorScheme}
            onChange={(scheme) => onColorSchemeChange(scheme as ColorScheme)}
            data={COLOR_SCHEMES.map((scheme) => ({ value: scheme, label: t(`colorScheme.${scheme}`) }))}
          />
        </Group>
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
        {layout ? (
          <>
            <Divider my="lg" />
            {layout}
          </>
        ) : null}
      </Modal>
    </>
  );
}
