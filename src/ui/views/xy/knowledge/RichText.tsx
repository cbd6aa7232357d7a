/**
 * The article body: edited with @mantine/tiptap (StarterKit + Mantine's link), shown read-only as the
 * server's sanitised HTML inside a sandboxed frame (`sandbox=""`: no scripts, no same-origin access), so
 * even HTML that slipped past the sanitiser cannot run in the console.
 */
import '@mantine/tiptap/styles.css';
import { Box, Text } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../../../crud/types.ts';

const FRAME_STYLE =
  '<style>body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.6;margin:8px;color:#222}' +
  'img{max-width:100%}pre{white-space:pre-wrap}</style>';

/** The sanitised article HTML in a frame that cannot run scripts. */
export function ArticleFrame({ html, title }: { html: string; title: string }) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      srcDoc={`<!doctype html><meta charset="utf-8">${FRAME_STYLE}${html}`}
      data-testid="knowledge-content-frame"
      style={{ width: '100%', height: 320, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
    />
  );
}

function Editor({ id, value, onChange, error }: CustomInputProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: typeof value === 'string' ? value : '',
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <>
      <RichTextEditor editor={editor} id={id} data-testid="knowledge-editor">
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
      {error && (
        <Text size="xs" c="red" mt={4}>
          {error}
        </Text>
      )}
    </>
  );
}

/** The form input of `content`: the editor, or the sandboxed frame in view mode. */
export function RichTextInput(props: CustomInputProps) {
  const { t } = useTranslation('support');
  if (props.disabled) return <ArticleFrame html={String(props.value ?? '')} title={t('knowledge.content')} />;
  return <Editor {...props} />;
}
