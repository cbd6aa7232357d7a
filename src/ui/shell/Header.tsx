import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import classes from './Shell.module.css';
import { UserMenu, type UserMenuProps } from './UserMenu.tsx';

export type HeaderProps = UserMenuProps & {
  productName: string;
  logo: string | null;
  collapsed: boolean;
  onToggleAside: () => void;
  language: string;
  onLanguageChange: (language: string) => void;
};

/** Logo and product name (a single character when collapsed), aside toggle, then the tools on the right. */
export function Header({
  productName,
  logo,
  collapsed,
  onToggleAside,
  language,
  onLanguageChange,
  ...user
}: HeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <div className={classes.header}>
      <div className={classes.brand} data-collapsed={collapsed || undefined}>
        <img src={logo || '/logo.svg'} alt="" className={classes.brandLogo} />
        {!collapsed && <span className={classes.brandName}>{productName}</span>}
      </div>
      <Tooltip label={t('toggle_aside')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="md"
          onClick={onToggleAside}
          aria-label={t('toggle_aside')}
          aria-expanded={!collapsed}
        >
          <Icon name="bars" size={20} />
        </ActionIcon>
      </Tooltip>
      <Group gap={6} ml="auto" wrap="nowrap">
        <LanguageMenu value={language} onChange={onLanguageChange} />
        <UserMenu {...user} />
      </Group>
    </div>
  );
}
