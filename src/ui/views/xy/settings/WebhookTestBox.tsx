// The webhook tab's test box: posts a sample message of a type to a URL (the seeded `WebhookTest` button) on
// the task chart and shows what came back: status, latency, the body cut short, or the error.
import { Button, Code, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DeliveryPaths,
  WEBHOOK_TYPES,
  type WebhookTestResult,
  webhookTestResultSchema,
} from '../../../../contract/delivery.ts';
import * as form from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';

/** How much of the receiver's answer the page shows. */
export const BODY_SHOWN = 300;
type TestInput = { url: string; type: string; secret: string };

export function WebhookTestBox() {
  const { t } = useTranslation('delivery');
  const { http } = useCrudEnv();
  const [input, setInput] = useState<TestInput>({ url: '', type: 'json', secret: '' });
  const task = useTaskActor<TestInput, WebhookTestResult>({
    run: (value, signal) =>
      http.data(
        {
          url: DeliveryPaths.webhookTest,
          method: 'POST',
          data: {
            url: value.url.trim(),
            type: value.type,
            ...(value.secret ? { secret: value.secret } : {}),
          },
          signal,
        },
        webhookTestResultSchema,
      ),
  });
  const running = useSelector(task, form.selectIsRunning);
  const error = useSelector(task, form.selectTaskError);
  const result = useSelector(task, (s) =>
    s.matches('succeeded') ? (s.context.output as WebhookTestResult) : null,
  );
  const body = result?.body ?? '';
  return (
    <Permission value="WebhookTest">
      <Paper withBorder p="md" radius="md" mt="lg">
        <Title order={5} mb="sm">
          {t('settings.test_title')}
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            task.send({ type: 'task.run', input });
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              id="webhook-test-url"
              label={t('settings.test_url')}
              placeholder="https://…"
              required
              style={{ flex: 1, minWidth: 260 }}
              value={input.url}
              onChange={(e) => setInput({ ...input, url: e.currentTarget.value })}
            />
            <Select
              id="webhook-test-type"
              label={t('settings.test_type')}
              w={140}
              allowDeselect={false}
              data={WEBHOOK_TYPES.map((v) => ({ value: v, label: t(`webhook_type.${v}`) }))}
              value={input.type}
              onChange={(v) => setInput({ ...input, type: v ?? 'json' })}
            />
            <TextInput
              id="webhook-test-secret"
              label={t('settings.test_secret')}
              w={180}
              value={input.secret}
              onChange={(e) => setInput({ ...input, secret: e.currentTarget.value })}
            />
            <Button type="submit" loading={running}>
              {t('settings.test_send')}
            </Button>
          </Group>
        </form>
        {error && (
          <Failure
            reason={error}
            onRetry={() => task.send({ type: 'task.retry' })}
            onDismiss={() => task.send({ type: 'task.dismissed' })}
            testId="webhook-test-failed"
          />
        )}
        {result && (
          <Stack gap={4} mt="sm" data-testid="webhook-test-result">
            <Text fz="sm" c={result.ok ? 'teal' : 'red'} fw={500}>
              {result.ok ? t('settings.test_ok') : t('settings.test_failed')}
              {' · '}
              {t('settings.test_status', { status: result.status ?? '—' })}
              {' · '}
              {t('settings.test_latency', { ms: result.latency_ms ?? '—' })}
            </Text>
            {result.error && (
              <Text fz="sm" c="red" data-testid="webhook-test-error">
                {result.error}
              </Text>
            )}
            {body && (
              <Code block data-testid="webhook-test-body">
                {body.length > BODY_SHOWN ? `${body.slice(0, BODY_SHOWN)}…` : body}
              </Code>
            )}
          </Stack>
        )}
      </Paper>
    </Permission>
  );
}
