/**
 * The list chart's tree bookkeeping (src/machines/crud/list.machine.ts): which rows are open, whose children
 * wait for `fetchChildren`, and what a new page keeps of them. Pure functions of the chart's context.
 */
import type { ChildrenEntry, ListContext, ListPage, Row, RowId } from './types.ts';

export const key = (id: RowId) => String(id);

/** Queue a row's children load (unless queued already) and show it as loading. */
export function queued(context: ListContext, id: RowId): Partial<ListContext> {
  const already = context.childQueue.some((q) => key(q) === key(id));
  return {
    childQueue: already ? context.childQueue : [...context.childQueue, id],
    children: { ...context.children, [key(id)]: { status: 'loading', rows: [] } },
  };
}

/** A row of the page or of the loaded children. */
export function rowById(context: ListContext, id: RowId): Row | undefined {
  const wanted = key(id);
  return (
    context.rows.find((r) => key(r.id) === wanted) ??
    Object.values(context.children)
      .flatMap((entry) => entry.rows)
      .find((r) => key(r.id) === wanted)
  );
}

/**
 * A new page's expanded rows and children: the children that came with it, and the rows that were open and
 * are still shown — at the top, among the children that came with it, or under an open row kept open
 * (they show once their parent's children arrive) — kept open with their children loaded again.
 */
export function reopened(
  context: ListContext,
  page: ListPage,
): Pick<ListContext, 'expanded' | 'children' | 'childQueue'> {
  const children: Record<string, ChildrenEntry> = {};
  for (const [id, rows] of Object.entries(page.children ?? {})) children[id] = { status: 'ready', rows };
  const shown = new Set(
    [...page.rows, ...Object.values(children).flatMap((e) => e.rows)].map((r) => key(r.id)),
  );
  const open = new Set(context.expanded.map(key));
  const kept: RowId[] = [];
  let grew = true;
  while (grew) {
    grew = false;
    for (const id of context.expanded) {
      if (kept.includes(id) || !shown.has(key(id))) continue;
      kept.push(id);
      grew = true;
      // its old children are where the open rows below it will show again
      for (const child of context.children[key(id)]?.rows ?? [])
        if (open.has(key(child.id))) shown.add(key(child.id));
    }
  }
  const expanded = context.expanded.filter((id) => kept.includes(id));
  let next: Pick<ListContext, 'expanded' | 'children' | 'childQueue'> = {
    expanded,
    children,
    childQueue: [],
  };
  // Only the open rows at the top or among the page's children load now; deeper ones when their parent's
  // children arrive (storeChildren).
  const top = new Set(
    [...page.rows, ...Object.values(children).flatMap((e) => e.rows)].map((r) => key(r.id)),
  );
  for (const id of expanded)
    if (top.has(key(id)) && !(key(id) in children))
      next = { ...next, ...queued({ ...context, ...next }, id) };
  return next;
}

/** Open rows among children that just arrived (kept open through a reload) load their own children again. */
export function reopenBelow(context: ListContext, rows: readonly Row[]): ListContext {
  let next = context;
  for (const r of rows)
    if (next.expanded.some((e) => key(e) === key(r.id)) && !(key(r.id) in next.children))
      next = { ...next, ...queued(next, r.id) };
  return next;
}
