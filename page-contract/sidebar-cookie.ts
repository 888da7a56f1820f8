/**
 * The desktop sidebar's collapsed setting, kept in a cookie so that the server renders the page with
 * the sidebar as the broker left it (server/http/page-renderer.ts → src/entry-server.tsx) and the page
 * does not change width after hydration. The app writes it (src/app/sidebar-setting.ts); without it
 * the sidebar is expanded. Not secret: a layout preference, readable by the page's script.
 */
export const sidebarCookie = {
  name: 'nechasim-sidebar',
  collapsed: 'collapsed',
  expanded: 'expanded',
  maxAgeSeconds: 60 * 60 * 24 * 365,
} as const;

/** Whether a cookie value (or none) says collapsed. */
export function isSidebarCollapsed(value: string | undefined | null): boolean {
  return value === sidebarCookie.collapsed;
}
