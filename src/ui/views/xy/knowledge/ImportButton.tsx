import { useTranslation } from 'react-i18next';
import type { HttpClient } from '../../../../services/http/types.ts';
import { ImportButton } from '../../../crud/ImportButton.tsx';
import { KNOWLEDGE_URL } from './resource.ts';

/** 导入 of the knowledge base: the kit's template download and sheet upload. */
export function KnowledgeImportButton({ http, onDone }: { http: HttpClient; onDone(): void }) {
  const { t } = useTranslation('support');
  return (
    <ImportButton
      http={http}
      url={KNOWLEDGE_URL}
      name="knowledge"
      texts={{
        template: t('knowledge.template'),
        downloadTemplate: t('knowledge.download_template'),
        uploadImport: t('knowledge.upload_import'),
        imported: t('knowledge.imported'),
      }}
      onDone={onDone}
    />
  );
}
