/**
 * Issue 23: on /exposure-requests a signed request offers its signed order. The click opens a tab at
 * once (a tab opened after the request would be a blocked pop-up) and sends it to the address the
 * server signed; that address opens the order. Against the real server in-process.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  brokerWithProfile,
  clientBrowser,
  RecordingSms,
  sentExposureRequest,
} from '../../server/helpers/exposure';
import { renderAppAs, serverForFile } from '../properties/properties-harness';

describe('the signed order on /exposure-requests', () => {
  const sms = new RecordingSms();
  const server = serverForFile({ sms });
  afterEach(() => vi.restoreAllMocks());

  it('opens the order for a signed request, and is not offered before signing', async () => {
    const { user, headers } = await brokerWithProfile(server);
    const signed = await sentExposureRequest(server, sms, headers, '+972541230101');
    await clientBrowser(server, sms).sign(signed);
    await sentExposureRequest(server, sms, headers, '+972541230102', { clientName: 'רונית לוי' });

    const replace = vi.fn();
    const tab = { opener: {} as unknown, location: { replace }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    await renderAppAs(server, { id: user.id, headers }, '/exposure-requests');

    const waiting = (await screen.findByText('רונית לוי')).closest('li') as HTMLElement;
    expect(within(waiting).queryByRole('button', { name: 'ההזמנה החתומה (הדפסה או PDF)' })).toBeNull();

    const yossi = (await screen.findByText('יוסי כהן')).closest('li') as HTMLElement;
    await userEvent.click(within(yossi).getByRole('button', { name: 'ההזמנה החתומה (הדפסה או PDF)' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await vi.waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    const url = new URL(String(replace.mock.calls[0]?.[0]));
    expect(url.pathname).toBe(`/signed-orders/${signed.id}`);
    expect(url.searchParams.get('lang')).toBe('he');

    const page = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('הזמנת שירותי תיווך חתומה');
    expect(page.body).toContain('יוסי כהן');
  });
});
