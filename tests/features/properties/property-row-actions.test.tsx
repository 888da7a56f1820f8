import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Property } from '../../server/helpers/properties';
import {
  draftRetail,
  listedAddresses,
  propertyScreensForFile,
  publishableOffice,
  type TestUser,
} from './properties-harness';

describe('property list: row actions', () => {
  const { server, newUser, seed, renderAppAs } = propertyScreensForFile();

  const serverList = async (user: TestUser) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/property/list',
      headers: user.headers,
    });
    return (response.json().data.items as Property[]).map((item) => item.address);
  };

  it('deletes at once, offers to undo, and the undo brings the property back', async () => {
    const user = await newUser();
    await seed(user, [
      publishableOffice({ address: 'ההסתדרות 5', city: 'חיפה' }),
      publishableOffice({ address: 'בר כוכבא 3', city: 'בני ברק' }),
    ]);
    await renderAppAs(user, '/properties');
    await waitFor(() => expect(listedAddresses()).toEqual(['בר כוכבא 3', 'ההסתדרות 5']));
    const allButton = screen.getByRole('button', { name: /^כל הנכסים/ });
    await waitFor(() => expect(allButton).toHaveTextContent('2'));

    await userEvent.click(screen.getByRole('button', { name: 'מחיקת הנכס – ההסתדרות 5, חיפה' }));

    await waitFor(() => expect(listedAddresses()).toEqual(['בר כוכבא 3']));
    expect(await screen.findByText('הנכס נמחק')).toBeInTheDocument();
    expect(await serverList(user)).toEqual(['בר כוכבא 3']);
    await waitFor(() => expect(allButton).toHaveTextContent('1'));

    await userEvent.click(screen.getByRole('button', { name: 'ביטול המחיקה' }));

    await waitFor(() => expect(listedAddresses()).toEqual(['בר כוכבא 3', 'ההסתדרות 5']));
    expect(await screen.findByText('הנכס שוחזר')).toBeInTheDocument();
    expect(await serverList(user)).toEqual(['בר כוכבא 3', 'ההסתדרות 5']);
    await waitFor(() => expect(allButton).toHaveTextContent('2'));
  });

  it('says so when the server refuses the deletion, then shows what is really there', async () => {
    const user = await newUser();
    const [mine] = await seed(user, [publishableOffice({ address: 'הנביאים 9', city: 'ירושלים' })]);
    await renderAppAs(user, '/properties');
    await screen.findByRole('link', { name: 'הנביאים 9' });
    // Meanwhile the property went away on the server (deleted from another device).
    await server.app.inject({
      method: 'DELETE',
      url: `/api/property/delete/hard/${mine?.id}`,
      headers: user.headers,
    });

    await userEvent.click(screen.getByRole('button', { name: 'מחיקת הנכס – הנביאים 9, ירושלים' }));

    expect(await screen.findByText('מחיקת הנכס נכשלה')).toBeInTheDocument();
    // The refetch after the failure shows what is really there: nothing.
    expect(await screen.findByRole('heading', { name: 'עדיין אין לכם נכסים' })).toBeInTheDocument();
  });

  it('starts another property in the same building as a draft, and opens it in the wizard', async () => {
    const user = await newUser();
    await seed(user, [
      publishableOffice({
        address: 'דרך מנחם בגין 132',
        city: 'תל אביב-יפו',
        totalArea: 900,
        marketingArea: 800,
      }),
    ]);
    const { router } = await renderAppAs(user, '/properties');

    await userEvent.click(
      await screen.findByRole('button', { name: 'נכס נוסף באותו בניין – דרך מנחם בגין 132, תל אביב-יפו' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/properties/create'));
    const draftId = (router.state.location.search as { draft?: string }).draft;
    expect(draftId).toBeDefined();
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/property/${draftId}`,
      headers: user.headers,
    });
    expect(response.json().data).toMatchObject({
      status: 'draft',
      address: 'דרך מנחם בגין 132',
      city: 'תל אביב-יפו',
      propertyKind: 'offices',
      propertyCategory: 'tower',
      lobbyType: 'staffedLobby',
      totalArea: null,
      marketingArea: null,
    });
  });

  it('lets a draft be deleted like any property', async () => {
    const user = await newUser();
    await seed(user, [draftRetail({ address: 'הגפן 3' })]);
    await renderAppAs(user, '/properties');

    await userEvent.click(await screen.findByRole('button', { name: 'מחיקת הנכס – הגפן 3, חיפה' }));

    expect(await screen.findByRole('heading', { name: 'עדיין אין לכם נכסים' })).toBeInTheDocument();
    expect(await serverList(user)).toEqual([]);
  });
});
