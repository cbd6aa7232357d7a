/**
 * Tree by `parent` (seed §7: "data.data is a list, tree-built by parent"). Rows keep their order; a row
 * whose parent is missing from the list, or that sits on a parent cycle, becomes a root so nothing is lost.
 */
export type TreeRow = { id: number | string; parent?: number | string | null };
export type TreeNode<T> = T & { children: TreeNode<T>[] };

export function buildTree<T extends TreeRow>(rows: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<T['id'], TreeNode<T>>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [] });
  const parentOf = (row: T) => (row.parent === null || row.parent === undefined ? undefined : row.parent);

  const attachesToRoot = (row: T): boolean => {
    const seen = new Set<T['id']>([row.id]);
    let parent = parentOf(row);
    while (parent !== undefined) {
      if (seen.has(parent)) return false; // cycle
      seen.add(parent);
      const next = nodes.get(parent);
      if (!next) return true; // chain ends at an unknown parent: fine, that ancestor is a root
      parent = parentOf(next);
    }
    return true;
  };

  const roots: TreeNode<T>[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = parentOf(row);
    const parentNode = parent === undefined ? undefined : nodes.get(parent);
    if (parentNode && parentNode !== node && attachesToRoot(row)) parentNode.children.push(node);
    else roots.push(node);
  }
  return roots;
}
