import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import classes from './Shell.module.css';

export type CrumbView = {
  id: string;
  /** In the current language. */
  title: string;
  /** A page to go to; null for a menu catalog (plain text). */
  path: string | null;
  /** The page shown (the last crumb). */
  current: boolean;
};

type BreadcrumbBarProps = {
  crumbs: CrumbView[];
  /** The accessible name of the trail. */
  label: string;
  onSelect: (path: string) => void;
};

/**
 * The breadcrumbs above the page content: where the page lives in the menu tree. Pages are links (also
 * the current one, marked `aria-current="page"`), catalogs plain text.
 */
export function BreadcrumbBar({ crumbs, label, onSelect }: BreadcrumbBarProps) {
  return (
    <nav aria-label={label} className={classes.breadcrumbs} data-testid="breadcrumbs">
      <MantineBreadcrumbs separator="/" separatorMargin={6}>
        {crumbs.map((crumb) =>
          crumb.path === null ? (
            <Text key={crumb.id} span size="sm" c="dimmed">
              {crumb.title}
            </Text>
          ) : (
            <Anchor
              key={crumb.id}
              href={crumb.path}
              size="sm"
              c={crumb.current ? 'dimmed' : undefined}
              aria-current={crumb.current ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                if (crumb.path !== null) onSelect(crumb.path);
              }}
            >
              {crumb.title}
            </Anchor>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
