import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { fetchPage } from '../../services/api/list.ts';
import { buildTree, type TreeRow } from '../../services/api/tree.ts';
import { useCrudEnv } from './env.tsx';
import { type ListState, listParams, nextOrdering } from './query.ts';
import type { CrudOption, CrudResource, FormValues, Row } from './types.ts';

const rowSchema = z.looseObject({ id: z.union([z.number(), z.string()]) });

/**
 * The table's data: server paging, ordering, filters, and the lazily loaded children of tree rows
 * (`lazy=1&parent=<id>`). Every change of the request state refetches; `reload` refetches as is.
 */
export function useCrudList(resource: CrudResource) {
  const { http } = useCrudEnv();
  const [state, setState] = useState<ListState>({ page: 1, limit: 10, ordering: '', filters: {} });
  const [data, setData] = useState<{ rows: Row[]; total: number }>({ rows: [], total: 0 });
  const [children, setChildren] = useState<Record<string, Row[]>>({});
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    void version;
    const controller = new AbortController();
    setLoading(true);
    const params = listParams(resource, state);
    const { signal } = controller;
    fetchPage(http, resource.url, rowSchema, params, { signal })
      .then(async (page) => {
        const rows = page.data as Row[];
        if (resource.tree && !rows.length && !Object.values(state.filters).some(Boolean)) {
          // A user whose data scope hides the top of the tree gets no roots from `lazy=1`: show what they
          // may see as a tree whose roots are the rows with an invisible parent.
          const { lazy: _, ...all } = params;
          const flat = await fetchPage(http, resource.url, rowSchema, { ...all, limit: 999 }, { signal });
          return setData({ rows: buildTree(flat.data as (Row & TreeRow)[]), total: flat.total });
        }
        setData({ rows, total: page.total });
        setChildren({});
      })
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [http, resource, state, version]);

  const loadChildren = useCallback(
    async (id: Row['id']) => {
      const params = { lazy: 1, parent: id, limit: 999, ...resource.params };
      const page = await fetchPage(http, resource.url, rowSchema, params);
      setChildren((c) => ({ ...c, [String(id)]: page.data as Row[] }));
    },
    [http, resource],
  );

  return {
    state,
    rows: data.rows,
    total: data.total,
    children,
    loading,
    loadChildren,
    reload: useCallback(() => setVersion((v) => v + 1), []),
    search: (filters: FormValues) => setState((s) => ({ ...s, page: 1, filters })),
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setLimit: (limit: number) => setState((s) => ({ ...s, page: 1, limit })),
    sort: (field: string) => setState((s) => ({ ...s, ordering: nextOrdering(s.ordering, field) })),
  };
}
export type CrudList = ReturnType<typeof useCrudList>;

/** Options of the fields that load them (roles…), fetched once per resource. */
export function useLoadedOptions(resource: CrudResource): Record<string, CrudOption[]> {
  const { http } = useCrudEnv();
  const [loaded, setLoaded] = useState<Record<string, CrudOption[]>>({});
  useEffect(() => {
    let live = true;
    for (const field of resource.fields) {
      if (!field.loadOptions) continue;
      field
        .loadOptions(http)
        .then((options) => {
          if (live) setLoaded((l) => ({ ...l, [field.name]: options }));
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [http, resource]);
  return loaded;
}
