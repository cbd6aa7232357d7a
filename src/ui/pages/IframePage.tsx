import { Anchor, Group, Loader, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon.tsx';
import classes from './IframePage.module.css';

/** Sandbox of a framed site: its scripts, forms, popups and its own origin's storage — not the console's. */
const SANDBOX = ['allow-scripts', 'allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox'];

/**
 * The sandbox for `src`. `allow-same-origin` lets the framed site keep its own cookies and storage; with
 * scripts allowed, a page on the console's own origin could then lift its sandbox and reach the console, so
 * such a page never gets it.
 */
export function sandboxFor(src: string, origin = globalThis.location?.origin): string {
  let sameOrigin = false;
  try {
    sameOrigin = new URL(src).origin === origin;
  } catch {
    sameOrigin = true;
  }
  return (sameOrigin ? SANDBOX : [...SANDBOX, 'allow-same-origin']).join(' ');
}

/**
 * An embedded link's tab (a menu `is_link` with `frame_out: false`): the address in a sandboxed iframe that
 * fills the page, a spinner until it has loaded, and a way out to a new window for sites that refuse to be
 * framed. The route is always kept alive, so switching tabs keeps the framed page and its state; refreshing
 * the tab remounts this component (the frame loads again); closing the tab drops it.
 */
export function IframePage({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation('pages');
  const [loaded, setLoaded] = useState(false);
  return (
    <Paper className={classes.frame} radius="md" withBorder data-testid="iframe-page">
      <Group className={classes.bar} justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" truncate title={src}>
          {src}
        </Text>
        <Anchor href={src} target="_blank" rel="noopener noreferrer" size="xs" className={classes.outside}>
          <Icon name="external" size={14} />
          {t('iframe.open_outside')}
        </Anchor>
      </Group>
      <div className={classes.body}>
        {loaded ? null : (
          <div className={classes.loading} role="status" aria-live="polite">
            <Loader size="md" />
            <Text size="sm" c="dimmed">
              {t('iframe.loading', { title })}
            </Text>
          </div>
        )}
        <iframe
          className={classes.iframe}
          src={src}
          title={t('iframe.frame_title', { title })}
          sandbox={sandboxFor(src)}
          referrerPolicy="no-referrer"
          aria-busy={!loaded}
          onLoad={() => setLoaded(true)}
        />
      </div>
    </Paper>
  );
}
