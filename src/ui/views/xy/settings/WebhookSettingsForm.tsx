// The webhook tab's settings form (timeout, maximum attempts, back-off base) on the form chart: a failed load
// shows with a retry, a failed save keeps the typed values and puts the server's message on its field.
import { Button, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { DeliveryPaths, webhookSettingsSchema } from '../../../../contract/delivery.ts';
import * as form from '../../../../machines/crud/selectors.ts';
import { envelopeMessage } from '../../../../services/implementations/crud.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import { useFormActor } from '../../../crud/actors.ts';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';

const FIELDS = [
  { name: 'timeout_ms', min: 100, max: 60_000 },
  { name: 'max_attempts', min: 1, max: 20 },
  { name: 'backoff_base_ms', min: 0, max: 3_600_000 },
] as const;

export function WebhookSettingsForm() {
  const { t } = useTranslation('delivery');
  const { http } = useCrudEnv();
  const fetchSettings = async (signal: AbortSignal) => ({
    values: await http.data({ url: DeliveryPaths.webhookSettings, signal }, webhookSettingsSchema),
  });
  const actor = useFormActor(
    {
      fetchRecord: fetchSettings,
      submit: async (values, signal) => {
        const body = Object.fromEntries(FIELDS.map((f) => [f.name, values[f.name] ?? null]));
        const env = await http.put(DeliveryPaths.webhookSettings, body, { signal });
        return { message: envelopeMessage(env) ?? t('crud:saved'), reloaded: await fetchSettings(signal) };
      },
      labels: Object.fromEntries(
        FIELDS.map((f) => [
          f.name,
          [t(`settings.${f.name}`, { lng: 'zh-CN' }), t(`settings.${f.name}`, { lng: 'en' })],
        ]),
      ),
      onSaved: (message) =>
        showNotice({ kind: 'success', message: message ?? t('crud:saved'), durationMs: TOAST_DURATION_MS }),
    },
    { load: true },
  );
  const ready = useSelector(actor, form.selectIsFormReady);
  const values = useSelector(actor, form.selectFormValues);
  const loadError = useSelector(actor, form.selectFormLoadError);
  const saveError = useSelector(actor, form.selectSubmitError);
  const fieldErrors = useSelector(actor, form.selectFieldErrors);
  const saving = useSelector(actor, form.selectIsSubmitting);
  if (loadError)
    return (
      <Failure
        reason={loadError}
        onRetry={() => actor.send({ type: 'form.retry' })}
        testId="webhook-load-failed"
      />
    );
  if (!ready) return <Text fz="sm">{t('crud:loading')}</Text>;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submitted', values });
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {FIELDS.map((f) => (
          <NumberInput
            key={f.name}
            id={`webhook-${f.name}`}
            label={t(`settings.${f.name}`)}
            description={t(`settings.${f.name}_hint`)}
            min={f.min}
            max={f.max}
            allowDecimal={false}
            error={fieldErrors[f.name]}
            value={values[f.name] === null || values[f.name] === undefined ? '' : Number(values[f.name])}
            onChange={(v) =>
              actor.send({
                type: 'form.changed',
                values: { ...values, [f.name]: v === '' ? null : Number(v) },
                fields: [f.name],
              })
            }
          />
        ))}
      </SimpleGrid>
      {saveError && !Object.keys(fieldErrors).length && (
        <Failure
          reason={saveError}
          onRetry={() => actor.send({ type: 'form.retry' })}
          testId="webhook-save-failed"
        />
      )}
      <Group justify="flex-end" mt="md">
        <Permission value="Update">
          <Button type="submit" loading={saving}>
            {t('crud:save')}
          </Button>
        </Permission>
      </Group>
    </form>
  );
}
