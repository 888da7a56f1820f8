/**
 * Issue 23: "a change makes a new version". On /exposure-requests the broker amends a signed order:
 * the request dialog opens with the order's terms, sends version 2, and the card shows the version and
 * that version 1 stays signed. Against the real server in-process; the client signs through /e/{token}.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage, SmsProvider } from '../../../server/sms/sms-provider';
import type { InProcessServer } from '../helpers/in-process-server';
import {
  newUser,
  publishableOffice,
  renderAppAs,
  seed,
  startServer,
  type TestUser,
} from '../properties/properties-harness';

const FIRST_LOAD = { timeout: 5000 };

class RecordingSms implements SmsProvider {
  readonly name = 'recording';
  sent: SmsMessage[] = [];
  async send(message: SmsMessage) {
    this.sent.push(message);
  }
}

describe('amending an order on /exposure-requests', () => {
  let server: InProcessServer;
  const sms = new RecordingSms();
  beforeAll(async () => {
    server = await startServer({ sms });
  });
  afterAll(() => server.close());

  async function request(user: TestUser, clientName: string, clientPhone: string) {
    await server.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: user.headers,
      payload: { licenceNumber: '31234', idNumber: '123456782', businessAddress: 'הברזל 3, תל אביב' },
    });
    const [property] = await seed(server, user, [publishableOffice({ city: 'חולון' })]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/exposure-requests',
      headers: user.headers,
      payload: {
        clientName,
        clientPhone,
        dealType: 'rent',
        properties: [{ propertyId: property?.id, approximatePrice: 20_000 }],
        fee: { basis: 'percent', percent: 8 },
        feeIncludesVat: false,
        exclusivity: null,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const token = /\/e\/([A-Za-z0-9_-]{43})/.exec(sms.sent.at(-1)?.message ?? '')?.[1] ?? '';
    return { id: response.json().data.id as string, token };
  }

  /** The client's side: code, verification and signature, as the phone's browser posts them. */
  async function sign(token: string, clientPhone: string) {
    let cookie = '';
    const post = async (url: string, form: Record<string, string> = {}) => {
      const response = await server.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
      for (const line of [response.headers['set-cookie'] ?? []].flat()) cookie = line.split(';')[0] ?? '';
      return response;
    };
    await server.app.inject({ method: 'GET', url: `/e/${token}` });
    await post(`/e/${token}/code`);
    const code = sms.sent.filter((message) => message.phoneNumber === clientPhone).at(-1)?.code ?? '';
    await post(`/e/${token}/verify`, { code });
    const signed = await post(`/e/${token}/sign`, {
      fullName: 'יוסי כהן',
      idNumber: '000000018',
      address: 'הרצל 1, חיפה',
      consent: 'yes',
    });
    expect(signed.statusCode).toBe(303);
  }

  it('opens the request dialog filled with the signed order, sends version 2 and lists it', async () => {
    const user = await newUser(server);
    const { id, token } = await request(user, 'יוסי כהן', '+972541230101');
    await sign(token, '+972541230101');
    server.clock.advance(2 * 60_000);
    await renderAppAs(server, user, '/exposure-requests');

    const card = (await screen.findByText('יוסי כהן', {}, FIRST_LOAD)).closest('li') as HTMLElement;
    expect(within(card).getByText('נחתמה')).toBeTruthy();
    // A signed order is not withdrawn or resent, only amended.
    expect(within(card).queryByRole('button', { name: 'ביטול הבקשה' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'תיקון ההזמנה' }));

    const dialog = await screen.findByRole('dialog', {}, FIRST_LOAD);
    expect(within(dialog).getByText('תיקון ההזמנה: גרסה 2')).toBeTruthy();
    expect(within(dialog).getByText('+972541230101')).toBeTruthy();
    expect(within(dialog).queryByLabelText(/שם הלקוח/)).toBeNull();
    const fee = within(dialog).getByLabelText(/דמי תיווך באחוזים/) as HTMLInputElement;
    expect(fee.value).toBe('8');
    const price = within(dialog).getByLabelText(/מחיר משוער/) as HTMLInputElement;
    expect(price.value).toBe('20,000');

    await userEvent.clear(fee);
    await userEvent.type(fee, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'שליחת הגרסה החדשה' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), FIRST_LOAD);

    await within(card).findByText('גרסה 2', {}, FIRST_LOAD);
    expect(within(card).getByText('נשלחה')).toBeTruthy();
    expect(within(card).getByText('גרסה 1 חתומה ובתוקף; גרסה 2 ממתינה ללקוח.')).toBeTruthy();
    expect(within(card).getByText(/טביעת אצבע של גרסה 1 החתומה/)).toBeTruthy();

    const stored = await server.app.inject({
      method: 'GET',
      url: `/api/exposure-requests/${id}`,
      headers: user.headers,
    });
    expect(stored.json().data).toMatchObject({
      orderVersion: 2,
      fee: { basis: 'percent', percent: 9 },
      signedOrder: { version: 1 },
    });
  });

  it('shows the server’s reason when a new version comes too soon, and offers no amendment once withdrawn', async () => {
    const user = await newUser(server);
    await request(user, 'רונית לוי', '+972541230102');
    await renderAppAs(server, user, '/exposure-requests');
    const card = (await screen.findByText('רונית לוי', {}, FIRST_LOAD)).closest('li') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'תיקון ההזמנה' }));
    const dialog = await screen.findByRole('dialog', {}, FIRST_LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'שליחת הגרסה החדשה' }));
    const alert = await within(dialog).findByRole('alert', {}, FIRST_LOAD);
    expect(alert.textContent).toContain('הגרסה החדשה לא נשלחה');
    expect(alert.textContent).toContain('פעם בדקה');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ביטול' }));

    await userEvent.click(within(card).getByRole('button', { name: 'ביטול הבקשה' }));
    await within(card).findByText('בוטלה');
    expect(within(card).queryByRole('button', { name: 'תיקון ההזמנה' })).toBeNull();
  });
});
