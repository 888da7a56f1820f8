/**
 * The machine inspector on the production build, switched at run time: the inspector's chunk is in no
 * default first load (not even a signed-in user's with the switch on), and is fetched and served only
 * when the server's switch is on and a signed-in user asks with `?inspect`; the live machines page
 * then serves in production. The browser is told it is offline, as a product owner's laptop without
 * the network: the page must not reach for Stately's hosted inspector then.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readManifest } from '../../../scripts/build/route-chunks';
import { browserForFile } from '../support/browser';
import { openSignedInBroker } from '../support/flows';
import { type RunningServer, startServer } from '../support/server';
import { enDesktop } from '../support/variants';

const browser = browserForFile();
let switchedOn: RunningServer;
let switchedOff: RunningServer;
let inspectorChunk: string;

beforeAll(async () => {
  const clientDir = inject('clientDir');
  const manifest = await readManifest(clientDir);
  const chunk = manifest['src/inspection/start-inspection.ts'];
  if (!chunk) throw new Error('the build has no chunk for src/inspection/start-inspection.ts');
  inspectorChunk = `/${chunk.file}`;
  switchedOn = await startServer({ CLIENT_DIR: clientDir, MACHINE_INSPECTION: 'on' });
  switchedOff = await startServer({ CLIENT_DIR: clientDir });
});

afterAll(async () => {
  await switchedOn?.stop();
  await switchedOff?.stop();
});

/** A signed-in broker's browser, offline as far as the page can tell, recording what it fetches. */
async function signedInOffline(server: RunningServer) {
  const journey = await openSignedInBroker(browser, enDesktop, { baseUrl: server.baseUrl });
  await journey.context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false });
  });
  const fetched = new Map<string, number>();
  const outside: string[] = [];
  journey.page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === server.baseUrl) fetched.set(url.pathname, response.status());
  });
  journey.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== server.baseUrl && url.protocol.startsWith('http')) outside.push(url.href);
  });
  return { ...journey, fetched, outside };
}

/** Opens the address and waits for the app's answer to the switch (when it asks), then a page heading. */
async function openAndWait(page: Page, url: string, asksTheSwitch: boolean) {
  const answered = asksTheSwitch
    ? page.waitForResponse((response) => new URL(response.url()).pathname === '/api/inspection')
    : null;
  await page.goto(url);
  await answered;
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('machine inspector on a production build', () => {
  it('is absent from the first load of a signed-in user who does not ask, switch on', async () => {
    const { page, fetched, errors } = await signedInOffline(switchedOn);
    await openAndWait(page, `${switchedOn.baseUrl}/properties`, false);
    expect([...fetched.keys()].some((path) => path.endsWith('.js'))).toBe(true);
    expect(fetched.has(inspectorChunk)).toBe(false);
    expect(fetched.has('/api/inspection')).toBe(false);
    expect(errors).toEqual([]);
  });

  it('is served when the switch is on and the user asks: the live machines page shows the flows', async () => {
    const { page, fetched, outside, errors } = await signedInOffline(switchedOn);
    await openAndWait(page, `${switchedOn.baseUrl}/dev/machines?inspect`, true);
    await page.getByRole('heading', { level: 1, name: "The app's state machines" }).waitFor();
    expect(fetched.get('/api/inspection')).toBe(200);
    expect(fetched.get(inspectorChunk)).toBe(200);
    await page.getByText('Offline: the Stately inspector needs the network').waitFor();
    // The session machine runs in this tab, described in plain words.
    const session = page.getByRole('region', { name: /Session and token refresh/ });
    await session.getByText('Signed in and working').waitFor();
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('stays out when the switch is off, even when asked: no chunk, and no machines page', async () => {
    const { page, fetched, errors } = await signedInOffline(switchedOff);
    await openAndWait(page, `${switchedOff.baseUrl}/dev/machines?inspect`, true);
    expect(fetched.get('/api/inspection')).toBe(404);
    expect(fetched.has(inspectorChunk)).toBe(false);
    await expect(
      page.getByRole('heading', { level: 1, name: "The app's state machines" }).count(),
    ).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});
