import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { warmScreensForFile } from '../helpers/warm-screens';
import {
  draftRetail,
  listedAddresses,
  propertyScreensForFile,
  publishableOffice,
} from './properties-harness';

describe('property list: sort, refinements and rows per load', () => {
  const { newUser, seed, renderAppAs } = propertyScreensForFile();
  warmScreensForFile({
    routes: ['/properties/'],
    modules: [
      () => import('@/features/properties/components/list-tools'),
      () => import('@/features/properties/components/list-filters-form'),
    ],
  });
  afterEach(() => localStorage.clear());

  // `areaMin=abc` reached the API as it was typed (a 400, so no list at all) before the list's
  // parameters were parsed again from the raw address.
  it('sorts and refines as the address says, dropping what it cannot use', async () => {
    const user = await newUser();
    await seed(user, [
      publishableOffice({ address: 'גדול', totalArea: 900, marketingArea: 800 }),
      publishableOffice({ address: 'קטן', totalArea: 100, marketingArea: 100 }),
      publishableOffice({ address: 'בינוני', totalArea: 500, marketingArea: 400 }),
      draftRetail({ address: 'חנות' }),
    ]);
    await renderAppAs(user, '/properties?sort=totalArea&order=asc&kind=offices,castle&areaMin=abc');

    await waitFor(() => expect(listedAddresses()).toEqual(['קטן', 'בינוני', 'גדול']));
  });

  it('says the refinements left nothing and clears them on request', async () => {
    const user = await newUser();
    await seed(user, [publishableOffice({ address: 'משרד', totalArea: 300, marketingArea: 300 })]);
    await renderAppAs(user, '/properties?areaMin=5000');

    await userEvent.click(await screen.findByRole('button', { name: 'ניקוי הסינון' }));

    await waitFor(() => expect(listedAddresses()).toEqual(['משרד']));
  });

  it('narrows to spaces for rent from the filters panel, rent-or-sale ones included', async () => {
    const user = await newUser();
    await seed(user, [
      publishableOffice({ address: 'להשכרה', dealType: 'rent' }),
      publishableOffice({ address: 'לשניהם', dealType: 'rentOrSale' }),
      publishableOffice({ address: 'למכירה', dealType: 'sale', askingRentPerSqm: null }),
    ]);
    await renderAppAs(user, '/properties');
    await waitFor(() => expect(listedAddresses()).toHaveLength(3));

    await userEvent.click(screen.getByRole('button', { name: 'סינון' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'להשכרה' }));
    await userEvent.click(screen.getByRole('button', { name: 'הצגת התוצאות' }));

    await waitFor(() => expect([...listedAddresses()].sort()).toEqual(['להשכרה', 'לשניהם']));
  });

  it('narrows to divisible spaces in the chosen conditions, and sorts by the entry date', async () => {
    const user = await newUser();
    await seed(user, [
      publishableOffice({
        address: 'גמור מרץ',
        divisible: true,
        condition: 'finished',
        entryDate: '2027-03-01',
      }),
      publishableOffice({
        address: 'משופץ ינואר',
        divisible: true,
        condition: 'renovated',
        entryDate: '2027-01-01',
      }),
      publishableOffice({
        address: 'גמור שלם',
        divisible: false,
        condition: 'finished',
        entryDate: '2026-12-01',
      }),
      publishableOffice({ address: 'מעטפת', divisible: true, condition: 'shell' }),
    ]);
    const { router } = await renderAppAs(user, '/properties');
    await waitFor(() => expect(listedAddresses()).toHaveLength(4));

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'מיון' }), 'מועד כניסה');
    await userEvent.click(screen.getByRole('button', { name: 'בסדר יורד' }));
    await userEvent.click(screen.getByRole('button', { name: 'סינון' }));
    const divisible = await screen.findByRole('group', { name: 'ניתן לחלוקה' });
    await userEvent.click(within(divisible).getByRole('radio', { name: 'כן' }));
    const condition = screen.getByRole('group', { name: 'מצב הנכס' });
    await userEvent.click(within(condition).getByRole('checkbox', { name: 'גמור' }));
    await userEvent.click(within(condition).getByRole('checkbox', { name: 'משופץ' }));
    await userEvent.click(screen.getByRole('button', { name: 'הצגת התוצאות' }));

    // Soonest first: the entry date ascending, as a broker asks "what is free first".
    await waitFor(() => expect(listedAddresses()).toEqual(['משופץ ינואר', 'גמור מרץ']));
    expect(router.state.location.search).toEqual({
      sort: 'entryDate',
      order: 'asc',
      divisible: true,
      condition: 'finished,renovated',
    });
    expect(screen.getByRole('button', { name: 'סינון (2)' })).toBeInTheDocument();
  });

  it('loads as many rows at a time as the broker chose last time', async () => {
    localStorage.setItem('nechasim.list.pageSize', '10');
    const user = await newUser();
    await seed(
      user,
      [1, 2, 3, 4, 5, 6, 7].map((n) => publishableOffice({ address: `הרצל ${n}` })),
    );
    await renderAppAs(user, '/properties');

    await waitFor(() => expect(listedAddresses()).toHaveLength(7));
    expect(screen.getByText('מוצגים 7 מתוך 7 נכסים')).toBeInTheDocument();
  });
});
