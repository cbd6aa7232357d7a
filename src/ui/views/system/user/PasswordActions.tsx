import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { md5Hex } from '../../../../contract/password.ts';
import { ResourcePaths } from '../../../../contract/resources.ts';
import { selectIsSubmitting, selectSubmitError } from '../../../../machines/crud/selectors.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { envelopeMessage } from '../../../../services/implementations/crud.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import { useFormActor, useTaskActor } from '../../../crud/actors.ts';
import { ConfirmButton } from '../../../crud/ConfirmButton.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { TaskFailure } from '../../../crud/TaskFailure.tsx';
import type { Row } from '../../../crud/types.ts';

const ok = (msg: string | null | undefined, fallback: string) =>
  showNotice({ kind: 'success', message: msg || fallback, durationMs: TOAST_DURATION_MS });

/**
 * 重设密码 (a new password, twice, sent as md5 hex; on the form chart) and 重置密码 (back to
 * base.default_password; a task): each failure shows with a retry.
 */
export function PasswordActions({ row, http }: { row: Row; http: HttpClient }) {
  const { t } = useTranslation('system');
  const [open, setOpen] = useState(false);
  const toDefault = useTaskActor<void, string | undefined>({
    run: async (_, signal) =>
      envelopeMessage(await http.put(ResourcePaths.userDefaultPassword(row.id), undefined, { signal })),
    onSucceeded: (message) => ok(message, t('user.password_reset')),
  });
  return (
    <>
      <Permission value="ResetPassword">
        <Button size="compact-xs" variant="subtle" color="grape" onClick={() => setOpen(true)}>
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
          onConfirm={() => toDefault.send({ type: 'task.run' })}
        />
      </Permission>
      <TaskFailure task={toDefault} />
      {/* Mounted only while open: a closed modal still mounts a portal node, one per table row. */}
      {open && <ResetPasswordModal row={row} http={http} onClose={() => setOpen(false)} />}
    </>
  );
}

function ResetPasswordModal({ row, http, onClose }: { row: Row; http: HttpClient; onClose(): void }) {
  const { t } = useTranslation('system');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [error, setError] = useState<string | undefined>();
  const actor = useFormActor(
    {
      submit: async (values, signal) => {
        const env = await http.put(
          ResourcePaths.userResetPassword(row.id),
          { newPassword: md5Hex(String(values.password)), newPassword2: md5Hex(String(values.password2)) },
          { signal },
        );
        const message = envelopeMessage(env);
        return message ? { message } : {};
      },
      onSaved: (message) => {
        ok(message, t('user.password_reset'));
        onClose();
      },
    },
    {},
  );
  const saving = useSelector(actor, selectIsSubmitting);
  const saveError = useSelector(actor, selectSubmitError);
  const submit = () => {
    if (!first) return setError(t('user.password_required'));
    if (first !== second) return setError(t('user.password_mismatch'));
    setError(undefined);
    actor.send({ type: 'form.submitted', values: { password: first, password2: second } });
  };
  return (
    <Modal opened onClose={onClose} title={t('user.reset_password')} centered>
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
        {saveError && <Failure reason={saveError} onRetry={() => actor.send({ type: 'form.retry' })} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('crud:cancel')}
          </Button>
          <Button loading={saving} onClick={submit}>
            {t('crud:save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
