import { type TreeNodeData, TreeSelect } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Paths } from '../../contract/paths.ts';
import { buildTree, type TreeNode } from '../../services/api/tree.ts';
import { useCrudEnv } from './env.tsx';

type DeptNode = { id: number; name: string; parent: number | null };

const toData = (nodes: TreeNode<DeptNode>[]): TreeNodeData[] =>
  nodes.map((n) => ({ value: String(n.id), label: n.name, children: toData(n.children) }));

/** Departments as tree data (`dept_lazy_tree`, loaded when the field first shows). */
export function useDeptTree(): TreeNodeData[] {
  const { http } = useCrudEnv();
  const [data, setData] = useState<TreeNodeData[]>([]);
  useEffect(() => {
    let live = true;
    http
      .get<DeptNode[]>(Paths.deptLazyTree)
      .then((env) => {
        if (live) setData(toData(buildTree(env.data ?? [])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [http]);
  return data;
}

/** Several departments: a checkable tree select (children are not implied by their parent). */
export function DeptsSelect(props: {
  id?: string;
  value: string[];
  onChange(value: string[]): void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  return (
    <TreeSelect
      mode="checkbox"
      checkStrictly
      id={props.id}
      data={useDeptTree()}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      disabled={props.disabled}
      defaultExpandAll
      size="sm"
    />
  );
}

/** The department tree select. */
export function DeptSelect(props: {
  id?: string;
  value: string | null;
  onChange(value: string | null): void;
  error?: string | undefined;
  disabled?: boolean;
  placeholder?: string;
}) {
  const data = useDeptTree();
  return (
    <TreeSelect
      id={props.id}
      data={data}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      disabled={props.disabled}
      placeholder={props.placeholder}
      searchable
      clearable
      defaultExpandAll
      size="sm"
    />
  );
}
