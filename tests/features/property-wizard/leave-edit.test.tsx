/**
 * Issue 19, item 5: leaving the edit of a published property with changes the server lacks asks
 * first: stay, or leave without saving. Moving between steps, or leaving with nothing changed, does
 * not ask. Against the real server in-process.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROPERTY_DRAFT_STORAGE_KEY } from '@/features/property-wizard/draft-storage';
import { createProperty, publishableOffice } from '../../server/helpers/properties';
import { goNext } from './fill-steps';
import { field, getProperty, renderWizard, setUpWizardServer, stepHeading, type } from './wizard-harness';

const QUESTION = 'לצאת בלי לשמור את השינויים?';
const propertiesLink = () => screen.getByRole('link', { name: 'נכסים' });

describe('leaving the edit of a published property', () => {
  const env = setUpWizardServer();

  /** A published property opened on its general information, the address changed. */
  async function editAddress(address: string) {
    const listing = await createProperty(
      env.server,
      env.broker.headers,
      publishableOffice({ address: 'הרצל 3' }),
    );
    const view = await renderWizard(env.broker, `/properties/create?edit=${listing.id}&step=generalInfo`);
    await waitFor(() => expect(stepHeading()).toHaveTextContent('מידע כללי על הנכס'));
    await type(view.user, 'כתובת', address);
    return { ...view, listing };
  }

  it('asks before an in-app link leaves; staying keeps the change on screen', async () => {
    const { user, router } = await editAddress('הרצל 5');

    await user.click(propertiesLink());
    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'המשך העריכה' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: QUESTION })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/properties/create');
    expect(field('כתובת')).toHaveValue('הרצל 5');
  });

  it('leaves without saving when told to: the server copy is unchanged and no local copy is kept', async () => {
    const { user, router, listing } = await editAddress('הרצל 9');

    await user.click(propertiesLink());
    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'יציאה בלי לשמור' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(await getProperty(env.server, env.broker, listing.id)).toMatchObject({ address: 'הרצל 3' });
    expect(localStorage.getItem(PROPERTY_DRAFT_STORAGE_KEY) ?? '').not.toContain('הרצל 9');
  });

  it("asks before the wizard's own cancel on the first step leaves", async () => {
    const { user, router } = await editAddress('הרצל 11');
    await user.click(screen.getByRole('button', { name: 'הקודם' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('איזה נכס מפרסמים?'));

    await user.click(screen.getByRole('button', { name: 'ביטול' }));
    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'המשך העריכה' }));
    expect(router.state.location.pathname).toBe('/properties/create');
    expect(stepHeading()).toHaveTextContent('איזה נכס מפרסמים?');

    await user.click(screen.getByRole('button', { name: 'ביטול' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: QUESTION })).getByRole('button', {
        name: 'יציאה בלי לשמור',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
  });

  it('does not ask when nothing changed, however many steps were visited', async () => {
    const listing = await createProperty(env.server, env.broker.headers, publishableOffice());
    const { user, router } = await renderWizard(
      env.broker,
      `/properties/create?edit=${listing.id}&step=buildingDetails`,
    );
    await waitFor(() => expect(stepHeading()).toHaveTextContent('פרטי הבניין'));
    await goNext(user, 'סביבה ותחבורה');

    await user.click(propertiesLink());
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(screen.queryByRole('dialog', { name: QUESTION })).not.toBeInTheDocument();
  });

  it('does not ask once the changes are saved', async () => {
    const { user, router, listing } = await editAddress('הרצל 13');
    for (const next of ['פרטי הבניין', 'סביבה ותחבורה', 'מדיה ומסמכים', 'סקירה ופרסום']) {
      await goNext(user, next);
    }
    await user.click(screen.getByRole('button', { name: 'שמירת השינויים' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(screen.queryByRole('dialog', { name: QUESTION })).not.toBeInTheDocument();
    expect(await getProperty(env.server, env.broker, listing.id)).toMatchObject({ address: 'הרצל 13' });
  });
});
