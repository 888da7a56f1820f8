import { usePhoneWidth } from '@/components/phone-or-wide/use-phone-layout';

/**
 * Whether the sidebar is drawn icon-only: collapsed (the cookie) and not on a phone, whose sidebar is a
 * drawer with its labels. The server, which knows the cookie but not the width, answers with the cookie
 * alone; the browser's answer is asked for the same thing, not for the width, so it differs from the
 * server's only for a collapsed sidebar on a phone. Everywhere else React has nothing to draw again
 * once it has hydrated the server's HTML (a store whose answer differs makes React render again at
 * once, in the task that ends hydration: the app frame, the largest part of that task).
 */
export function useCompactSidebar(collapsed: boolean): boolean {
  return usePhoneWidth((isPhone) => collapsed && !isPhone, collapsed);
}
