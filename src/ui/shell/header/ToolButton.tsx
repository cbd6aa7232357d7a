import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';

type ToolButtonProps = Omit<ActionIconProps, 'children'> & {
  /** Tooltip and accessible name. */
  label: string;
  onClick?: () => void;
  testId?: string;
  children: ReactNode;
};

/** A header tool: a subtle icon button with a tooltip (also usable as a Menu/Popover target). */
export const ToolButton = forwardRef<HTMLButtonElement, ToolButtonProps>(function ToolButton(
  { label, onClick, testId, children, ...rest },
  ref,
) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        ref={ref}
        variant="subtle"
        color="gray"
        size="lg"
        radius="md"
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
        {...rest}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
});
