import {
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DeptSelect, DeptsSelect } from './DeptSelect.tsx';
import { formOf } from './query.ts';
import type { CrudField, CrudOption, OptionValue } from './types.ts';
import { ImageUpload } from './Upload.tsx';

type Props = {
  id: string;
  field: CrudField;
  options: CrudOption[];
  value: unknown;
  onChange(value: unknown): void;
  error?: string | undefined;
  disabled?: boolean;
};

/** Option values travel as strings through Mantine selects; this maps them back to the option's own value. */
const back = (options: CrudOption[], s: string | null): OptionValue | null =>
  s === null ? null : (options.find((o) => String(o.value) === s)?.value ?? s);

/** One form input by the field's kind (controlled; the modal keeps the values). */
export function FieldInput({ id, field, options, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation('crud');
  const common = { id, error, disabled, size: 'sm' as const };
  const data = options.map((o) => ({ value: String(o.value), label: o.label }));
  const max = formOf(field)?.maxLength;
  if (field.input) return field.input({ id, value, onChange, error, disabled });
  switch (field.kind) {
    case 'textarea': {
      const text =
        typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : String(value ?? '');
      return (
        <Textarea
          {...common}
          value={text}
          maxLength={max}
          rows={3}
          onChange={(e) => onChange(e.currentTarget.value)}
          description={max ? `${text.length}/${max}` : undefined}
          inputWrapperOrder={['input', 'description', 'error']}
        />
      );
    }
    case 'number':
      return (
        <NumberInput
          {...common}
          value={value === null || value === undefined ? '' : Number(value)}
          onChange={(v) => onChange(v === '' ? null : Number(v))}
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...common}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={data}
          clearable
          searchable
          placeholder={t('choose')}
          value={value === null || value === undefined ? null : String(value)}
          onChange={(s) => onChange(back(options, s))}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={data}
          searchable
          placeholder={t('choose')}
          value={(Array.isArray(value) ? value : []).map(String)}
          onChange={(list) => onChange(list.map((s) => back(options, s)))}
        />
      );
    case 'tags':
      return (
        <TagsInput
          {...common}
          value={(Array.isArray(value) ? value : []).map(String)}
          onChange={(list) => onChange(list)}
          splitChars={[',', '，']}
          clearable
        />
      );
    case 'radio':
      return (
        <Radio.Group
          value={value === null || value === undefined ? null : String(value)}
          onChange={(s) => onChange(back(options, s))}
          error={error}
        >
          <Group gap="md" mt={6}>
            {options.map((o, i) => (
              <Radio
                key={String(o.value)}
                id={i === 0 ? id : undefined}
                value={String(o.value)}
                label={o.label}
                disabled={disabled}
                size="sm"
              />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'switch':
      return (
        <Switch
          id={id}
          mt={6}
          checked={Boolean(value)}
          disabled={disabled}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'date':
      return (
        <DatePickerInput
          {...common}
          clearable
          valueFormat="YYYY-MM-DD"
          placeholder={t('choose')}
          value={typeof value === 'string' && value ? value.slice(0, 10) : null}
          onChange={(d) => onChange(d ? String(d).slice(0, 10) : null)}
        />
      );
    case 'dept':
      return (
        <DeptSelect
          id={id}
          value={value === null || value === undefined || value === '' ? null : String(value)}
          onChange={(s) => onChange(s === null ? null : Number(s))}
          error={error}
          disabled={disabled}
          placeholder={t('choose')}
        />
      );
    case 'depts':
      return (
        <DeptsSelect
          id={id}
          value={(Array.isArray(value) ? value : []).map(String)}
          onChange={(list) => onChange(list.map(Number))}
          error={error}
          disabled={disabled}
        />
      );
    case 'image':
    case 'avatar':
      return (
        <ImageUpload
          id={id}
          value={value}
          onChange={onChange}
          single={field.kind === 'avatar'}
          disabled={disabled}
          error={error}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={String(value ?? '')}
          maxLength={max}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
