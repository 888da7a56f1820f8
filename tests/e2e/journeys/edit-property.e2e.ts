/**
 * Issue 19, item 5: a published property is edited section by section from its page, and leaving the
 * edit with unsaved changes asks first. Walked in the browser: the section's edit action opens its
 * step, a change makes the app's navigation ask, staying keeps the change, and the tab's reload
 * asks through the browser's own question.
 */
import { describe, expect, it } from 'vitest';
import { publishedOffice } from '../../support/sample-properties';
import { expectAccessible } from '../support/a11y';
import { createProperty } from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, openSignedInBroker, waitForPath } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';
import { stepHeading } from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

describe.each(fullMatrix)('editing a published property ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('opens the chosen section and asks before leaving with unsaved changes', async () => {
    const { page, errors, api, tokens } = await openSignedInBroker(browser, variant);
    const address = variant.lang === 'he' ? 'רוטשילד 22' : '22 Rothschild Blvd';
    const property = await createProperty(api, tokens, publishedOffice({ address }));

    await page.goto(`${baseUrl}/properties/${property.id}`);
    const building = t.properties.view.sections.building;
    const editBuilding = page.getByRole('link', {
      name: fill(t.properties.view.editSection, { section: building }),
    });
    await editBuilding.scrollIntoViewIfNeeded();
    await checkLayout(page, variant, 'property page with section edit actions');
    await screenshot(page, variant, 'edit-property', 'section-actions');

    await editBuilding.click();
    await stepHeading(page, t.wizard.steps.buildingDetails.title).waitFor();
    await waitForPath(page, '/properties/create');
    const floors = page.getByRole('textbox', { name: t.fields.floorsInBuilding.label });
    await floors.fill('31');

    const goToList = async () => {
      const link = page.getByRole('link', { name: t.layout.nav.properties, exact: true });
      if (variant.mobile && !(await link.isVisible())) {
        await page.getByRole('button', { name: t.layout.sidebar.open }).click();
      }
      await link.click();
    };
    await goToList();
    const dialog = page.getByRole('dialog', { name: t.wizard.leaveConfirm.title });
    await dialog.waitFor();
    await checkLayout(page, variant, 'leave question');
    await expectAccessible(page, 'leave question');
    await screenshot(page, variant, 'edit-property', 'leave-question');

    await dialog.getByRole('button', { name: t.wizard.leaveConfirm.stay, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(floors.inputValue()).resolves.toBe('31');
    expect(new URL(page.url()).pathname).toBe('/properties/create');

    // Reloading the tab gets the browser's own question; dismissing it keeps the page.
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.dismiss();
      });
    });
    await page.reload({ timeout: 2_000 }).catch(() => undefined);
    await expect(asked).resolves.toBe('beforeunload');

    await goToList();
    await dialog.getByRole('button', { name: t.wizard.leaveConfirm.leave }).click();
    await waitForPath(page, '/properties');
    expect(errors).toEqual([]);
  });
});
