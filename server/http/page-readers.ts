import { readPageSession } from '../auth/page-session-cookie';
import type { HandlerContext } from '../handlers/handler-context';
import { createPageData } from './page-data';
import type { PageReaders } from './page-renderer';

/**
 * The page renderer's view of the app: the reader is the live sign-in the page-session cookie names
 * (checked as every API request's access token is, so a sign-out stops it at once), and their data is
 * read by the API's own services.
 */
export function pageReadersOf(context: HandlerContext): PageReaders {
  return {
    session: (cookieHeader) =>
      readPageSession(cookieHeader, {
        secret: context.config.jwtSecret,
        now: context.clock.now(),
        sessions: context.auth.sessions,
      }),
    data: (userId) => createPageData(context.property.properties, userId),
  };
}
