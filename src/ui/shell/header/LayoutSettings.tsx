import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Stack.css';
import { NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useHeaderTranslation } from './i18n.ts';

/** The layout preferences toggled here (the aside collapse has its own header button). */
export const LAYOUT_TOGGLES = ['breadcrumbs', 'pageTransition', 'asideTransition'] as const;
export type LayoutToggle = (typeof LAYOUT_TOGGLES)[number];

export type LayoutSettingsProps = {
  values: Record<LayoutToggle, boolean>;
  onToggle: (name: LayoutToggle) => void;
  /** The most open tabs (the tabs chart's limit), and its bounds. */
  tabLimit: number;
  tabLimitRange: { min: number; max: number };
  /** Called with a whole number within the bounds (clamped), when the field is left or Enter is pressed. */
  onTabLimitChange: (limit: number) => void;
  /** The preferences are not restored yet. */
  disabled?: boolean;
  /** The tab list (and its limit) is not restored yet. */
  tabLimitDisabled?: boolean;
};

/**
 * The 布局 section of the theme dialog: switches for the breadcrumbs, the page transition and the aside
 * transition, and the most tabs to keep open. Controlled by the charts: each switch sends its toggle; the
 * tab limit field is committed on blur or Enter (typing "15" must not set 1 on the way), clamped to the
 * bounds, and starts again from the chart's value whenever that changes or the entry was not a number.
 */
export function LayoutSettings({
  values,
  onToggle,
  tabLimit,
  tabLimitRange,
  onTabLimitChange,
  disabled,
  tabLimitDisabled,
}: LayoutSettingsProps) {
  const { t } = useHeaderTranslation();
  // Remounts the field (showing the chart's value again) after an entry that is not a number.
  const [reset, setReset] = useState(0);
  const commit = (raw: string) => {
    const typed = Number.parseInt(raw, 10);
    if (Number.isNaN(typed)) return setReset((n) => n + 1);
    const limit = Math.min(tabLimitRange.max, Math.max(tabLimitRange.min, typed));
    if (limit !== tabLimit) onTabLimitChange(limit);
  };
  return (
    <Stack gap="sm" data-testid="layout-settings">
      <Text fw={500} size="sm">
        {t('layout.title')}
      </Text>
      {LAYOUT_TOGGLES.map((name) => (
        <Switch
          key={name}
          label={t(`layout.${name}`)}
          checked={values[name]}
          disabled={disabled}
          onChange={() => onToggle(name)}
        />
      ))}
      <NumberInput
        key={`${tabLimit}#${reset}`}
        data-testid="tab-limit"
        label={t('layout.tabLimit')}
        description={t('layout.tabLimitHint', tabLimitRange)}
        defaultValue={tabLimit}
        min={tabLimitRange.min}
        max={tabLimitRange.max}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="blur"
        disabled={tabLimitDisabled}
        w={220}
        onBlur={(event) => commit(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
    </Stack>
  );
}
