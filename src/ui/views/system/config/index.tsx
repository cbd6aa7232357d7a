import { Button, Group, Loader, Paper, SimpleGrid, Tabs } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSchema } from '../../../../contract/envelope.ts';
import { Paths } from '../../../../contract/paths.ts';
import { configRowSchema, ResourcePaths, Resources } from '../../../../contract/resources.ts';
import { settingsSchema } from '../../../../contract/session.ts';
import {
  selectFormLoadError,
  selectFormRecord,
  selectFormValues,
  selectIsSubmitting,
  selectSubmitError,
} from '../../../../machines/crud/selectors.ts';
import { envelopeMessage } from '../../../../services/implementations/crud.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import { useFormActor } from '../../../crud/actors.ts';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { ConfigItem, type ConfigRow } from './ConfigItem.tsx';
import { saveContentBody } from './save-body.ts';

type Loaded = { rows: ConfigRow[] };
const valuesOf = (rows: ConfigRow[]) => Object.fromEntries(rows.map((r) => [r.id, r.value]));

/**
 * 系统配置: one tab per group; 保存 sends the group's values to save_content/ and reloads the settings. Load
 * and save run on the form chart: a failed load shows with a retry, a failed save keeps the typed values.
 */
function ConfigPage() {
  const { t } = useTranslation('system');
  const { http, onSettingsChanged } = useCrudEnv();
  const [tab, setTab] = useState<string | null>(null);
  const [group, setGroup] = useState<number | null>(null);
  // Read by the save effect, which starts before the next render.
  const savingGroup = useRef<number | null>(null);
  const fetchRows = async (signal: AbortSignal) => {
    const list = await http.data(
      { url: Resources.systemConfig.path, params: { limit: 999, ordering: 'sort' }, signal },
      pageSchema(configRowSchema),
    );
    return { values: valuesOf(list.data), record: { rows: list.data } satisfies Loaded };
  };
  const actor = useFormActor(
    {
      fetchRecord: fetchRows,
      submit: async (values, signal) => {
        const rows = (actor.getSnapshot().context.record as Loaded | null)?.rows ?? [];
        const items = saveContentBody(rows, savingGroup.current, values);
        const env = await http.put(ResourcePaths.configSave, items, { signal });
        // The settings map is read from this table: fetching it again shows the change at once (the header's
        // site name and logo through the session; the login page reads it on every visit).
        const fresh = settingsSchema.safeParse((await http.get(Paths.settings, undefined, { signal })).data);
        if (fresh.success) onSettingsChanged?.(fresh.data);
        return { message: envelopeMessage(env) ?? t('config.saved'), reloaded: await fetchRows(signal) };
      },
      onSaved: (message) =>
        showNotice({ kind: 'success', message: message ?? t('config.saved'), durationMs: TOAST_DURATION_MS }),
    },
    { load: true },
  );
  const rows = (useSelector(actor, selectFormRecord) as Loaded | null)?.rows ?? null;
  const values = useSelector(actor, selectFormValues);
  const loadError = useSelector(actor, selectFormLoadError);
  const saveError = useSelector(actor, selectSubmitError);
  const saving = useSelector(actor, selectIsSubmitting);
  const groups = useMemo(() => (rows ?? []).filter((r) => r.parent === null), [rows]);
  const current = tab ?? String(groups[0]?.id ?? '');
  const change = (id: number, value: unknown) =>
    actor.send({ type: 'form.changed', values: { ...values, [id]: value }, fields: [String(id)] });
  const save = (id: number) => {
    setGroup(id);
    savingGroup.current = id;
    actor.send({ type: 'form.submitted', values });
  };
  if (loadError)
    return (
      <Paper m="md" p="md" radius="md" withBorder>
        <Failure
          reason={loadError}
          onRetry={() => actor.send({ type: 'form.retry' })}
          testId="config-load-failed"
        />
      </Paper>
    );
  if (!rows) return <Loader m="lg" size="sm" />;
  return (
    <Paper m="md" p="md" radius="md" withBorder>
      {saveError && (
        <Failure
          reason={saveError}
          onRetry={() => actor.send({ type: 'form.retry' })}
          testId="config-save-failed"
        />
      )}
      <Tabs value={current} onChange={setTab}>
        <Tabs.List mb="md">
          {groups.map((g) => (
            <Tabs.Tab key={g.id} value={String(g.id)}>
              {g.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {groups.map((g) => (
          <Tabs.Panel key={g.id} value={String(g.id)}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
              {rows
                .filter((r) => r.parent === g.id)
                .map((r) => (
                  <ConfigItem key={r.id} row={r} value={values[r.id]} onChange={(v) => change(r.id, v)} />
                ))}
            </SimpleGrid>
            <Group justify="flex-end" mt="lg">
              <Button
                variant="default"
                onClick={() => actor.send({ type: 'form.changed', values: valuesOf(rows) })}
              >
                {t('crud:reset')}
              </Button>
              <Permission value="Update">
                <Button loading={saving && group === g.id} onClick={() => save(g.id)}>
                  {t('crud:save')}
                </Button>
              </Permission>
            </Group>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

/** 系统配置 (menu component `system/config/index`). */
export default function ConfigPageRoute() {
  return (
    <AppCrudEnv>
      <ConfigPage />
    </AppCrudEnv>
  );
}
