// /feedback (menu component `xy/feedback/index`): what customers reported (POST /xy/feedback/submit/ with
// their API key) and the operators' answers. 回复 opens the kit's form on the reply (the server pushes it to
// the customer's webhook and marks the feedback answered); operators cannot create feedback.
import { Button } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliveryPaths, FEEDBACK_STATUSES, feedbackRowSchema } from '../../../../contract/delivery.ts';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { commonFields } from '../../../crud/common.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { Permission } from '../../../crud/permission.tsx';
import type { CrudActionContext, CrudOption, CrudResource, FormValues, Row } from '../../../crud/types.ts';
import { namedOptions } from '../shared/options.ts';

const STATUS_COLOR: Record<(typeof FEEDBACK_STATUSES)[number], string> = {
  open: 'orange',
  answered: 'teal',
  closed: 'gray',
};

const statusOptions = (t: TFunction): CrudOption[] =>
  FEEDBACK_STATUSES.map((s) => ({
    label: t(`delivery:feedback.status_${s}`),
    value: s,
    color: STATUS_COLOR[s],
  }));

export function feedbackResource(t: TFunction): CrudResource {
  return {
    name: 'feedback',
    url: DeliveryPaths.feedback,
    row: feedbackRowSchema,
    title: 'delivery:feedback.title_name',
    ordering: '-create_datetime',
    actions: { create: false, update: false },
    fields: [
      { name: 'customer_name', label: 'delivery:feedback.customer', column: { width: 120 } },
      {
        name: 'customer',
        label: 'delivery:feedback.customer',
        kind: 'select',
        loadOptions: (http) => namedOptions(http, DeliveryPaths.customers),
        search: true,
        column: false,
        form: false,
      },
      { name: 'title', label: 'delivery:feedback.subject', search: true, column: { width: 180 } },
      {
        name: 'content',
        label: 'delivery:feedback.content',
        kind: 'textarea',
        form: { span: 2 },
        column: { width: 280 },
      },
      {
        name: 'status',
        label: 'delivery:feedback.status',
        search: true,
        options: statusOptions(t),
        column: { width: 90, sortable: true },
      },
      {
        name: 'reply',
        label: 'delivery:feedback.reply',
        kind: 'textarea',
        form: { span: 2 },
        column: { width: 220 },
      },
      {
        name: 'replied_at',
        label: 'delivery:feedback.replied_at',
        kind: 'datetime',
        form: false,
        column: { width: 160, sortable: true },
      },
      ...commonFields({ belongForm: false }).filter((f) => f.name === 'create_datetime'),
    ],
  };
}

/**
 * The answer form: the report read-only, the reply and the status. The status is sent only when the
 * operator changed it, so a new reply on open feedback becomes `answered` (the server's rule) unless the
 * operator closes it.
 */
export function answerResource(t: TFunction): CrudResource {
  return {
    name: 'feedback_answer',
    url: DeliveryPaths.feedback,
    title: 'delivery:feedback.answer_name',
    fields: [
      { name: 'customer_name', label: 'delivery:feedback.customer', form: { readOnly: true } },
      { name: 'title', label: 'delivery:feedback.subject', form: { readOnly: true } },
      {
        name: 'content',
        label: 'delivery:feedback.content',
        kind: 'textarea',
        form: { span: 2, readOnly: true },
      },
      {
        name: 'reply',
        label: 'delivery:feedback.reply',
        kind: 'textarea',
        form: { span: 2, required: true, maxLength: 10_000 },
      },
      {
        name: 'status',
        label: 'delivery:feedback.status',
        kind: 'radio',
        options: statusOptions(t),
        form: { span: 2 },
      },
    ],
    toForm: (row) => ({ ...row, original_status: row.status }),
    toBody: (values: FormValues) => ({
      reply: values.reply ?? '',
      ...(values.status !== values.original_status ? { status: values.status } : {}),
    }),
  };
}

function AnswerButton({ row, ctx, resource }: { row: Row; ctx: CrudActionContext; resource: CrudResource }) {
  const { t } = useTranslation('delivery');
  const [open, setOpen] = useState(false);
  return (
    <Permission value="Update">
      <Button size="compact-xs" variant="subtle" onClick={() => setOpen(true)}>
        {t('feedback.answer')}
      </Button>
      {open && (
        <FormModal
          resource={resource}
          target={{ mode: 'edit', id: row.id, values: resource.toForm?.(row) ?? row }}
          loaded={{}}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            ctx.reload();
          }}
        />
      )}
    </Permission>
  );
}

export function FeedbackPage() {
  const { t } = useTranslation('delivery');
  const resource = useMemo<CrudResource>(() => {
    const answer = answerResource(t);
    return {
      ...feedbackResource(t),
      rowActions: (row, ctx) => <AnswerButton row={row} ctx={ctx} resource={answer} />,
    };
  }, [t]);
  return <CrudPage resource={resource} />;
}

export default function FeedbackRoute() {
  return (
    <AppCrudEnv>
      <FeedbackPage />
    </AppCrudEnv>
  );
}
