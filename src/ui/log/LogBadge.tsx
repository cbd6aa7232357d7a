import '@mantine/core/styles/Indicator.css';
import { Indicator } from '@mantine/core';
import { Icon } from '../icons/Icon.tsx';
import { useHeaderTranslation } from '../shell/header/i18n.ts';
import { ToolButton } from '../shell/header/ToolButton.tsx';
import { logBadgeState, logTooltip } from './badge.ts';

export type LogBadgeProps = {
  /** All entries. */
  count: number;
  /** Entries of type `danger`. */
  errors: number;
  onOpen: () => void;
};

/** Header tool: the frontend log, with the error count (or a dot) and `{n} 条日志 | 包含 {m} 个异常`. */
export function LogBadge({ count, errors, onOpen }: LogBadgeProps) {
  const { t } = useHeaderTranslation();
  const { label, dot } = logBadgeState(count, errors);
  const tip = logTooltip(count, errors);
  return (
    <Indicator
      label={label ?? undefined}
      disabled={!label && !dot}
      size={label ? 16 : 8}
      // an error count is red; the dot only says there is something to read
      color={label ? 'red' : 'blue'}
      offset={label ? 6 : 8}
      withBorder={!!label}
      inline
      data-testid="log-badge"
      data-label={label ?? undefined}
      data-dot={dot || undefined}
    >
      <ToolButton label={t(tip.key, tip.values)} onClick={onOpen} testId="header-log">
        <Icon name="bug" size={19} />
      </ToolButton>
    </Indicator>
  );
}
