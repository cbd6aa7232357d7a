import { NumberInput, Switch, Textarea, TextInput } from '@mantine/core';
import type { ConfigRow } from '../../../../contract/resources.ts';
import { ImageUpload } from '../../../crud/Upload.tsx';

export type { ConfigRow };

/** One setting's input by its `form_item_type` (config_form_type: 3 textarea, 7 image, 9 switch, 10 number). */
export function ConfigItem({
  row,
  value,
  onChange,
}: {
  row: ConfigRow;
  value: unknown;
  onChange(v: unknown): void;
}) {
  const id = `config-${row.id}`;
  const common = { id, label: row.title, description: row.key, placeholder: row.placeholder ?? undefined };
  switch (row.form_item_type) {
    case 9:
      return (
        <Switch
          id={id}
          label={row.title}
          description={row.key}
          checked={value === true || value === 'true'}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 10:
      return (
        <NumberInput
          {...common}
          value={value === null || value === undefined ? '' : Number(value)}
          onChange={onChange}
        />
      );
    case 3:
      return (
        <Textarea
          {...common}
          rows={3}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 7:
      return (
        <div>
          <label htmlFor={id} style={{ fontSize: 14, fontWeight: 500 }}>
            {row.title}
          </label>
          <ImageUpload id={id} value={value ?? ''} onChange={onChange} single />
        </div>
      );
    default:
      return (
        <TextInput
          {...common}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
