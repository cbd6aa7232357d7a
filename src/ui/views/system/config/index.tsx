import { Button, Group, Loader, Paper, SimpleGrid, Tabs } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsSchema } from '../../../../contract/session.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { ConfigItem, type ConfigRow } from './ConfigItem.tsx';

const CONFIG_URL = '/api/system/system_config/';

/** 系统配置: one tab per group; 保存 sends the group's values to save_content/ and reloads the settings. */
function ConfigPage() {
  const { t } = useTranslation('system');
  const { http, onSettingsChanged } = useCrudEnv();
  const [rows, setRows] = useState<ConfigRow[] | null>(null);
  const [values, setValues] = useState<Record<number, unknown>>({});
  const [tab, setTab] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const load = useCallback(async () => {
    const env = await http.get<{ data?: ConfigRow[] }>(CONFIG_URL, { limit: 999, ordering: 'sort' });
    const list = env.data?.data ?? [];
    setRows(list);
    setValues(Object.fromEntries(list.map((r) => [r.id, r.value])));
    setTab((current) => current ?? String(list.find((r) => r.parent === null)?.id ?? ''));
  }, [http]);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);
  const groups = useMemo(() => (rows ?? []).filter((r) => r.parent === null), [rows]);
  const save = async (group: number) => {
    const items = (rows ?? [])
      .filter((r) => r.parent === group)
      .map((r) => ({ id: r.id, value: values[r.id] ?? null }));
    setSaving(true);
    try {
      const env = await http.put(`${CONFIG_URL}save_content/`, items);
      // The settings map is read from this table: fetching it again shows the change at once (the header's
      // site name and logo through the session; the login page reads it on every visit).
      const fresh = settingsSchema.safeParse((await http.get('/api/init/settings/')).data);
      if (fresh.success) onSettingsChanged?.(fresh.data);
      showNotice({
        kind: 'success',
        message: typeof env.msg === 'string' ? env.msg : t('config.saved'),
        durationMs: TOAST_DURATION_MS,
      });
      await load();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };
  if (!rows) return <Loader m="lg" size="sm" />;
  return (
    <Paper m="md" p="md" radius="md" withBorder>
      <Tabs value={tab} onChange={setTab}>
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
                  <ConfigItem
                    key={r.id}
                    row={r}
                    value={values[r.id]}
                    onChange={(v) => setValues((s) => ({ ...s, [r.id]: v }))}
                  />
                ))}
            </SimpleGrid>
            <Group justify="flex-end" mt="lg">
              <Button
                variant="default"
                onClick={() => setValues(Object.fromEntries(rows.map((r) => [r.id, r.value])))}
              >
                {t('crud:reset')}
              </Button>
              <Permission value="Update">
                <Button loading={saving} onClick={() => void save(g.id)}>
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
