import { NavLink, Text } from '@mantine/core';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon.tsx';
import { CollapsedMenu } from './CollapsedMenu.tsx';
import { chainTo, isExternal, type MenuNode, toggleChain } from './menu-tree.ts';
import classes from './Shell.module.css';

export type AsideMenuProps = {
  nodes: MenuNode[];
  /** Path of the current route; its entry is active and its submenus open. */
  activePath: string;
  /** Icon-only rail (65 px) instead of the full tree. */
  collapsed: boolean;
  /** A leaf was chosen: navigate, open an external address, or warn about a placeholder. */
  onSelect: (node: MenuNode) => void;
};

/**
 * The side menu tree. One submenu is open at a time (per level): the open chain follows the active route
 * until the user toggles a submenu, and follows the route again after the next navigation.
 */
export function AsideMenu({ nodes, activePath, collapsed, onSelect }: AsideMenuProps) {
  const { t } = useTranslation('shell');
  const [choice, setChoice] = useState<{ path: string; open: string[] } | null>(null);
  const open = choice && choice.path === activePath ? choice.open : chainTo(nodes, activePath);
  const active = chainTo(nodes, activePath).at(-1);

  if (nodes.length === 0) {
    return (
      <Text className={classes.emptyMenu} c="dimmed" size="sm" data-testid="aside-empty">
        {t('no_menu')}
      </Text>
    );
  }
  if (collapsed) return <CollapsedMenu nodes={nodes} activeId={active} onSelect={onSelect} />;

  const click = (node: MenuNode) => (event: MouseEvent) => {
    if (node.children.length) {
      setChoice({ path: activePath, open: toggleChain(nodes, open, node.id) });
      return;
    }
    // A plain click stays in the app; modified clicks on real links keep the browser's behaviour.
    if (node.path && (event.metaKey || event.ctrlKey || event.shiftKey)) return;
    event.preventDefault();
    onSelect(node);
  };

  const render = (node: MenuNode, depth: number) => {
    const isBranch = node.children.length > 0;
    const href = isBranch ? undefined : node.path;
    return (
      <NavLink
        key={node.id}
        component={href ? 'a' : 'button'}
        href={href}
        target={isExternal(href) ? '_blank' : undefined}
        rel={isExternal(href) ? 'noopener noreferrer' : undefined}
        label={node.title}
        leftSection={depth === 0 || node.icon ? <Icon fa={node.icon} size={depth === 0 ? 18 : 16} /> : null}
        rightSection={isExternal(href) ? <Icon name="external" size={14} /> : undefined}
        active={node.id === active}
        opened={isBranch ? open.includes(node.id) : undefined}
        onClick={click(node)}
        childrenOffset={depth === 0 ? 28 : 16}
        className={classes.navLink}
        data-depth={depth}
        data-menu-id={node.id}
        aria-current={node.id === active ? 'page' : undefined}
      >
        {isBranch ? node.children.map((child) => render(child, depth + 1)) : undefined}
      </NavLink>
    );
  };

  return (
    <nav className={classes.menu} aria-label={t('side_menu')}>
      {nodes.map((node) => render(node, 0))}
    </nav>
  );
}
