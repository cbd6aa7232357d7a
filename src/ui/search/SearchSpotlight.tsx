import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/spotlight/styles.css';
import { Badge, Group, Kbd, Text } from '@mantine/core';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { useEffect, useState } from 'react';
import { Trans } from 'react-i18next';
import type { SearchEntry, SearchHit } from '../../machines/search/searchIndex.ts';
import { Icon } from '../icons/Icon.tsx';
import { useHeaderTranslation } from '../shell/header/i18n.ts';

export type SearchSpotlightProps = {
  /** The chart's state: the spotlight never opens or closes on its own. */
  opened: boolean;
  query: string;
  /** Already filtered and ranked (./index.ts). */
  hits: readonly SearchHit[];
  onQueryChange: (query: string) => void;
  /** Esc, a click on the overlay. */
  onClose: () => void;
  onChoose: (entry: SearchEntry) => void;
};

/**
 * The search panel: Mantine's spotlight as a controlled skin. Its store only mirrors `opened` (so arrows
 * and Enter keep working); its own shortcut is off (the `s` hotkey sends to the chart instead).
 */
export function SearchSpotlight({
  opened,
  query,
  hits,
  onQueryChange,
  onClose,
  onChoose,
}: SearchSpotlightProps) {
  const { t } = useHeaderTranslation();
  const [[store, actions]] = useState(createSpotlight);
  useEffect(() => {
    if (opened) actions.open();
    else actions.close();
  }, [opened, actions]);

  return (
    <Spotlight.Root
      store={store}
      shortcut={null}
      query={query}
      onQueryChange={onQueryChange}
      onSpotlightClose={onClose}
      closeOnActionTrigger={false}
      scrollable
      maxHeight={460}
      size={640}
      styles={{ actionDescription: { whiteSpace: 'pre-line' } }}
      // the dialog has no visible title: its name is what it does
      attributes={{ content: { 'aria-label': t('search.placeholder') } }}
    >
      <Spotlight.Search
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        leftSection={<Icon name="search" size={18} />}
        data-testid="search-input"
      />
      <Text size="xs" c="dimmed" ta="center" py={6} data-testid="search-hint">
        <Trans t={t} i18nKey="search.hint" components={{ k: <Kbd size="xs" /> }} />
      </Text>
      <Spotlight.ActionsList aria-label={t('search.results')}>
        {hits.length > 0 ? (
          hits.map(({ entry }) => (
            <Spotlight.Action
              key={entry.id}
              onClick={() => onChoose(entry)}
              leftSection={<Icon fa={entry.icon} size={20} />}
              label={entry.name}
              highlightQuery
              description={`${entry.title}\n${entry.path}`}
              rightSection={
                <Group gap={6} wrap="nowrap">
                  {entry.external && <Icon name="external" size={14} />}
                  {entry.hidden && (
                    <Badge size="xs" variant="default">
                      {t('search.hidden')}
                    </Badge>
                  )}
                </Group>
              }
              data-testid="search-result"
              data-path={entry.path}
            />
          ))
        ) : (
          <Spotlight.Empty>{t('search.empty')}</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
