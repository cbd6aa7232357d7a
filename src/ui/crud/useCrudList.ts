import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { listMachine } from '../../machines/crud/list.machine.ts';
import { selectTaskError, selectTaskOutput } from '../../machines/crud/selectors.ts';
import { createCrudListImplementations } from '../../services/implementations/crud.ts';
import { showNotice } from '../../services/notify.ts';
import { useTaskActor } from './actors.ts';
import { useCrudEnv } from './env.tsx';
import { listParams, treeLoad } from './query.ts';
import type { CrudOption, CrudResource } from './types.ts';

/**
 * The table's list chart (src/machines/crud/list.machine.ts) bound to the env's http client and the
 * resource's path and row schema. A change of the resource's fixed `params` (the user page's department)
 * searches again with the same filters.
 */
export function useCrudList(resource: CrudResource) {
  const { http } = useCrudEnv();
  const { i18n } = useTranslation();
  const latest = useRef(resource);
  latest.current = resource;
  const logic = useMemo(
    () =>
      listMachine.provide(
        createCrudListImplementations({
          http,
          path: latest.current.url,
          ...(latest.current.row ? { row: latest.current.row } : {}),
          tree: treeLoad(latest.current),
          params: (query) => listParams(latest.current, query),
          fixedParams: () => latest.current.params ?? {},
          notify: showNotice,
          t: (key, options) => i18n.t(key, options),
        }),
      ),
    [http, i18n],
  );
  const actor = useActorRef(logic, { input: {} });
  const params = JSON.stringify(resource.params ?? {});
  const shown = useRef(params);
  useEffect(() => {
    if (shown.current === params) return;
    shown.current = params;
    actor.send({ type: 'list.searched', filters: actor.getSnapshot().context.query.filters });
  }, [actor, params]);
  return actor;
}
export type CrudListActor = ReturnType<typeof useCrudList>;

/** Options of the fields that load them (roles, menus…), once per resource, in a task with a retry. */
export function useLoadedOptions(resource: CrudResource) {
  const { http } = useCrudEnv();
  const fields = resource.fields.filter((f) => f.loadOptions);
  const task = useTaskActor<void, Record<string, CrudOption[]>>(
    {
      run: async () =>
        Object.fromEntries(
          await Promise.all(fields.map(async (f) => [f.name, await f.loadOptions!(http)] as const)),
        ),
    },
    fields.length ? { run: undefined } : undefined,
  );
  const options = useSelector(task, selectTaskOutput) as Record<string, CrudOption[]> | undefined;
  const error = useSelector(task, selectTaskError);
  return { options: options ?? EMPTY, error, retry: () => task.send({ type: 'task.retry' }) };
}
const EMPTY: Record<string, CrudOption[]> = {};
