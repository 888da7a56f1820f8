/**
 * The production server over a seeded portfolio, serving a built client, and phones signed in to it: what
 * the scripts that trace a page on Lighthouse's phone (phone-load-traces, font-lab) start from.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession } from 'playwright-core';
import { pageSessionCookie } from '../../../page-contract/page-session-cookie';
import { storedSessionEntries } from '../../../page-contract/stored-session';
import { issuePageSessionToken } from '../../../server/auth/page-session-token';
import { createSignInTokens } from '../../../server/auth/sign-in-tokens';
import { systemClock } from '../../../server/clock';
import { storeEntries } from '../../in-page/stored-entries';
import { openSeededDatabase } from './bench-database';
import { freePort, spawnTs, stopProcess, waitForHealthy } from './processes';

/** What every event of Chromium's trace carries (times in µs; `tdur` is the thread's CPU time). */
export interface TraceEventTimes {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
}

/** Lighthouse's phone's CPU: four times slower than the machine's. */
export const PHONE_SLOWDOWN = 4;

/** Lighthouse's phone: a Moto G Power's viewport. */
export const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75 };

export interface SignedInServer {
  base: string;
  pageSession: string;
  signedIn: Parameters<typeof storedSessionEntries>[0];
  stop: () => Promise<void>;
}

/** Seeds `count` properties, signs their broker in, and serves `clientDir` in production mode. */
export async function startSignedInServer(clientDir: string, count: number): Promise<SignedInServer> {
  const seeded = await openSeededDatabase({ count });
  const jwtSecret = randomBytes(32).toString('base64url');
  const tokens = createSignInTokens({
    db: seeded.database.db,
    clock: systemClock,
    config: { jwtSecret, accessTokenTtlSeconds: 4 * 60 * 60 },
  });
  const { pageSession: subject, ...signedIn } = await tokens.signIn(seeded.database.db, seeded.userId);
  const pageSession = await issuePageSessionToken(subject, { secret: jwtSecret, now: new Date() });
  await seeded.database.close();
  const port = await freePort();
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const server = spawnTs('server/main.ts', [], {
    ...env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: seeded.dataDir,
    CLIENT_DIR: clientDir,
    JWT_SECRET: jwtSecret,
    SMS_PROVIDER: 'http',
    SMS_GATEWAY_URL: 'https://sms.invalid/send',
    SMS_GATEWAY_TOKEN: 'bench',
    SMS_SENDER: 'Nechasim',
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(server);
    if (seeded.dataDir) await rm(seeded.dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealthy(`${base}/api/health`, performance.now());
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pageSession, signedIn, stop };
}

/** A new phone with the broker's page session cookie and stored session, as the app leaves them. */
export function signedInPhone(browser: Browser, server: SignedInServer): Promise<BrowserContext> {
  return signedInContext(browser, server, { viewport: PHONE, isMobile: true, hasTouch: true });
}

/** A new browser context of the given screen, signed in as signedInPhone's. */
export async function signedInContext(
  browser: Browser,
  server: SignedInServer,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([
    {
      name: pageSessionCookie.name,
      value: server.pageSession,
      url: server.base,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  const setup = await context.newPage();
  await setup.goto(`${server.base}/favicon.svg`);
  await setup.evaluate(storeEntries, storedSessionEntries(server.signedIn));
  await setup.close();
  return context;
}

/** Chromium's trace of the given categories while `during` runs. */
export async function recordTrace<Event>(
  cdp: CDPSession,
  categories: string[],
  during: () => Promise<void>,
): Promise<Event[]> {
  const events: Event[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    events.push(...(data.value as unknown as Event[]));
  });
  const done = new Promise<void>((resolveDone) => cdp.once('Tracing.tracingComplete', () => resolveDone()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: categories },
  });
  await during();
  await cdp.send('Tracing.end');
  await done;
  return events;
}
