/**
 * Issue 23: /exposure-requests lists the broker's real requests (not "coming soon"), filters them by
 * status and lets the broker withdraw one, against the real server in-process.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { preloadListTools } from '@/features/properties/components/lazy-list-tools';
import { preloadPropertyTable } from '@/features/properties/components/lazy-property-table';
import { warmScreensForFile } from '../helpers/warm-screens';
import { newUser, renderAppAs, serverForFile } from '../properties/properties-harness';
import { sendExposureRequest } from './exposure-requests-harness';

describe('/exposure-requests', () => {
  const server = serverForFile();
  warmScreensForFile({
    routes: ['/properties/', '/exposure-requests'],
    modules: [preloadListTools, preloadPropertyTable],
  });

  it('lists the broker’s requests with status and properties, filters them, and withdraws one', async () => {
    const user = await newUser(server);
    await sendExposureRequest(server, user, { name: 'יוסי כהן', phone: '+972541230001' });
    await sendExposureRequest(server, user, { name: 'רונית לוי', phone: '+972541230002' });
    const { router } = await renderAppAs(server, user, '/exposure-requests');

    await screen.findByRole('heading', { name: 'בקשות חשיפה', level: 1 });
    await screen.findByText('יוסי כהן');
    const yossi = (await screen.findByText('יוסי כהן')).closest('li') as HTMLElement;
    expect(within(yossi).getByText('נשלחה')).toBeTruthy();
    expect(within(yossi).getByText(/חולון/)).toBeTruthy();
    // The client's phone reads as written, its plus first, inside the right-to-left card.
    expect(within(yossi).getByText('+972541230001').closest('[dir="ltr"]')).not.toBeNull();
    expect(screen.queryByText('בקרוב')).toBeNull();

    await userEvent.click(within(yossi).getByRole('button', { name: 'ביטול הבקשה' }));
    await within(yossi).findByText('בוטלה');
    expect(within(yossi).queryByRole('button', { name: 'ביטול הבקשה' })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('סינון לפי מצב'), 'revoked');
    await screen.findByText('יוסי כהן');
    expect(router.state.location.search).toEqual({ status: 'revoked' });
    await expect.poll(() => screen.queryByText('רונית לוי')).toBeNull();
  });

  it('counts the requests on the overview card, and records the visit for its "new" count', async () => {
    const user = await newUser(server);
    await sendExposureRequest(server, user, { name: 'יוסי כהן', phone: '+972541230003' });
    await sendExposureRequest(server, user, { name: 'רונית לוי', phone: '+972541230004' });
    const before = server.requests.length;
    await renderAppAs(server, user, '/properties');

    const card = await screen.findByRole('link', { name: 'בקשות חשיפה: 2' });
    expect(server.requests.slice(before)).not.toContain('POST /api/exposure-requests/seen');
    await userEvent.click(card);
    await screen.findByRole('heading', { name: 'בקשות חשיפה', level: 1 });
    await expect.poll(() => server.requests.slice(before)).toContain('POST /api/exposure-requests/seen');
  });

  it('says so when there are no requests yet', async () => {
    const user = await newUser(server);
    await renderAppAs(server, user, '/exposure-requests');
    await screen.findByText('עדיין לא נשלחו בקשות חשיפה. אפשר לשלוח בקשה מעמוד של נכס.');
  });
});
