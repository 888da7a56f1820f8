import { filterItemsFor } from '@domain/property-filters';
import { createEmptyPropertyForm, type PropertyForm } from '@domain/property-form';
import type { LocalDraft } from '@machines/property-wizard/local-draft';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PROPERTY_DRAFT_STORAGE_KEY, writeLocalDraft } from '@/features/property-wizard/draft-storage';
import { phoneViewportForFile } from '../helpers/phone-viewport';
import { warmScreensForFile } from '../helpers/warm-screens';
import {
  draftRetail,
  errorResponse,
  failNextRequest,
  propertyScreensForFile,
  publishableOffice,
  type TestUser,
} from '../properties/properties-harness';

/** A draft as the wizard stores it in this browser, left on the building step. */
function localDraft(edit: (form: PropertyForm) => void): LocalDraft {
  const form = createEmptyPropertyForm();
  edit(form);
  return {
    version: 1,
    form,
    step: 3,
    furthestStep: 3,
    startedAt: Date.now() - 3_600_000,
    savedAt: Date.now() - 60_000,
    unsavedServer: true,
  };
}

/** The new property this browser keeps: never saved to the server. */
function keepLocalDraft(edit: (form: PropertyForm) => void): void {
  writeLocalDraft(null, localDraft(edit));
}

const officesOnHerzl = (form: PropertyForm) => {
  form.generalInfo.propertyKind = 'offices';
  form.generalInfo.city = 'חולון';
  form.generalInfo.address = 'הרצל 7';
  form.generalInfo.totalArea = 1200;
  form.generalInfo.marketingArea = 950.5;
  form.generalInfo.dealType = 'rent';
  form.generalInfo.askingRentPerSqm = 85;
};

/** A cell's or figure's text without the direction marks a number carries. */
const plain = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/[\u200e\u200f]/g, '').replace(/\s/g, ' ');

const LOCAL_ONLY = 'נשמרה בדפדפן הזה בלבד';

/** Issue 19, item 7: the sidebar's "טיוטות" is a real screen of the server's drafts and this browser's. */
describe('/drafts', () => {
  const viewport = phoneViewportForFile();
  const { server, newUser, seed, renderAppAs } = propertyScreensForFile();
  warmScreensForFile({
    routes: ['/drafts'],
    modules: [
      () => import('@/features/properties/drafts/local-draft-row'),
      // What the route loads only when a draft is stored: its reader and its card.
      () => import('@/features/properties/drafts/local-draft-kit'),
      () => import('@/features/property-wizard/local-only-draft'),
    ],
  });

  const serverDrafts = async (user: TestUser) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/property/filter',
      headers: user.headers,
      payload: filterItemsFor('drafts'),
    });
    return (response.json().data.items as { address: string | null }[]).map((item) => item.address);
  };

  it("opens from the sidebar's drafts entry and lists the local draft first, then the server's drafts", async () => {
    const user = await newUser();
    const [draft] = await seed(user, [
      draftRetail({ address: 'הגפן 3', city: 'חיפה' }),
      publishableOffice({ address: 'הרצל 10', city: 'ראשון לציון' }),
    ]);
    keepLocalDraft(officesOnHerzl);
    const { router } = await renderAppAs(user, '/properties');

    const navigation = await screen.findByRole('navigation', { name: 'ניווט ראשי' });
    await userEvent.click(within(navigation).getByRole('link', { name: /^טיוטות/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/drafts'));
    // The list's table stays in view until /drafts has loaded (a stored draft's parts included).
    await screen.findByRole('heading', { name: 'טיוטות שלא הושלמו' });
    expect(screen.queryByText('בקרוב')).not.toBeInTheDocument();
    const table = await screen.findByRole('table');
    await within(table).findByRole('link', { name: 'הגפן 3' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [local, stored] = rows as [HTMLElement, HTMLElement];
    expect(within(local).getByText('הרצל 7')).toBeInTheDocument();
    expect(within(local).getByText(LOCAL_ONLY)).toBeInTheDocument();
    // The local draft's areas sit under the table's area columns, as a stored property's would.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const cells = within(local).getAllByRole('cell');
    expect(plain(cells[headers.indexOf('שטח כולל')])).toBe('1,200 מ״ר');
    expect(plain(cells[headers.indexOf('שטח לשיווק')])).toBe('950.5 מ״ר');
    // And its asking rent under the price column, as the list quotes a stored property's.
    expect(plain(cells[headers.indexOf('מחיר')])).toBe('85 ₪ למ״ר לחודש');
    expect(within(stored).queryByText(LOCAL_ONLY)).not.toBeInTheDocument();
    expect(within(stored).getByRole('link', { name: 'המשך מילוי הטיוטה – הגפן 3, חיפה' })).toHaveAttribute(
      'href',
      `/properties/create?draft=${draft?.id}`,
    );
    // Published properties are not drafts.
    expect(screen.queryByText('הרצל 10')).not.toBeInTheDocument();
  });

  it('continues the local draft in the wizard where it was left, without asking again', async () => {
    const user = await newUser();
    keepLocalDraft(officesOnHerzl);
    const { router } = await renderAppAs(user, '/drafts');

    const resume = await screen.findByRole('link', { name: 'המשך מילוי הטיוטה – הרצל 7, חולון' });
    await userEvent.click(resume);

    await waitFor(() => expect(router.state.location.pathname).toBe('/properties/create'));
    expect(router.state.location.search).toEqual({ step: 'buildingDetails' });
    expect(await screen.findByRole('heading', { level: 2, name: 'פרטי הבניין' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes the local draft only after a confirmation, since it is the only copy', async () => {
    const user = await newUser();
    await seed(user, [draftRetail({ address: 'הגפן 3', city: 'חיפה' })]);
    keepLocalDraft(officesOnHerzl);
    await renderAppAs(user, '/drafts');
    await screen.findByText('הגפן 3');

    await userEvent.click(screen.getByRole('button', { name: 'מחיקת הטיוטה – הרצל 7, חולון' }));
    const dialog = await screen.findByRole('dialog', { name: 'למחוק את הטיוטה?' });
    expect(dialog).toHaveTextContent('אי אפשר יהיה לשחזר');

    // A second thought keeps it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'ביטול' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('הרצל 7')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'מחיקת הטיוטה – הרצל 7, חולון' }));
    const again = await screen.findByRole('dialog', { name: 'למחוק את הטיוטה?' });
    await userEvent.click(within(again).getByRole('button', { name: 'מחיקה' }));

    await waitFor(() => expect(screen.queryByText('הרצל 7')).not.toBeInTheDocument());
    expect(localStorage.getItem(PROPERTY_DRAFT_STORAGE_KEY)).toBeNull();
    // The server's drafts are untouched.
    expect(screen.getByText('הגפן 3')).toBeInTheDocument();
    expect(await serverDrafts(user)).toEqual(['הגפן 3']);
  });

  it('deletes a server draft at once with an undo, as the list does', async () => {
    const user = await newUser();
    await seed(user, [
      draftRetail({ address: 'הגפן 3', city: 'חיפה' }),
      draftRetail({ address: 'הגפן 5', city: 'חיפה' }),
    ]);
    await renderAppAs(user, '/drafts');
    await screen.findByText('הגפן 5');
    const navigation = screen.getByRole('navigation', { name: 'ניווט ראשי' });
    const entry = within(navigation).getByRole('link', { name: /^טיוטות/ });
    await waitFor(() => expect(entry).toHaveAccessibleName('טיוטות (2)'));

    await userEvent.click(screen.getByRole('button', { name: 'מחיקת הנכס – הגפן 3, חיפה' }));

    await waitFor(() => expect(screen.queryByText('הגפן 3')).not.toBeInTheDocument());
    expect(await serverDrafts(user)).toEqual(['הגפן 5']);
    // The sidebar's count follows.
    await waitFor(() => expect(entry).toHaveAccessibleName('טיוטות (1)'));
    await userEvent.click(await screen.findByRole('button', { name: 'ביטול המחיקה' }));
    expect(await screen.findByText('הגפן 3')).toBeInTheDocument();
    expect(await serverDrafts(user)).toEqual(['הגפן 5', 'הגפן 3']);
    await waitFor(() => expect(entry).toHaveAccessibleName('טיוטות (2)'));
  });

  it('shows the same drafts as cards on a phone, the local one first', async () => {
    viewport.asPhone();
    const user = await newUser();
    await seed(user, [draftRetail({ address: 'הגפן 3', city: 'חיפה' })]);
    keepLocalDraft(officesOnHerzl);
    await renderAppAs(user, '/drafts');

    await screen.findByText('הגפן 3');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [local, stored] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(local).getByText(LOCAL_ONLY)).toBeInTheDocument();
    expect(within(local).getByText('הרצל 7')).toBeInTheDocument();
    // Its areas under their field labels, as the list's cards show a stored property's.
    expect(plain(within(local).getByText('שטח כולל').nextElementSibling)).toBe('1,200 מ״ר');
    expect(plain(within(local).getByText('שטח לשיווק').nextElementSibling)).toBe('950.5 מ״ר');
    expect(plain(within(local).getByTestId('listed-price'))).toBe('85 ₪ למ״ר לחודש');
    expect(within(stored).getByText('הגפן 3')).toBeInTheDocument();
  });

  it("keeps the local draft in view when the server's drafts fail to load, and tries again on request", async () => {
    const user = await newUser();
    await seed(user, [draftRetail({ address: 'הגפן 3', city: 'חיפה' })]);
    keepLocalDraft(officesOnHerzl);
    failNextRequest('/api/property/filter', errorResponse(503, 'מסד הנתונים אינו זמין כרגע', 'unavailable'));
    await renderAppAs(user, '/drafts', { retry: false });

    expect(
      await screen.findByRole('heading', { name: 'שגיאה בטעינת הנכסים: מסד הנתונים אינו זמין כרגע' }),
    ).toBeInTheDocument();
    expect(screen.getByText(LOCAL_ONLY)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'נסו שוב' }));
    expect(await screen.findByText('הגפן 3')).toBeInTheDocument();
    expect(screen.getByText('הרצל 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'נסו שוב' })).not.toBeInTheDocument();
  });

  it('says there are no drafts when neither the server nor this browser has one', async () => {
    const user = await newUser();
    await seed(user, [publishableOffice({ address: 'הרצל 10' })]);
    // A local draft with no answer at all is nothing to continue.
    keepLocalDraft(() => {});
    await renderAppAs(user, '/drafts');

    expect(await screen.findByRole('heading', { name: 'אין טיוטות' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'הוספת נכס' })).toHaveAttribute('href', '/properties/create');
  });

  it('shows a local draft that another tab of this browser keeps after the screen opened', async () => {
    const user = await newUser();
    await renderAppAs(user, '/drafts');
    expect(await screen.findByRole('heading', { name: 'אין טיוטות' })).toBeInTheDocument();

    // The wizard, open in another tab, writes its first answers; this tab hears of it from storage.
    keepLocalDraft(officesOnHerzl);
    window.dispatchEvent(new StorageEvent('storage', { key: PROPERTY_DRAFT_STORAGE_KEY }));

    expect(await screen.findByText(LOCAL_ONLY)).toBeInTheDocument();
    expect(screen.getByText('הרצל 7')).toBeInTheDocument();
  });

  it('lists a server draft once, even when this browser keeps unsaved changes to it', async () => {
    const user = await newUser();
    const [draft] = await seed(user, [draftRetail({ address: 'הגפן 3', city: 'חיפה' })]);
    // The wizard keeps a stored property's local changes under its id: the same draft, not another.
    if (!draft) throw new Error('no draft seeded');
    writeLocalDraft(draft.id, localDraft(officesOnHerzl));
    await renderAppAs(user, '/drafts');

    const table = await screen.findByRole('table');
    await within(table).findByRole('link', { name: 'הגפן 3' });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(screen.queryByText(LOCAL_ONLY)).not.toBeInTheDocument();
  });

  it("counts the server's drafts beside the sidebar entry once the list has counted them", async () => {
    const user = await newUser();
    await seed(user, [draftRetail(), draftRetail(), publishableOffice()]);
    await renderAppAs(user, '/properties');

    const navigation = await screen.findByRole('navigation', { name: 'ניווט ראשי' });
    const entry = within(navigation).getByRole('link', { name: /^טיוטות/ });
    expect(entry).toHaveAttribute('href', '/drafts');
    await waitFor(() => expect(entry).toHaveAccessibleName('טיוטות (2)'));
  });
});
