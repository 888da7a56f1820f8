import { sidebarCookie } from '@page-contract/sidebar-cookie';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SidebarCollapsedOnServerProvider, useSidebarCollapsed } from '@/app/sidebar-setting';

function Sidebar() {
  const { collapsed, toggle } = useSidebarCollapsed();
  return (
    <button type="button" onClick={toggle}>
      {collapsed ? 'collapsed' : 'open'}
    </button>
  );
}

/** The layout as src/main.tsx renders it: under what the page's server state says the server drew. */
const underServerState = (collapsed: boolean) => (
  <SidebarCollapsedOnServerProvider value={collapsed}>
    <Sidebar />
  </SidebarCollapsedOnServerProvider>
);

describe('the sidebar’s collapsed setting in the browser', () => {
  afterEach(cleanup);

  it('is drawn first as the server drew it', () => {
    render(underServerState(true));

    expect(screen.getByRole('button').textContent).toBe('collapsed');
  });

  it('keeps a change when the layout is mounted again, though the page was loaded with the other', () => {
    const first = render(underServerState(false));
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('collapsed');
    expect(document.cookie).toContain(`${sidebarCookie.name}=${sidebarCookie.collapsed}`);
    first.unmount();

    // A page outside the layout, then back: the server's reading is of the cookie at the page's load.
    render(underServerState(false));

    expect(screen.getByRole('button').textContent).toBe('collapsed');
    // Open again, as every other screen test expects it (the setting outlives a test in this worker).
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('open');
  });
});
