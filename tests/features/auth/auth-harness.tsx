import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { readyAppSession } from '../../app/app-session';
import { mountApp } from '../../app/render-app';
import { NO_ROUTE_LIMITS } from '../../server/helpers/auth-flow';
import { createTestClock } from '../../server/helpers/build-test-app';
import { type InProcessServer, serverForTests, startInProcessServer } from '../helpers/in-process-server';

export { uniquePhone } from '../../server/helpers/auth-flow';
export { createUser } from '../../server/helpers/sign-in';

/**
 * The real server in-process on a clock that starts at the wall clock, so the app's own session judges
 * the tokens it issues exactly as the browser would; route rate limits are out of the way.
 */
export function startServer() {
  return startInProcessServer({ clock: createTestClock(new Date()), config: NO_ROUTE_LIMITS });
}

/** That server for the file's tests (see serverForTests). */
export const serverForFile = () => serverForTests(startServer);

/** The whole app as the browser builds it (session, router, guard, providers), signed out, at `path`. */
export async function renderApp(path: string) {
  const queryClient = createQueryClient();
  const session = await readyAppSession(queryClient);
  const { router, ...view } = await mountApp({ path, queryClient, session });
  return { ...view, router, session };
}

/** The SMS messages the dev provider delivered to `phone`, newest first. */
export async function outbox(server: InProcessServer, phone: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { code: string; message: string }[];
}

export async function latestCode(server: InProcessServer, phone: string): Promise<string> {
  const [newest] = await outbox(server, phone);
  if (!newest) throw new Error(`no SMS was sent to ${phone}`);
  return newest.code;
}

/** A code that is certainly not the one sent. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** '+972541000001' → '0541000001', as an Israeli types it. */
export function nationalOf(e164: string): string {
  return `0${e164.slice('+972'.length)}`;
}

export function codeBoxes(): HTMLInputElement[] {
  return Array.from({ length: 6 }, (_, index) =>
    screen.getByRole('textbox', { name: `ספרה ${index + 1} מתוך 6` }),
  ) as HTMLInputElement[];
}

/** Types a code the way a user does: into the first box, which the verify screen focuses. */
export async function typeCode(user: UserEvent, code: string) {
  const [first] = codeBoxes();
  await waitFor(() => expect(first).toHaveFocus());
  await user.keyboard(code);
}

export const CODE_SENT = 'קוד האימות נשלח בהצלחה למספר הטלפון שהוזן';

export { answerNextRequest } from '../helpers/in-process-server';
