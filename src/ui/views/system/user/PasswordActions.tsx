import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { md5Hex } from '../../../../contract/password.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import { ConfirmButton } from '../../../crud/ConfirmButton.tsx';
import { Permission } from '../../../crud/permission.tsx';
import type { Row } from '../../../crud/types.ts';
import { USER_URL } from './resource.ts';

const ok = (msg: unknown, fallback: string) =>
  showNotice({
    kind: 'success',
    message: typeof msg === 'string' && msg ? msg : fallback,
    durationMs: TOAST_DURATION_MS,
  });

/** 重设密码 (a new password, twice, sent as md5 hex) and 重置密码 (back to base.default_password). */
export function PasswordActions({ row, http }: { row: Row; http: HttpClient }) {
  const { t } = useTranslation('system');
  const [open, setOpen] = useState(false);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (!first) return setError(t('user.password_required'));
    if (first !== second) return setError(t('user.password_mismatch'));
    try {
      const env = await http.put(`${USER_URL}${row.id}/reset_password/`, {
        newPassword: md5Hex(first),
        newPassword2: md5Hex(second),
      });
      ok(env.msg, t('user.password_reset'));
      setOpen(false);
    } catch {
      // shown by the http client
    }
  };
  const toDefault = async () => {
    try {
      const env = await http.put(`${USER_URL}${row.id}/reset_to_default_password/`);
      ok(env.msg, t('user.password_reset'));
    } catch {
      // shown by the http client
    }
  };
  return (
    <>
      <Permission value="ResetPassword">
        <Button
          size="compact-xs"
          variant="subtle"
          color="grape"
          onClick={() => {
            setFirst('');
            setSecond('');
            setError(undefined);
            setOpen(true);
          }}
        >
          {t('user.reset_password')}
        </Button>
      </Permission>
      <Permission value="DefaultPassword">
        <ConfirmButton
          size="compact-xs"
          variant="subtle"
          color="orange"
          label={t('user.default_password')}
          question={t('user.default_password_confirm', { name: String(row.username ?? '') })}
          onConfirm={() => void toDefault()}
        />
      </Permission>
      {/* Mounted only while open: a closed modal still mounts a portal node, one per table row. */}
      {open && (
        <Modal opened onClose={() => setOpen(false)} title={t('user.reset_password')} centered>
          <Stack gap="sm">
            <PasswordInput
              label={t('user.new_password')}
              value={first}
              onChange={(e) => setFirst(e.currentTarget.value)}
            />
            <PasswordInput
              label={t('user.new_password2')}
              value={second}
              error={error}
              onChange={(e) => setSecond(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('crud:cancel')}
              </Button>
              <Button onClick={() => void submit()}>{t('crud:save')}</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
