import { Button, Menu } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../../services/api/export.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import { Permission } from '../../../crud/permission.tsx';
import { USER_URL } from './resource.ts';

/** 导入: download the template (`GET import/`), then upload the filled sheet (`POST import/`, field `file`). */
export function ImportButton({ http, onDone }: { http: HttpClient; onDone(): void }) {
  const { t } = useTranslation('system');
  const [busy, setBusy] = useState(false);
  // The file input lives outside the menu: a menu item's click closes (unmounts) the dropdown before the
  // browser reports the chosen file, so an input inside it would never see the change.
  const input = useRef<HTMLInputElement>(null);
  const template = async () => {
    try {
      const file = await http.download({ method: 'GET', url: `${USER_URL}import/`, kind: 'export' });
      saveBlob(file.blob, file.fileName ?? `${t('user.template')}.xlsx`);
    } catch {
      // shown by the http client
    }
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      const env = await http.request({
        method: 'POST',
        url: `${USER_URL}import/`,
        data: form,
        kind: 'export',
      });
      showNotice({
        kind: 'success',
        message: typeof env.msg === 'string' ? env.msg : t('user.imported'),
        durationMs: TOAST_DURATION_MS,
      });
      onDone();
    } catch {
      // shown by the http client (row errors come as the server's message)
    } finally {
      setBusy(false);
      // Cleared after every upload, so choosing the same (corrected) file again uploads it again.
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Permission value="Import">
      <Menu position="bottom-start" shadow="md">
        <Menu.Target>
          <Button size="sm" variant="light" color="cyan" loading={busy}>
            {t('crud:import')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void template()}>{t('user.download_template')}</Menu.Item>
          <Menu.Item onClick={() => input.current?.click()}>{t('user.upload_import')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <input
        ref={input}
        type="file"
        accept=".xlsx,.xls"
        hidden
        data-testid="user-import-input"
        onChange={(e) => void upload(e.currentTarget.files?.[0] ?? null)}
      />
    </Permission>
  );
}
