// The blacklisted-sellers tab of /settings: the pipeline's own sellers (/xy/sellers/?blacklisted=1) and its
// partial PUT — add (./BlacklistAdd.tsx), edit the reason, remove (blacklisted=false; the seller itself
// stays). The sellers API is guarded by the /sellers menu's buttons, so the tab asks that page's grants.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { blacklistRowSchema, DeliveryPaths } from '../../../../contract/delivery.ts';
import * as sel from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { ConfirmButton } from '../../../crud/ConfirmButton.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { type CrudEnv, CrudEnvProvider, useCrudEnv } from '../../../crud/env.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { TaskFailure } from '../../../crud/TaskFailure.tsx';
import type { CrudActionContext, CrudResource, FormValues, Row } from '../../../crud/types.ts';
import { AddButton, sellerItem } from './BlacklistAdd.tsx';

export const blacklistResource: CrudResource = {
  name: 'blacklist',
  url: DeliveryPaths.sellers,
  row: blacklistRowSchema,
  title: 'delivery:blacklist.title',
  params: { blacklisted: 1 },
  ordering: '-last_seen',
  actions: { create: false, delete: false, batchDelete: false },
  fields: [
    {
      name: 'seller_id',
      label: 'delivery:blacklist.seller_id',
      form: { readOnly: true },
      column: { width: 160 },
    },
    {
      name: 'name',
      label: 'delivery:blacklist.name',
      search: true,
      form: { readOnly: true },
      column: { width: 160 },
    },
    {
      name: 'blacklist_reason',
      label: 'delivery:blacklist.reason',
      kind: 'textarea',
      form: { span: 2, maxLength: 200 },
      column: { width: 240 },
    },
    { name: 'items_count', label: 'delivery:blacklist.items_count', form: false, column: { width: 80 } },
    {
      name: 'last_seen',
      label: 'delivery:blacklist.last_seen',
      kind: 'datetime',
      form: false,
      column: { width: 160 },
    },
  ],
  toBody: (values: FormValues) => ({ blacklist_reason: values.blacklist_reason ?? '' }),
};

/** 移出黑名单: `PUT {blacklisted: false}` on the task chart; the seller row itself stays. */
function RemoveButton({ row, ctx }: { row: Row; ctx: CrudActionContext }) {
  const { t } = useTranslation('delivery');
  const task = useTaskActor<void, void>({
    run: async (_, signal) => {
      await ctx.http.put(sellerItem(row.id), { blacklisted: false }, { signal });
    },
    onSucceeded: () => ctx.reload(),
  });
  const running = useSelector(task, sel.selectIsRunning);
  const _error = useSelector(task, sel.selectTaskError);
  return (
    <Permission value="Update">
      <ConfirmButton
        size="compact-xs"
        variant="subtle"
        color="red"
        disabled={running}
        label={t('blacklist.remove')}
        question={t('blacklist.remove_confirm')}
        onConfirm={() => task.send({ type: 'task.run' })}
      />
      <TaskFailure task={task} />
    </Permission>
  );
}

export function BlacklistTab({ sellersCan }: { sellersCan(value: string): boolean }) {
  const env = useCrudEnv();
  const tabEnv = useMemo<CrudEnv>(() => ({ ...env, can: sellersCan }), [env, sellersCan]);
  const resource = useMemo<CrudResource>(
    () => ({
      ...blacklistResource,
      toolbar: (ctx) => <AddButton ctx={ctx} />,
      rowActions: (row, ctx) => <RemoveButton row={row} ctx={ctx} />,
    }),
    [],
  );
  return (
    <CrudEnvProvider value={tabEnv}>
      <CrudPage resource={resource} />
    </CrudEnvProvider>
  );
}
