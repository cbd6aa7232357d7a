import { memo } from 'react';
import type { Item } from '../../machines/feed/types.ts';
import classes from './Feed.module.css';

/** The row's translated labels, made once per list (not once per row) by the list. */
export type RowLabels = {
  price(value: string): string;
  seller(name: string): string;
};

type LiveItemRowProps = {
  item: Item;
  /** Turns the item's image path into a URL (relative `media/…` paths live on the API origin). */
  resolveUrl: (url: string) => string;
  labels: RowLabels;
};

/**
 * One live item: thumbnail, title linking to the listing (new window), price, seller, keywords, time.
 * Plain elements styled by Feed.module.css, no Mantine components and no hooks: at the server's fastest
 * rate the whole list turns over several times a second, so a row must be cheap to mount (the bench's
 * feed.frames.dropped and feed.longtask.max, scripts/bench-feed.ts).
 */
export const LiveItemRow = memo(function LiveItemRow({ item, resolveUrl, labels }: LiveItemRowProps) {
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
        <div className={classes.headline}>{title}</div>
        <div className={classes.meta}>
          {item.price != null && <span className={classes.price}>{labels.price(item.price.toFixed(2))}</span>}
          {item.seller && <span className={classes.dimmed}>{labels.seller(item.seller)}</span>}
          {(item.keywords ?? []).map((keyword) => (
            <span key={keyword} className={classes.keyword}>
              {keyword}
            </span>
          ))}
        </div>
      </div>
      {item.time && <span className={`${classes.dimmed} ${classes.time}`}>{item.time}</span>}
    </div>
  );
});
