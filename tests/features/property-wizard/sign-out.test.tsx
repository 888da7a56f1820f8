/**
 * Issue 19, item 8: signing out with local wizard work the server does not have asks first, and can
 * store that work on the server as a draft before the session ends. Against the real server in-process.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROPERTY_DRAFT_STORAGE_KEY } from '@/features/property-wizard/draft-storage';
import { createProperty, draftRetail, publishableOffice } from '../../server/helpers/properties';
import { chooseKind, goNext } from './fill-steps';
import {
  field,
  getProperty,
  listProperties,
  renderWizard,
  type SignedInUser,
  setUpWizardServer,
  signUp,
  stepHeading,
  type,
} from './wizard-harness';

const DIALOG = 'לשמור את הטיוטה לפני ההתנתקות?';
const signOutButton = () => screen.getByRole('button', { name: 'התנתקות' });
const storedDrafts = () => localStorage.getItem(PROPERTY_DRAFT_STORAGE_KEY);

describe('signing out with unsaved wizard work', () => {
  const env = setUpWizardServer();
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A new property with a city typed, still waiting for its autosave (nothing on the server). */
  async function typeNewDraft(broker: SignedInUser, city: string) {
    const view = await renderWizard(broker);
    await chooseKind(view.user, 'offices');
    await goNext(view.user, 'מידע כללי על הנכס');
    await type(view.user, 'עיר', city);
    return view;
  }

  it('asks before discarding; cancel keeps the broker signed in, on the wizard, with the draft', async () => {
    const broker = await signUp(env.server);
    const { user, router } = await typeNewDraft(broker, 'נתניה');

    await user.click(signOutButton());

    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    // The typed city is stored locally even though the autosave had not run yet.
    expect(storedDrafts()).toContain('נתניה');
    await user.click(within(dialog).getByRole('button', { name: 'ביטול' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/properties/create');
    expect(field('עיר')).toHaveValue('נתניה');
    expect(storedDrafts()).toContain('נתניה');
    expect(await listProperties(env.server, broker)).toHaveLength(0);
  });

  it('Escape cancels like the cancel button', async () => {
    const broker = await signUp(env.server);
    const { user, router } = await typeNewDraft(broker, 'רחובות');

    await user.click(signOutButton());
    await screen.findByRole('dialog', { name: DIALOG });
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/properties/create');
    expect(storedDrafts()).toContain('רחובות');
  });

  it('saves the draft on the server, then signs out', async () => {
    // Fake timers that follow real time: the wait for stray autosaves below is advanced, not slept.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const broker = await signUp(env.server);
    const { user, router } = await typeNewDraft(broker, 'אשקלון');

    await user.click(signOutButton());
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await user.click(within(dialog).getByRole('button', { name: 'שמירת הטיוטה והתנתקות' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(storedDrafts()).toBeNull());
    // Nothing the unmounted wizard still held is written back after the clear (past autosave's 700 ms).
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(storedDrafts()).toBeNull();
    const [saved, ...others] = await listProperties(env.server, broker);
    expect(others).toHaveLength(0);
    expect(saved).toMatchObject({ status: 'draft', propertyKind: 'offices', city: 'אשקלון', wizardStep: 2 });
  });

  it('updates a stored draft with the changes only this browser has, keeping it a draft', async () => {
    const broker = await signUp(env.server);
    const draft = await createProperty(env.server, broker.headers, draftRetail({ wizardStep: 2 }));
    const { user, router } = await renderWizard(broker, `/properties/create?draft=${draft.id}`);
    await waitFor(() => expect(stepHeading()).toHaveTextContent('מידע כללי על הנכס'));
    await type(user, 'כתובת', 'שדרות הנשיא 7');

    await user.click(signOutButton());
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await user.click(within(dialog).getByRole('button', { name: 'שמירת הטיוטה והתנתקות' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await getProperty(env.server, broker, draft.id)).toMatchObject({
      status: 'draft',
      address: 'שדרות הנשיא 7',
    });
    expect(await listProperties(env.server, broker)).toHaveLength(1);
  });

  it('saves changes to a published property as a published property, never taking it off the market', async () => {
    const broker = await signUp(env.server);
    const listing = await createProperty(env.server, broker.headers, publishableOffice());
    const { user, router } = await renderWizard(broker, `/properties/create?edit=${listing.id}`);
    await user.click(await screen.findByRole('button', { name: /^מידע כללי/ }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('מידע כללי על הנכס'));
    await type(user, 'כתובת', 'רוטשילד 24');

    await user.click(signOutButton());
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await user.click(within(dialog).getByRole('button', { name: 'שמירת הטיוטה והתנתקות' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await getProperty(env.server, broker, listing.id)).toMatchObject({
      status: 'published',
      address: 'רוטשילד 24',
    });
  });

  it('stays signed in and says so when the save fails', async () => {
    const broker = await signUp(env.server);
    // A draft whose property was deleted on another device: the server answers its update with 404.
    const gone = await createProperty(env.server, broker.headers, draftRetail());
    await env.server.app.inject({
      method: 'DELETE',
      url: `/api/property/delete/hard/${gone.id}`,
      headers: broker.headers,
    });
    const { user, router } = await typeNewDraft(broker, 'חדרה');
    await waitFor(() => expect(storedDrafts()).toContain('חדרה'), { timeout: 3_000 });
    const stored = JSON.parse(storedDrafts() ?? '{}');
    localStorage.setItem(PROPERTY_DRAFT_STORAGE_KEY, JSON.stringify({ ...stored, [gone.id]: stored.new }));

    await user.click(signOutButton());
    const dialog = await screen.findByRole('dialog', { name: 'לשמור את הטיוטות לפני ההתנתקות?' });
    expect(dialog).toHaveTextContent('בשתי טיוטות שבדפדפן הזה');
    await user.click(within(dialog).getByRole('button', { name: 'שמירת הטיוטות והתנתקות' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('לא הצלחנו לשמור');
    expect(router.state.location.pathname).toBe('/properties/create');
    expect(storedDrafts()).toContain('חדרה');
    expect(field('עיר')).toHaveValue('חדרה');
  });

  it('signs out without saving only when told to, and then removes the local draft', async () => {
    const broker = await signUp(env.server);
    const { user, router } = await typeNewDraft(broker, 'עפולה');

    await user.click(signOutButton());
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await user.click(within(dialog).getByRole('button', { name: 'התנתקות בלי לשמור' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(storedDrafts()).toBeNull());
    expect(await listProperties(env.server, broker)).toHaveLength(0);
  });

  it('signs out at once when the server already has everything', async () => {
    const broker = await signUp(env.server);
    const draft = await createProperty(env.server, broker.headers, draftRetail({ wizardStep: 2 }));
    const { user, router } = await renderWizard(broker, `/properties/create?draft=${draft.id}`);
    await waitFor(() => expect(stepHeading()).toHaveTextContent('מידע כללי על הנכס'));

    await user.click(signOutButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument();
  });
});
