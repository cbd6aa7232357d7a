import '@mantine/core/styles/Typography.css';
import { Textarea, Typography } from '@mantine/core';
import type { CustomInputProps } from '../crud/types.ts';
import { looksLikeHtml, sanitizeHtml } from './safe-html.ts';

/**
 * A message's content as its reader sees it: stored HTML rendered after the allow-list sanitiser
 * (safe-html.ts), plain text kept as typed (line breaks included).
 */
export function HtmlContent({ value, testId = 'message-content' }: { value: unknown; testId?: string }) {
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  if (!looksLikeHtml(text))
    return (
      <div data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {text}
      </div>
    );
  return (
    <Typography data-testid={testId}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allow-list (safe-html.ts). */}
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(text) }} />
    </Typography>
  );
}

/** The CRUD form input of a message's `content`: a textarea to write, the rendered content to view. */
export function MessageContentInput({ id, value, onChange, error, disabled }: CustomInputProps) {
  if (disabled) return <HtmlContent value={value} />;
  return (
    <Textarea
      id={id}
      size="sm"
      value={typeof value === 'string' ? value : String(value ?? '')}
      error={error}
      rows={4}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
