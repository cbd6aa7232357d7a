import { Badge, Group, Image } from '@mantine/core';
import { useCrudEnv } from './env.tsx';
import { columnOf, fieldOptions, tagColor } from './query.ts';
import type { CrudField, CrudOption, Row } from './types.ts';

/** A dictionary value as a coloured tag (seed §4; an explicit colour on the item wins). */
export function DictTag({ value, options }: { value: unknown; options: readonly CrudOption[] }) {
  const option = options.find((o) => String(o.value) === String(value));
  if (value === null || value === undefined || value === '') return null;
  const shown = option?.value ?? (value as CrudOption['value']);
  return (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      // the label may not shrink: a narrow column would cut it to its first character
      styles={{ label: { overflow: 'visible' } }}
      color={tagColor(shown, option?.color)}
      data-color={tagColor(shown, option?.color)}
    >
      {option?.label ?? String(value)}
    </Badge>
  );
}

/** A table cell by the field's kind: tags for options, dept names, image thumbnails, plain text. */
export function Cell({
  field,
  row,
  loaded,
}: {
  field: CrudField;
  row: Row;
  loaded?: CrudOption[] | undefined;
}) {
  const { dictionaries, deptNames, fileUrl = (url: string) => url } = useCrudEnv();
  const value = row[field.name];
  const render = columnOf(field)?.render;
  if (render) return render(row);
  const options = fieldOptions(field, dictionaries, loaded);
  if (options.length && value !== undefined) {
    const values = Array.isArray(value) ? value : [value];
    return (
      <Group gap={4} wrap="nowrap" preventGrowOverflow={false}>
        {values.map((v) => (
          <DictTag key={String(v)} value={v} options={options} />
        ))}
      </Group>
    );
  }
  if (field.kind === 'tags' && Array.isArray(value))
    return (
      <Group gap={4} wrap="wrap">
        {value.map((v) => (
          <Badge key={String(v)} size="sm" variant="light" radius="sm">
            {String(v)}
          </Badge>
        ))}
      </Group>
    );
  if (field.kind === 'dept')
    return <>{value == null || value === '' ? '' : (deptNames[Number(value)] ?? String(value))}</>;
  if ((field.kind === 'image' || field.kind === 'avatar') && typeof value === 'string' && value)
    return <Image src={fileUrl(value)} w={32} h={32} radius="sm" fit="cover" alt="" />;
  if (value === null || value === undefined) return null;
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
}
