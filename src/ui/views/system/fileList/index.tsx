import { Anchor, Image } from '@mantine/core';
import { Resources } from '../../../../contract/resources.ts';
import { getConfig } from '../../../../services/config.ts';
import { crudView } from '../../../crud/app-env.tsx';
import { commonFields } from '../../../crud/common.ts';
import type { Row } from '../../../crud/types.ts';

/** A stored file's address: relative urls are shown under the API base (CONTRACT.md "Files"). */
export function fileHref(row: Row): string {
  const url = String(row.url ?? row.file_url ?? '');
  if (/^(https?:)?\/\//.test(url) || url.startsWith('/')) return url;
  return `${getConfig().apiBase.replace(/\/+$/, '')}/${url}`;
}

const isImage = (row: Row) => String(row.mime_type ?? '').startsWith('image/');

/** 附件管理 (menu component `system/fileList/index`): the list, an image preview, a download link. */
export default crudView((t) => ({
  name: 'file',
  url: Resources.file.path,
  row: Resources.file.row,
  title: 'system:file.title',
  ordering: '-create_datetime',
  actions: { create: false },
  fields: [
    {
      name: 'url',
      label: 'system:file.preview',
      form: false,
      column: {
        width: 80,
        render: (row) =>
          isImage(row) ? <Image src={fileHref(row)} w={40} h={40} radius="sm" fit="cover" alt="" /> : null,
      },
    },
    { name: 'name', label: 'system:file.name', search: true, form: { required: true } },
    { name: 'mime_type', label: 'system:file.mime_type', form: { readOnly: true } },
    { name: 'size', label: 'system:file.size', form: { readOnly: true } },
    { name: 'md5sum', label: 'system:file.md5sum', column: { hidden: true }, form: { readOnly: true } },
    {
      name: 'download',
      label: 'system:file.download',
      form: false,
      column: {
        render: (row) => (
          <Anchor href={fileHref(row)} download={String(row.name ?? '')} target="_blank" fz="sm">
            {t('file.download')}
          </Anchor>
        ),
      },
    },
    ...commonFields({ belongForm: false }),
  ],
  toBody: (values) => ({ name: values.name, description: values.description ?? null }),
}));
