import { describe, expect, it, type TestContext } from 'vitest';
import { pageSessionCookie } from '../../../page-contract/page-session-cookie';
import { expectAccessible } from '../support/a11y';
import { type ApiClient, moveServerClock, outbox, waitForCode } from '../support/api';
import { brokerPhones } from '../support/brokers';
import { browserForFile } from '../support/browser';
import { checkLayout, expectInLtrIsland, requestSignInCode, typeCode, waitForPath } from '../support/flows';
import { nationalNumber, uniqueAddress } from '../support/identities';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();
const brokers = brokerPhones('sign-in');

/** A broker who registered earlier, on a browser of their own (empty storage, own address). */
async function registeredBroker(variant: Variant, test?: TestContext) {
  const clientAddress = uniqueAddress();
  const api: ApiClient = { baseUrl, clientAddress };
  return { api, ...(await browser.open(variant, { clientAddress, test })) };
}

describe.each(fullMatrix)('sign-in ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('signs in with a phone from another country', async () => {
    const phone = brokers.next('french');
    const { api, page, errors } = await registeredBroker(variant);

    await page.goto(`${baseUrl}/login`);
    await checkLayout(page, variant, 'login');
    await expectAccessible(page, 'login');
    await screenshot(page, variant, 'sign-in', 'login');
    await requestSignInCode(page, t, { country: 'France', national: `0${phone.slice(3)}` });

    await expect(page.getByRole('progressbar').getAttribute('aria-label')).resolves.toBe(
      fill(t.auth.progress.label, { step: 2, total: 3 }),
    );
    await expectInLtrIsland(page, phone.replace('+', ''));
    await checkLayout(page, variant, 'login verify');
    await expectAccessible(page, 'login: verify code');
    await screenshot(page, variant, 'sign-in', 'verify');
    await typeCode(page, t, await waitForCode(api, phone));

    await waitForPath(page, '/properties');
    await page.getByRole('heading', { level: 1, name: t.common.screens.properties }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a deep link to a private page, opened signed out, returns there after sign-in', async () => {
    const phone = brokers.next();
    const { api, page, errors } = await registeredBroker(variant);

    await page.goto(`${baseUrl}/properties/create`);
    await waitForPath(page, '/login');
    await requestSignInCode(page, t, { national: nationalNumber(phone) });
    await typeCode(page, t, await waitForCode(api, phone));

    await waitForPath(page, '/properties/create');
    await page.getByRole('heading', { name: t.wizard.steps.kind.title }).waitFor();
    // Nothing of the sign-in is left in the address (no redirect, no code session): only the wizard's
    // own step, which the wizard puts there.
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ step: 'kind' });
    expect(errors).toEqual([]);
  });
});

describe.each(fullMatrix)('the list, opened signed out ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('is answered with the server-rendered sign-in page at once, and the list with its filter follows the sign-in', async () => {
    const phone = brokers.next();
    const { api, page, context, errors } = await registeredBroker(variant);
    const listModules: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/properties-page-/.test(request.url())) listModules.push(request.url());
    });

    const response = await page.goto(`${baseUrl}/properties?filter=drafts`);

    // The server redirected: the page that arrived is /login as the server rendered it, with the way back.
    expect(response?.request().redirectedFrom()?.url()).toBe(`${baseUrl}/properties?filter=drafts`);
    expect(await response?.text()).toContain('id="server-state"');
    const login = new URL(page.url());
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('redirect')).toBe('/properties?filter=drafts');
    await requestSignInCode(page, t, { national: nationalNumber(phone) });
    expect(listModules).toEqual([]);
    await typeCode(page, t, await waitForCode(api, phone));

    await waitForPath(page, '/properties');
    expect(new URL(page.url()).searchParams.get('filter')).toBe('drafts');
    await page.getByRole('heading', { level: 1, name: t.common.screens.properties }).waitFor();
    const cookies = await context.cookies(baseUrl);
    // The server's own cookie for the pages it renders: out of the page's scripts' reach.
    expect(cookies.find((cookie) => cookie.name === pageSessionCookie.name)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(errors).toEqual([]);
  });
});

describe.concurrent.each(fullMatrix)('wrong code, then a resend ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  // The countdown is the page's own timer, run on each page's Playwright clock; the server's 30 s
  // between codes to one phone is moved past on the server's clock. Neither is waited out; the four
  // languages and widths run side by side.
  it('shows the error, waits out the countdown, resends, and signs in with the new code', async (test) => {
    const phone = brokers.next();
    const { api, page, errors } = await registeredBroker(variant, test);
    await page.clock.install();

    await page.goto(`${baseUrl}/login`);
    await requestSignInCode(page, t, { national: nationalNumber(phone) });
    const first = await waitForCode(api, phone);
    const resend = page.getByRole('button', {
      name: new RegExp(t.auth.resend.countdown_other.split('{{')[0] ?? ''),
    });
    await expect(resend.isDisabled()).resolves.toBe(true);

    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    await typeCode(page, t, wrong);
    const firstBox = page.getByRole('textbox', {
      name: fill(t.auth.codeInput.digitLabel, { position: 1, total: 6 }),
    });
    await expect.poll(() => firstBox.getAttribute('aria-errormessage')).toBeTruthy();
    const errorId = (await firstBox.getAttribute('aria-errormessage')) ?? '';
    const message = page.locator(`[id="${errorId}"]`);
    await expect(message.getAttribute('aria-live')).resolves.toBe('polite');
    await expect.poll(() => message.innerText()).not.toBe('');
    await expectAccessible(page, 'login: wrong code');
    await screenshot(page, variant, 'sign-in', 'wrong-code');

    const [sent] = await outbox(api, phone);
    const again = page.getByRole('button', { name: t.auth.resend.action, exact: true });
    // "After the countdown": 30 s from the first send, on the page's clock and as the server counts it.
    await page.clock.runFor(30_000);
    await moveServerClock(api, new Date(new Date(sent?.sentAt ?? 0).getTime() + 30_000));
    await expect(again.isEnabled()).resolves.toBe(true);
    await again.click();
    const second = await waitForCode(api, phone, sent?.sentAt);
    expect(second).not.toBe('');
    await typeCode(page, t, second);

    await waitForPath(page, '/properties');
    expect(errors).toEqual([]);
  });
});
