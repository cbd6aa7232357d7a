import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TASKS_PATH, taskOptionSchema } from '../../../../contract/items.ts';
import { selectTaskError, selectTaskOutput } from '../../../../machines/crud/selectors.ts';
import type { FormValues } from '../../../../machines/crud/types.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { buttonColor } from '../../../crud/query.ts';

type Option = { value: string; label: string };
const tasksPage = z.object({ data: z.array(taskOptionSchema) });

/** The tasks of /xy/tasks/ for the task select, loaded once per page (a failure shows with a retry). */
export function useTaskOptions() {
  const { http } = useCrudEnv();
  const tasks = useTaskActor<void, Option[]>(
    {
      run: async (_, signal) => {
        const page = await http.data(
          { url: TASKS_PATH, params: { page: 1, limit: 500 }, signal, quiet: true },
          tasksPage,
        );
        return page.data.map((task) => ({ value: String(task.id), label: task.name ?? String(task.id) }));
      },
    },
    { run: undefined },
  );
  const options = (useSelector(tasks, selectTaskOutput) as Option[] | undefined) ?? NO_OPTIONS;
  const error = useSelector(tasks, selectTaskError);
  return { options, error, retry: () => tasks.send({ type: 'task.retry' }) };
}
const NO_OPTIONS: Option[] = [];
export type TaskOptions = ReturnType<typeof useTaskOptions>;

/**
 * 标题 search, 任务 select and a price range (min ≤ max, else a message and no request); 查询 sends them to
 * the list chart, 重置 clears them. The page keys it by the list's filters, so a change made by the live
 * list (the "N new" pill clears them) shows here.
 */
export function ItemsFilters({
  initial,
  tasks,
  onSearch,
}: {
  initial: FormValues;
  tasks: TaskOptions;
  onSearch(filters: FormValues): void;
}) {
  const { t } = useTranslation('items');
  const [values, setValues] = useState<FormValues>(initial);
  const set = (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value }));
  const min = values.min_price;
  const max = values.max_price;
  const badRange = typeof min === 'number' && typeof max === 'number' && min > max;
  const price = (name: 'min_price' | 'max_price') => (
    <NumberInput
      size="sm"
      w={110}
      min={0}
      decimalScale={2}
      hideControls
      aria-label={t(`filter.${name}`)}
      placeholder={t(`filter.${name}`)}
      value={(values[name] as number | undefined) ?? ''}
      onChange={(v) => set(name, typeof v === 'number' ? v : undefined)}
      error={name === 'max_price' && badRange ? t('filter.price_range_invalid') : undefined}
      data-testid={`items-filter-${name}`}
    />
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!badRange) onSearch(values);
      }}
    >
      <Group gap="md" mb="sm" align="flex-start">
        <TextInput
          size="sm"
          w={220}
          aria-label={t('filter.search')}
          placeholder={t('filter.search_placeholder')}
          value={(values.search as string | undefined) ?? ''}
          onChange={(e) => set('search', e.currentTarget.value)}
          data-testid="items-filter-search"
        />
        <Select
          size="sm"
          w={180}
          clearable
          searchable
          aria-label={t('filter.task')}
          placeholder={t('filter.task_placeholder')}
          data={tasks.options}
          value={(values.task as string | undefined) ?? null}
          onChange={(v) => set('task', v ?? undefined)}
          data-testid="items-filter-task"
        />
        <Group gap={4} wrap="nowrap" align="flex-start">
          {price('min_price')}
          <span style={{ lineHeight: '36px' }}>–</span>
          {price('max_price')}
        </Group>
        <Permission value="Search">
          <Button type="submit" size="sm" color={buttonColor('Search')} data-testid="items-search">
            {t('crud:search')}
          </Button>
        </Permission>
        <Button
          size="sm"
          variant="default"
          onClick={() => {
            setValues({});
            onSearch({});
          }}
        >
          {t('crud:reset')}
        </Button>
      </Group>
      {tasks.error && <Failure compact reason={tasks.error} onRetry={tasks.retry} />}
    </form>
  );
}
