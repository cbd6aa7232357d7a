/** 知识库 (`/xy/knowledge/`): the articles' columns, filters and form; the body is rich text. */
import { createElement } from 'react';
import { knowledgeRowSchema, SupportPaths } from '../../../../contract/support.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource, FormValues, Row } from '../../../crud/types.ts';
import { RichTextInput } from './RichText.tsx';
import { TagsCell, TagsField } from './Tags.tsx';

export const KNOWLEDGE_URL = SupportPaths.knowledge;

export const knowledgeResource: CrudResource = {
  name: 'knowledge',
  url: KNOWLEDGE_URL,
  row: knowledgeRowSchema,
  title: 'support:knowledge.title',
  ordering: '-update_datetime',
  actions: { export: true },
  fields: [
    {
      name: 'search',
      label: 'support:knowledge.search',
      search: true,
      column: false,
      form: false,
    },
    { name: 'title', label: 'support:knowledge.article_title', form: { required: true, maxLength: 200 } },
    {
      name: 'category',
      label: 'support:knowledge.category',
      search: true,
      column: { width: 120 },
      form: { maxLength: 50 },
    },
    {
      name: 'tags',
      label: 'support:knowledge.tags',
      input: (p) => createElement(TagsField, p),
      column: { render: (row: Row) => createElement(TagsCell, { tags: row.tags }) },
      initial: [],
    },
    { name: 'tag', label: 'support:knowledge.tag', search: true, column: false, form: false },
    {
      name: 'published',
      label: 'support:knowledge.published',
      kind: 'switch',
      dict: 'button_whether_bool',
      search: true,
      initial: false,
      column: { width: 90 },
    },
    {
      name: 'content',
      label: 'support:knowledge.content',
      input: (p) => createElement(RichTextInput, p),
      column: false,
      form: { span: 2 },
      initial: '',
    },
    ...commonFields(),
  ],
  toBody: (values: FormValues) => ({ ...values, tags: Array.isArray(values.tags) ? values.tags : [] }),
};
