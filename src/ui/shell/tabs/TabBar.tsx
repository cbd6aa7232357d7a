import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { type DragEvent, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabMenuItem } from '../../../machines/tabs/selectors.ts';
import type { TabCommand } from '../../../machines/tabs/types.ts';
import { type TabGlyph, TabIcon } from './glyphs.tsx';
import { TabScroller } from './TabScroller.tsx';
import classes from './Tabs.module.css';

export type TabView = {
  key: string;
  /** In the current language. */
  title: string;
  /** The index tab and pinned tabs have no close button; the index tab does not move. */
  closable: boolean;
  /** Pinned from its context menu: marked with a pin. */
  pinned: boolean;
};

export type TabBarProps = {
  tabs: TabView[];
  current: string;
  /** The right-click menu of one tab (only 关闭全部 on the index tab), asked for when it opens. */
  menuFor: (key: string) => TabMenuItem[];
  /** The dropdown after the bar: close left / right / others / all for the current tab. */
  dropdown: TabMenuItem[];
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
  /** A command by name, as the menus carry it (an unknown one is the chart's 无效的操作). */
  onCommand: (command: string, key?: string) => void;
  /** Drag and drop: indexes in `tabs`. */
  onMove: (from: number, to: number) => void;
};

const GLYPH: Record<TabCommand, TabGlyph> = {
  refresh: 'refresh',
  pin: 'pin',
  unpin: 'pin',
  closeLeft: 'arrowLeft',
  closeRight: 'arrowRight',
  closeOthers: 'close',
  closeAll: 'closeCircle',
};

/**
 * The tab bar above the content: one tab per open page, the index tab first; right-click for the tab menu
 * (refresh, pin / unpin, close left / right / others / all), drag to reorder (native drag and drop), arrows
 * and the mouse wheel to scroll when the tabs overflow (TabScroller), and a split button at the right:
 * click closes all, the caret offers close left / right / others / all. Controlled: the list, the current
 * tab and what each menu offers come from the tabs chart; only which menu is open is local.
 */
/** Moves the keyboard focus to the previous / next tab of the bar (roving focus: arrows, as ARIA tabs do). */
function focusSiblingTab(tab: HTMLElement, step: -1 | 1) {
  const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const next = tabs[tabs.indexOf(tab) + step];
  if (!next) return;
  for (const t of tabs) t.tabIndex = t === next ? 0 : -1;
  next.focus();
}

export function TabBar({
  tabs,
  current,
  menuFor,
  dropdown,
  onSelect,
  onClose,
  onCommand,
  onMove,
}: TabBarProps) {
  const { t } = useTranslation('tabs');
  const [menuKey, setMenuKey] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);

  const runFrom = (key?: string) => (event: MouseEvent<HTMLElement>) => {
    const command = event.currentTarget.dataset.command ?? '';
    setMenuKey(null);
    onCommand(command, key);
  };
  const items = (list: TabMenuItem[], key?: string) =>
    list.map((item) => (
      <Menu.Item
        key={item.command}
        data-command={item.command}
        disabled={item.disabled}
        leftSection={<TabIcon name={GLYPH[item.command]} />}
        onClick={runFrom(key)}
      >
        {t(item.command)}
      </Menu.Item>
    ));

  const dragStart = (index: number) => (event: DragEvent) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', String(index));
    setDragFrom(index);
  };
  const dragOver = (index: number) => (event: DragEvent) => {
    if (dragFrom === null || index === 0) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropAt !== index) setDropAt(index);
  };
  const drop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    const from = dragFrom ?? Number(event.dataTransfer.getData('text/plain'));
    setDragFrom(null);
    setDropAt(null);
    if (Number.isInteger(from) && from !== index) onMove(from, index);
  };
  const dragEnd = () => {
    setDragFrom(null);
    setDropAt(null);
  };

  return (
    <div className={classes.bar}>
      <TabScroller label={t('bar')} activeKey={current} layoutKey={tabs.map((tab) => tab.key).join('\n')}>
        {tabs.map((tab, index) => (
          <Menu
            key={tab.key}
            opened={menuKey === tab.key}
            // Controlled: only a right-click opens it (a click on the tab selects); any close request closes.
            onChange={(opened) => {
              if (!opened) setMenuKey(null);
            }}
            position="bottom-start"
            offset={2}
            shadow="md"
            withinPortal
            trigger="click"
          >
            <Menu.Target>
              <div
                role="tab"
                tabIndex={tab.key === current ? 0 : -1}
                aria-selected={tab.key === current}
                data-key={tab.key}
                data-pinned={tab.pinned || undefined}
                data-dragging={dragFrom === index || undefined}
                data-drop-target={(dropAt === index && dragFrom !== index) || undefined}
                className={classes.tab}
                draggable={index > 0}
                onDragStart={dragStart(index)}
                onDragOver={dragOver(index)}
                onDrop={drop(index)}
                onDragEnd={dragEnd}
                // The menu opens on right-click only: a plain click selects the tab.
                onClick={(event) => {
                  event.stopPropagation();
                  setMenuKey(null);
                  onSelect(tab.key);
                }}
                aria-keyshortcuts={tab.closable ? 'Delete Shift+F10' : 'Shift+F10'}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onSelect(tab.key);
                  } else if (event.key === 'Delete' && tab.closable) onClose(tab.key);
                  else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
                    event.preventDefault();
                    setMenuKey(tab.key);
                  } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
                    event.preventDefault();
                    focusSiblingTab(event.currentTarget, event.key === 'ArrowLeft' ? -1 : 1);
                  }
                }}
                onContextMenu={(event) => {
                  event.preventDefault();
                  setMenuKey(tab.key);
                }}
              >
                <span className={classes.title}>{tab.title}</span>
                {tab.closable ? (
                  // A tab holds no focusable control (a tab is one stop for the keyboard): the × is for the
                  // mouse, the keyboard closes the focused tab with Delete (aria-keyshortcuts above).
                  <span
                    className={classes.close}
                    aria-hidden="true"
                    title={t('close', { title: tab.title })}
                    data-testid="tab-close"
                    onClick={(event) => {
                      event.stopPropagation();
                      onClose(tab.key);
                    }}
                  >
                    <TabIcon name="close" size={12} />
                  </span>
                ) : null}
                {tab.pinned ? (
                  <span className={classes.pin} title={t('pinned')} data-testid="tab-pin">
                    <TabIcon name="pin" size={12} />
                  </span>
                ) : null}
              </div>
            </Menu.Target>
            <Menu.Dropdown data-testid="tab-context-menu">
              {menuKey === tab.key ? items(menuFor(tab.key), tab.key) : null}
            </Menu.Dropdown>
          </Menu>
        ))}
      </TabScroller>
      <div className={classes.actions}>
        <Tooltip label={t('closeAll')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('closeAll')}
            data-command="closeAll"
            onClick={runFrom()}
            className={classes.splitMain}
          >
            <TabIcon name="closeCircle" size={16} />
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" shadow="md" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('more')} className={classes.splitCaret}>
              <TabIcon name="chevronDown" size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown data-testid="tab-dropdown">{items(dropdown)}</Menu.Dropdown>
        </Menu>
      </div>
    </div>
  );
}
