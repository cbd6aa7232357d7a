import { type TreeNodeData, TreeSelect } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { deptNodeSchema } from '../../contract/dept.ts';
import { Paths } from '../../contract/paths.ts';
import { selectTaskError, selectTaskOutput } from '../../machines/crud/selectors.ts';
import type { Reason } from '../../machines/shared/effects.ts';
import { buildTree, type TreeNode } from '../../services/api/tree.ts';
import { useTaskActor } from './actors.ts';
import { useCrudEnv } from './env.tsx';
import { Failure } from './Failure.tsx';

type DeptNode = { id: number; name: string; parent: number | null };

const toData = (nodes: TreeNode<DeptNode>[]): TreeNodeData[] =>
  nodes.map((n) => ({ value: String(n.id), label: n.name, children: toData(n.children) }));
const NONE: TreeNodeData[] = [];

/**
 * Departments as tree data (`dept_lazy_tree`, loaded when the field first shows) in a task chart: a failed
 * load gives its reason and a retry to show beside the field.
 */
export function useDeptTree(): { data: TreeNodeData[]; error: Reason | null; retry(): void } {
  const { http } = useCrudEnv();
  const task = useTaskActor<void, TreeNodeData[]>(
    {
      run: async (_, signal) =>
        toData(buildTree(await http.data({ url: Paths.deptLazyTree, signal }, deptNodeSchema.array()))),
    },
    { run: undefined },
  );
  const data = useSelector(task, selectTaskOutput) as TreeNodeData[] | undefined;
  const error = useSelector(task, selectTaskError);
  return { data: data ?? NONE, error, retry: () => task.send({ type: 'task.retry' }) };
}

/** Several departments: a checkable tree select (children are not implied by their parent). */
export function DeptsSelect(props: {
  id?: string;
  value: string[];
  onChange(value: string[]): void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const tree = useDeptTree();
  return (
    <>
      <TreeSelect
        mode="checkbox"
        checkStrictly
        id={props.id}
        data={tree.data}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        disabled={props.disabled}
        defaultExpandAll
        size="sm"
      />
      {tree.error && <Failure compact reason={tree.error} onRetry={tree.retry} />}
    </>
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
  const tree = useDeptTree();
  return (
    <>
      <TreeSelect
        id={props.id}
        data={tree.data}
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
      {tree.error && <Failure compact reason={tree.error} onRetry={tree.retry} />}
    </>
  );
}
