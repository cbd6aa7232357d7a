// 导入 of a CRUD page (the kit's import, seeded button `Import`): download the template (`GET <url>import/`),
// then upload the filled sheet (`POST <url>import/`, field `file`), each on its own task chart — busy while
// it runs, its failure shown with a retry; the list reloads after an import. A backend without `import/`
// (stock dvadmin 2.1) is asked at its `import_data/` instead (services/api/export.ts).
import { Button, Menu } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePaths } from '../../contract/resources.ts';
import { selectIsRunning, selectTaskError } from '../../machines/crud/selectors.ts';
import { saveBlob, stock21Route, withRouteFallback } from '../../services/api/export.ts';
import type { HttpClient } from '../../services/http/types.ts';
import { envelopeMessage } from '../../services/implementations/crud.ts';
import { showNotice, TOAST_DURATION_MS } from '../../services/notify.ts';
import { useTaskActor } from './actors.ts';
import { Failure } from './Failure.tsx';
import { Permission } from './permission.tsx';

export type ImportButtonProps = {
  http: HttpClient;
  /** The resource's list path. */
  url: string;
  /** Test ids: `<name>-import-input`, `<name>-template-failed`, `<name>-import-failed`. */
  name: string;
  /** Translated texts: the template's file name (no extension), the two menu items, the success toast. */
  texts: { template: string; downloadTemplate: string; uploadImport: string; imported: string };
  onDone(): void;
};

/** `import/`, then stock dvadmin 2.1's `import_data/` when the backend has no `import/`. */
const importRoutes = (url: string, method: 'GET' | 'POST') => [
  { url: ResourcePaths.import(url), method },
  { url: stock21Route(ResourcePaths.import(url)), method },
];

export function ImportButton({ http, url, name, texts, onDone }: ImportButtonProps) {
  const { t } = useTranslation('crud');
  // The file input lives outside the menu: a menu item's click closes (unmounts) the dropdown before the
  // browser reports the chosen file, so an input inside it would never see the change.
  const input = useRef<HTMLInputElement>(null);
  const template = useTaskActor<void, void>({
    run: async (_, signal) => {
      const file = await http.download({
        method: 'GET',
        url: ResourcePaths.import(url),
        kind: 'export',
        signal,
      });
      saveBlob(file.blob, file.fileName ?? `${texts.template}.xlsx`);
    },
  });
  const importing = useTaskActor<File, string | undefined>({
    run: async (file, signal) => {
      const form = new FormData();
      form.append('file', file, file.name);
      try {
        const env = await withRouteFallback(importRoutes(url, 'POST'), (route, quiet) =>
          http.request({
            ...route,
            data: form,
            kind: 'export',
            signal,
            ...(quiet === undefined ? {} : { quiet }),
          }),
        );
        return envelopeMessage(env);
      } finally {
        // Cleared after every upload, so choosing the same (corrected) file again uploads it again.
        if (input.current) input.current.value = '';
      }
    },
    onSucceeded: (message) => {
      showNotice({ kind: 'success', message: message ?? texts.imported, durationMs: TOAST_DURATION_MS });
      onDone();
    },
  });
  const busy = useSelector(importing, selectIsRunning);
  const templateError = useSelector(template, selectTaskError);
  const importError = useSelector(importing, selectTaskError);
  return (
    <Permission value="Import">
      <Menu position="bottom-start" shadow="md">
        <Menu.Target>
          <Button size="sm" variant="light" color="cyan" loading={busy}>
            {t('import')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => template.send({ type: 'task.run' })}>{texts.downloadTemplate}</Menu.Item>
          <Menu.Item onClick={() => input.current?.click()}>{texts.uploadImport}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <input
        ref={input}
        type="file"
        accept=".xlsx,.xls"
        hidden
        data-testid={`${name}-import-input`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) importing.send({ type: 'task.run', input: file });
        }}
      />
      {templateError && (
        <Failure
          compact
          reason={templateError}
          onRetry={() => template.send({ type: 'task.retry' })}
          onDismiss={() => template.send({ type: 'task.dismissed' })}
          testId={`${name}-template-failed`}
        />
      )}
      {importError && (
        <Failure
          compact
          reason={importError}
          onRetry={() => importing.send({ type: 'task.retry' })}
          onDismiss={() => importing.send({ type: 'task.dismissed' })}
          testId={`${name}-import-failed`}
        />
      )}
    </Permission>
  );
}
