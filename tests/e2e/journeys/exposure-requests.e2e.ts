/**
 * Issue 23 in a real browser: the broker asks for exposure to two properties from one property's page
 * (the request dialog); the request reaches the client's phone as a link; the client confirms the
 * phone with a code, reads the order, signs, and sees both properties' exact addresses; the broker's
 * /exposure-requests then shows it signed.
 */
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/a11y';
import { createProperty, outbox, registerBroker, type Tokens, waitForCode } from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, restoreSession } from '../support/flows';
import { uniqueAddress, uniqueIsraeliPhone } from '../support/identities';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = inject('baseUrl');

async function api<T>(clientAddress: string, method: string, path: string, tokens: Tokens, body?: unknown) {
  const response = await fetch(new URL(`/api${path}`, baseUrl), {
    method,
    headers: {
      'x-forwarded-for': clientAddress,
      authorization: `Bearer ${tokens.jwtToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

describe.each(fullMatrix)('exposure request ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('the client verifies, signs and sees the property; the broker sees it signed', async () => {
    const clientAddress = uniqueAddress();
    const client = { baseUrl, clientAddress };
    const tokens = await registerBroker(client, uniqueIsraeliPhone());
    await api(clientAddress, 'PATCH', '/me', tokens, {
      licenceNumber: '31234',
      idNumber: '123456782',
      businessAddress: 'דרך מנחם בגין 132, תל אביב',
    });
    const property = await createProperty(client, tokens, {
      status: 'draft',
      wizardStep: 2,
      propertyKind: 'offices',
      city: 'תל אביב-יפו',
      address: 'הברזל 30',
    });
    await createProperty(client, tokens, {
      status: 'draft',
      wizardStep: 2,
      propertyKind: 'offices',
      city: 'תל אביב-יפו',
      address: 'ויצמן 4',
    });
    const clientPhone = uniqueIsraeliPhone();

    // The broker, on the variant's screen, asks from the first property's page and adds the second.
    const desk = await browser.open(variant, { clientAddress });
    await restoreSession(desk.context, tokens);
    await desk.page.goto(`${baseUrl}/properties/${property.id}`);
    await desk.page.getByRole('button', { name: t.properties.exposureRequest.button }).click();
    const dialog = desk.page.getByRole('dialog');
    const request = t.exposure.request;
    await dialog.getByRole('textbox', { name: request.clientName }).fill('יוסי כהן');
    await dialog.getByRole('textbox', { name: request.clientPhone }).fill(`0${clientPhone.slice(4)}`);
    await dialog.getByRole('combobox', { name: request.properties }).click();
    await desk.page.getByRole('option', { name: 'ויצמן 4, תל אביב-יפו' }).click();
    await desk.page.keyboard.press('Escape');
    await dialog
      .getByRole('textbox', { name: fill(request.priceFor, { name: 'הברזל 30, תל אביב-יפו' }) })
      .fill('31500');
    await dialog
      .getByRole('textbox', { name: fill(request.priceFor, { name: 'ויצמן 4, תל אביב-יפו' }) })
      .fill('18000');
    await dialog.getByRole('textbox', { name: request.feePercentLabel }).fill('8.33');
    await checkLayout(desk.page, variant, 'exposure-dialog');
    await expectAccessible(desk.page, 'exposure-dialog');
    await screenshot(desk.page, variant, 'exposure', 'request-dialog');
    await dialog.getByRole('button', { name: request.send }).click();
    await desk.page.getByText(fill(request.sent, { name: 'יוסי כהן' })).waitFor();

    const [link] = await outbox(client, clientPhone);
    const url = /https?:\/\/\S+\/e\/[A-Za-z0-9_-]{43}/.exec(link?.message ?? '')?.[0] ?? '';
    expect(url).not.toBe('');
    const token = url.slice(url.lastIndexOf('/') + 1);

    // The client, on the variant's screen, with no session of the app at all.
    const phone = await browser.open(variant, { clientAddress });
    await phone.page.goto(`${baseUrl}/e/${token}?lang=${variant.lang}`);
    await phone.page
      .getByRole('button', { name: variant.lang === 'he' ? 'שליחת קוד' : 'Send a code' })
      .waitFor();
    await checkLayout(phone.page, variant, 'exposure-phone');
    await expectAccessible(phone.page, 'exposure-phone');
    await screenshot(phone.page, variant, 'exposure', 'client-phone');
    const sentAfter = new Date(Date.now() - 1000).toISOString();
    await phone.page
      .getByRole('button', { name: variant.lang === 'he' ? 'שליחת קוד' : 'Send a code' })
      .click();
    const code = await waitForCode(client, clientPhone, sentAfter);
    await phone.page
      .getByRole('textbox', { name: variant.lang === 'he' ? 'קוד אימות' : 'Verification code' })
      .fill(code);
    await phone.page
      .getByRole('button', { name: variant.lang === 'he' ? 'אימות' : 'Verify', exact: true })
      .click();

    await phone.page.getByText('31234').waitFor();
    await checkLayout(phone.page, variant, 'exposure-order');
    await expectAccessible(phone.page, 'exposure-order');
    await screenshot(phone.page, variant, 'exposure', 'client-order');
    const he = variant.lang === 'he';
    await phone.page.getByRole('textbox', { name: he ? 'מספר תעודת זהות' : 'ID number' }).fill('000000018');
    await phone.page
      .getByRole('textbox', { name: he ? 'כתובת מגורים' : 'Home address' })
      .fill('הרצל 1, חיפה');
    await phone.page.getByRole('checkbox').check();
    await phone.page.getByRole('button', { name: he ? 'חתימה על ההזמנה' : 'Sign the order' }).click();
    await phone.page.getByText('הברזל 30').first().waitFor();
    await phone.page.getByText('ויצמן 4').first().waitFor();
    await checkLayout(phone.page, variant, 'exposure-signed');
    await expectAccessible(phone.page, 'exposure-signed');
    await screenshot(phone.page, variant, 'exposure', 'client-signed');
    expect(phone.errors).toEqual([]);

    // The broker's overview card counts the request and marks the signature new, until the list is seen.
    await desk.page.goto(`${baseUrl}/properties`);
    const card = desk.page.getByRole('link', {
      name: `${t.properties.overview.cards.exposureRequests}: 1, ${fill(t.properties.overview.newSigned_one, { count: 1 })}`,
    });
    await card.waitFor();
    await screenshot(desk.page, variant, 'exposure', 'overview-card');
    await card.click();

    // The broker's list.
    await desk.page.waitForURL(`${baseUrl}/exposure-requests`);
    await desk.page.getByText('יוסי כהן').waitFor();
    await desk.page
      .getByRole('listitem')
      .filter({ hasText: 'יוסי כהן' })
      .getByText(t.exposure.status.signed, { exact: true })
      .waitFor();
    await checkLayout(desk.page, variant, 'exposure-requests');
    await expectAccessible(desk.page, 'exposure-requests');
    await screenshot(desk.page, variant, 'exposure', 'list');

    // The broker's profile, which the user card opens: complete, since the order was sent.
    await desk.page.goto(`${baseUrl}/profile`);
    await desk.page.getByText(t.exposure.profile.complete).waitFor();
    await checkLayout(desk.page, variant, 'profile');
    await expectAccessible(desk.page, 'profile');
    await screenshot(desk.page, variant, 'exposure', 'profile');
    expect(desk.errors).toEqual([]);
  });
});
