import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon.tsx';
import classes from './Shell.module.css';

export type UserMenuProps = {
  /** Display name; null when nobody is signed in (未登录). */
  name: string | null;
  /** Absolute avatar URL, if the user has one. */
  avatar: string | null;
  version: string;
  onUserInfo: () => void;
  onMessages: () => void;
  onLogout: () => void;
};

/** The header's user dropdown: 你好 {name}, the app version, 个人信息 / 站内信 / 注销. */
export function UserMenu({ name, avatar, version, onUserInfo, onMessages, onLogout }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const greeting = name ? t('hello', { name }) : t('not_logged_in');
  return (
    <Menu position="bottom-end" offset={6} shadow="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} data-testid="user-menu">
          <Avatar src={avatar} alt={name ?? ''} radius="xl" size={30} color="brand">
            {name ? name.slice(0, 1) : <Icon name="user" size={16} />}
          </Avatar>
          <span className={classes.userName}>{greeting}</span>
          <Icon name="chevronDown" size={14} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('version', { version })}</Menu.Label>
        <Menu.Item leftSection={<Icon name="user" size={16} />} onClick={onUserInfo}>
          {t('user_info')}
        </Menu.Item>
        <Menu.Item leftSection={<Icon name="envelope" size={16} />} onClick={onMessages}>
          {t('user_message')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<Icon name="logout" size={16} />} onClick={onLogout}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
