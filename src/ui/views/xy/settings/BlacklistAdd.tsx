// 加入黑名单 on the blacklist tab: a seller already seen (by marketplace id, else exact name) is blacklisted with
// the partial PUT; an unknown one is created blacklisted. On the form chart: a failed save keeps the values.
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blacklistRowSchema, DeliveryPaths } from '../../../../contract/delivery.ts';
import { pageSchema } from '../../../../contract/envelope.ts';
import * as sel from '../../../../machines/crud/selectors.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { envelopeMessage } from '../../../../services/implementations/crud.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import { useFormActor } from '../../../crud/actors.ts';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';
import type { CrudActionContext } from '../../../crud/types.ts';

export const sellerItem = (id: number | string) => `${DeliveryPaths.sellers}${id}/`;

/** The live seller a blacklist entry names: by its marketplace id, else by its exact name. */
async function findSeller(http: HttpClient, sellerId: string, name: string, signal: AbortSignal) {
  const params = sellerId ? { seller_id: sellerId, limit: 1 } : { name, limit: 100 };
  const page = await http.data(
    { url: DeliveryPaths.sellers, params, signal },
    pageSchema(blacklistRowSchema),
  );
  return page.data.find((r) => (sellerId ? r.seller_id === sellerId : r.name === name)) ?? null;
}

function AddModal({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('delivery');
  const { http } = useCrudEnv();
  const labels = (key: string) => [t(key, { lng: 'zh-CN' }), t(key, { lng: 'en' })];
  const actor = useFormActor(
    {
      submit: async (values, signal) => {
        const sellerId = String(values.seller_id ?? '').trim();
        const name = String(values.name ?? '').trim();
        const reason = String(values.blacklist_reason ?? '').trim();
        const found = sellerId || name ? await findSeller(http, sellerId, name, signal) : null;
        const env = found
          ? await http.put(sellerItem(found.id), { blacklisted: true, blacklist_reason: reason }, { signal })
          : await http.post(
              DeliveryPaths.sellers,
              { seller_id: sellerId, name, blacklisted: true, blacklist_reason: reason },
              { signal },
            );
        return { message: envelopeMessage(env) ?? t('blacklist.added') };
      },
      labels: {
        seller_id: labels('blacklist.seller_id'),
        name: labels('blacklist.name'),
        blacklist_reason: labels('blacklist.reason'),
      },
      onSaved: (message) => {
        showNotice({
          kind: 'success',
          message: message ?? t('blacklist.added'),
          durationMs: TOAST_DURATION_MS,
        });
        onSaved();
      },
    },
    { values: { seller_id: '', name: '', blacklist_reason: '' } },
  );
  const values = useSelector(actor, sel.selectFormValues);
  const fieldErrors = useSelector(actor, sel.selectFieldErrors);
  const saving = useSelector(actor, sel.selectIsSubmitting);
  const saveError = useSelector(actor, sel.selectSubmitError);
  const [missing, setMissing] = useState(false);
  const input = (name: string, label: string) => ({
    id: `blacklist-${name}`,
    label: t(label),
    value: String(values[name] ?? ''),
    error: fieldErrors[name],
    onChange: (e: { currentTarget: { value: string } }) =>
      actor.send({
        type: 'form.changed',
        values: { ...values, [name]: e.currentTarget.value },
        fields: [name],
      }),
  });
  return (
    <Modal opened onClose={onClose} title={t('blacklist.add')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const empty = !String(values.seller_id ?? '').trim() && !String(values.name ?? '').trim();
          setMissing(empty);
          if (!empty) actor.send({ type: 'form.submitted', values });
        }}
      >
        <Stack gap="sm">
          <TextInput {...input('seller_id', 'blacklist.seller_id')} maxLength={100} />
          <TextInput
            {...input('name', 'blacklist.name')}
            maxLength={100}
            error={fieldErrors.name ?? (missing ? t('blacklist.id_or_name') : undefined)}
          />
          <Textarea {...input('blacklist_reason', 'blacklist.reason')} maxLength={200} rows={2} />
          {saveError && !Object.keys(fieldErrors).length && (
            <Failure
              reason={saveError}
              onRetry={() => actor.send({ type: 'form.retry' })}
              testId="blacklist-add-failed"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('crud:cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('crud:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function AddButton({ ctx }: { ctx: CrudActionContext }) {
  const { t } = useTranslation('delivery');
  const [open, setOpen] = useState(false);
  return (
    <Permission value="Update">
      <Button size="sm" color="red" onClick={() => setOpen(true)}>
        {t('blacklist.add')}
      </Button>
      {open && (
        <AddModal
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            ctx.reload();
          }}
        />
      )}
    </Permission>
  );
}
