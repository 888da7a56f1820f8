import { describe, expect, it } from 'vitest';
import { ACCESSIBILITY_CONTACT } from '@/features/accessibility/accessibility-contact';
import { expectAccessible } from '../support/a11y';
import { registerBroker } from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, expectInLtrIsland, restoreSession, waitForPath } from '../support/flows';
import { uniqueAddress, uniqueIsraeliPhone } from '../support/identities';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

describe.each(fullMatrix)('the accessibility statement ($name)', (variant: Variant) => {
  const t = tr(variant.lang);
  const a = t.accessibility;

  it('is linked from the footer, signed out and signed in', async () => {
    const clientAddress = uniqueAddress();
    const tokens = await registerBroker({ baseUrl, clientAddress }, uniqueIsraeliPhone());
    const { page, context, errors } = await browser.open(variant, { clientAddress });

    await page.goto(`${baseUrl}/login`);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: t.layout.footer.accessibilityLink })
      .click();
    await waitForPath(page, '/accessibility');
    await page.getByRole('heading', { level: 1, name: a.title }).waitFor();
    for (const section of [a.conformance.title, a.done.title, a.limitations.title, a.contact.title]) {
      await page.getByRole('heading', { level: 2, name: section }).waitFor();
    }
    await expect(page.getByText(/WCAG.{0,4}2\.1.*AA/).count()).resolves.toBe(1);
    await expectInLtrIsland(page, ACCESSIBILITY_CONTACT.phone);
    await expectInLtrIsland(page, ACCESSIBILITY_CONTACT.email);
    await expect(page.title()).resolves.toContain(t.common.screens.accessibility);
    await checkLayout(page, variant, 'accessibility statement');
    await expectAccessible(page, 'accessibility statement');
    await screenshot(page, variant, 'accessibility', 'statement');

    await restoreSession(context, tokens);
    const signedIn = await context.newPage();
    await signedIn.goto(`${baseUrl}/properties`);
    await signedIn.getByRole('heading', { level: 1, name: t.common.screens.properties }).waitFor();
    await signedIn.getByRole('link', { name: t.layout.footer.accessibilityLink }).click();
    await waitForPath(signedIn, '/accessibility');
    await signedIn.getByRole('heading', { level: 1, name: a.title }).waitFor();
    expect(errors).toEqual([]);
  });
});
