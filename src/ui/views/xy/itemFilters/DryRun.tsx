// 试运行: a listing (title, price, seller, task) judged by the enabled filters and the blacklist without
// storing it — POST /xy/item_filters/test/ on a crudTask (the Search button's permission, as the server
// checks it). The verdict names the rule that would drop it, or says it passes.
import { Alert, Button, Group, NumberInput, Paper, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { type FilterVerdict, filterVerdictSchema, PipelinePaths } from '../../../../contract/pipeline.ts';
import { selectIsRunning, selectTaskError } from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';
import type { CrudOption } from '../../../crud/types.ts';
import { loadTasks } from '../pipeline/options.ts';

type Listing = { title: string; price: number | string; seller: string; task: string | null };

export function verdictText(
  t: (key: string, o?: Record<string, unknown>) => string,
  v: FilterVerdict,
): string {
  if (v.verdict !== 'filter') return t(`itemFilter.verdict_${v.verdict}`);
  const rule = v.rule ? t(`itemFilter.rule_${v.rule}`) : '';
  const word = v.word ? t('itemFilter.verdict_word', { word: v.word }) : '';
  return t('itemFilter.verdict_filter', { name: v.filter?.name ?? '', rule }) + word;
}

export function DryRun() {
  const { t } = useTranslation('pipeline');
  const { http } = useCrudEnv();
  const form = useForm<Listing>({
    initialValues: { title: '', price: '', seller: '', task: null },
    validate: { title: (v) => (v.trim() ? null : t('crud:required')) },
  });
  const tasks = useTaskActor<void, CrudOption[]>(
    { run: (_, signal) => loadTasks(http, signal) },
    { run: undefined },
  );
  const taskOptions = useSelector(tasks, (s) => (s.context.output as CrudOption[] | undefined) ?? []);
  const tasksError = useSelector(tasks, selectTaskError);
  const judge = useTaskActor<Listing, FilterVerdict>({
    run: async (l, signal) => {
      const body = {
        title: l.title.trim(),
        ...(l.price === '' ? {} : { price: Number(l.price) }),
        ...(l.seller.trim() ? { seller: l.seller.trim() } : {}),
        ...(l.task ? { task: Number(l.task) } : {}),
      };
      const env = await http.post(PipelinePaths.filterTest, body, { signal });
      return filterVerdictSchema.parse(env.data);
    },
  });
  const running = useSelector(judge, selectIsRunning);
  const error = useSelector(judge, selectTaskError);
  const verdict = useSelector(judge, (s) =>
    s.matches('succeeded') ? (s.context.output as FilterVerdict) : null,
  );
  return (
    <Permission value="Search">
      <Paper p="md" radius="md" withBorder m={16} mb={0} data-testid="filter-dry-run">
        <Text fw={600} mb={4}>
          {t('itemFilter.test_title')}
        </Text>
        <Text fz="sm" c="dimmed" mb="sm">
          {t('itemFilter.test_hint')}
        </Text>
        <form onSubmit={form.onSubmit((values) => judge.send({ type: 'task.run', input: values }))}>
          <Group align="flex-end" gap="sm">
            <TextInput label={t('itemFilter.test_item_title')} w={260} {...form.getInputProps('title')} />
            <NumberInput
              label={t('itemFilter.test_price')}
              w={120}
              min={0}
              {...form.getInputProps('price')}
            />
            <TextInput label={t('itemFilter.test_seller')} w={160} {...form.getInputProps('seller')} />
            <Select
              label={t('itemFilter.test_task')}
              w={180}
              clearable
              placeholder={t('common.all_tasks')}
              data={taskOptions.map((o) => ({ value: String(o.value), label: o.label }))}
              {...form.getInputProps('task')}
            />
            <Button type="submit" loading={running}>
              {t('itemFilter.test_run')}
            </Button>
          </Group>
        </form>
        {tasksError && (
          <Failure compact reason={tasksError} onRetry={() => tasks.send({ type: 'task.retry' })} />
        )}
        {error && (
          <Failure
            reason={error}
            onRetry={() => judge.send({ type: 'task.retry' })}
            onDismiss={() => judge.send({ type: 'task.dismissed' })}
            testId="dry-run-failed"
          />
        )}
        {verdict && (
          <Alert mt="sm" color={verdict.verdict === 'pass' ? 'teal' : 'red'} data-testid="dry-run-verdict">
            {verdictText(t, verdict)}
          </Alert>
        )}
      </Paper>
    </Permission>
  );
}
