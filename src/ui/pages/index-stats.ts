import type { DeptTreeNode } from '../../machines/session/types.ts';

/**
 * How many departments the start-up's tree holds. Stock dvadmin answers the start-up list with the root
 * departments only (each saying how many children it has in `has_children`): a node counts itself, its
 * loaded children, and the children it announces but that were not loaded.
 */
export function countDepartments(tree: readonly DeptTreeNode[]): number {
  let count = 0;
  for (const node of tree) {
    const announced = node.has_children ?? 0;
    count += 1 + countDepartments(node.children) + Math.max(0, announced - node.children.length);
  }
  return count;
}
