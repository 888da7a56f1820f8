import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heResources } from '@/i18n/resources';
import { createPropertyWithFiles, fileParts, SAMPLE_FILES } from '../../server/helpers/properties';
import {
  draftRetail,
  newUser,
  publishableOffice,
  renderAppAs,
  seed,
  serverWithFilesForFile,
} from './properties-harness';

/** The value shown beside a label in the page's fact groups (the key facts above repeat a few). */
function shownFor(label: string): string {
  const term = screen.getAllByText(label, { selector: 'dt' }).at(-1);
  const value = term?.nextElementSibling;
  return (value?.textContent ?? '').replace(/[\u200e\u200f]/g, '').replace(/\s/g, ' ');
}

describe('property view page', () => {
  const server = serverWithFilesForFile();

  it('shows every answer grouped like the wizard, with photos and documents from the server', async () => {
    const user = await newUser(server);
    const property = await createPropertyWithFiles(server, user.headers, [
      {
        name: 'property',
        value: JSON.stringify(
          publishableOffice({
            address: 'רוטשילד 22',
            askingRentPerSqm: 120,
            salePrice: null,
            bicycleParking: false,
          }),
        ),
      },
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: 'lobby.png' }),
      ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf, { filename: 'קומה 12.pdf' }),
    ]);
    await renderAppAs(server, user, `/properties/${property.id}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'רוטשילד 22' })).toBeInTheDocument();
    expect(screen.getByText('מפורסם')).toBeInTheDocument();
    // Issue 21: grouped as a listing reads (what the space is, on what terms), not by wizard step.
    for (const section of ['נתונים עיקריים', 'תנאי העסקה', 'פרטי הבניין', 'סביבה ותחבורה', 'קבצים ומסמכים']) {
      expect(screen.getByRole('heading', { level: 3, name: section })).toBeInTheDocument();
    }
    // Each field is called what the wizard calls it (docs/glossary.md).
    const wizardLabels = new Set(Object.values(heResources.fields).map((words) => words.label));
    const terms = Array.from(document.querySelectorAll('dt'), (term) => term.textContent ?? '');
    expect(terms.length).toBeGreaterThan(20);
    expect(terms.filter((term) => !wizardLabels.has(term))).toEqual([]);
    expect(shownFor('סוג הנכס')).toBe('משרדים');
    expect(shownFor('סוג המבנה')).toBe('מגדל משרדים');
    expect(shownFor('דירוג הבניין')).toBe('בניין ברמה A');
    expect(shownFor('עיר')).toBe('תל אביב-יפו');
    expect(shownFor('שטח כולל')).toBe('1,250 מ״ר');
    expect(shownFor('דמי שכירות מבוקשים')).toBe('120 ₪ למ״ר לחודש');
    expect(shownFor('מחיר מבוקש')).toBe('לא צוין');
    expect(shownFor('מספר קומות בבניין')).toBe('30');
    expect(shownFor('חניה בבניין')).toBe('כן');
    expect(shownFor('עלות חניה חודשית')).toBe('650 ₪ לחודש');
    expect(shownFor('חניית אופניים')).toBe('לא');
    expect(shownFor('אמצעי אבטחה')).toBe('בקרת כניסה ומצלמות אבטחה');
    expect(shownFor('תחבורה ציבורית')).toBe('רכבת קלה ותחנת רכבת');
    // Offices are not asked about usage or a freight elevator; the page does not ask either.
    expect(screen.queryByText('ייעודי שימוש', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText('מעלית משא', { selector: 'dt' })).not.toBeInTheDocument();

    const photo = screen.getByRole('img', { name: 'תמונה 1 מתוך 1 – רוטשילד 22, תל אביב-יפו' });
    const [image] = property.files.propertyImages;
    // A resized copy, never the original.
    expect(photo).toHaveAttribute('src', `${image?.url}&width=640&format=jpeg`);
    // The key facts, at a glance above the groups.
    const keyFacts = screen.getByRole('region', { name: 'במבט מהיר' });
    expect(within(keyFacts).getByText('שטח כולל', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '1,250 מ״ר',
    );

    const plan = screen.getByRole('link', { name: 'קומה 12.pdf' });
    expect(plan).toHaveAttribute('href', property.files.floorplans[0]?.url);
    // Each document says what it is and how big, before it is fetched.
    expect(plan.closest('li')).toHaveTextContent(/PDF · .?0\.1 kB/);
    // The signed address really serves the file, without a bearer header.
    const download = await server.app.inject({ method: 'GET', url: plan.getAttribute('href') ?? '' });
    expect(download.statusCode).toBe(200);

    expect(screen.getByRole('link', { name: 'עריכה' })).toHaveAttribute(
      'href',
      `/properties/create?edit=${property.id}`,
    );
    expect(
      screen.getByRole('progressbar', { name: 'שלמות הנתונים – רוטשילד 22, תל אביב-יפו' }),
    ).toHaveAttribute('aria-valuenow', String(property.dataCompletion));
  });

  it('puts the key facts first in the order a client asks them, and only those answered', async () => {
    const user = await newUser(server);
    const [withFacts, withoutFacts] = await seed(server, user, [
      publishableOffice({
        address: 'הארבעה 28',
        dealType: 'rentOrSale',
        askingRentPerSqm: 95,
        salePrice: 12_500_000,
        entryDate: '2027-03-01',
        floor: 0,
        parkingSpaces: 12,
        condition: 'finished',
      }),
      draftRetail({ address: 'הרצל 5', totalArea: 80 }),
    ]);
    await renderAppAs(server, user, `/properties/${withFacts?.id}`);
    const keyFacts = await screen.findByRole('region', { name: 'במבט מהיר' });
    const labels = Array.from(keyFacts.querySelectorAll('dt'), (term) => term.textContent);
    expect(labels).toEqual([
      'סוג העסקה',
      'שטח כולל',
      'דמי שכירות מבוקשים',
      'מחיר מבוקש',
      'מועד כניסה',
      'קומה',
      'חניות צמודות',
      'מצב הנכס',
    ]);
    const values = Array.from(keyFacts.querySelectorAll('dd'), (value) =>
      (value.textContent ?? '').replace(/[\u200e\u200f]/g, '').replace(/\s/g, ' '),
    );
    expect(values).toEqual([
      'להשכרה או למכירה',
      '1,250 מ״ר',
      '95 ₪ למ״ר לחודש',
      '12,500,000 ₪',
      '1 במרץ 2027',
      'קרקע',
      '12',
      'גמור',
    ]);

    cleanup();
    await renderAppAs(server, user, `/properties/${withoutFacts?.id}`);
    await screen.findByRole('heading', { level: 2, name: 'הרצל 5' });
    const fewFacts = await screen.findByRole('region', { name: 'במבט מהיר' });
    expect(Array.from(fewFacts.querySelectorAll('dt'), (term) => term.textContent)).toEqual(['שטח כולל']);
  });

  it('opens from the list and leads back to it', async () => {
    const user = await newUser(server);
    const [draft] = await seed(server, user, [
      draftRetail({ address: 'שדרות הנשיא 120', usageCategories: ['showroom'] }),
    ]);
    const { router } = await renderAppAs(server, user, '/properties');

    await userEvent.click(await screen.findByRole('link', { name: 'צפייה בנכס – שדרות הנשיא 120, חיפה' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'שדרות הנשיא 120' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/properties/${draft?.id}`);
    expect(shownFor('ייעודי שימוש')).toBe('אולם תצוגה');
    expect(shownFor('שטח לשיווק')).toBe('לא צוין');
    // Required of a shop, the freight elevator is one of its open questions (of an office's, not).
    expect(shownFor('מעלית משא')).toBe('לא צוין');
    expect(screen.getByText('לא צורפו קבצים')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'המשך מילוי' })).toHaveAttribute(
      'href',
      `/properties/create?draft=${draft?.id}`,
    );
    // A draft's sections open its wizard too, on their step.
    expect(screen.getByRole('link', { name: 'עריכת סביבה ותחבורה' })).toHaveAttribute(
      'href',
      `/properties/create?draft=${draft?.id}&step=environmentTransport`,
    );

    await userEvent.click(screen.getByRole('link', { name: 'חזרה לנכסים' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
  });

  it('edits one section: each section opens the wizard on its own step (issue 19)', async () => {
    const user = await newUser(server);
    const [property] = await seed(server, user, [publishableOffice({ address: 'הרצל 7' })]);
    const { router } = await renderAppAs(server, user, `/properties/${property?.id}`);

    await screen.findByRole('heading', { level: 2, name: 'הרצל 7' });
    const links = {
      'עריכת נתונים עיקריים': 'generalInfo',
      'עריכת תנאי העסקה': 'generalInfo',
      'עריכת פרטי הבניין': 'buildingDetails',
      'עריכת סביבה ותחבורה': 'environmentTransport',
      'עריכת קבצים ומסמכים': 'mediaDocuments',
    };
    for (const [name, step] of Object.entries(links)) {
      expect(screen.getByRole('link', { name })).toHaveAttribute(
        'href',
        `/properties/create?edit=${property?.id}&step=${step}`,
      );
    }

    await userEvent.click(screen.getByRole('link', { name: 'עריכת פרטי הבניין' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('פרטי הבניין'));
    expect(router.state.location.search).toEqual({ edit: property?.id, step: 'buildingDetails' });
  });

  it('says when the property does not exist (or is not yours)', async () => {
    const owner = await newUser(server);
    const stranger = await newUser(server);
    const [property] = await seed(server, owner, [publishableOffice()]);
    await renderAppAs(server, stranger, `/properties/${property?.id}`);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'הנכס לא נמצא' })).toBeInTheDocument();
    expect(within(alert).getByText('ייתכן שהנכס נמחק, או שהקישור שגוי.')).toBeInTheDocument();
  });
});
