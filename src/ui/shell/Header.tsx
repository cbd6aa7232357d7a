import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import classes from './Shell.module.css';
import { UserMenu, type UserMenuProps } from './UserMenu.tsx';

/** The right-side tools, each already wired (seed §2 order); a missing one is simply left out. */
export type HeaderTools = {
  search?: ReactNode;
  log?: ReactNode;
  fullscreen?: ReactNode;
  theme?: ReactNode;
  size?: ReactNode;
  color?: ReactNode;
  /** Tools that plugins add (src/ui/plugins), after the built-in ones. */
  plugins?: ReactNode;
};

export type HeaderProps = UserMenuProps & {
  productName: string;
  logo: string | null;
  collapsed: boolean;
  onToggleAside: () => void;
  language: string;
  onLanguageChange: (language: string) => void;
  /** Between the aside toggle and the tools (the top menu). */
  center?: ReactNode;
  tools?: HeaderTools;
};

/**
 * Logo and product name (a single character when collapsed), aside toggle, then the tools on the right:
 * search, frontend log, fullscreen, theme, component size, language, colour, user dropdown.
 */
export function Header({
  productName,
  logo,
  collapsed,
  onToggleAside,
  language,
  onLanguageChange,
  center,
  tools = {},
  ...user
}: HeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <div className={classes.header}>
      <div className={classes.brand} data-collapsed={collapsed || undefined}>
        <img src={logo || '/logo.svg'} alt="" className={classes.brandLogo} />
        {!collapsed && (
          <span className={classes.brandName} data-testid="brand-name">
            {productName}
          </span>
        )}
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
      {center}
      <Group gap={4} ml="auto" wrap="nowrap" data-testid="header-tools">
        {tools.search}
        {tools.log}
        {tools.fullscreen}
        {tools.theme}
        {tools.size}
        <LanguageMenu value={language} onChange={onLanguageChange} />
        {tools.color}
        {tools.plugins}
        <UserMenu {...user} />
      </Group>
    </div>
  );
}
