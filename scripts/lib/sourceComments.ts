/** Comments read from a chart's source: its opening comment, and the one-line docs of named effects. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The comment a file opens with, without its `/**`, `*` and `*\/` decoration ('' when there is none). */
export function headerComment(text: string): string {
  const match = /^\s*\/\*\*?([\s\S]*?)\*\//.exec(text);
  if (!match) return '';
  const lines = (match[1] as string).split('\n').map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines.at(-1) === '') lines.pop();
  return lines.join('\n');
}

/** `/** doc *\/ name:` and `/** doc *\/ export const name =`: the doc on one line, by name. */
export function namedDocs(text: string): Map<string, string> {
  const docs = new Map<string, string>();
  const re =
    /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*(?:export\s+)?(?:(?:const|let|function)\s+)?([A-Za-z_$][\w$]*)\s*[:=(]/g;
  for (const match of text.matchAll(re)) {
    const doc = (match[1] as string)
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, '').trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const name = match[2] as string;
    if (doc && !docs.has(name)) docs.set(name, doc);
  }
  return docs;
}

/**
 * The docs of named effects for a chart: from its source file first, then from the files it imports
 * relatively (one level: `session.machine.ts` takes its vocabulary from `session.setup.ts`).
 */
export function chartDocs(root: string, source: string): Map<string, string> {
  const file = join(root, source);
  const text = readFileSync(file, 'utf8');
  const docs = namedDocs(text);
  for (const match of text.matchAll(/^import\s+(?!type\b)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)) {
    const imported = resolve(dirname(file), match[1] as string);
    if (!existsSync(imported) || relative(root, imported).startsWith('..')) continue;
    for (const [name, doc] of namedDocs(readFileSync(imported, 'utf8')))
      if (!docs.has(name)) docs.set(name, doc);
  }
  return docs;
}
