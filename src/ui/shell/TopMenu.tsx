import { Menu, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { selectAsideMenu } from '../../machines/routeGuard/selectors.ts';
import { showNotice } from '../../services/notify.ts';
import { useRouteGuardRef } from '../app/actor.ts';
import { Icon } from '../icons/Icon.tsx';
import { toMenuNodes } from './AsideContainer.tsx';
import { chainTo, isExternal, leaves, type MenuNode } from './menu-tree.ts';
import classes from './TopMenu.module.css';
import { useGoTo } from './useGoTo.ts';

/** Seed §9: the header menu's overflow is re-measured at most every 300 ms while the window resizes. */
export const TOP_MENU_RESIZE_THROTTLE_MS = 300;
const MORE_WIDTH = 64;

/** Calls `run` at most once per `ms` (the last call in a window runs at its end). */
export function throttle(run: () => void, ms: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  return {
    call() {
      const wait = last + ms - Date.now();
      if (wait <= 0 && !timer) {
        last = Date.now();
        run();
      } else if (!timer) {
        timer = setTimeout(
          () => {
            timer = undefined;
            last = Date.now();
            run();
          },
          Math.max(wait, 0),
        );
      }
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * The header's top menu: the first-level menu entries in a row; what does not fit goes into a "more"
 * dropdown. A catalog opens its pages in a dropdown. Meant for the header area (placed by the header).
 */
export function TopMenu() {
  const items = useSelector(useRouteGuardRef(), selectAsideMenu);
  const { t } = useTranslation('shell');
  const goTo = useGoTo();
  const { pathname } = useLocation();
  const nodes = toMenuNodes(items, t);
  const active = chainTo(nodes, pathname)[0];
  const row = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(nodes.length);

  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const children = [...element.querySelectorAll<HTMLElement>('[data-top-entry]')];
      let used = 0;
      let fits = 0;
      for (const child of children) {
        used += child.offsetWidth;
        if (used + (fits < children.length - 1 ? MORE_WIDTH : 0) > width) break;
        fits++;
      }
      setVisible(fits);
    };
    measure();
    const throttled = throttle(measure, TOP_MENU_RESIZE_THROTTLE_MS);
    window.addEventListener('resize', throttled.call);
    return () => {
      window.removeEventListener('resize', throttled.call);
      throttled.cancel();
    };
  }, []);

  const open = (node: MenuNode) => {
    if (isExternal(node.path)) window.open(node.path, '_blank', 'noopener,noreferrer');
    else if (!node.path) showNotice({ kind: 'warning', message: t('temporary_menu'), durationMs: 3000 });
    else goTo(node.path);
  };
  const entry = (node: MenuNode, hidden: boolean) =>
    node.children.length ? (
      <Menu key={node.id} position="bottom-start" shadow="md" withinPortal trigger="click-hover">
        <Menu.Target>
          <UnstyledButton
            className={classes.entry}
            data-top-entry
            data-active={node.id === active || undefined}
            style={hidden ? { visibility: 'hidden', position: 'absolute' } : undefined}
          >
            <Icon fa={node.icon} size={16} />
            <span>{node.title}</span>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {leaves(node.children).map((leaf) => (
            <Menu.Item
              key={leaf.id}
              leftSection={<Icon fa={leaf.icon} size={16} />}
              onClick={() => open(leaf)}
            >
              {leaf.title}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    ) : (
      <UnstyledButton
        key={node.id}
        className={classes.entry}
        data-top-entry
        data-active={node.id === active || undefined}
        style={hidden ? { visibility: 'hidden', position: 'absolute' } : undefined}
        onClick={() => open(node)}
      >
        <Icon fa={node.icon} size={16} />
        <span>{node.title}</span>
      </UnstyledButton>
    );

  const overflow = nodes.slice(visible);
  return (
    <nav className={classes.row} ref={row} aria-label={t('top_menu')}>
      {nodes.map((node, index) => entry(node, index >= visible))}
      {overflow.length ? (
        <Menu position="bottom-end" shadow="md" withinPortal>
          <Menu.Target>
            <UnstyledButton className={classes.entry}>{t('more')}</UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {leaves(overflow).map((leaf) => (
              <Menu.Item
                key={leaf.id}
                leftSection={<Icon fa={leaf.icon} size={16} />}
                onClick={() => open(leaf)}
              >
                {leaf.title}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </nav>
  );
}
