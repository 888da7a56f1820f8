/**
 * Issue 19: a local draft belongs to one tab at a time. A second tab was offered the same draft and,
 * if both saved, the list showed two drafts; now it is told, and may take the draft over.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y';
import { browserForFile } from '../support/browser';
import { checkLayout, openSignedInBroker } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';
import { startProperty, stepHeading } from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

describe.each(fullMatrix)('one tab at a time per draft ($name)', (variant: Variant) => {
  const t = tr(variant.lang);
  const w = t.wizard;

  it('tells a second tab the draft is open elsewhere, and hands it over on request', async () => {
    const { page: first, context, errors } = await openSignedInBroker(browser, variant);
    await startProperty(first, t, baseUrl, 'retail');

    const second = await context.newPage();
    await second.goto(`${baseUrl}/properties/create`);
    const elsewhere = second.getByRole('alert').filter({ hasText: w.tabOwner.elsewhereTitle });
    await elsewhere.waitFor();
    await checkLayout(second, variant, 'wizard draft open in another tab');
    await expectAccessible(second, 'wizard: draft open in another tab');
    await screenshot(second, variant, 'wizard-tabs', 'elsewhere');

    await second.getByRole('button', { name: w.tabOwner.takeOver }).click();
    // The second tab continues the same draft, on its step, without the offer to resume.
    await stepHeading(second, w.steps.generalInfo.title).waitFor();
    await first.getByRole('alert').filter({ hasText: w.tabOwner.takenAwayTitle }).waitFor();
    await screenshot(first, variant, 'wizard-tabs', 'taken-away');
    expect(errors).toEqual([]);
  });
});
