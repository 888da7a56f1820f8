import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  draftRetail,
  errorResponse,
  failNextRequest,
  listedAddresses,
  propertyScreensForFile,
  publishableOffice,
} from './properties-harness';

const searchWait = { timeout: 4000 };

describe('property list: search, empty and error states', () => {
  const { server, newUser, seed, renderAppAs } = propertyScreensForFile();

  it('searches on the server by city or address, keeps the search in the URL, and can clear it', async () => {
    const user = await newUser();
    await seed(user, [
      publishableOffice({ address: 'הנמל 12', city: 'חיפה' }),
      publishableOffice({ address: 'רוטשילד 22', city: 'תל אביב-יפו' }),
      draftRetail({ address: 'שדרות הנשיא 120', city: 'חיפה' }),
    ]);
    const { router } = await renderAppAs(user, '/properties');
    await waitFor(() => expect(listedAddresses()).toHaveLength(3));
    const input = screen.getByRole('searchbox', { name: 'חיפוש נכסים' });

    await userEvent.type(input, 'חיפה');
    // The search goes out after a 300 ms pause in typing.
    await waitFor(() => expect(listedAddresses()).toEqual(['שדרות הנשיא 120', 'הנמל 12']), searchWait);
    expect(router.state.location.search).toEqual({ q: 'חיפה' });
    // Typing went out once, after the pause: not one request per letter.
    const searches = server.requests.filter((request) => request === 'GET /api/property/list');
    expect(searches).toHaveLength(2);

    await userEvent.clear(input);
    await userEvent.paste('רוטשילד');
    await waitFor(() => expect(listedAddresses()).toEqual(['רוטשילד 22']), searchWait);

    await userEvent.clear(input);
    await userEvent.paste('אילת');
    expect(await screen.findByRole('heading', { name: 'לא נמצאו נכסים' }, searchWait)).toBeInTheDocument();
    // The query sits in Unicode isolates, so a query in the other script keeps its order.
    const withoutIsolates = (text: string) => text.replace(/[\u2068\u2069]/g, '');
    expect(
      screen.getByText('לא מצאנו נכס בכתובת או בעיר "אילת". אפשר לנסות כתיב אחר או רק חלק מהשם.', {
        normalizer: withoutIsolates,
      }),
    ).toBeInTheDocument();

    // The empty state's own button (the search box has a clear button of the same name too).
    const [clearInEmptyState] = screen
      .getAllByRole('button', { name: 'ניקוי החיפוש' })
      .filter((button) => !button.closest('form'));
    await userEvent.click(clearInEmptyState as HTMLElement);
    await waitFor(() => expect(listedAddresses()).toHaveLength(3));
    expect(input).toHaveValue('');
    expect(router.state.location.search).toEqual({});
    // Four round trips behind real debounces, and the first render of the file: give it room on a busy machine.
  }, 40_000);

  it('searches within the chosen filter, from a link that carries both', async () => {
    const user = await newUser();
    await seed(user, [
      publishableOffice({ address: 'הנמל 12', city: 'חיפה' }),
      draftRetail({ address: 'שדרות הנשיא 120', city: 'חיפה' }),
    ]);
    await renderAppAs(user, `/properties?filter=drafts&q=${encodeURIComponent('חיפה')}`);

    await waitFor(() => expect(listedAddresses()).toEqual(['שדרות הנשיא 120']));
    expect(screen.getByRole('searchbox', { name: 'חיפוש נכסים' })).toHaveValue('חיפה');
  });

  it('drops a filter it does not know and a blank search from the URL, and shows everything', async () => {
    const user = await newUser();
    await seed(user, [publishableOffice({ address: 'העצמאות 1' }), draftRetail({ address: 'העצמאות 2' })]);
    await renderAppAs(user, '/properties?filter=sold&q=%20%20');

    await waitFor(() => expect(listedAddresses()).toEqual(['העצמאות 2', 'העצמאות 1']));
    expect(screen.getByRole('button', { name: /^כל הנכסים/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox', { name: 'חיפוש נכסים' })).toHaveValue('');
  });

  it('invites a user without properties to add the first one', async () => {
    const user = await newUser();
    await renderAppAs(user, '/properties');

    expect(await screen.findByRole('heading', { name: 'עדיין אין לכם נכסים' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'הוספת הנכס הראשון' })).toHaveAttribute(
      'href',
      '/properties/create',
    );
    expect(screen.getByRole('link', { name: 'הוספת נכס' })).toHaveAttribute('href', '/properties/create');
  });

  it('says when a filter has nothing, and offers the whole list', async () => {
    const user = await newUser();
    await seed(user, [publishableOffice({ address: 'ז׳בוטינסקי 7' })]);
    const { router } = await renderAppAs(user, '/properties?filter=drafts');

    expect(await screen.findByRole('heading', { name: 'לא נמצאו נכסים' })).toBeInTheDocument();
    expect(screen.getByText('אין כרגע נכסים בסינון "טיוטות".')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'הצגת כל הנכסים' }));
    await waitFor(() => expect(listedAddresses()).toEqual(['ז׳בוטינסקי 7']));
    expect(router.state.location.search).toEqual({});
  });

  it("shows the server's message when the list fails, and tries again on request", async () => {
    const user = await newUser();
    await seed(user, [publishableOffice({ address: 'אלנבי 40' })]);
    failNextRequest('/api/property/list', errorResponse(503, 'מסד הנתונים אינו זמין כרגע', 'unavailable'));
    await renderAppAs(user, '/properties', { retry: false });

    expect(
      await screen.findByRole('heading', { name: 'שגיאה בטעינת הנכסים: מסד הנתונים אינו זמין כרגע' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'נסו שוב' }));
    await waitFor(() => expect(listedAddresses()).toEqual(['אלנבי 40']));
    expect(screen.queryByRole('button', { name: 'נסו שוב' })).not.toBeInTheDocument();
  });

  it('explains a lost connection in words, not in the browser’s', async () => {
    const user = await newUser();
    failNextRequest('/api/property/list', 'network');
    await renderAppAs(user, '/properties', { retry: false });

    expect(
      await screen.findByRole('heading', {
        name: 'שגיאה בטעינת הנכסים: אין חיבור לשרת. בדקו את החיבור לאינטרנט.',
      }),
    ).toBeInTheDocument();
  });

  it('keeps the rows when "load more" fails, and offers to try that page again', async () => {
    const user = await newUser();
    await seed(
      user,
      [1, 2, 3, 4, 5, 6].map((n) => publishableOffice({ address: `המסגר ${n}` })),
    );
    await renderAppAs(user, '/properties', { retry: false });
    await waitFor(() => expect(listedAddresses()).toHaveLength(5));

    failNextRequest('/api/property/list', errorResponse(503, 'השרת עמוס', 'unavailable'));
    await userEvent.click(screen.getByRole('button', { name: 'טעינת נכסים נוספים' }));

    expect(await screen.findByText('לא הצלחנו לטעון נכסים נוספים: השרת עמוס')).toBeInTheDocument();
    expect(listedAddresses()).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'נסו שוב' }));
    await waitFor(() => expect(listedAddresses()).toHaveLength(6));
    expect(screen.queryByText(/לא הצלחנו לטעון/)).not.toBeInTheDocument();
  });
});
