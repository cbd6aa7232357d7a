import { Avatar, Badge, Indicator, Menu, UnstyledButton } from '@mantine/core';
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
  /** Unread in-site messages (null or 0: no badge); shown on the avatar and the 站内信 entry, capped at 99+. */
  unread?: number | null;
};

const MAX_BADGE = 99;

/** The header's user dropdown: 你好 {name}, the app version, 个人信息 / 站内信 / 注销. */
export function UserMenu({
  name,
  avatar,
  version,
  onUserInfo,
  onMessages,
  onLogout,
  unread = null,
}: UserMenuProps) {
  const { t } = useTranslation('shell');
  const greeting = name ? t('hello', { name }) : t('not_logged_in');
  const count = unread && unread > 0 ? (unread > MAX_BADGE ? `${MAX_BADGE}+` : String(unread)) : null;
  return (
    <Menu position="bottom-end" offset={6} shadow="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} data-testid="user-menu">
          <Indicator color="red" size={8} offset={3} disabled={!count} aria-hidden>
            <Avatar src={avatar} alt={name ?? ''} radius="xl" size={30} color="brand">
              {name ? name.slice(0, 1) : <Icon name="user" size={16} />}
            </Avatar>
          </Indicator>
          <span className={classes.userName}>{greeting}</span>
          <Icon name="chevronDown" size={14} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('version', { version })}</Menu.Label>
        <Menu.Item leftSection={<Icon name="user" size={16} />} onClick={onUserInfo}>
          {t('user_info')}
        </Menu.Item>
        <Menu.Item
          leftSection={<Icon name="envelope" size={16} />}
          rightSection={
            count && (
              <Badge
                size="xs"
                color="red"
                variant="filled"
                circle={count.length < 2}
                data-testid="unread-badge"
                aria-label={t('unread_count', { count: unread ?? 0 })}
              >
                {count}
              </Badge>
            )
          }
          onClick={onMessages}
        >
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
