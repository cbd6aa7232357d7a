import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectCanClose,
  selectCurrentKey,
  selectDropdownMenu,
  selectTabMenu,
  selectTabs,
  tabTitle,
} from '../../../machines/tabs/selectors.ts';
import { useTabsRef } from '../../app/actor.ts';
import { TabBar, type TabView } from './TabBar.tsx';

/** The tab bar wired to the `tabs` chart: it selects and sends, the router follows the chart's navigation. */
export function TabBarContainer() {
  const tabsRef = useTabsRef();
  const { t } = useTranslation();
  const tabs = useSelector(tabsRef, selectTabs);
  const current = useSelector(tabsRef, selectCurrentKey);
  // One string, so the bar re-renders only when what can be closed changes.
  const closable = useSelector(tabsRef, (s) =>
    s.context.tabs.map((tab) => (selectCanClose(s, tab.key) ? '1' : '0')).join(''),
  );
  const dropdown = selectDropdownMenu(tabsRef.getSnapshot());
  const translate = (key: string, fallback: string) => t(key, { defaultValue: fallback });
  const views: TabView[] = tabs.map((tab, index) => ({
    key: tab.key,
    title: tabTitle(tab, translate),
    closable: closable[index] === '1',
    pinned: tab.pinned === true,
  }));
  return (
    <TabBar
      tabs={views}
      current={current}
      menuFor={(key) => selectTabMenu(tabsRef.getSnapshot(), key)}
      dropdown={dropdown}
      onSelect={(key) => tabsRef.send({ type: 'tab.selected', key })}
      onClose={(key) => tabsRef.send({ type: 'tab.close', key })}
      onCommand={(command, key) =>
        tabsRef.send(
          key === undefined ? { type: 'tab.command', command } : { type: 'tab.command', command, key },
        )
      }
      onMove={(from, to) => tabsRef.send({ type: 'tab.moved', from, to })}
    />
  );
}
