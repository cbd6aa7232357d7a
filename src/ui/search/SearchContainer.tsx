import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INDEX_PATH } from '../../machines/routeGuard/paths.ts';
import { selectMenuRecords } from '../../machines/routeGuard/selectors.ts';
import { buildSearchIndex, searchIndex } from '../../machines/search/searchIndex.ts';
import { selectIsSearchOpen, selectSearchQuery } from '../../machines/search/selectors.ts';
import { useRouteGuardRef, useSearchRef } from '../app/actor.ts';
import { SearchButton } from '../shell/header/SearchButton.tsx';
import { useSearchHotkey } from './hotkey.ts';
import { SearchSpotlight } from './SearchSpotlight.tsx';

/** At most this many rows are drawn; the scorer ranks the rest out. */
const MAX_RESULTS = 50;

/**
 * The header's search tool and panel, over every menu leaf of the signed-in user; the panel's state is the
 * shell's `search` chart (choosing an entry navigates through the chart's bound `openEntry`).
 */
export function SearchContainer() {
  const { t } = useTranslation('shell');
  const menus = useSelector(useRouteGuardRef(), selectMenuRecords);
  const search = useSearchRef();
  const opened = useSelector(search, selectIsSearchOpen);
  const query = useSelector(search, selectSearchQuery);
  const consoleTitle = t('console');
  const index = useMemo(
    () => buildSearchIndex(menus, { console: { title: consoleTitle, path: INDEX_PATH } }),
    [menus, consoleTitle],
  );
  const hits = useMemo(() => searchIndex(index, query, MAX_RESULTS), [index, query]);
  useSearchHotkey(() => search.send({ type: 'search.opened' }), !opened);

  return (
    <>
      <SearchButton onOpen={() => search.send({ type: 'search.toggled' })} />
      <SearchSpotlight
        opened={opened}
        query={query}
        hits={hits}
        onQueryChange={(q) => search.send({ type: 'search.queryChanged', query: q })}
        onClose={() => search.send({ type: 'search.closed' })}
        onChoose={(entry) => search.send({ type: 'search.entryChosen', entry })}
      />
    </>
  );
}
