import { readFileSync } from 'node:fs';
import {
  applyKindChange,
  createEmptyPropertyForm,
  fromProperty,
  isPropertyFormEmpty,
  MEDIA_INPUT_FIELDS,
  type PropertyForm,
  toPropertyInput,
} from '@domain/property-form';
import { MEDIA_GROUPS, PROPERTY_KINDS } from '@domain/property-options';
import type { PropertyFile } from '@openapi/schema';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { completeForm, storedProperty } from './property-fixtures';

const FILE_LISTS = [
  'images',
  'floorplansDoc',
  'propertyVideos',
  'virtualTours',
  'fireCertifications',
  'accessibilityCertifications',
  'technicalReports',
] as const;

function storedFile(id: string, position: number, name: string): PropertyFile {
  return {
    id,
    fileName: name,
    fileType: 'image',
    category: 'property_images',
    mimeType: 'image/jpeg',
    size: 1000 + position,
    caption: null,
    url: `/api/property/files/${id}`,
    position,
  };
}

describe('createEmptyPropertyForm', () => {
  it('starts with nothing answered', () => {
    const form = createEmptyPropertyForm();
    expect(form.generalInfo).toEqual({
      propertyKind: null,
      usageCategories: [],
      usageCategoriesOther: '',
      city: '',
      address: '',
      propertyCategory: null,
      buildingClass: null,
      totalArea: null,
      marketingArea: null,
      divisible: null,
      minDivisibleArea: null,
      dealType: null,
      askingRentPerSqm: null,
      salePrice: null,
      managementFeePerSqm: null,
      arnonaPerSqm: null,
      entryDate: '',
      description: '',
      tourLink: '',
    });
    expect(Object.values(form.buildingDetails).every((value) => value === null || Array.isArray(value))).toBe(
      true,
    );
    expect(form.buildingDetails.floorsInBuilding).toBeNull();
    expect(form.buildingDetails.hasParking).toBeNull();
    expect(Object.values(form.environmentTransport)).toEqual([[], [], [], []]);
    expect(Object.keys(form.mediaDocuments).sort()).toEqual(MEDIA_GROUPS.map((group) => group.key).sort());
    expect(isPropertyFormEmpty(form)).toBe(true);
  });

  it('gives a fresh object each time, so one draft cannot leak into another', () => {
    const first = createEmptyPropertyForm();
    first.generalInfo.usageCategories.push('showroom');
    expect(createEmptyPropertyForm().generalInfo.usageCategories).toEqual([]);
  });
});

describe('toPropertyInput', () => {
  it('sends every field of the contract, flat', () => {
    const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'));
    const contractFields = Object.keys(document.components.schemas.PropertyInput.properties).sort();
    const input = toPropertyInput(createEmptyPropertyForm(), { status: 'draft', wizardStep: 1 });
    expect(Object.keys(input).sort()).toEqual(contractFields);
  });

  it('sends the seven file lists empty on create, files travel separately', () => {
    const form = completeForm('retail');
    form.mediaDocuments.propertyImages.push({
      id: 'local-1',
      name: 'חזית.jpg',
      size: 5,
      mimeType: 'image/jpeg',
    });
    const input = toPropertyInput(form, { status: 'published', wizardStep: 6 });
    for (const list of FILE_LISTS) expect(input[list], list).toEqual([]);
    expect(input.status).toBe('published');
    expect(input.wizardStep).toBe(6);
  });

  it('names the stored files to keep on update, in order, and not the new ones', () => {
    const form = completeForm('retail');
    form.mediaDocuments.propertyImages.push(
      { id: 'b2', name: 'b.jpg', size: 5, mimeType: 'image/jpeg', stored: true },
      { id: 'local-1', name: 'new.jpg', size: 5, mimeType: 'image/jpeg' },
      { id: 'a1', name: 'a.jpg', size: 5, mimeType: 'image/jpeg', stored: true },
    );
    form.mediaDocuments.technicalReports.push({
      id: 'r1',
      name: 'r.pdf',
      size: 9,
      mimeType: 'application/pdf',
      stored: true,
    });
    const input = toPropertyInput(form, { status: 'draft', wizardStep: 5, purpose: 'update' });
    expect(input.images).toEqual(['b2', 'a1']);
    expect(input.technicalReports).toEqual(['r1']);
    expect(input.floorplansDoc).toEqual([]);
  });

  it('trims text and sends blank text as null', () => {
    const form = createEmptyPropertyForm();
    form.generalInfo.city = '  חולון ';
    form.generalInfo.address = '   ';
    const input = toPropertyInput(form, { status: 'draft', wizardStep: 2 });
    expect(input.city).toBe('חולון');
    expect(input.address).toBeNull();
  });

  it('leaves out answers to hidden questions', () => {
    const form = completeForm('retail');
    form.generalInfo.usageCategories = ['showroom'];
    form.generalInfo.usageCategoriesOther = 'נשאר מקודם';
    form.buildingDetails.hasParking = false;
    form.buildingDetails.parkingMonthlyCost = 700;
    const input = toPropertyInput(form, { status: 'draft', wizardStep: 3 });
    expect(input.usageCategoriesOther).toBeNull();
    expect(input.parkingMonthlyCost).toBeNull();
  });
});

describe('fromProperty', () => {
  it.each(PROPERTY_KINDS)('round-trips a complete %s form through the API', (kind) => {
    const form = completeForm(kind);
    const input = toPropertyInput(form, { status: 'draft', wizardStep: 4 });
    expect(fromProperty(storedProperty(input))).toEqual(form);
  });

  it('round-trips the "other" text and an empty form', () => {
    const form = completeForm('industry');
    form.generalInfo.usageCategories = ['lightIndustry', 'other'];
    form.generalInfo.usageCategoriesOther = 'הרכבת רחפנים';
    const input = toPropertyInput(form, { status: 'draft', wizardStep: 2 });
    expect(fromProperty(storedProperty(input))).toEqual(form);
    const empty = createEmptyPropertyForm();
    expect(fromProperty(storedProperty(toPropertyInput(empty, { status: 'draft', wizardStep: 1 })))).toEqual(
      empty,
    );
  });

  it('turns stored files into descriptors in display order, and keeps them on update', () => {
    const input = toPropertyInput(completeForm('logistics'), { status: 'draft', wizardStep: 5 });
    const property = storedProperty(input, {
      propertyImages: [storedFile('img-2', 1, 'מחסן.jpg'), storedFile('img-1', 0, 'חזית.jpg')],
    });
    const form = fromProperty(property);
    expect(form.mediaDocuments.propertyImages).toEqual([
      { id: 'img-1', name: 'חזית.jpg', size: 1000, mimeType: 'image/jpeg', stored: true },
      { id: 'img-2', name: 'מחסן.jpg', size: 1001, mimeType: 'image/jpeg', stored: true },
    ]);
    expect(toPropertyInput(form, { status: 'draft', wizardStep: 5, purpose: 'update' }).images).toEqual([
      'img-1',
      'img-2',
    ]);
    expect(isPropertyFormEmpty({ ...createEmptyPropertyForm(), mediaDocuments: form.mediaDocuments })).toBe(
      false,
    );
  });

  it('maps every media group to its API list', () => {
    expect(Object.keys(MEDIA_INPUT_FIELDS).sort()).toEqual(MEDIA_GROUPS.map((group) => group.key).sort());
    expect(Object.values(MEDIA_INPUT_FIELDS).sort()).toEqual([...FILE_LISTS].sort());
  });
});

describe('applyKindChange', () => {
  function retailDraft(): PropertyForm {
    const form = completeForm('retail');
    form.generalInfo.usageCategories = ['showroom', 'other'];
    form.generalInfo.usageCategoriesOther = 'חנות דגל';
    form.generalInfo.propertyCategory = 'businessCenter';
    return form;
  }

  it('drops usage categories and a category that the new kind does not have', () => {
    const form = applyKindChange(retailDraft(), 'industry');
    expect(form.generalInfo.propertyKind).toBe('industry');
    expect(form.generalInfo.usageCategories).toEqual(['other']);
    expect(form.generalInfo.usageCategoriesOther).toBe('חנות דגל');
    expect(form.generalInfo.propertyCategory).toBeNull();
  });

  it('keeps a category both kinds have', () => {
    const form = applyKindChange(retailDraft(), 'offices');
    expect(form.generalInfo.propertyCategory).toBe('businessCenter');
    expect(form.generalInfo.usageCategories).toEqual([]);
    expect(form.generalInfo.usageCategoriesOther).toBe('');
  });

  it('keeps categories shared by logistics and industry', () => {
    const logistics = completeForm('logistics');
    logistics.generalInfo.propertyCategory = 'multiUnitBuilding';
    logistics.generalInfo.usageCategories = ['refrigeratedStorage'];
    const form = applyKindChange(logistics, 'industry');
    expect(form.generalInfo.propertyCategory).toBe('multiUnitBuilding');
    expect(form.generalInfo.usageCategories).toEqual([]);
    expect(form.buildingDetails.truckAccess).toEqual(logistics.buildingDetails.truckAccess);
  });

  it('keeps truck access, which every kind is asked', () => {
    const logistics = completeForm('logistics');
    expect(applyKindChange(logistics, 'retail').buildingDetails.truckAccess).toEqual(
      logistics.buildingDetails.truckAccess,
    );
  });

  it('leaves the rest of the form and the files alone', () => {
    const before = retailDraft();
    before.mediaDocuments.videos.push({ id: 'v', name: 'סיור.mp4', size: 1, mimeType: 'video/mp4' });
    const after = applyKindChange(before, 'logistics');
    expect(after.generalInfo.city).toBe(before.generalInfo.city);
    expect(after.environmentTransport).toEqual(before.environmentTransport);
    expect(after.mediaDocuments).toBe(before.mediaDocuments);
    expect(before.generalInfo.propertyKind).toBe('retail');
  });

  it('returns the same form when the kind does not change', () => {
    const form = retailDraft();
    expect(applyKindChange(form, 'retail')).toBe(form);
  });
});

describe('answers of questions every kind is asked', () => {
  it("keeps an office's freight elevator answer: asked of offices, only not required of them", () => {
    const form = completeForm('offices');
    form.buildingDetails.freightElevator = true;
    expect(toPropertyInput(form, { status: 'draft', wizardStep: 3 }).freightElevator).toBe(true);
  });
});
