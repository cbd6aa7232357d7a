import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlyphName } from '../icons/glyphs.ts';
import { Icon } from '../icons/Icon.tsx';
import type { MenuNode } from '../shell/menu-tree.ts';
import classes from './Pages.module.css';

export type IndexViewProps = {
  siteName: string;
  user: {
    name: string | null;
    username?: string | null;
    avatar?: string | null;
    dept: string | null;
    roles: string[];
  };
  /** Counts from data the shell already loaded; null when that data is not (yet) there. */
  stats: { menus: number | null; departments: number | null; dictionaries: number | null };
  /** Counts whose data the server refused this user at start-up (no permission): said so on the card. */
  refused?: readonly string[];
  /** Pages of the side menu, offered as shortcuts. */
  shortcuts: MenuNode[];
  onOpen: (node: MenuNode) => void;
  /** Hour of day for the greeting (injected so the view stays pure). */
  hour: number;
  /** The live feed panel, between the counts and the shortcuts. */
  feed?: ReactNode;
  /** The operator's overview (business figures), above the feed; absent or empty for users refused it. */
  overview?: ReactNode;
};

/** 控制台: who is signed in, honest counts of what the console loaded, and shortcuts into the menu. */
export function IndexView({
  siteName,
  user,
  stats,
  refused = [],
  shortcuts,
  onOpen,
  hour,
  feed,
  overview,
}: IndexViewProps) {
  const { t } = useTranslation('pages');
  const greeting = hour < 12 ? 'greeting_morning' : hour < 18 ? 'greeting_afternoon' : 'greeting_evening';
  const cards: { key: keyof IndexViewProps['stats']; icon: GlyphName; color: string }[] = [
    { key: 'menus', icon: 'bars', color: 'brand' },
    { key: 'departments', icon: 'sitemap', color: 'teal' },
    { key: 'dictionaries', icon: 'book', color: 'grape' },
  ];
  return (
    <div className={classes.stack}>
      <Card className={classes.welcome} radius="lg" padding="xl">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} className={classes.welcomeTitle}>
              {t(`index.${greeting}`, { name: user.name ?? user.username ?? '' })}
            </Title>
            <Text c="dimmed" mt={6}>
              {t('index.welcome', { site: siteName })}
            </Text>
            <Group gap="xl" mt="lg">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t('index.dept')}
                </Text>
                <Text fw={500} data-testid="welcome-dept">
                  {user.dept || t('index.no_dept')}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t('index.roles')}
                </Text>
                <Group gap={6} mt={2} data-testid="welcome-roles">
                  {user.roles.length ? (
                    user.roles.map((role) => (
                      <Badge key={role} variant="light" radius="sm">
                        {role}
                      </Badge>
                    ))
                  ) : (
                    <Text fw={500}>{t('index.no_roles')}</Text>
                  )}
                </Group>
              </div>
            </Group>
          </div>
          <div className={classes.welcomeArt} aria-hidden="true">
            <img src="/logo.svg" alt="" />
          </div>
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {cards.map((card) => (
          <Card key={card.key} radius="lg" padding="lg" className={classes.stat} data-stat={card.key}>
            <Group justify="space-between" align="flex-start">
              <div>
                <Text size="sm" c="dimmed" fw={500}>
                  {t(`index.${card.key}`)}
                </Text>
                <Text className={classes.statValue}>{stats[card.key] ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {refused.includes(card.key)
                    ? t('index.refused')
                    : stats[card.key] === null
                      ? t('index.not_loaded')
                      : t(`index.${card.key}_hint`)}
                </Text>
              </div>
              <ThemeIcon variant="light" color={card.color} size={44} radius="md">
                <Icon name={card.icon} size={22} />
              </ThemeIcon>
            </Group>
          </Card>
        ))}
      </SimpleGrid>

      {overview}

      {feed}

      <Card radius="lg" padding="lg">
        <Text fw={600} mb="md">
          {t('index.shortcuts')}
        </Text>
        {shortcuts.length ? (
          <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="sm">
            {shortcuts.map((node) => (
              <UnstyledButton key={node.id} className={classes.shortcut} onClick={() => onOpen(node)}>
                <ThemeIcon variant="light" size={36} radius="md">
                  <Icon fa={node.icon} size={18} />
                </ThemeIcon>
                <Text size="sm" fw={500} lineClamp={1}>
                  {node.title}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed" size="sm">
            {t('index.no_shortcuts')}
          </Text>
        )}
      </Card>
    </div>
  );
}
