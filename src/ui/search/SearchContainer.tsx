import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { INDEX_PATH } from '../../machines/routeGuard/paths.ts';
import { selectMenuRecords } from '../../machines/routeGuard/selectors.ts';
import { useRouteGuardRef } from '../app/actor.ts';
import { SearchButton } from '../shell/header/SearchButton.tsx';
import { useSearchHotkey } from './hotkey.ts';
import { buildSearchIndex, type SearchEntry, searchIndex } from './index.ts';
import { SearchSpotlight } from './SearchSpotlight.tsx';
import { searchMachine, selectIsSearchOpen, selectSearchQuery } from './search.machine.ts';

/** At most this many rows are drawn; the scorer ranks the rest out. */
const MAX_RESULTS = 50;

/** The header's search tool and panel, over every menu leaf of the signed-in user. */
export function SearchContainer() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const menus = useSelector(useRouteGuardRef(), selectMenuRecords);
  // `provide` keeps the chart's config, so the actor is created once and takes fresh implementations.
  const search = useActorRef(
    searchMachine.provide({
      actions: {
        openEntry: (_, { entry }: { entry: SearchEntry }) => {
          if (entry.external) window.open(entry.path, '_blank', 'noopener,noreferrer');
          else navigate(entry.path);
        },
      },
    }),
  );
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
