/**
 * Issue 19, item 7: the sidebar's "drafts" said "coming soon" though drafts exist. /drafts lists
 * this browser's draft of a new property (typed in the wizard, never saved to the server) first,
 * then the server's drafts; each continues in the wizard and can be deleted.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y';
import { createProperty } from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, openSignedInBroker, waitForPath } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';
import { CITY, startProperty, stepHeading, waitForLocalDraft } from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

describe.each(fullMatrix)('/drafts ($name)', (variant: Variant) => {
  const t = tr(variant.lang);
  const d = t.drafts;

  it('lists the local draft and the server draft; continues one and deletes both', async () => {
    const { page, errors, api, tokens } = await openSignedInBroker(browser, variant);
    await createProperty(api, tokens, {
      status: 'draft',
      wizardStep: 2,
      propertyKind: 'retail',
      city: CITY[variant.lang],
      address: variant.lang === 'he' ? 'שדרות הנשיא 120' : '120 Hanassi Blvd',
    });

    // A new property typed in the wizard and left without saving it to the server.
    const localAddress = variant.lang === 'he' ? 'הרצל 7' : '7 Herzl St';
    await startProperty(page, t, baseUrl, 'offices');
    await page.getByRole('combobox', { name: t.fields.city.label }).fill(CITY[variant.lang]);
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: t.fields.address.label }).fill(localAddress);
    // Autosave keeps it in this browser (half a second after the last change).
    await waitForLocalDraft(page, localAddress);

    // The sidebar's entry (behind the menu on a phone) opens the screen.
    if (variant.mobile) await page.getByRole('button', { name: t.layout.sidebar.open }).click();
    const nav = page.getByRole('navigation', { name: t.layout.nav.label });
    await nav.getByRole('link', { name: new RegExp(`^${t.layout.nav.drafts}`) }).click();
    await waitForPath(page, '/drafts');
    await page.getByText(d.local.badge).waitFor();
    await page
      .getByText(variant.lang === 'he' ? 'שדרות הנשיא 120' : '120 Hanassi Blvd')
      .first()
      .waitFor();
    await expect(page.getByText(t.common.comingSoon.badge).count()).resolves.toBe(0);
    // The pointer leaves the entry it clicked: the active entry under a hovering pointer is the
    // sidebar's own matter (its contrast is 4.2:1 there), not this screen's.
    await page.mouse.move(0, 0);
    await checkLayout(page, variant, 'drafts');
    await expectAccessible(page, 'drafts');
    // On a laptop every row's buttons are in sight: none scrolled out of the table's box (English
    // headers are longer, and a draft's "not available" cells once pushed share and delete out of it).
    if (!variant.mobile) {
      const outOfSight = await page.locator('table [role="group"] :is(a, button)').evaluateAll((actions) =>
        actions
          .filter((action) => {
            const box = (action.closest('table')?.parentElement ?? document.body).getBoundingClientRect();
            const own = action.getBoundingClientRect();
            return own.left < box.left || own.right > box.right;
          })
          .map((action) => action.getAttribute('aria-label')),
      );
      expect(outOfSight).toEqual([]);
    }
    await screenshot(page, variant, 'drafts', 'both');

    // Continue the local draft: the wizard opens on its step with its answers, without asking.
    const localName = `${localAddress}, ${CITY[variant.lang]}`;
    await page.getByRole('link', { name: fill(t.properties.actions.resumeFor, { name: localName }) }).click();
    await stepHeading(page, t.wizard.steps.generalInfo.title).waitFor();
    await expect(page.getByRole('textbox', { name: t.fields.address.label }).inputValue()).resolves.toBe(
      localAddress,
    );
    await page.goBack();
    await waitForPath(page, '/drafts');

    // Delete the local draft, asked first: it is the only copy.
    await page.getByRole('button', { name: fill(d.local.deleteFor, { name: localName }) }).click();
    const dialog = page.getByRole('dialog', { name: d.deleteLocal.title });
    await dialog.waitFor();
    await screenshot(page, variant, 'drafts', 'delete-local');
    await dialog.getByRole('button', { name: d.deleteLocal.confirm, exact: true }).click();
    await page.getByText(d.local.badge).waitFor({ state: 'detached' });

    // Delete the server draft: at once, with an undo.
    const serverName = `${variant.lang === 'he' ? 'שדרות הנשיא 120' : '120 Hanassi Blvd'}, ${CITY[variant.lang]}`;
    await page
      .getByRole('button', { name: fill(t.properties.actions.deleteFor, { name: serverName }) })
      .click();
    await page.getByRole('heading', { name: d.empty.title }).waitFor();
    await screenshot(page, variant, 'drafts', 'empty');
    expect(errors).toEqual([]);
  });
});
