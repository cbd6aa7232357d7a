import { useTranslation } from 'react-i18next';
import type { HttpClient } from '../../../../services/http/types.ts';
import { ImportButton as KitImportButton } from '../../../crud/ImportButton.tsx';
import { USER_URL } from './resource.ts';

/** 导入 of 用户管理: the kit's template download and sheet upload. */
export function ImportButton({ http, onDone }: { http: HttpClient; onDone(): void }) {
  const { t } = useTranslation('system');
  return (
    <KitImportButton
      http={http}
      url={USER_URL}
      name="user"
      texts={{
        template: t('user.template'),
        downloadTemplate: t('user.download_template'),
        uploadImport: t('user.upload_import'),
        imported: t('user.imported'),
      }}
      onDone={onDone}
    />
  );
}
