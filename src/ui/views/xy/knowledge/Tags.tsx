/** An article's tags: badges in the table, a tags input in the form. */
import { Badge, Group, TagsInput } from '@mantine/core';
import type { CustomInputProps } from '../../../crud/types.ts';

export function TagsCell({ tags }: { tags: unknown }) {
  if (!Array.isArray(tags) || !tags.length) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {tags.map((tag) => (
        <Badge key={String(tag)} size="sm" variant="light" radius="sm">
          {String(tag)}
        </Badge>
      ))}
    </Group>
  );
}

export function TagsField({ id, value, onChange, error, disabled }: CustomInputProps) {
  return (
    <TagsInput
      id={id}
      size="sm"
      value={Array.isArray(value) ? value.map(String) : []}
      onChange={onChange}
      error={error}
      disabled={disabled}
      splitChars={[',', '，', ';', '；']}
      maxTags={20}
      clearable
    />
  );
}
