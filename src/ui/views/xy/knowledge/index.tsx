/** 知识库 (menu component `xy/knowledge/index`): articles on the CRUD kit, with import and export. */
import { useMemo } from 'react';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import type { CrudResource } from '../../../crud/types.ts';
import { KnowledgeImportButton } from './ImportButton.tsx';
import { knowledgeResource } from './resource.ts';

export default function KnowledgePage() {
  const resource = useMemo<CrudResource>(
    () => ({
      ...knowledgeResource,
      toolbar: (ctx) => <KnowledgeImportButton http={ctx.http} onDone={ctx.reload} />,
    }),
    [],
  );
  return (
    <AppCrudEnv>
      <CrudPage resource={resource} />
    </AppCrudEnv>
  );
}
