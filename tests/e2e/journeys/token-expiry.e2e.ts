import { REFRESH_WINDOW_MS } from '@machines/auth/auth.machine';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { advanceServerClock } from '../support/api';
import { browserForFile } from '../support/browser';
import { openSignedInBroker, waitForPath } from '../support/flows';
import { type RunningServer, startServer } from '../support/server';
import { tr } from '../support/text';
import { crossMatrix, type Variant } from '../support/variants';
import { fillToReview, KIND_ANSWERS, listedCompletions, startProperty } from '../support/wizard';

/**
 * Access tokens of this server live a minute longer than the window in which the app renews a token
 * before it expires, so the app starts with its token as it is. The wizard is filled well within that
 * lifetime; then the server's clock (SETTABLE_CLOCK) and the page's are moved past it, and the token
 * expires at a known moment instead of after a real wait. The file has a server of its own, so no other
 * journey's clock moves.
 */
const ACCESS_TOKEN_TTL_SECONDS = REFRESH_WINDOW_MS / 1000 + 60;
const PAST_TOKEN_LIFETIME_MS = (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;

const browser = browserForFile();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    CLIENT_DIR: inject('clientDir'),
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
  });
});

afterAll(async () => {
  await server?.stop();
});

describe.each(crossMatrix)('an access token that expires mid-work ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('is refreshed without the broker noticing: the property is published and listed', async () => {
    const baseUrl = server.baseUrl;
    const { page, errors, tokens, api } = await openSignedInBroker(browser, variant, { baseUrl });
    await page.clock.install();
    const unauthorized: string[] = [];
    const refreshed: number[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() === 401) unauthorized.push(path);
      if (path === '/api/login/auth/refresh-token') refreshed.push(response.status());
    });

    await startProperty(page, t, baseUrl, 'offices');
    const address = variant.lang === 'he' ? 'הרצל 5' : '5 Herzl St';
    await fillToReview(page, t, {
      kind: 'offices',
      city: variant.lang === 'he' ? 'חיפה' : 'Haifa',
      address,
      totalArea: '800',
      marketingArea: '600',
      ...KIND_ANSWERS.offices,
    });
    // The token in hand was still valid: nothing was refused or refreshed while the steps were filled.
    expect(unauthorized).toEqual([]);
    expect(refreshed).toEqual([]);
    // Now it is past its lifetime, on the server's clock and on the page's. The page's time jumps
    // without running its timers: the app's periodic check would renew the token before the request
    // could find it expired, and the refresh on a refusal is what this journey is about.
    const serverNow = await advanceServerClock(api, PAST_TOKEN_LIFETIME_MS);
    await page.clock.setSystemTime(serverNow);
    const before = unauthorized.length;
    await page.getByRole('button', { name: t.wizard.actions.publish, exact: true }).click();

    await waitForPath(page, '/properties', 30_000);
    const [first] = await listedCompletions(page, t);
    expect(first?.[0]).toContain(address);
    expect(unauthorized.length, 'the expired token was refused at least once').toBeGreaterThan(before);
    expect(refreshed, 'and refreshed').toContain(200);
    expect(refreshed).not.toContain(401);
    // Nothing told the broker but the success itself: no sign-in screen, no error.
    const alerts = await page.getByRole('alert').allInnerTexts();
    for (const text of alerts) expect(text).toContain(t.wizard.toasts.published);
    const stored = await page.evaluate(() => localStorage.getItem('jwt_token'));
    expect(stored).not.toBe(tokens.jwtToken);
    expect(errors).toEqual([]);
  });
});
