/**
 * Issue 23: "בקשת חשיפה" on a property's page opens a dialog that sends a request for it and other
 * properties of the broker, checks the form with the domain's rule before sending, and leads to
 * /profile when the server refuses an incomplete profile. Against the real server in-process.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InProcessServer } from '../helpers/in-process-server';
import { warmScreensForFile } from '../helpers/warm-screens';
import { propertyScreensForFile, publishableOffice, type TestUser } from './properties-harness';

async function completeProfile(server: InProcessServer, user: TestUser) {
  const response = await server.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: user.headers,
    payload: { licenceNumber: '31234', idNumber: '123456782', businessAddress: 'הברזל 3, תל אביב' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function listRequests(server: InProcessServer, user: TestUser) {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/exposure-requests',
    headers: user.headers,
  });
  return response.json().data as Array<{
    clientName: string;
    clientPhone: string;
    status: string;
    dealType: string;
    fee: unknown;
    properties: Array<{ propertyId: string; approximatePrice: number }>;
  }>;
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'בקשת חשיפה' }));
  return screen.findByRole('dialog');
}

describe('the exposure request dialog', () => {
  const { server, newUser, seed, renderAppAs } = propertyScreensForFile();
  // The dialog's loader too: the screens import it on the click (dialog-on-open.ts).
  warmScreensForFile({
    modules: [
      () => import('@/features/properties/exposure/exposure-request-dialog'),
      () => import('@/features/properties/exposure/lazy-exposure-request-dialog'),
    ],
  });

  it('sends a request for this property and another one of the broker’s', async () => {
    const user = await newUser();
    await completeProfile(server, user);
    const [other, current] = await seed(user, [
      publishableOffice({ address: 'הרצל 10', city: 'חולון' }),
      publishableOffice({ address: 'רוטשילד 22', city: 'תל אביב-יפו' }),
    ]);
    await renderAppAs(user, `/properties/${current?.id}`);
    const dialog = await openDialog();

    await userEvent.type(within(dialog).getByLabelText(/^שם הלקוח/), 'יוסי כהן');
    await userEvent.type(within(dialog).getByLabelText(/^טלפון נייד של הלקוח/), '0541230001');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^נכסים/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'הרצל 10, חולון' }));
    await userEvent.type(within(dialog).getByLabelText(/^מחיר משוער: רוטשילד 22/), '25000');
    await userEvent.type(within(dialog).getByLabelText(/^מחיר משוער: הרצל 10/), '12000');
    await userEvent.type(within(dialog).getByLabelText(/^דמי תיווך באחוזים/), '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'שליחה ללקוח' }));

    await screen.findByText('הבקשה נשלחה ליוסי כהן.');
    const [request] = await listRequests(server, user);
    expect(request).toMatchObject({
      clientName: 'יוסי כהן',
      clientPhone: '+972541230001',
      status: 'sent',
      dealType: 'rent',
      fee: { basis: 'percent', percent: 8 },
    });
    expect(
      request?.properties.map(({ propertyId, approximatePrice }) => [propertyId, approximatePrice]),
    ).toEqual([
      [current?.id, 25_000],
      [other?.id, 12_000],
    ]);
  });

  it('opens from a row of the list with that property chosen, and sends for it', async () => {
    const user = await newUser();
    await completeProfile(server, user);
    const [chosen] = await seed(user, [
      publishableOffice({ address: 'הרצל 10', city: 'חולון' }),
      publishableOffice({ address: 'רוטשילד 22', city: 'תל אביב-יפו' }),
    ]);
    await renderAppAs(user, '/properties');

    await userEvent.click(await screen.findByRole('button', { name: 'בקשת חשיפה – הרצל 10, חולון' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^מחיר משוער: הרצל 10/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^מחיר משוער: רוטשילד 22/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^שם הלקוח/), 'דנה לוי');
    await userEvent.type(within(dialog).getByLabelText(/^טלפון נייד של הלקוח/), '0541230003');
    await userEvent.type(within(dialog).getByLabelText(/^מחיר משוער: הרצל 10/), '18000');
    await userEvent.type(within(dialog).getByLabelText(/^דמי תיווך באחוזים/), '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'שליחה ללקוח' }));

    await screen.findByText('הבקשה נשלחה לדנה לוי.');
    const [request] = await listRequests(server, user);
    expect(request?.properties.map(({ propertyId }) => propertyId)).toEqual([chosen?.id]);
  });

  it('says what is wrong before sending anything', async () => {
    const user = await newUser();
    await completeProfile(server, user);
    const [property] = await seed(user, [publishableOffice()]);
    await renderAppAs(user, `/properties/${property?.id}`);
    const dialog = await openDialog();

    await userEvent.type(within(dialog).getByLabelText(/^טלפון נייד של הלקוח/), '031234567');
    await userEvent.click(within(dialog).getByRole('switch', { name: /^בלעדיות/ }));
    await userEvent.type(within(dialog).getByLabelText(/^מתאריך/), '2026-12-01');
    await userEvent.type(within(dialog).getByLabelText(/^עד תאריך/), '2026-11-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'שליחה ללקוח' }));

    await within(dialog).findByText('זה מספר של קו נייח: הזינו מספר נייד שיכול לקבל SMS.');
    expect(within(dialog).getAllByText('זהו שדה חובה.').length).toBeGreaterThanOrEqual(3);
    expect(within(dialog).getByText('תאריך הסיום מוקדם מתאריך ההתחלה.')).toBeTruthy();
    expect(await listRequests(server, user)).toEqual([]);
  });

  it('leads to the profile when the server refuses an incomplete one', async () => {
    const user = await newUser();
    const [property] = await seed(user, [publishableOffice()]);
    const { router } = await renderAppAs(user, `/properties/${property?.id}`);
    const dialog = await openDialog();

    await userEvent.type(within(dialog).getByLabelText(/^שם הלקוח/), 'רונית לוי');
    await userEvent.type(within(dialog).getByLabelText(/^טלפון נייד של הלקוח/), '0541230002');
    await userEvent.type(within(dialog).getByLabelText(/^מחיר משוער/), '20000');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'סכום' }));
    await userEvent.type(within(dialog).getByLabelText(/^דמי תיווך בש"ח/), '15000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'שליחה ללקוח' }));

    await within(dialog).findByText(/השלימו בפרופיל/);
    await userEvent.click(within(dialog).getByRole('link', { name: 'להשלמת הפרופיל' }));
    await expect.poll(() => router.state.location.pathname).toBe('/profile');
    expect(await listRequests(server, user)).toEqual([]);
  });
});
