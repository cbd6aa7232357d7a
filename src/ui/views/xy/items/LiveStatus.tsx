import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pendingLabel } from '../../../../machines/items/rows.ts';
import type { LiveMode } from '../../../../machines/items/selectors.ts';

const COLOR: Record<LiveMode, string> = { following: 'teal', paused: 'gray', reconnecting: 'orange' };

/** The live list's state (实时更新中 / 已暂停 / 正在重新连接) and, when items wait, the "N new" pill. */
export function LiveStatus({ mode, pending, onShow }: { mode: LiveMode; pending: number; onShow(): void }) {
  const { t } = useTranslation('items');
  return (
    <Group gap="sm" mb="xs" mih={28}>
      <Badge color={COLOR[mode]} variant="light" data-testid="items-live-status" data-state={mode}>
        {t(`live.${mode}`)}
      </Badge>
      {pending > 0 && (
        <Button size="compact-sm" radius="xl" onClick={onShow} data-testid="items-new-pill">
          {t('live.new_items', { count: pending, label: pendingLabel(pending) })}
        </Button>
      )}
      {mode === 'paused' && (
        <Text fz="xs" c="dimmed">
          {t('live.paused_hint')}
        </Text>
      )}
    </Group>
  );
}
