import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../services/i18n/index.ts';
import { Icon } from '../icons/Icon.tsx';

type LanguageMenuProps = {
  value: string;
  onChange: (language: string) => void;
};

/** Header language switch: an icon button with the languages in a dropdown, the current one checked. */
export function LanguageMenu({ value, onChange }: LanguageMenuProps) {
  const { t } = useTranslation('shell');
  return (
    <Menu position="bottom-end" offset={6} shadow="md" withinPortal>
      <Menu.Target>
        <Tooltip label={t('language')} withArrow>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="md" aria-label={t('language')}>
            <Icon name="language" size={19} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            onClick={() => lng !== value && onChange(lng)}
            rightSection={lng === value ? '✓' : undefined}
            fw={lng === value ? 600 : undefined}
          >
            {t(`languages.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
