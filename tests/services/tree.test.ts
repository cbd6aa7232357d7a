import { describe, expect, it } from 'vitest';
import { buildTree, indexDepartments } from '../../src/services/api/index.ts';

describe('trees built by parent (seed §7)', () => {
  it('nests children under their parent in list order', () => {
    const tree = buildTree([
      { id: 1, parent: null, name: 'root' },
      { id: 3, parent: 1, name: 'b' },
      { id: 2, parent: 1, name: 'a' },
      { id: 4, parent: 3, name: 'c' },
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children.map((c) => c.id)).toEqual([3, 2]);
    expect(tree[0]!.children[0]!.children.map((c) => c.id)).toEqual([4]);
  });

  it('rows whose parent is missing, or that sit on a cycle, become roots so nothing is lost', () => {
    const tree = buildTree([
      { id: 5, parent: 99 },
      { id: 6, parent: 7 },
      { id: 7, parent: 6 },
      { id: 8, parent: 8 },
    ]);
    const ids = (nodes: { id: number | string; children: unknown[] }[]): (number | string)[] =>
      nodes.flatMap((n) => [n.id, ...ids(n.children as never)]);
    expect(ids(tree).sort()).toEqual([5, 6, 7, 8]);
  });

  it('departments keep the flat list, a tree and an id → name map', () => {
    const depts = indexDepartments([
      { id: 1, name: 'DVAdmin团队', parent: null },
      { id: 2, name: '运营部', parent: 1 },
    ]);
    expect(depts.names).toEqual({ 1: 'DVAdmin团队', 2: '运营部' });
    expect(depts.tree[0]!.children[0]!.name).toBe('运营部');
    expect(depts.list).toHaveLength(2);
  });
});
