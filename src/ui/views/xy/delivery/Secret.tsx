// A secret in a table cell or a dialog: masked until revealed, copyable (customers' webhook secrets and keys).
import { Button, Code, CopyButton, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MASK = '••••••••';

/**
 * `value` masked (its first characters kept, so two secrets can be told apart) with 显示 / 复制. A masked
 * hint from the server (`xyk_AbCd…`) is shown as it is: there is nothing more to reveal or copy.
 */
export function Secret({ value, testId }: { value: string | null | undefined; testId?: string }) {
  const { t } = useTranslation('delivery');
  const [shown, setShown] = useState(false);
  if (!value) return null;
  if (value.endsWith('…')) return <Code data-testid={testId}>{value}</Code>;
  return (
    <Group gap={4} wrap="nowrap" data-testid={testId}>
      <Code style={{ wordBreak: 'break-all' }}>{shown ? value : `${value.slice(0, 6)}${MASK}`}</Code>
      <Button size="compact-xs" variant="subtle" onClick={() => setShown((s) => !s)}>
        {t(shown ? 'secret.hide' : 'secret.reveal')}
      </Button>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" color={copied ? 'teal' : undefined} onClick={copy}>
            {t(copied ? 'secret.copied' : 'secret.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
