import { AppShell, ScrollArea } from '@mantine/core';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { AsideContainer } from './AsideContainer.tsx';
import { HeaderContainer } from './HeaderContainer.tsx';
import classes from './Shell.module.css';

const ASIDE_WIDTH = 200;
const ASIDE_COLLAPSED_WIDTH = 65;

/** Header on top, the side menu (200 px, 65 px collapsed) and the routed page. */
export function Layout() {
  // Local until the preferences chart (which persists it per user) joins the app actor.
  const [collapsed, setCollapsed] = useState(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: collapsed ? ASIDE_COLLAPSED_WIDTH : ASIDE_WIDTH, breakpoint: 0 }}
      padding={0}
      className={classes.shell}
    >
      <AppShell.Header className={classes.headerBar}>
        <HeaderContainer collapsed={collapsed} onToggleAside={() => setCollapsed((c) => !c)} />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar}>
        <ScrollArea type="hover" scrollbarSize={6}>
          <AsideContainer collapsed={collapsed} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
