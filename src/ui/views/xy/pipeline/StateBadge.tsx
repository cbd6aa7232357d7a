import { Badge } from '@mantine/core';

/** A row's two-way state as a badge (在线/离线, 已拉黑/正常) with its own test id, for the live updates. */
export function StateBadge({ label, color, testId }: { label: string; color: string; testId: string }) {
  return (
    // the label may not shrink: a narrow column would cut it to one character
    <Badge
      styles={{ label: { overflow: 'visible' } }}
      size="sm"
      variant="light"
      color={color}
      data-testid={testId}
    >
      {label}
    </Badge>
  );
}
