import { Box, Button, Group, Modal, SimpleGrid } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../services/http/errors.ts';
import { showNotice, TOAST_DURATION_MS } from '../../services/notify.ts';
import { useCrudEnv } from './env.tsx';
import { FieldInput } from './FieldInput.tsx';
import { fieldError, fieldOptions, formFields, formOf, missingRequired } from './query.ts';
import type { CrudField, CrudOption, CrudResource, FormMode, FormValues } from './types.ts';

export type FormTarget = { mode: FormMode; values: FormValues; id?: number | string | undefined };

type Props = {
  resource: CrudResource;
  target: FormTarget | null;
  loaded: Record<string, CrudOption[]>;
  onClose(): void;
  onSaved(): void;
};

/**
 * Create / edit / view in a modal: two columns, labels 110 px wide with required marks. A server message
 * `"<label>:<message>"` lands on its field; the typed values stay as they were.
 */
export function FormModal({ resource, target, loaded, onClose, onSaved }: Props) {
  const { t } = useTranslation('crud');
  const { http, dictionaries } = useCrudEnv();
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setValues(target?.values ?? {});
    setErrors({});
  }, [target]);
  if (!target) return null;
  const mode = target.mode;
  const fields = formFields(resource, mode).filter((f) => formOf(f)?.when?.(values) ?? true);
  const labelsOf = (f: CrudField) => [t(f.label), t(f.label, { lng: 'zh-CN' }), t(f.label, { lng: 'en' })];
  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };
  const save = async () => {
    const missing = missingRequired(fields, values);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((m) => [m, t('required')])));
      return;
    }
    const body = resource.toBody
      ? resource.toBody(values, mode)
      : Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? null]));
    setSaving(true);
    try {
      const done =
        mode === 'create'
          ? await http.post(resource.url, body)
          : await http.put(`${resource.url}${target.id}/`, body);
      showNotice({
        kind: 'success',
        message: typeof done.msg === 'string' && done.msg ? done.msg : t('saved'),
        durationMs: TOAST_DURATION_MS,
      });
      onSaved();
    } catch (error) {
      if (isApiError(error) && error.kind === 'body') {
        const found = fieldError(fields, error.message, labelsOf);
        if (found.field) setErrors({ [found.field]: found.text });
      }
    } finally {
      setSaving(false);
    }
  };
  const title = t(`form_${mode}`, { name: t(resource.title) });
  return (
    <Modal opened onClose={onClose} title={title} size={860} centered>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {fields.map((f) => {
          const id = `crud-${resource.name}-${f.name}`;
          const required = formOf(f)?.required;
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
                    onChange={(v) => set(f.name, v)}
                    error={errors[f.name]}
                    disabled={mode === 'view' || Boolean(formOf(f)?.readOnly && mode === 'edit')}
                  />
                </Box>
              </Group>
            </Box>
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t(mode === 'view' ? 'close' : 'cancel')}
        </Button>
        {mode !== 'view' && (
          <Button onClick={save} loading={saving}>
            {t('save')}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
