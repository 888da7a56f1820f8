import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { mobileMaxWidthPx } from '@page-contract/breakpoints';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoScriptNotice } from '@/components/no-script-notice/no-script-notice';
import { AppHeader } from './app-header';
import { LazySignOutFlow } from './lazy-sign-out-flow';
import classes from './main-layout.module.css';
import { Sidebar } from './sidebar';
import { useSidebarCollapsed } from './sidebar-setting';
import { SiteFooter } from './site-footer';
import { mainContentId, SkipLink } from './skip-link';
import { useCompactSidebar } from './use-compact-sidebar';
import { usePageTitle } from './use-page-title';
import { useWindowResizing } from './use-window-resizing';

const headerHeight = 64;
const navbarWidth = 264;
const compactNavbarWidth = 76;
/** AppShell treats widths below its breakpoint as mobile; the spec's mobile range includes 640 itself. */
const navbarBreakpointPx = mobileMaxWidthPx + 1;

export function MainLayout() {
  const { t } = useTranslation('layout');
  const [mobileOpened, mobile] = useDisclosure(false);
  const sidebar = useSidebarCollapsed();
  const collapsed = sidebar.collapsed;
  // On the server and while hydrating, drawn compact as the cookie says, which a phone does not see (its
  // sidebar is a closed drawer, full width when opened, labelled from the next render).
  const compact = useCompactSidebar(collapsed);
  const title = usePageTitle();
  const windowResizing = useWindowResizing();
  const navbarId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useLocation({ select: (location) => location.pathname });

  // The mobile drawer covers the page, so any navigation must reveal where the user went.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => mobile.close(), [pathname]);

  const { auth } = useRouteContext({ from: '/_auth' });
  const logout = async () => {
    // Leave the private screens first: a screen still mounted (the wizard, with a draft save in
    // flight) would otherwise write its data back after it was cleared. Sign-out has already asked
    // about unsaved work, so the wizard's own leave question is not asked again.
    await navigate({ to: '/login', replace: true, ignoreBlocker: true });
    auth.logout();
    // Another user may sign in next on this device: no cached private data may survive.
    queryClient.clear();
  };
  // Sign-out asks first when local drafts hold work the server lacks (issue 19, item 8).
  const [signOutRequest, setSignOutRequest] = useState(0);

  return (
    <>
      <SkipLink />
      <AppShell
        layout="alt"
        header={{ height: headerHeight }}
        navbar={{
          width: compact ? compactNavbarWidth : navbarWidth,
          breakpoint: navbarBreakpointPx,
          collapsed: { mobile: !mobileOpened },
        }}
        padding={{ base: 'md', sm: 'lg' }}
        // AppShell's own resizing flag replaced by the window's alone (see use-window-resizing.ts).
        renderRoot={({ 'data-resizing': _mantineResizing, ...root }) => (
          <div {...root} data-resizing={windowResizing || undefined} />
        )}
      >
        <AppShell.Header>
          <AppHeader
            title={title}
            navbarId={navbarId}
            mobileOpened={mobileOpened}
            onToggleMobile={mobile.toggle}
            collapsed={collapsed}
            onToggleCollapsed={sidebar.toggle}
          />
        </AppShell.Header>
        <AppShell.Navbar
          id={navbarId}
          aria-label={t('nav.label')}
          className={classes.navbar}
          mod={{ 'mobile-closed': !mobileOpened }}
        >
          <Sidebar
            compact={compact}
            onNavigate={mobile.close}
            onCloseMobile={mobile.close}
            onLogout={() => setSignOutRequest((request) => request + 1)}
          />
        </AppShell.Navbar>
        <AppShell.Main id={mainContentId} tabIndex={-1} className={classes.main}>
          <NoScriptNotice className={classes.noScript} />
          <Outlet />
          <SiteFooter className={classes.footerLinks} />
        </AppShell.Main>
      </AppShell>
      <LazySignOutFlow request={signOutRequest} onSignOut={() => void logout()} />
    </>
  );
}
