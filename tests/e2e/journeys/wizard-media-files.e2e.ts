/**
 * Issue 19, "files never break a save": a text file named plan.png was added with a broken thumbnail,
 * then the whole save failed (415) with a message that named no file. Walked in the browser: the bad
 * file is listed with its reason and left out, the drop area says what it takes (on a phone: choose
 * or take a photo), and the property publishes with the good file.
 */
import { describe, expect, it } from 'vitest';
import { formatAlternatives } from '@/features/property-wizard/wizard-format';
import { expectAccessible } from '../support/a11y';
import { listPropertyIds } from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, openSignedInBroker, waitForPath } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';
import { CITY, fillToReview, KIND_ANSWERS, PNG_1PX, startProperty } from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

describe.each(fullMatrix)('files in the wizard ($name)', (variant: Variant) => {
  const t = tr(variant.lang);
  const w = t.wizard;

  it('leaves out a text file named .png with its reason, and publishes the rest', async () => {
    const { page, errors, api, tokens } = await openSignedInBroker(browser, variant);
    const formats = formatAlternatives(['JPEG', 'PNG', 'WebP'], variant.lang);

    await startProperty(page, t, baseUrl, 'offices');
    await fillToReview(
      page,
      t,
      {
        kind: 'offices',
        city: CITY[variant.lang],
        address: variant.lang === 'he' ? 'הארבעה 21' : '21 HaArba’a St',
        totalArea: '600',
        marketingArea: '550',
        ...KIND_ANSWERS.offices,
      },
      async (step) => {
        if (step !== 5) return;
        const photos = page.getByRole('region', { name: t.options.mediaGroup.propertyImages });
        const drop = photos.getByRole('button', {
          name: fill(w.media.dropLabel, { group: t.options.mediaGroup.propertyImages }),
        });
        await expect(drop.textContent()).resolves.toContain(
          variant.mobile ? w.files.dropTitlePhone : w.files.dropTitle,
        );
        await expect(drop.textContent()).resolves.toContain(formats);
        await photos.locator('input[type=file]').setInputFiles([
          {
            name: 'plan.png',
            mimeType: 'image/png',
            buffer: Buffer.from('notes about the lobby, not a picture'),
          },
          { name: 'front.png', mimeType: 'image/png', buffer: PNG_1PX },
        ]);
        const refused = photos.getByRole('alert');
        await refused.waitFor();
        await expect(refused.textContent()).resolves.toContain(
          fill(w.files.refused.wrongType.image, { name: 'plan.png', formats }),
        );
        await photos.getByText('front.png').waitFor();
        await expect(photos.getByText('plan.png', { exact: true }).count()).resolves.toBe(0);
        await checkLayout(page, variant, 'wizard media with a refused file');
        await expectAccessible(page, 'wizard: media with a refused file');
        await screenshot(page, variant, 'wizard-media', 'refused');
      },
    );

    await page.getByRole('button', { name: w.actions.publish, exact: true }).click();
    await waitForPath(page, '/properties', 60_000);
    await expect(listPropertyIds(api, tokens)).resolves.toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
