import { getTreeExpandedState, Paper, Text, Tree, UnstyledButton, useTree } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeptTree } from '../../../crud/DeptSelect.tsx';
import { Failure } from '../../../crud/Failure.tsx';

/** The department tree on the left of the user page: choosing a node filters the users (and below). */
export function DeptFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange(dept: string | null): void;
}) {
  const { t } = useTranslation('system');
  const { data, error, retry } = useDeptTree();
  const tree = useTree();
  // Expand everything once per loaded tree. `setExpandedState` is a new function on every render: as an
  // effect dependency it re-ran the effect after each update, forever, starving the router's transitions.
  const setExpanded = useRef(tree.setExpandedState);
  setExpanded.current = tree.setExpandedState;
  useEffect(() => {
    if (data.length) setExpanded.current(getTreeExpandedState(data, '*'));
  }, [data]);
  return (
    <Paper p="sm" radius="md" withBorder w={220} style={{ flexShrink: 0 }} data-testid="user-dept-filter">
      <UnstyledButton fz="sm" fw={value ? 400 : 600} mb={6} onClick={() => onChange(null)}>
        {t('user.all_depts')}
      </UnstyledButton>
      {error && <Failure compact reason={error} onRetry={retry} />}
      <Tree
        data={data}
        tree={tree}
        levelOffset={16}
        renderNode={({ node, expanded, hasChildren, elementProps }) => (
          <div {...elementProps}>
            <Text
              fz="sm"
              py={2}
              fw={value === node.value ? 600 : 400}
              c={value === node.value ? 'brand' : undefined}
              onClick={() => onChange(node.value)}
            >
              {hasChildren ? (expanded ? '▾ ' : '▸ ') : '  '}
              {node.label}
            </Text>
          </div>
        )}
      />
    </Paper>
  );
}
