import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heResources } from '@/i18n/resources';
import {
  draftRetail,
  listedAddresses,
  propertyScreensForFile,
  publishableOffice,
  setActivity,
} from './properties-harness';

describe('property list: pages, order, filters', () => {
  const { server, newUser, seed, renderAppAs } = propertyScreensForFile();

  it('shows the newest properties first, five at a time, and loads the rest on request', async () => {
    const user = await newUser();
    await seed(
      user,
      [1, 2, 3, 4, 5, 6, 7].map((n) => publishableOffice({ address: `הרצל ${n}` })),
    );
    await renderAppAs(user, '/properties');

    await waitFor(() =>
      expect(listedAddresses()).toEqual(['הרצל 7', 'הרצל 6', 'הרצל 5', 'הרצל 4', 'הרצל 3']),
    );
    expect(screen.getByText('מוצגים 5 מתוך 7 נכסים')).toBeInTheDocument();
    // The page title is the header's <h1>; the screen does not repeat it.
    expect(screen.getAllByRole('heading', { name: 'הנכסים שלי' })).toHaveLength(1);
    // Field columns are called what the wizard and the view page call those fields (docs/glossary.md).
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    const fields = heResources.fields;
    expect(headers).toEqual(
      expect.arrayContaining([
        fields.propertyKind.label,
        fields.city.label,
        fields.totalArea.label,
        fields.marketingArea.label,
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'טעינת נכסים נוספים' }));

    await waitFor(() => expect(listedAddresses()).toHaveLength(7));
    expect(listedAddresses().slice(5)).toEqual(['הרצל 2', 'הרצל 1']);
    expect(screen.getByText('מוצגים 7 מתוך 7 נכסים')).toBeInTheDocument();
    // No further page exists, so none is offered and none is asked for.
    expect(screen.queryByRole('button', { name: 'טעינת נכסים נוספים' })).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request === 'GET /api/property/list')).toHaveLength(2);
  });

  it('continues "load more" right after the last row shown, even when a property was added meanwhile', async () => {
    const user = await newUser();
    await seed(
      user,
      [1, 2, 3, 4, 5, 6, 7].map((n) => publishableOffice({ address: `ויצמן ${n}` })),
    );
    await renderAppAs(user, '/properties');
    await waitFor(() =>
      expect(listedAddresses()).toEqual(['ויצמן 7', 'ויצמן 6', 'ויצמן 5', 'ויצמן 4', 'ויצמן 3']),
    );

    // Added from another device: counted by position, the next page would begin with ויצמן 3 again.
    await seed(user, [publishableOffice({ address: 'ויצמן 8' })]);
    await userEvent.click(screen.getByRole('button', { name: 'טעינת נכסים נוספים' }));

    await waitFor(() => expect(listedAddresses()).toHaveLength(7));
    expect(listedAddresses().slice(5)).toEqual(['ויצמן 2', 'ויצמן 1']);
  });

  it('shows each row as a broker reads it: type, city, areas, price, publications and completion', async () => {
    const user = await newUser();
    const [office] = await seed(user, [
      publishableOffice({ address: 'רוטשילד 22', city: 'תל אביב-יפו', totalArea: 1250, marketingArea: null }),
    ]);
    await setActivity(server, office?.id ?? '', { activePublications: 3 });
    await renderAppAs(user, '/');

    const row = (await screen.findByRole('link', { name: 'רוטשילד 22' })).closest('tr') as HTMLElement;
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('משרדים');
    expect(cells[1]).toHaveTextContent('מגדל משרדים');
    expect(cells[2]).toHaveTextContent('תל אביב-יפו');
    expect(cells[3]?.textContent?.replace(/\s/g, ' ')).toBe('1,250 מ״ר');
    expect(cells[4]).toHaveTextContent('לא זמין');
    expect(cells[5]).toHaveTextContent('לא צוין');
    expect(cells[6]).toHaveTextContent('3');
    const completion = within(row).getByRole('progressbar', {
      name: 'שלמות הנתונים – רוטשילד 22, תל אביב-יפו',
    });
    expect(completion).toHaveAttribute('aria-valuenow', String(office?.dataCompletion));
    expect(within(row).getByRole('link', { name: 'עריכת הנכס – רוטשילד 22, תל אביב-יפו' })).toHaveAttribute(
      'href',
      `/properties/create?edit=${office?.id}`,
    );
    expect(within(row).getByRole('link', { name: 'צפייה בנכס – רוטשילד 22, תל אביב-יפו' })).toHaveAttribute(
      'href',
      `/properties/${office?.id}`,
    );
  });

  it('marks drafts and makes finishing them the main action', async () => {
    const user = await newUser();
    const [draft] = await seed(user, [draftRetail({ address: 'שדרות הנשיא 120' })]);
    await renderAppAs(user, '/properties');

    const link = await screen.findByRole('link', { name: 'שדרות הנשיא 120' });
    expect(link).toHaveAttribute('href', `/properties/create?draft=${draft?.id}`);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('טיוטה')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'המשך מילוי הטיוטה – שדרות הנשיא 120, חיפה' }),
    ).toHaveAttribute('href', `/properties/create?draft=${draft?.id}`);
  });

  it('filters by each button, with counts from the server, and keeps the filter in the URL', async () => {
    const user = await newUser();
    const [engaged, published] = await seed(user, [
      publishableOffice({ address: 'ויצמן 10' }),
      publishableOffice({ address: 'ויצמן 20' }),
      draftRetail({ address: 'הגפן 3' }),
      draftRetail({ address: 'הגפן 5' }),
    ]);
    await setActivity(server, engaged?.id ?? '', { hasEngagements: true, activePublications: 2 });
    await setActivity(server, published?.id ?? '', { activePublications: 0 });
    const { router } = await renderAppAs(user, '/properties');

    const filters = await screen.findByRole('group', { name: 'סינון הנכסים' });
    const button = (name: string) => within(filters).getByRole('button', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(button('כל הנכסים')).toHaveTextContent('4'));
    expect(button('כל הנכסים')).toHaveAttribute('aria-pressed', 'true');
    expect(button('נכסים בשיווק')).toHaveTextContent('2');
    expect(button('טיוטות')).toHaveTextContent('2');
    expect(button('התקשרויות פעילות')).toHaveTextContent('1');
    expect(button('פרסומים פעילים')).toHaveTextContent('1');

    const expectations: [string, string, string[]][] = [
      ['נכסים בשיווק', 'marketing', ['ויצמן 20', 'ויצמן 10']],
      ['טיוטות', 'drafts', ['הגפן 5', 'הגפן 3']],
      ['התקשרויות פעילות', 'engagements', ['ויצמן 10']],
      ['פרסומים פעילים', 'publications', ['ויצמן 10']],
      ['כל הנכסים', 'all', ['הגפן 5', 'הגפן 3', 'ויצמן 20', 'ויצמן 10']],
    ];
    for (const [label, filter, addresses] of expectations) {
      await userEvent.click(button(label));
      await waitFor(() => expect(listedAddresses()).toEqual(addresses));
      expect(button(label)).toHaveAttribute('aria-pressed', 'true');
      expect(router.state.location.search).toEqual(filter === 'all' ? {} : { filter });
    }
  });

  it('opens straight on a filter from the URL, and the drafts card leads there', async () => {
    const user = await newUser();
    await seed(user, [publishableOffice({ address: 'סוקולוב 8' }), draftRetail({ address: 'אחד העם 4' })]);
    const { router } = await renderAppAs(user, '/properties?filter=engagements');

    expect(await screen.findByText('לא נמצאו נכסים')).toBeInTheDocument();
    expect(screen.getByText('אין כרגע נכסים בסינון "התקשרויות פעילות".')).toBeInTheDocument();

    const draftsCard = await screen.findByRole('link', { name: 'טיוטות: 1' });
    await userEvent.click(draftsCard);

    await waitFor(() => expect(listedAddresses()).toEqual(['אחד העם 4']));
    expect(router.state.location.search).toEqual({ filter: 'drafts' });
  });

  it('marks the overview numbers that are samples, and shows the drafts count from the server', async () => {
    const user = await newUser();
    await seed(user, [draftRetail(), draftRetail(), draftRetail()]);
    await renderAppAs(user, '/properties');

    const overview = screen.getByRole('region', { name: 'סקירה כללית' });
    expect(await within(overview).findByRole('link', { name: 'טיוטות: 3' })).toHaveAttribute(
      'href',
      '/properties?filter=drafts',
    );
    const exposureCard = await within(overview).findByRole('link', { name: 'בקשות חשיפה: 0' });
    expect(exposureCard).toHaveAttribute('href', '/exposure-requests');
    expect(within(exposureCard).queryByText('דוגמה')).toBeNull();
    for (const card of ['התאמות', 'עסקאות פעילות', 'הודעות']) {
      const label = within(overview).getByText(card);
      const cardElement = label.parentElement as HTMLElement;
      expect(within(cardElement).getByText('דוגמה')).toBeInTheDocument();
      expect(within(cardElement).getByText(/חדשה אחת|\d+ חדשות/)).toBeInTheDocument();
    }
  });
});
