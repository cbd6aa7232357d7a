/**
 * The search index behind the header's spotlight (seed §2 "Layout": search over menu entries).
 *
 * Pure and React-free so a benchmark can time it: `buildSearchIndex` turns the raw menu list into one entry
 * per menu leaf (visible or hidden), titled with its ancestors (`Parent / Child`), and normalises every
 * searchable string once. `searchIndex` scores a keystroke's query against those pre-normalised strings
 * with a small fuzzy scorer (substring first, then an in-order subsequence), best first.
 */
import type { MenuRecord } from '../../contract/menu.ts';
import { isExternalPath, recordPath, routePathOf } from '../routeGuard/menus.ts';

export type SearchEntry = {
  /** `String(record.id)`, or `index` for the console. */
  id: string;
  /** The leaf's own name. */
  name: string;
  /** Ancestors and the leaf joined with ` / ` (`系统管理 / 常规配置 / 系统配置`). */
  title: string;
  /** A route path (an embedded link's is `/iframe/<id>`) or an `http(s)://` address. */
  path: string;
  icon: string | null;
  /** `http(s)://` address: opens in a new browser tab. */
  external: boolean;
  /** Not shown in the side menu (`visible: false`), still searchable. */
  hidden: boolean;
  /** Pre-normalised `name`, `title` and `path`, so a keystroke only normalises the query. */
  keys: { name: string; title: string; path: string };
};

export type SearchHit = { entry: SearchEntry; score: number };

type IndexRecord = Pick<
  MenuRecord,
  | 'id'
  | 'parent'
  | 'name'
  | 'path'
  | 'web_path'
  | 'component'
  | 'is_link'
  | 'is_catalog'
  | 'icon'
  | 'visible'
  | 'frame_out'
>;

export type BuildOptions = {
  /** The fixed first entry (控制台 at /index), translated by the caller. */
  console?: { title: string; path: string; icon?: string };
  separator?: string;
};

/** Lower case, full-width folded (NFKC), runs of white space collapsed. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A record that opens a page: it has a path and a view (or is a link), and it is not a catalog. */
function isLeaf(record: IndexRecord): boolean {
  if (record.is_catalog === true) return false;
  const path = recordPath(record);
  if (!path) return false;
  return !!record.component || record.is_link === true || isExternalPath(path);
}

function entry(
  id: string,
  name: string,
  title: string,
  path: string,
  icon: string | null,
  hidden: boolean,
): SearchEntry {
  return {
    id,
    name,
    title,
    path,
    icon,
    external: isExternalPath(path),
    hidden,
    keys: { name: normalize(name), title: normalize(title), path: normalize(path) },
  };
}

/** One entry per menu leaf, in the server's order, after the console; the first record wins a path. */
export function buildSearchIndex(menus: readonly IndexRecord[], options: BuildOptions = {}): SearchEntry[] {
  const separator = options.separator ?? ' / ';
  const byId = new Map<number, IndexRecord>();
  for (const record of menus) byId.set(record.id, record);
  const chainCache = new Map<number, string[]>();
  // Ancestor names from the root down; a missing parent ends the chain, a cycle is cut at the repeat.
  const chainOf = (record: IndexRecord): string[] => {
    const cached = chainCache.get(record.id);
    if (cached) return cached;
    const names: string[] = [];
    const seen = new Set<number>([record.id]);
    let parent = record.parent === null ? undefined : byId.get(record.parent);
    while (parent && !seen.has(parent.id)) {
      seen.add(parent.id);
      names.unshift(parent.name);
      parent = parent.parent === null ? undefined : byId.get(parent.parent);
    }
    chainCache.set(record.id, names);
    return names;
  };

  const entries: SearchEntry[] = [];
  const seenPaths = new Set<string>();
  if (options.console) {
    const { title, path, icon } = options.console;
    entries.push(entry('index', title, title, path, icon ?? 'home', false));
    seenPaths.add(path);
  }
  for (const record of menus) {
    if (!isLeaf(record)) continue;
    const path = routePathOf(record);
    if (seenPaths.has(path)) continue;
    seenPaths.add(path);
    const title = [...chainOf(record), record.name].join(separator);
    entries.push(
      entry(String(record.id), record.name, title, path, record.icon || null, record.visible === false),
    );
  }
  return entries;
}

const isBoundary = (text: string, i: number) => i === 0 || /[\s/_\-.:]/.test(text[i - 1] as string);

/**
 * How well `query` (normalised) matches `text` (normalised): null when it does not. A substring scores
 * highest (more at the start or a word boundary, more the larger the share of the text it covers); else
 * the characters in order, rewarding consecutive runs and word starts, penalising gaps.
 */
export function fuzzyScore(query: string, text: string): number | null {
  if (!query) return 0;
  if (query.length > text.length) return null;
  const at = text.indexOf(query);
  if (at >= 0) {
    const start = at === 0 ? 40 : isBoundary(text, at) ? 20 : 0;
    return 100 + start + Math.round((30 * query.length) / text.length) - Math.min(at, 20);
  }
  let score = 0;
  let ti = 0;
  let previous = -2;
  for (let qi = 0; qi < query.length; qi++) {
    const c = query[qi] as string;
    if (c === ' ') continue;
    const found = text.indexOf(c, ti);
    if (found < 0) return null;
    score += 1;
    if (found === previous + 1) score += 5;
    else if (previous >= 0) score -= Math.min(found - previous - 1, 5);
    if (isBoundary(text, found)) score += 3;
    previous = found;
    ti = found + 1;
  }
  return Math.max(score, 1);
}

/** An entry's best field: the leaf name counts most, then the whole title, then the path. */
export function scoreEntry(entry: SearchEntry, query: string): number | null {
  const name = fuzzyScore(query, entry.keys.name);
  const title = fuzzyScore(query, entry.keys.title);
  const path = fuzzyScore(query, entry.keys.path);
  let best: number | null = null;
  if (name !== null) best = name + 20;
  if (title !== null && (best === null || title > best)) best = title;
  if (path !== null && (best === null || path - 5 > best)) best = path - 5;
  return best;
}

/**
 * The entries matching `query`, best first (ties keep menu order). An empty query lists every entry in
 * menu order. `limit` caps the list the spotlight draws.
 */
export function searchIndex(index: readonly SearchEntry[], query: string, limit = Infinity): SearchHit[] {
  const q = normalize(query);
  if (!q) return index.slice(0, limit).map((entry) => ({ entry, score: 0 }));
  const hits: (SearchHit & { order: number })[] = [];
  for (let i = 0; i < index.length; i++) {
    const entry = index[i] as SearchEntry;
    const score = scoreEntry(entry, q);
    if (score !== null) hits.push({ entry, score, order: i });
  }
  hits.sort((a, b) => b.score - a.score || a.order - b.order);
  return hits.slice(0, limit).map(({ entry, score }) => ({ entry, score }));
}
