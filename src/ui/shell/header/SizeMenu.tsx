import { Menu } from '@mantine/core';
import { SIZES, type Size } from '../../../machines/preferences/types.ts';
import { Svg } from '../../icons/Svg.tsx';
import { useHeaderTranslation } from './i18n.ts';
import { ToolButton } from './ToolButton.tsx';

const TEXT_SIZE = ['M4 20L10 4h1l6 16', 'M6.5 14h8', 'M17 20h4'];

export type SizeMenuProps = {
  value: Size;
  disabled?: boolean;
  onChange: (size: Size) => void;
};

/** Header tool: component size 默认 / 中 / 小 / 最小, the current one checked. */
export function SizeMenu({ value, disabled, onChange }: SizeMenuProps) {
  const { t } = useHeaderTranslation();
  return (
    <Menu position="bottom-end" offset={6} shadow="md" withinPortal disabled={disabled}>
      <Menu.Target>
        <ToolButton label={t('size.tooltip')} disabled={disabled} testId="header-size">
          <Svg paths={TEXT_SIZE} size={19} />
        </ToolButton>
      </Menu.Target>
      <Menu.Dropdown>
        {SIZES.map((size) => (
          <Menu.Item
            key={size}
            aria-checked={size === value}
            onClick={() => size !== value && onChange(size)}
            rightSection={size === value ? <span aria-hidden="true">✓</span> : undefined}
            fw={size === value ? 600 : undefined}
          >
            {t(`size.${size}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
