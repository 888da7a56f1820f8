/**
 * Issue 23, "a change makes a new version", in a real browser: a client signed an order; on
 * /exposure-requests the broker amends it. The request dialog opens with the signed terms, the broker
 * raises the fee and sends version 2, and the card shows version 2 waiting while version 1 stays signed.
 *
 * A new version waits a minute after the last SMS (the machine's spacing): every variant's order is
 * made and signed first, then the server's clock is moved on past that minute once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { draftOffice } from '../../support/sample-properties';
import { expectAccessible } from '../support/a11y';
import {
  type ApiClient,
  advanceServerClock,
  callAsBroker,
  createProperty,
  outbox,
  registerBrokerWithProfile,
  type Tokens,
  waitForCode,
} from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, restoreSession } from '../support/flows';
import { uniqueAddress, uniqueIsraeliPhone } from '../support/identities';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();
const SPACING_MS = 61_000;

/** The client's page as plain form posts (its own journey drives it in a browser): code, verify, sign. */
async function signAsClient(client: ApiClient, token: string, clientPhone: string) {
  let cookie = '';
  const post = async (path: string, form: Record<string, string> = {}) => {
    const response = await fetch(new URL(`/e/${token}${path}`, baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'x-forwarded-for': client.clientAddress,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return response;
  };
  await fetch(new URL(`/e/${token}`, baseUrl), { headers: { 'x-forwarded-for': client.clientAddress } });
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await post('/code');
  const code = await waitForCode(client, clientPhone, sentAfter);
  expect((await post('/verify', { code })).status).toBe(303);
  const signed = await post('/sign', {
    fullName: 'יוסי כהן',
    idNumber: '000000018',
    address: 'הרצל 1, חיפה',
    consent: 'yes',
  });
  expect(signed.status).toBe(303);
}

interface SignedOrder {
  client: ApiClient;
  tokens: Tokens;
}

/** A broker whose client signed version 1 of an order for one property. */
async function signedOrder(): Promise<SignedOrder> {
  const client = { baseUrl, clientAddress: uniqueAddress() };
  const tokens = await registerBrokerWithProfile(client, uniqueIsraeliPhone());
  const property = await createProperty(client, tokens, draftOffice({ totalArea: 250 }));
  const clientPhone = uniqueIsraeliPhone();
  await callAsBroker(client, tokens, 'POST', '/exposure-requests', {
    clientName: 'יוסי כהן',
    clientPhone,
    dealType: 'rent',
    properties: [{ propertyId: property.id, approximatePrice: 31_500 }],
    fee: { basis: 'percent', percent: 8 },
    feeIncludesVat: false,
    exclusivity: null,
  });
  const [link] = await outbox(client, clientPhone);
  const token = /\/e\/([A-Za-z0-9_-]{43})/.exec(link?.message ?? '')?.[1] ?? '';
  expect(token).not.toBe('');
  await signAsClient(client, token, clientPhone);
  return { client, tokens };
}

const orders = new Map<string, SignedOrder>();
beforeAll(async () => {
  for (const variant of fullMatrix) orders.set(variant.name, await signedOrder());
  // The last order's SMS went out just now: one minute on, every order may take a new version.
  const order = orders.values().next().value;
  if (!order) throw new Error('no order was prepared');
  await advanceServerClock(order.client, SPACING_MS);
});

describe.each(fullMatrix)('amending a signed order ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('opens the request dialog filled in, sends version 2, and the list shows it beside the signed version 1', async () => {
    const order = orders.get(variant.name);
    if (!order) throw new Error('no order was prepared');
    const desk = await browser.open(variant, { clientAddress: order.client.clientAddress });
    await restoreSession(desk.context, order.tokens);
    await desk.page.goto(`${baseUrl}/exposure-requests`);
    const card = desk.page.getByRole('listitem').filter({ hasText: 'יוסי כהן' });
    await card.getByText(t.exposure.status.signed, { exact: true }).waitFor();
    await card.getByRole('button', { name: t.exposure.amend.action }).click();

    const dialog = desk.page.getByRole('dialog');
    await dialog.getByText(fill(t.exposure.amend.title, { version: 2 })).waitFor();
    const fee = dialog.getByRole('textbox', { name: t.exposure.request.feePercentLabel });
    expect(await fee.inputValue()).toBe('8');
    await fee.fill('9');
    await checkLayout(desk.page, variant, 'exposure-amend-dialog');
    await expectAccessible(desk.page, 'exposure-amend-dialog');
    await screenshot(desk.page, variant, 'exposure', 'amend-dialog');
    await dialog.getByRole('button', { name: t.exposure.amend.send }).click();
    await desk.page.getByText(fill(t.exposure.amend.sent, { name: 'יוסי כהן', version: 2 })).waitFor();

    await card.getByText(fill(t.exposure.amend.version, { version: 2 }), { exact: true }).waitFor();
    await card.getByText(fill(t.exposure.amend.signedEarlier, { signed: 1, version: 2 })).waitFor();
    await card.getByText(t.exposure.status.sent, { exact: true }).waitFor();
    // The toast has said its piece; the list is what stays.
    await desk.page.waitForTimeout(300);
    await checkLayout(desk.page, variant, 'exposure-requests-amended');
    await expectAccessible(desk.page, 'exposure-requests-amended');
    await screenshot(desk.page, variant, 'exposure', 'list-version');
    expect(desk.errors).toEqual([]);
  });
});
