import { ActionIcon } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabIcon } from './glyphs.tsx';
import classes from './Tabs.module.css';

type TabScrollerProps = {
  /** The tab list's accessible name. */
  label: string;
  /** The key (`data-key`) of the tab to keep in view. */
  activeKey: string;
  /** Changes when tabs are added, removed or moved (the overflow is measured again). */
  layoutKey: string;
  children: ReactNode;
};

type Overflow = { left: boolean; right: boolean };

/** A tab's element in the list, by its `data-key`. */
const tabElement = (list: HTMLElement, key: string) =>
  [...list.querySelectorAll<HTMLElement>('[data-key]')].find((el) => el.dataset.key === key);

/**
 * The tab list when it overflows: arrow buttons at either end scroll it by most of its width, the mouse
 * wheel scrolls it sideways, and the active tab is always scrolled into view. The scroll position is the
 * list's own DOM state; only whether each arrow is needed is kept in React.
 */
export function TabScroller({ label, activeKey, layoutKey, children }: TabScrollerProps) {
  const { t } = useTranslation('tabs');
  const listRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const left = list.scrollLeft > 0;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setOverflow((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // Vertical wheel movement scrolls the tabs sideways (not the page) while they overflow.
    const onWheel = (event: WheelEvent) => {
      if (list.scrollWidth <= list.clientWidth) return;
      const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
      if (delta === 0) return;
      event.preventDefault();
      list.scrollLeft += delta;
    };
    list.addEventListener('wheel', onWheel, { passive: false });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(list);
    return () => {
      list.removeEventListener('wheel', onWheel);
      observer?.disconnect();
    };
  }, [measure]);

  // After every change of the tabs or the active one: the active tab into view, then the arrows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: layoutKey is the trigger (the tabs changed)
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list && tabElement(list, activeKey);
    if (list && tab) {
      const start = tab.offsetLeft;
      const end = start + tab.offsetWidth;
      if (start < list.scrollLeft) list.scrollLeft = start;
      else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
    }
    measure();
  }, [activeKey, layoutKey, measure]);

  const scrollBy = (direction: -1 | 1) => {
    const list = listRef.current;
    if (list) list.scrollBy({ left: direction * Math.max(list.clientWidth * 0.8, 80), behavior: 'smooth' });
  };

  return (
    <div className={classes.scroller} data-overflow={overflow.left || overflow.right || undefined}>
      {overflow.left || overflow.right ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          className={classes.arrow}
          aria-label={t('scrollLeft')}
          disabled={!overflow.left}
          onClick={() => scrollBy(-1)}
        >
          <TabIcon name="chevronLeft" size={16} />
        </ActionIcon>
      ) : null}
      <div ref={listRef} className={classes.list} role="tablist" aria-label={label} onScroll={measure}>
        {children}
      </div>
      {overflow.left || overflow.right ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          className={classes.arrow}
          aria-label={t('scrollRight')}
          disabled={!overflow.right}
          onClick={() => scrollBy(1)}
        >
          <TabIcon name="chevronRight" size={16} />
        </ActionIcon>
      ) : null}
    </div>
  );
}
