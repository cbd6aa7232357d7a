import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Input.css';
import {
  ActionIcon,
  Button,
  ColorSwatch,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { normalizeHex } from '../../../machines/preferences/palette.ts';
import { Icon } from '../../icons/Icon.tsx';
import { COLOR_PRESETS } from './colors.ts';
import { useHeaderTranslation } from './i18n.ts';

export type ColorPickerProps = {
  /** The current theme colour, `#RRGGBB`. */
  value: string;
  disabled?: boolean;
  onChange: (color: string) => void;
};

/**
 * Header tool: the theme colour. Seven presets and a custom `#RRGGBB` field; each choice goes to the chart,
 * which validates, saves and applies it. Only the custom field's draft text is local.
 */
export function ColorPicker({ value, disabled, onChange }: ColorPickerProps) {
  const { t } = useHeaderTranslation();
  const [draft, setDraft] = useState('');
  const custom = normalizeHex(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (custom) onChange(custom);
  };
  return (
    <Popover position="bottom-end" offset={6} shadow="md" withinPortal disabled={disabled} width={260}>
      <Popover.Target>
        <Tooltip label={t('color.tooltip')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="md"
            aria-label={t('color.tooltip')}
            disabled={disabled}
            data-testid="header-color"
          >
            <ColorSwatch color={value} size={18} radius="sm" />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t('color.title')}
          </Text>
          <Group gap={8} role="radiogroup" aria-label={t('color.presets')}>
            {COLOR_PRESETS.map((color) => {
              const active = color === value.toUpperCase();
              return (
                <ColorSwatch
                  key={color}
                  component="button"
                  type="button"
                  role="radio"
                  aria-checked={active}
                  aria-label={color}
                  color={color}
                  size={24}
                  radius="sm"
                  onClick={() => !active && onChange(color)}
                  style={{ color: '#fff', cursor: 'pointer' }}
                  data-testid="color-preset"
                >
                  {active && <Icon name="check" size={14} />}
                </ColorSwatch>
              );
            })}
          </Group>
          <form onSubmit={submit}>
            <Group gap={6} wrap="nowrap" align="flex-end">
              <TextInput
                size="xs"
                label={t('color.custom')}
                placeholder="#409EFF"
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                error={draft && !custom ? t('color.invalid') : undefined}
                leftSection={custom ? <ColorSwatch color={custom} size={14} /> : undefined}
                style={{ flex: 1 }}
              />
              <Button size="xs" type="submit" disabled={!custom}>
                {t('color.apply')}
              </Button>
            </Group>
          </form>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
