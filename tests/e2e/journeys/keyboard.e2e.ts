import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y';
import { type ApiClient, SAMPLE_BROKER, waitForCode } from '../support/api';
import { brokerPhones } from '../support/brokers';
import { browserForFile } from '../support/browser';
import { openSignedInBroker, waitForPath } from '../support/flows';
import { nationalNumber, uniqueAddress, uniqueIsraeliPhone } from '../support/identities';
import { journeyServerUrl } from '../support/journey-server';
import {
  expectFocusTrapped,
  expectFocusWithin,
  expectReadingOrder,
  tabTo,
  typeWhenEditable,
} from '../support/keyboard';
import { fieldLabels, tr } from '../support/text';
import { enDesktop, heDesktop, type Variant } from '../support/variants';
import { stepHeading } from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();
const brokers = brokerPhones('keyboard');

describe.each([heDesktop, enDesktop])('keyboard only ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('signs in: phone, code, home', async () => {
    const phone = brokers.next();
    const clientAddress = uniqueAddress();
    const api: ApiClient = { baseUrl, clientAddress };
    const { page, errors } = await browser.open(variant, { clientAddress });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { level: 1, name: t.auth.login.title }).waitFor();

    // The screen opens with focus in the phone field; from there Tab walks the card in reading order
    // (the three social buttons share a row) and Shift+Tab comes back.
    const phoneField = page.getByRole('textbox', { name: t.auth.login.phoneLabel });
    await expect.poll(() => phoneField.evaluate((element) => element === document.activeElement)).toBe(true);
    const stops = await tabTo(page, page.getByRole('link', { name: t.auth.login.toRegister }));
    expect(stops.length).toBeGreaterThanOrEqual(4);
    expectReadingOrder(stops, variant);
    for (let i = 0; i < stops.length; i++) await page.keyboard.press('Shift+Tab');
    await expect(phoneField.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await typeWhenEditable(page, phoneField, nationalNumber(phone));
    await page.keyboard.press('Enter');

    await waitForPath(page, '/auth/verify-otp');
    const firstBox = page
      .getByRole('group', { name: t.auth.codeInput.groupLabel })
      .getByRole('textbox')
      .first();
    await expect.poll(() => firstBox.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(await waitForCode(api, phone), { delay: 30 });
    await waitForPath(page, '/properties');
    expect(errors).toEqual([]);
  });

  it('registers: fields, terms, code, company type, and the completion dialog keeps focus', async () => {
    const phone = uniqueIsraeliPhone();
    const clientAddress = uniqueAddress();
    const api: ApiClient = { baseUrl, clientAddress };
    const { page, errors } = await browser.open(variant, { clientAddress });
    const r = t.auth.register;
    await page.goto(`${baseUrl}/register`);
    await page.getByRole('heading', { level: 1, name: r.title }).waitFor();

    const typeInto = async (name: string, text: string) => {
      const field = page.getByRole('textbox', { name, exact: true });
      await tabTo(page, field);
      await typeWhenEditable(page, field, text);
    };
    await typeInto(r.firstName, SAMPLE_BROKER.firstName);
    await typeInto(r.lastName, SAMPLE_BROKER.lastName);
    await typeInto(r.email, SAMPLE_BROKER.email);
    await typeInto(r.phone, nationalNumber(phone));
    // The submit is enabled once all five are filled: the form holds what was typed.
    for (const [name, value] of [
      [r.firstName, SAMPLE_BROKER.firstName],
      [r.lastName, SAMPLE_BROKER.lastName],
      [r.email, SAMPLE_BROKER.email],
    ] as const) {
      await expect(page.getByRole('textbox', { name, exact: true }).inputValue()).resolves.toBe(value);
    }
    const terms = page.getByRole('checkbox', { name: r.terms.replace(/<\/?terms>/g, '') });
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    await expect(terms.isChecked()).resolves.toBe(true);
    await tabTo(page, page.getByRole('button', { name: r.submit }));
    await page.keyboard.press('Enter');

    await waitForPath(page, '/auth/verify-otp');
    await page.getByRole('heading', { level: 1, name: t.auth.verify.registrationTitle }).waitFor();
    await page.keyboard.type(await waitForCode(api, phone), { delay: 30 });

    await waitForPath(page, '/register/verified');
    const c = t.auth.company;
    await page.getByRole('heading', { level: 1, name: c.title }).waitFor();
    await typeInto(c.companyName, SAMPLE_BROKER.companyName);
    const companyType = page.getByRole('combobox', { name: c.companyType });
    await tabTo(page, companyType);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: t.options.companyType.realEstate }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(companyType.inputValue()).resolves.not.toBe('');
    await typeInto(c.position, SAMPLE_BROKER.position);
    await tabTo(page, page.getByRole('button', { name: c.submit }));
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: t.auth.completion.title });
    await dialog.waitFor();
    await expectFocusWithin(dialog);
    await expectFocusTrapped(page, dialog);
    await tabTo(page, dialog.getByRole('button', { name: t.auth.completion.close }).last(), 6);
    await page.keyboard.press('Enter');
    await waitForPath(page, /^\/(properties)?$/);
    expect(errors).toEqual([]);
  });

  it('creates a property through the wizard; a dialog traps focus and gives it back', async () => {
    const { page, errors } = await openSignedInBroker(browser, variant);
    const w = t.wizard;
    const o = t.options;
    await page.goto(`${baseUrl}/properties/create`);
    await stepHeading(page, w.steps.kind.title).waitFor();

    // The skip link jumps past the header and the sidebar.
    await tabTo(page, page.getByRole('link', { name: t.layout.skipToContent }), 1);
    await page.keyboard.press('Enter');
    const nextButton = page.getByRole('button', { name: w.actions.next, exact: true });
    const kinds = page.getByRole('radiogroup', { name: t.fields.propertyKind.label });
    const offices = kinds.getByRole('radio', {
      name: new RegExp(`^${t.fields.propertyKind.options.offices}`),
    });
    await tabTo(page, offices, 15);
    await page.keyboard.press('Space');
    await expect(offices.isChecked()).resolves.toBe(true);

    // Clear form: the confirmation holds focus, and Escape hands it back to the button.
    const clear = page.getByRole('button', { name: w.actions.clear, exact: true });
    await tabTo(page, clear);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: w.clearConfirm.title });
    await confirm.waitFor();
    await expectFocusWithin(confirm);
    await expectFocusTrapped(page, confirm);
    await expectAccessible(page, 'wizard: clear form dialog');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => clear.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(offices.isChecked()).resolves.toBe(true);

    await tabTo(page, nextButton);
    await page.keyboard.press('Enter');
    await stepHeading(page, w.steps.generalInfo.title).waitFor();
    const f = fieldLabels(t);
    await tabTo(page, page.getByRole('combobox', { name: f.city }));
    await page.keyboard.type(variant.lang === 'he' ? 'חיפה' : 'Haifa');
    await page.keyboard.press('Escape');
    await tabTo(page, page.getByRole('textbox', { name: f.address }));
    await page.keyboard.type(variant.lang === 'he' ? 'הנמל 11' : '11 HaNamal St');
    const category = page.getByRole('combobox', { name: f.propertyCategory });
    await tabTo(page, category);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: t.fields.propertyCategory.options.tower }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(category.inputValue()).resolves.not.toBe('');
    await tabTo(page, nextButton);
    await page.keyboard.press('Enter');

    await stepHeading(page, w.steps.buildingDetails.title).waitFor();
    // Tab reaches a radio group on its first option; Space answers it, an arrow moves to the next.
    const answer = async (field: string, yes: boolean) => {
      const group = page.getByRole('radiogroup', { name: field });
      await tabTo(page, group.getByRole('radio', { name: o.yesNo.yes, exact: true }));
      await page.keyboard.press(yes ? 'Space' : 'ArrowDown');
      await expect(
        group.getByRole('radio', { name: yes ? o.yesNo.yes : o.yesNo.no, exact: true }).isChecked(),
      ).resolves.toBe(true);
    };
    const tick = async (field: string, option: string) => {
      const box = page
        .getByRole('group', { name: field })
        .getByRole('checkbox', { name: option, exact: true });
      await tabTo(page, box);
      await page.keyboard.press('Space');
      await expect(box.isChecked()).resolves.toBe(true);
    };
    await answer(f.accessibleForDisabled, true);
    await answer(f.passengerElevator, true);
    await answer(f.hasParking, false);
    await tick(f.truckAccess, t.fields.truckAccess.options.none);
    await tick(f.nearbyParking, t.fields.nearbyParking.options.streetParking);
    await tabTo(page, nextButton);
    await page.keyboard.press('Enter');

    await stepHeading(page, w.steps.environmentTransport.title).waitFor();
    await tick(f.publicTransport, t.fields.publicTransport.options.centralBusStation);
    await tabTo(page, nextButton);
    await page.keyboard.press('Enter');
    await stepHeading(page, w.steps.mediaDocuments.title).waitFor();
    await tabTo(page, nextButton);
    await page.keyboard.press('Enter');
    await stepHeading(page, w.steps.review.title).waitFor();
    await tabTo(page, page.getByRole('button', { name: w.actions.publish, exact: true }), 80);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/properties', 30_000);
    expect(errors).toEqual([]);
  });
});
