import { Badge, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Feed.module.css';
import type { Item } from './types.ts';

type LiveItemRowProps = {
  item: Item;
  /** Turns the item's image path into a URL (relative `media/…` paths live on the API origin). */
  resolveUrl: (url: string) => string;
};

/** One live item: thumbnail, title linking to the listing (new window), price, seller, keywords, time. */
export const LiveItemRow = memo(function LiveItemRow({ item, resolveUrl }: LiveItemRowProps) {
  const { t } = useTranslation('feed');
  const title = item.url ? (
    <a className={classes.title} href={item.url} target="_blank" rel="noopener noreferrer">
      {item.title}
    </a>
  ) : (
    <span>{item.title}</span>
  );
  return (
    <div className={classes.row} data-testid="feed-item" data-id={item.id}>
      {item.image ? (
        <img className={classes.thumb} src={resolveUrl(item.image)} alt="" loading="lazy" />
      ) : (
        <div className={classes.thumb} aria-hidden="true" />
      )}
      <div className={classes.body}>
        <Text size="sm" lineClamp={2}>
          {title}
        </Text>
        <Group gap={8} mt={4} wrap="wrap">
          {item.price != null && (
            <span className={classes.price}>{t('price', { value: item.price.toFixed(2) })}</span>
          )}
          {item.seller && (
            <Text size="xs" c="dimmed">
              {t('seller', { name: item.seller })}
            </Text>
          )}
          {(item.keywords ?? []).map((keyword) => (
            <Badge key={keyword} size="xs" variant="light" radius="sm" tt="none">
              {keyword}
            </Badge>
          ))}
        </Group>
      </div>
      {item.time && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {item.time}
        </Text>
      )}
    </div>
  );
});
