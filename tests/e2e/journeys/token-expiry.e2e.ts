import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForFile } from '../support/browser';
import { openSignedInBroker, waitForPath } from '../support/flows';
import { type RunningServer, startServer } from '../support/server';
import { tr } from '../support/text';
import { crossMatrix, type Variant } from '../support/variants';
import { fillToReview, KIND_ANSWERS, listedCompletions, startProperty } from '../support/wizard';

/** Access tokens of this server live 4 s, so one expires while the broker is still filling the wizard. */
const ACCESS_TOKEN_TTL_SECONDS = 4;

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
    const { page, errors, tokens } = await openSignedInBroker(browser, variant, { baseUrl });
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
    // However fast the steps went, the token in hand is now past its lifetime.
    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
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
