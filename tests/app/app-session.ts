import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach } from 'vitest';
import { createAppSession } from '@/app/session';
import type { AuthSession } from '@/features/auth/auth-session';

const sessions: AuthSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  notifications.clean();
  notifications.cleanQueue();
});

/** The app's own session, as the browser makes it and ready; stopped, and its toasts cleared, after the test. */
export async function readyAppSession(queryClient: QueryClient): Promise<AuthSession> {
  const session = createAppSession(queryClient);
  sessions.push(session);
  await session.ready();
  return session;
}
