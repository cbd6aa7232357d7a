import { Button, CloseButton, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsRunning } from '../../machines/crud/selectors.ts';
import { uploadFile } from '../../services/api/upload.ts';
import { useTaskActor } from './actors.ts';
import { useCrudEnv } from './env.tsx';
import { TaskFailure } from './TaskFailure.tsx';

/** Seed §5: image uploaders accept these; avatars take one file. */
export const IMAGE_ACCEPT = '.png,.jpeg,.jpg,.ico,.bmp,.gif';

/** Uploads through `api/system/file/`; the value is the file url (a list of urls unless `single`). */
export function ImageUpload(props: {
  id?: string;
  value: unknown;
  onChange(value: unknown): void;
  single?: boolean;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation('crud');
  const { http, fileUrl = (url: string) => url } = useCrudEnv();
  const urls = (Array.isArray(props.value) ? props.value : props.value ? [props.value] : []).map(String);
  const upload = useTaskActor<File[], string[]>({
    run: async (files, signal) => {
      const done: string[] = [];
      for (const file of files)
        done.push((await uploadFile(http, file, { fileName: file.name, signal })).url);
      return done;
    },
    onSucceeded: (done) => props.onChange(props.single ? done[0] : [...urls, ...done]),
  });
  const busy = useSelector(upload, selectIsRunning);
  const add = (files: File[] | File | null) => {
    const list = (Array.isArray(files) ? files : files ? [files] : []).slice(0, props.single ? 1 : undefined);
    if (list.length) upload.send({ type: 'task.run', input: list });
  };
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {urls.map((url) => (
          <div key={url} style={{ position: 'relative' }}>
            <Image src={fileUrl(url)} w={100} h={100} radius="sm" fit="cover" alt="" />
            {!props.disabled && (
              <CloseButton
                size="xs"
                pos="absolute"
                top={2}
                right={2}
                aria-label={t('remove')}
                onClick={() => props.onChange(props.single ? '' : urls.filter((u) => u !== url))}
              />
            )}
          </div>
        ))}
        {!props.disabled && (!props.single || urls.length === 0) && (
          <FileButton onChange={add} accept={IMAGE_ACCEPT} multiple={!props.single}>
            {(p) => (
              <Button {...p} id={props.id} variant="default" w={100} h={100} loading={busy}>
                {t('upload')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <TaskFailure task={upload} />
      {props.error && (
        <Text c="red" fz="xs">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
