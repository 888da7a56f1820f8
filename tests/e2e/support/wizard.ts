/** The property wizard as a broker fills it in: one helper per step, by the labels on the screen. */

import type { PropertyKind } from '@domain/property-options';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PROPERTY_DRAFT_STORAGE_KEY } from '@/features/property-wizard/draft-storage-key';
import type { Texts } from './flows';
import { fieldLabels } from './text';

export interface PropertyAnswers {
  kind: PropertyKind;
  city: string;
  address: string;
  category: string;
  usage: string[];
  totalArea: string;
  marketingArea: string;
}

/** A category and a use that fit each kind (offices ask for no use). */
export const KIND_ANSWERS: Record<PropertyKind, { category: string; usage: string[] }> = {
  offices: { category: 'tower', usage: [] },
  retail: { category: 'streetStore', usage: ['retailGeneral'] },
  logistics: { category: 'logisticsPark', usage: ['dryStorage'] },
  industry: { category: 'industrialPark', usage: ['lightIndustry'] },
};

export const CITY = { he: 'חיפה', en: 'Haifa' } as const;

/** Tiny but real files: the server checks each file's first bytes. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * Waits until the autosave has written `text` into the draft this browser keeps (half a second after
 * the last change): the condition a reload or another screen relies on, rather than a fixed pause.
 */
export async function waitForLocalDraft(page: Page, text: string): Promise<void> {
  await page.waitForFunction(([key, wanted]) => localStorage.getItem(key)?.includes(wanted) ?? false, [
    PROPERTY_DRAFT_STORAGE_KEY,
    text,
  ] as const);
}

export function stepHeading(page: Page, title: string) {
  return page.getByRole('heading', { level: 2, name: title });
}

export async function next(page: Page, t: Texts): Promise<void> {
  await page.getByRole('button', { name: t.wizard.actions.next, exact: true }).click();
}

/** Opens the wizard on step 1 (starting fresh if a draft is offered). */
export async function openWizard(page: Page, t: Texts, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/properties/create`);
  const fresh = page.getByRole('button', { name: t.wizard.resume.startFresh });
  const step1 = stepHeading(page, t.wizard.steps.kind.title);
  await fresh.or(step1).first().waitFor();
  if (await fresh.isVisible()) await fresh.click();
  await step1.waitFor();
}

export async function chooseKind(page: Page, t: Texts, kind: PropertyKind): Promise<void> {
  await page
    .getByRole('radiogroup', { name: t.fields.propertyKind.label })
    .getByRole('radio', { name: new RegExp(`^${t.fields.propertyKind.options[kind]}`) })
    .click();
}

/** A new property of this kind: the wizard opened, the kind chosen, on to step 2 (general info). */
export async function startProperty(
  page: Page,
  t: Texts,
  baseUrl: string,
  kind: PropertyKind,
): Promise<void> {
  await openWizard(page, t, baseUrl);
  await chooseKind(page, t, kind);
  await next(page, t);
  await stepHeading(page, t.wizard.steps.generalInfo.title).waitFor();
}

async function pick(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

export async function fillGeneralInfo(page: Page, t: Texts, answers: PropertyAnswers): Promise<void> {
  const f = fieldLabels(t);
  for (const use of answers.usage) {
    await pick(page, f.usageCategories, t.fields.usageCategories.options[use as 'retailGeneral']);
  }
  await page.getByRole('combobox', { name: f.city }).fill(answers.city);
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: f.address }).fill(answers.address);
  await pick(page, f.propertyCategory, t.fields.propertyCategory.options[answers.category as 'tower']);
  await pick(page, f.buildingClass, t.fields.buildingClass.options.classA);
  await page.getByRole('textbox', { name: f.totalArea }).fill(answers.totalArea);
  await page.getByRole('textbox', { name: f.marketingArea }).fill(answers.marketingArea);
}

async function answer(page: Page, t: Texts, field: string, yes: boolean): Promise<void> {
  await page
    .getByRole('radiogroup', { name: field })
    .getByRole('radio', { name: yes ? t.options.yesNo.yes : t.options.yesNo.no, exact: true })
    .check();
}

/** Chips: the checkbox is visually hidden, so the broker clicks its label. */
async function tick(page: Page, group: string, option: string): Promise<void> {
  const chips = page.getByRole('group', { name: group });
  await chips.getByText(option, { exact: true }).click();
  await expect(chips.getByRole('checkbox', { name: option, exact: true }).isChecked()).resolves.toBe(true);
}

/** Everything publishing asks for on step 3, with parking (and so its monthly cost). */
export async function fillBuildingDetails(page: Page, t: Texts, kind: PropertyKind): Promise<void> {
  const f = fieldLabels(t);
  await page.getByRole('textbox', { name: f.floorsInBuilding }).fill('12');
  await answer(page, t, f.accessibleForDisabled, true);
  await answer(page, t, f.passengerElevator, true);
  if (kind !== 'offices') await answer(page, t, f.freightElevator, false);
  await answer(page, t, f.hasParking, true);
  await page.getByRole('textbox', { name: f.parkingMonthlyCost }).fill('650');
  await tick(page, f.truckAccess, t.fields.truckAccess.options.none);
  await tick(page, f.nearbyParking, t.fields.nearbyParking.options.publicParking);
}

export async function fillEnvironment(page: Page, t: Texts): Promise<void> {
  await tick(page, t.fields.publicTransport.label, t.fields.publicTransport.options.trainStation);
  await tick(page, t.fields.mainTrafficRoutes.label, t.fields.mainTrafficRoutes.options.highways);
}

/** Steps 2 to 5 of one property, moving on after each; leaves the wizard on the review step. */
export async function fillToReview(
  page: Page,
  t: Texts,
  answers: PropertyAnswers,
  onStep?: (step: number) => Promise<void>,
) {
  const steps = t.wizard.steps;
  await stepHeading(page, steps.generalInfo.title).waitFor();
  await fillGeneralInfo(page, t, answers);
  await onStep?.(2);
  await next(page, t);
  await stepHeading(page, steps.buildingDetails.title).waitFor();
  await fillBuildingDetails(page, t, answers.kind);
  await onStep?.(3);
  await next(page, t);
  await stepHeading(page, steps.environmentTransport.title).waitFor();
  await fillEnvironment(page, t);
  await onStep?.(4);
  await next(page, t);
  await stepHeading(page, steps.mediaDocuments.title).waitFor();
  await onStep?.(5);
  await next(page, t);
  await stepHeading(page, steps.review.title).waitFor();
}

/** The list's completion bars in order: [address, percent] of each property shown. */
export async function listedCompletions(page: Page, t: Texts): Promise<[string, number][]> {
  const prefix = t.properties.completion.labelFor.split('{{')[0] ?? '';
  const bars = page.getByRole('progressbar', { name: new RegExp(`^${prefix}`) });
  await bars.first().waitFor();
  const rows: [string, number][] = [];
  for (const bar of await bars.all()) {
    if (!(await bar.isVisible())) continue;
    const name = (await bar.getAttribute('aria-label')) ?? '';
    rows.push([name.slice(prefix.length), Number(await bar.getAttribute('aria-valuenow'))]);
  }
  expect(rows.length).toBeGreaterThan(0);
  return rows;
}
