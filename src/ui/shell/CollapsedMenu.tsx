import { Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { Fragment } from 'react';
import { Icon } from '../icons/Icon.tsx';
import type { MenuNode } from './menu-tree.ts';
import classes from './Shell.module.css';

type CollapsedMenuProps = {
  nodes: MenuNode[];
  activeId: string | undefined;
  onSelect: (node: MenuNode) => void;
};

/** The icon rail of a collapsed aside: leaves show a tooltip, catalogs fly out their pages to the right. */
export function CollapsedMenu({ nodes, activeId, onSelect }: CollapsedMenuProps) {
  const holdsActive = (node: MenuNode) => !!activeId && contains(node, activeId);
  return (
    <nav className={classes.rail}>
      {nodes.map((node) =>
        node.children.length ? (
          <Menu
            key={node.id}
            position="right-start"
            offset={10}
            trigger="click-hover"
            withinPortal
            shadow="md"
          >
            <Menu.Target>
              <UnstyledButton
                className={classes.railItem}
                data-active={holdsActive(node) || undefined}
                aria-label={node.title}
              >
                <Icon fa={node.icon} size={20} />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{node.title}</Menu.Label>
              {flyout(node.children, onSelect, activeId)}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Tooltip key={node.id} label={node.title} position="right" withArrow>
            <UnstyledButton
              className={classes.railItem}
              data-active={node.id === activeId || undefined}
              aria-label={node.title}
              onClick={() => onSelect(node)}
            >
              <Icon fa={node.icon} size={20} />
            </UnstyledButton>
          </Tooltip>
        ),
      )}
    </nav>
  );
}

function flyout(nodes: MenuNode[], onSelect: (node: MenuNode) => void, activeId: string | undefined) {
  return nodes.map((node) =>
    node.children.length ? (
      <Fragment key={node.id}>
        <Menu.Divider />
        <Menu.Label>{node.title}</Menu.Label>
        {flyout(node.children, onSelect, activeId)}
      </Fragment>
    ) : (
      <Menu.Item
        key={node.id}
        leftSection={<Icon fa={node.icon} size={16} />}
        onClick={() => onSelect(node)}
        data-active={node.id === activeId || undefined}
        c={node.id === activeId ? 'brand.7' : undefined}
      >
        {node.title}
      </Menu.Item>
    ),
  );
}

function contains(node: MenuNode, id: string): boolean {
  return node.id === id || node.children.some((child) => contains(child, id));
}
