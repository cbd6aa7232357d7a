/** A side-menu entry as the views draw it (built from the routeGuard's menu tree). */
export type MenuNode = {
  id: string;
  title: string;
  /** Route path (`/dept`), an `http(s)://` address, or undefined for a catalog / placeholder entry. */
  path?: string | undefined;
  /** Font Awesome 4.7 name as stored on the menu record. */
  icon?: string | null | undefined;
  children: MenuNode[];
};

export const isExternal = (path: string | undefined): path is string => !!path && /^https?:\/\//i.test(path);

/** Ids from the root down to the entry whose path is `path` (empty when none matches). */
export function chainTo(nodes: MenuNode[], path: string): string[] {
  for (const node of nodes) {
    if (node.path && !isExternal(node.path) && node.path === path) return [node.id];
    const below = chainTo(node.children, path);
    if (below.length) return [node.id, ...below];
  }
  return [];
}

/**
 * Opening a submenu closes its open siblings (one submenu open at a time): the open chain becomes the
 * node's ancestors plus the node; closing keeps only its ancestors.
 */
export function toggleChain(nodes: MenuNode[], open: string[], id: string): string[] {
  const ancestors = ancestorsOf(nodes, id);
  if (!ancestors) return open;
  return open.includes(id) ? ancestors : [...ancestors, id];
}

function ancestorsOf(nodes: MenuNode[], id: string, above: string[] = []): string[] | null {
  for (const node of nodes) {
    if (node.id === id) return above;
    const found = ancestorsOf(node.children, id, [...above, node.id]);
    if (found) return found;
  }
  return null;
}

/** Number of leaf pages (entries with a route path) in the tree. */
export function countPages(nodes: MenuNode[]): number {
  return nodes.reduce(
    (n, node) => n + (node.children.length ? countPages(node.children) : node.path ? 1 : 0),
    0,
  );
}

/** Leaf entries in menu order, for shortcuts. */
export function leaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => (node.children.length ? leaves(node.children) : node.path ? [node] : []));
}
