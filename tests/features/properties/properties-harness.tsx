import { randomUUID } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { properties, shareLinks } from '../../../server/db/schema';
import { renderSignedIn } from '../../app/render-app';
import { createTestClock } from '../../server/helpers/build-test-app';
import {
  createDataDir,
  createProperty,
  type Property,
  type PropertyInput,
} from '../../server/helpers/properties';
import { bearer, signedInUser } from '../../server/helpers/sign-in';
import { type InProcessServer, serverForTests, startInProcessServer } from '../helpers/in-process-server';

export { draftRetail, publishableOffice } from '../../server/helpers/properties';

/**
 * The real server in-process, on a clock that starts at the wall clock: the app's own session
 * (createAppSession) then judges the server's tokens exactly as in the browser.
 */
export function startServer(options: Parameters<typeof startInProcessServer>[0] = {}) {
  return startInProcessServer({ clock: createTestClock(new Date()), ...options });
}

/** That server for the file's tests (see serverForTests). */
export const serverForFile = (options: Parameters<typeof startInProcessServer>[0] = {}) =>
  serverForTests(() => startServer(options));

/** That server with a data folder for its stored files, removed when the server closes. */
export const serverWithFilesForFile = () =>
  serverForTests(async () => {
    const data = await createDataDir();
    const server = await startServer({ config: { dataDir: data.dataDir } });
    return { ...server, close: () => server.close().then(data.remove) };
  });

/** A new user of the server (each test its own, so tests share one database without seeing each other). */
export async function newUser(server: InProcessServer) {
  const { user, headers } = await signedInUser(server);
  return { id: user.id, headers };
}
export type TestUser = Awaited<ReturnType<typeof newUser>>;

/** The whole app at `path`, signed in as `user` with a token the server signs now (its clock moves). */
export async function renderAppAs(
  server: InProcessServer,
  user: TestUser,
  path: string,
  options: { retry?: boolean } = {},
) {
  return renderSignedIn({ id: user.id, headers: await bearer(server, user.id) }, path, options);
}

/**
 * What a property screen file sets up, in one: the server for the file, and for its tests a new
 * broker, their properties and the app rendered as them, each bound to that server.
 */
export function propertyScreensForFile(options: Parameters<typeof startInProcessServer>[0] = {}) {
  const server = serverForFile(options);
  return {
    server,
    newUser: () => newUser(server),
    seed: (user: TestUser, bodies: PropertyInput[]) => seed(server, user, bodies),
    renderAppAs: (user: TestUser, path: string, options?: { retry?: boolean }) =>
      renderAppAs(server, user, path, options),
  };
}

/** Creates properties through the API, one second apart, so "newest first" has one answer. */
export async function seed(
  server: InProcessServer,
  user: TestUser,
  bodies: PropertyInput[],
): Promise<Property[]> {
  const created: Property[] = [];
  for (const body of bodies) {
    server.clock.advance(1000);
    created.push(await createProperty(server, user.headers, body));
  }
  return created;
}

/** Publications and engagements come from screens not built yet; tests set them in the database. */
export async function setActivity(
  server: InProcessServer,
  id: string,
  activity: { hasEngagements?: boolean; activePublications?: number },
) {
  const { activePublications = 0, ...columns } = activity;
  if (Object.keys(columns).length > 0) {
    await server.db.update(properties).set(columns).where(eq(properties.id, id));
  }
  // Active publications are live share links (tokens nobody holds: only the count matters here).
  const [row] = await server.db
    .select({ ownerId: properties.ownerId })
    .from(properties)
    .where(eq(properties.id, id));
  for (let link = 0; link < activePublications && row; link++) {
    await server.db.insert(shareLinks).values({
      propertyId: id,
      ownerId: row.ownerId,
      tokenHash: randomUUID(),
      tokenSealed: '',
    });
  }
}

/** The addresses in the list, top to bottom, as the name links read. */
export function listedAddresses(): string[] {
  const table = screen.queryByRole('table');
  if (!table) return [];
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]?.textContent ?? '');
}

/** Fails the next request to `path` with `response` (or a network error), then lets the rest through. */
export { answerNextRequest as failNextRequest } from '../helpers/in-process-server';

export function errorResponse(status: number, Message: string, code: string): Response {
  return new Response(JSON.stringify({ success: false, Message, code }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
