import { Box, Button, Group, Loader, Modal, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import * as form from '../../machines/crud/selectors.ts';
import type { FormValues } from '../../machines/crud/types.ts';
import { fetchResourceRecord, saveResource } from '../../services/implementations/crud.ts';
import { showNotice, TOAST_DURATION_MS } from '../../services/notify.ts';
import { useFormActor } from './actors.ts';
import { useCrudEnv } from './env.tsx';
import { Failure } from './Failure.tsx';
import { FieldInput } from './FieldInput.tsx';
import { fieldOptions, formFields, formOf, missingRequired } from './query.ts';
import type { CrudField, CrudOption, CrudResource, FormMode } from './types.ts';

export type FormTarget = { mode: FormMode; values: FormValues; id?: number | string | undefined };

type Props = {
  resource: CrudResource;
  target: FormTarget;
  loaded: Record<string, CrudOption[]>;
  onClose(): void;
  onSaved(): void;
};

type FormActor = ReturnType<typeof useFormActor>;

/**
 * Create / edit / view in a modal, on the form chart (src/machines/crud/form.machine.ts): two columns, labels
 * 110 px wide with required marks. With `resource.detail` an edit or view first loads the record
 * (`GET <path><id>/`; a failure shows with a retry). A failed save keeps every typed value and puts the
 * server's `"<label>:<message>"` on its field. Mounted per opening (the page keys it).
 */
export function FormModal({ resource, target, loaded, onClose, onSaved }: Props) {
  const { t } = useTranslation('crud');
  const { http } = useCrudEnv();
  const { mode } = target;
  // The answer of the save that succeeded, for `resource.onSaved` when the chart reports it.
  const savedData = useRef<unknown>(undefined);
  const labelsOf = (f: CrudField) => [t(f.label), t(f.label, { lng: 'zh-CN' }), t(f.label, { lng: 'en' })];
  const load = Boolean(resource.detail && mode !== 'create' && target.id !== undefined);
  const actor = useFormActor(
    {
      ...(load
        ? {
            fetchRecord: async (signal: AbortSignal) => {
              const row = await fetchResourceRecord(http, resource.url, target.id!, signal);
              return { values: resource.toForm ? resource.toForm(row) : { ...row } };
            },
          }
        : {}),
      submit: async (values, signal) => {
        const fields = visibleFields(resource, mode, values);
        const body = resource.toBody
          ? resource.toBody(values, mode)
          : Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? null]));
        const id = mode === 'create' ? undefined : target.id;
        const { result, data } = await saveResource(http, resource.url, id, body, signal);
        savedData.current = data;
        return result;
      },
      labels: Object.fromEntries(resource.fields.map((f) => [f.name, labelsOf(f)])),
      onSaved: (message) => {
        showNotice({ kind: 'success', message: message ?? t('saved'), durationMs: TOAST_DURATION_MS });
        resource.onSaved?.({ mode, data: savedData.current });
        onSaved();
      },
    },
    { load, values: target.values },
  );
  const ready = useSelector(actor, form.selectIsFormReady);
  const loadError = useSelector(actor, form.selectFormLoadError);
  const title = t(`form_${mode}`, { name: t(resource.title) });
  return (
    <Modal opened onClose={onClose} title={title} size={860} centered>
      {loadError ? (
        <Failure
          reason={loadError}
          onRetry={() => actor.send({ type: 'form.retry' })}
          testId="crud-form-load-failed"
        />
      ) : ready ? (
        <FormBody resource={resource} mode={mode} loaded={loaded} actor={actor} onClose={onClose} />
      ) : (
        <Loader size="sm" />
      )}
    </Modal>
  );
}

/** Fields of a mode whose `when` holds for the values. */
const visibleFields = (resource: CrudResource, mode: FormMode, values: FormValues) =>
  formFields(resource, mode).filter((f) => formOf(f)?.when?.(values) ?? true);

/** The fields: @mantine/form holds their state, seeded from the chart and reporting every change to it. */
function FormBody({
  resource,
  mode,
  loaded,
  actor,
  onClose,
}: {
  resource: CrudResource;
  mode: FormMode;
  loaded: Record<string, CrudOption[]>;
  actor: FormActor;
  onClose(): void;
}) {
  const { t } = useTranslation('crud');
  const { dictionaries } = useCrudEnv();
  const serverErrors = useSelector(actor, form.selectFieldErrors);
  const submitting = useSelector(actor, form.selectIsSubmitting);
  const submitError = useSelector(actor, form.selectSubmitError);
  const fieldsForm = useForm<FormValues>({
    mode: 'controlled',
    initialValues: actor.getSnapshot().context.values,
    validate: (values) =>
      Object.fromEntries(
        missingRequired(visibleFields(resource, mode, values), values).map((m) => [m, t('required')]),
      ),
    onValuesChange: (values, previous) =>
      actor.send({
        type: 'form.changed',
        values,
        fields: Object.keys({ ...values, ...previous }).filter((k) => values[k] !== previous[k]),
      }),
  });
  const { values } = fieldsForm;
  const fields = visibleFields(resource, mode, values);
  return (
    <form onSubmit={fieldsForm.onSubmit((v) => actor.send({ type: 'form.submitted', values: v }))}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {fields.map((f) => {
          const id = `crud-${resource.name}-${f.name}`;
          const required = formOf(f)?.required;
          const error = serverErrors[f.name] ?? fieldsForm.errors[f.name];
          return (
            <Box key={f.name} style={{ gridColumn: formOf(f)?.span === 2 ? '1 / -1' : undefined }}>
              <Group gap={8} wrap="nowrap" align="flex-start">
                <Box
                  component="label"
                  htmlFor={id}
                  w={110}
                  fz="sm"
                  ta="right"
                  pt={6}
                  style={{ flexShrink: 0 }}
                >
                  {required && (
                    <Box component="span" c="red" aria-hidden mr={2}>
                      *
                    </Box>
                  )}
                  {t(f.label)}
                </Box>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <FieldInput
                    id={id}
                    field={f}
                    options={fieldOptions(f, dictionaries, loaded[f.name])}
                    value={values[f.name]}
                    onChange={(v) => fieldsForm.setFieldValue(f.name, v)}
                    error={typeof error === 'string' ? error : undefined}
                    disabled={mode === 'view' || Boolean(formOf(f)?.readOnly && mode === 'edit')}
                  />
                </Box>
              </Group>
            </Box>
          );
        })}
      </SimpleGrid>
      {submitError && !Object.keys(serverErrors).length && (
        <Box mt="md">
          <Failure
            reason={submitError}
            onRetry={() => actor.send({ type: 'form.retry' })}
            testId="crud-save-failed"
          />
        </Box>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t(mode === 'view' ? 'close' : 'cancel')}
        </Button>
        {mode !== 'view' && (
          <Button type="submit" loading={submitting}>
            {t('save')}
          </Button>
        )}
      </Group>
    </form>
  );
}
