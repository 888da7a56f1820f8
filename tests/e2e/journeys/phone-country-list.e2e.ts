import { describe, expect, it } from 'vitest';
import { browserForFile } from '../support/browser';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

/**
 * The phone field's country list (src/components/phone-input/country-picker.tsx): every row shows its
 * dial code whole, inside the list, however long the country's name; a long name ends in an ellipsis.
 */
describe.each(fullMatrix)('the phone field’s country list ($name)', (variant: Variant) => {
  it('shows every dial code whole and shortens long names instead', async () => {
    const t = tr(variant.lang);
    const { page, errors } = await browser.open(variant);
    await page.goto(`${baseUrl}/login`);
    // A press before hydration is lost: the number field is read-only until the app has taken the page over.
    const phone = page.getByRole('textbox', { name: t.auth.login.phoneLabel });
    await expect.poll(() => phone.getAttribute('readonly')).toBeNull();
    await page.getByRole('button', { name: new RegExp(t.auth.phoneInput.defaultCountryName) }).click();
    const list = page.getByRole('listbox', { name: t.auth.phoneInput.countryList });
    await list.getByRole('option').first().waitFor();

    const rows = await list.evaluate((listbox) => {
      const box = listbox.getBoundingClientRect();
      return [...listbox.querySelectorAll('[role="option"]')].map((option) => {
        const [, name, dial] = [...option.querySelectorAll('span, bdi')] as HTMLElement[];
        const dialBox = dial?.getBoundingClientRect();
        return {
          text: option.textContent ?? '',
          dialInside:
            dialBox !== undefined &&
            dialBox.width > 0 &&
            dialBox.left >= box.left - 0.5 &&
            dialBox.right <= box.right + 0.5 &&
            dial !== undefined &&
            dial.scrollWidth <= dial.clientWidth,
          nameCut: name !== undefined && name.scrollWidth > name.clientWidth,
          nameEllipsis: name !== undefined && getComputedStyle(name).textOverflow === 'ellipsis',
          // An isolate of its own, left to right: '+500', never '500+', in the right-to-left list.
          dialIsolated:
            dial !== undefined &&
            getComputedStyle(dial).unicodeBidi === 'isolate' &&
            getComputedStyle(dial).direction === 'ltr',
        };
      });
    });

    expect(rows.length).toBeGreaterThan(200);
    expect(rows.filter((row) => !row.dialInside).map((row) => row.text)).toEqual([]);
    // Some names are longer than the list is wide: those are the ones shortened, with an ellipsis.
    expect(rows.some((row) => row.nameCut)).toBe(true);
    expect(rows.every((row) => row.nameEllipsis)).toBe(true);
    expect(rows.filter((row) => !row.dialIsolated).map((row) => row.text)).toEqual([]);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).resolves.toBe(true);

    // Searched by dial code, as a broker may: +500 is the Falklands, one of the longest names.
    const search = page.getByRole('textbox', { name: t.auth.phoneInput.countrySearch });
    await search.fill('+500');
    // Typed into the right-to-left list, a dial code still reads '+500': the field takes each line's
    // direction from its first letter, and a dial code has none.
    await expect(search.evaluate((field) => getComputedStyle(field).unicodeBidi)).resolves.toBe('plaintext');
    await list.getByRole('option', { name: /\+500/ }).first().waitFor();
    await screenshot(page, variant, 'phone-country-list', 'long-name');
    expect(errors).toEqual([]);
  });
});
