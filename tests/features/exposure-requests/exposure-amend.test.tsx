/**
 * Issue 23: "a change makes a new version". On /exposure-requests the broker amends a signed order:
 * the request dialog opens with the order's terms, sends version 2, and the card shows the version and
 * that version 1 stays signed. Against the real server in-process; the client signs through /e/{token}.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientBrowser, RecordingSms } from '../../server/helpers/exposure';
import { warmScreensForFile } from '../helpers/warm-screens';
import { newUser, renderAppAs, serverForFile, type TestUser } from '../properties/properties-harness';
import { sendExposureRequest } from './exposure-requests-harness';

describe('amending an order on /exposure-requests', () => {
  const sms = new RecordingSms();
  const server = serverForFile({ sms });
  warmScreensForFile({
    routes: ['/exposure-requests'],
    modules: [() => import('@/features/properties/exposure/exposure-request-dialog')],
  });

  const request = (user: TestUser, name: string, phone: string) =>
    sendExposureRequest(server, user, { name, phone }, sms);

  /** The client's side (tests/server/helpers/exposure.ts): code, verification and signature. */
  const sign = (token: string, clientPhone: string) =>
    clientBrowser(server, sms).sign({ token, clientPhone });

  it('opens the request dialog filled with the signed order, sends version 2 and lists it', async () => {
    const user = await newUser(server);
    const { id, token } = await request(user, 'יוסי כהן', '+972541230101');
    await sign(token, '+972541230101');
    server.clock.advance(2 * 60_000);
    await renderAppAs(server, user, '/exposure-requests');

    const card = (await screen.findByText('יוסי כהן')).closest('li') as HTMLElement;
    expect(within(card).getByText('נחתמה')).toBeTruthy();
    // A signed order is not withdrawn or resent, only amended.
    expect(within(card).queryByRole('button', { name: 'ביטול הבקשה' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'תיקון ההזמנה' }));

    const dialog = await screen.findByRole('dialog');
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
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await within(card).findByText('גרסה 2');
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
    const card = (await screen.findByText('רונית לוי')).closest('li') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'תיקון ההזמנה' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'שליחת הגרסה החדשה' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('הגרסה החדשה לא נשלחה');
    expect(alert.textContent).toContain('פעם בדקה');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ביטול' }));

    await userEvent.click(within(card).getByRole('button', { name: 'ביטול הבקשה' }));
    await within(card).findByText('בוטלה');
    expect(within(card).queryByRole('button', { name: 'תיקון ההזמנה' })).toBeNull();
  });
});
