import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrudEnv } from './env.tsx';
import { FieldInput } from './FieldInput.tsx';
import { Permission } from './permission.tsx';
import { buttonColor, DATE_RANGE_FIELD, fieldOptions } from './query.ts';
import type { CrudField, CrudOption, CrudResource, FormValues } from './types.ts';

type Props = {
  resource: CrudResource;
  loaded: Record<string, CrudOption[]>;
  onSearch(filters: FormValues): void;
};

/** Search inputs: text boxes, dictionary selects, the create-date range (a date range picker, yyyy-MM-dd); 查询 / 重置. */
export function SearchForm({ resource, loaded, onSearch }: Props) {
  const { t } = useTranslation('crud');
  const { dictionaries } = useCrudEnv();
  const [values, setValues] = useState<FormValues>({});
  const fields = resource.fields.filter((f) => f.search);
  if (!fields.length) return null;
  const set = (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value }));
  const range = (values[DATE_RANGE_FIELD] as [string, string] | undefined) ?? ['', ''];
  const input = (f: CrudField) => {
    const id = `search-${resource.name}-${f.name}`;
    if (f.name === DATE_RANGE_FIELD)
      return (
        <Group key={f.name} gap={6} wrap="nowrap">
          <label htmlFor={`search-${resource.name}-${f.name}`} style={{ fontSize: 14, whiteSpace: 'nowrap' }}>
            {t(f.label)}
          </label>
          <DatePickerInput
            id={`search-${resource.name}-${f.name}`}
            type="range"
            size="sm"
            w={230}
            clearable
            allowSingleDateInRange
            valueFormat="YYYY-MM-DD"
            placeholder={`${t('date_from')} – ${t('date_to')}`}
            value={[range[0] || null, range[1] || null]}
            onChange={([from, to]) => set(f.name, [from ?? '', to ?? ''])}
          />
        </Group>
      );
    const choices =
      f.kind === 'radio' || f.kind === 'switch' || f.kind === 'select' || f.kind === 'multiselect';
    const kind = choices || f.dict || f.options || f.loadOptions ? 'select' : 'text';
    return (
      <Group key={f.name} gap={6} wrap="nowrap">
        <label htmlFor={id} style={{ fontSize: 14, whiteSpace: 'nowrap' }}>
          {t(f.label)}
        </label>
        <div style={{ width: 170 }}>
          <FieldInput
            id={id}
            field={{ ...f, kind: f.kind === 'dept' ? 'dept' : kind }}
            options={fieldOptions(f, dictionaries, loaded[f.name])}
            value={values[f.name]}
            onChange={(v) => set(f.name, v)}
          />
        </div>
      </Group>
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(values);
      }}
    >
      <Group gap="md" mb="sm" align="center">
        {fields.map(input)}
        <Permission value="Search">
          <Button type="submit" size="sm" color={buttonColor('Search')}>
            {t('search')}
          </Button>
        </Permission>
        <Button
          variant="default"
          size="sm"
          onClick={() => {
            setValues({});
            onSearch({});
          }}
        >
          {t('reset')}
        </Button>
      </Group>
    </form>
  );
}
